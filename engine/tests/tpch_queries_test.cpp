// The 22 TPC-H queries on Tessera against DuckDB, on the same generated data (SF 0.1 by default;
// TESSERA_TPCH_SF overrides): every answer must equal DuckDB's (decimals exactly, doubles to 1e-9,
// a DOUBLE against a DECIMAL to the decimal's last digit, row order where ORDER BY fixes it).
#include <gtest/gtest.h>

#include <cstdlib>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/tpch_test_support.hpp"

using namespace tessera;

namespace {

class TpchQueries : public ::testing::TestWithParam<int> {
 protected:
  static void SetUpTestSuite() { env_ = new test::TpchBoth(test::tpch_test_sf()); }
  static void TearDownTestSuite() {
    delete env_;
    env_ = nullptr;
  }
  static test::TpchBoth* env_;
};
test::TpchBoth* TpchQueries::env_ = nullptr;

TEST_P(TpchQueries, EqualsDuckDb) {
  const int q = GetParam();
  const std::string sql = test::read_query("tpch", q);
  const test::Comparison c = env_->compare(sql, sql);
  EXPECT_TRUE(c.equal) << "TPC-H Q" << q << ": " << c.message;
  EXPECT_GT(c.rows, 0) << "TPC-H Q" << q << " returned no rows: the comparison proves little";
}

INSTANTIATE_TEST_SUITE_P(All22, TpchQueries, ::testing::Range(1, 23),
                         [](const auto& info) { return "Q" + std::to_string(info.param); });

}  // namespace
