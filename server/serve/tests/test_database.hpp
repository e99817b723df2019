// A shared in-memory database for the server's tests: TPC-H at SF 0.01 (generated once per test program) with
// morsels of 1000 rows, so that a cancelled cross join stops between morsels within milliseconds.
#pragma once

#include <chrono>
#include <memory>

#include "tessera/engine/database.hpp"
#include "tessera/tpch/generator.hpp"

namespace tessera::server::test {

inline engine::Database& tpch_database() {
  static const std::unique_ptr<engine::Database> db = [] {
    engine::Options o;
    o.morsel_rows = 1000;
    auto d = std::make_unique<engine::Database>(o);
    tpch::GenOptions g;
    g.sf = 0.01;
    for (auto& t : tpch::generate_tables(g)) d->add_table(std::move(t));
    return d;
  }();
  return *db;
}

// A query that runs for seconds (about 6 s here) and stops at its next morsel after a cancel.
inline constexpr const char* kLongQuery =
    "SELECT COUNT(*) FROM orders a CROSS JOIN customer b WHERE LEN(a.o_comment + b.c_comment) > 1000";

// How soon a cancelled kLongQuery must be stopped: it stops at its next morsel; a sanitizer build runs the morsel
// several times slower (3.2 s seen on the 2-core CI machine), so it is given more.
#if defined(__SANITIZE_ADDRESS__)
#define TESSERA_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_TEST_SANITIZED 1
#endif
#endif
#ifdef TESSERA_TEST_SANITIZED
inline constexpr std::chrono::milliseconds kCancelledWithin{12000};
#else
inline constexpr std::chrono::milliseconds kCancelledWithin{3000};
#endif

}  // namespace tessera::server::test
