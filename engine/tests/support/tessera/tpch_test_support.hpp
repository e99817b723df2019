// Shared by the query tests: one TPC-H data set loaded into both Tessera and DuckDB, and a
// comparison of one query's answers (Tessera's dialect and DuckDB's may differ: two texts).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"

namespace tessera::test {

double tpch_test_sf();                                   // $TESSERA_TPCH_SF or 0.1
std::string read_query(const std::string& suite, int q);  // engine/queries/<suite>/qNN.sql
// The result of a script's last SELECT in DuckDB (DuckDb::query returns the last statement's).
duckdb::Result duckdb_last_select(duckdb::DuckDb& db, const std::string& script);

struct Comparison {
  bool equal = false;
  int64_t rows = 0;
  std::string message;
};

class TpchBoth {
 public:
  explicit TpchBoth(double sf, int threads = 2);
  // With `stored_chunk_rows` > 0, Tessera's tables are written to a database on disk in chunks of that many rows
  // and the database is opened again, so every query reads them lazily (and, on a GPU, decodes them there).
  // With `morsel_rows` > 0 too, aggregations over a scan stream in morsels of that many rows (exec/morsels.hpp).
  TpchBoth(double sf, int threads, int64_t stored_chunk_rows, int64_t morsel_rows = 0);
  ~TpchBoth();
  Comparison compare(const std::string& tessera_sql, const std::string& duckdb_sql);
  engine::Database& tessera() { return *tessera_; }
  duckdb::DuckDb& duck() { return *duck_; }

 private:
  std::unique_ptr<duckdb::DuckDb> duck_;
  std::unique_ptr<engine::Database> tessera_;
  std::string stored_dir_;
};

// A parameterised suite over one TPC-H data set in both engines (`env_`, SF tpch_test_sf()), loaded once per suite
// (each suite runs as its own ctest process). A suite that wants another data set sets env_ in its own SetUpTestSuite.
template <typename Param>
class TpchSuite : public ::testing::TestWithParam<Param> {
 protected:
  static void SetUpTestSuite() { env_ = new TpchBoth(tpch_test_sf()); }
  static void TearDownTestSuite() {
    delete env_;
    env_ = nullptr;
  }
  static TpchBoth* env_;
};
template <typename Param>
TpchBoth* TpchSuite<Param>::env_ = nullptr;

}  // namespace tessera::test
