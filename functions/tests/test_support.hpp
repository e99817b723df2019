// Small helpers for calling row functions from unit tests.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn::test {

inline int32_t date(int32_t y, int32_t m, int32_t d) { return Calendar::to_days(y, m, d); }

// A string result: status plus the bytes written.
struct StrResult {
  int32_t status;
  std::string value;
  bool operator==(const StrResult&) const = default;
};

// Calls a string-returning row function `f(out, &len, args...)` with a large buffer.
template <typename F, typename... A>
StrResult call_str(F f, A... args) {
  char buf[16384];
  int32_t len = -1;
  int32_t st = f(buf, &len, args...);
  return {st, st == kOk ? std::string(buf, len > 0 ? len : 0) : std::string()};
}

}  // namespace tessera::fn::test
