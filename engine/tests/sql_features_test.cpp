// SQL that production tools write, on TPC-H data, against DuckDB (issue 12): set operations (and, as
// they arrive, the other features). Each case is Tessera's text and DuckDB's twin where the dialects
// differ; answers must be equal (decimals exactly, row order where ORDER BY fixes it).
#include <gtest/gtest.h>

#include "tessera/tpch_test_support.hpp"

using namespace tessera;

namespace {

struct FeatureCase {
  const char* name;
  const char* tessera;
  const char* duckdb;  // nullptr: the same text
};

const FeatureCase kCases[] = {
    {"UnionOfNames",
     "SELECT n_name FROM nation WHERE n_regionkey = 1 UNION SELECT n_name FROM nation WHERE n_nationkey < 5 ORDER BY 1",
     nullptr},
    {"UnionAllUnderAggregate",
     "SELECT l_returnflag, COUNT(*), SUM(l_quantity) FROM (SELECT l_returnflag, l_quantity FROM lineitem WHERE "
     "l_quantity < 5 UNION ALL SELECT l_returnflag, l_quantity FROM lineitem WHERE l_quantity > 45) AS x "
     "GROUP BY l_returnflag ORDER BY 1",
     nullptr},
    {"IntersectOfKeys",
     "SELECT c_custkey FROM customer WHERE c_acctbal > 5000 INTERSECT SELECT o_custkey FROM orders WHERE "
     "o_totalprice > 300000 ORDER BY 1",
     nullptr},
    {"ExceptOfPairs",
     "SELECT p_brand, p_size FROM part WHERE p_size < 5 EXCEPT SELECT p_brand, p_size FROM part WHERE p_container "
     "LIKE 'SM%' ORDER BY 1, 2",
     nullptr},
    {"UnionOfDecimalAndInt",
     "SELECT s_acctbal AS v FROM supplier WHERE s_suppkey < 20 UNION SELECT s_nationkey FROM supplier WHERE "
     "s_suppkey < 20 ORDER BY 1",
     nullptr},
    {"UnionOfDates",
     "SELECT o_orderdate AS d FROM orders WHERE o_orderkey < 200 UNION SELECT l_shipdate FROM lineitem WHERE "
     "l_orderkey < 200 ORDER BY 1",
     nullptr},
    {"UnionInsideIn",
     "SELECT COUNT(*) FROM orders WHERE o_custkey IN (SELECT c_custkey FROM customer WHERE c_nationkey = 3 UNION "
     "SELECT s_suppkey FROM supplier WHERE s_nationkey = 3)",
     nullptr},
    {"IntersectBeforeUnion",
     "SELECT r_name FROM region UNION SELECT n_name FROM nation WHERE n_regionkey = 0 INTERSECT SELECT n_name FROM "
     "nation WHERE n_nationkey < 10 ORDER BY 1",
     nullptr},
    {"UnionPaged",
     "SELECT c_name, c_nationkey FROM customer WHERE c_custkey < 50 UNION SELECT s_name, s_nationkey FROM supplier "
     "WHERE s_suppkey < 30 ORDER BY 2, 1 OFFSET 7 ROWS FETCH NEXT 9 ROWS ONLY",
     "SELECT c_name, c_nationkey FROM customer WHERE c_custkey < 50 UNION SELECT s_name, s_nationkey FROM supplier "
     "WHERE s_suppkey < 30 ORDER BY 2, 1 LIMIT 9 OFFSET 7"},
};

class SqlFeatures : public ::testing::TestWithParam<FeatureCase> {
 protected:
  static void SetUpTestSuite() { env_ = new test::TpchBoth(test::tpch_test_sf()); }
  static void TearDownTestSuite() {
    delete env_;
    env_ = nullptr;
  }
  static test::TpchBoth* env_;
};
test::TpchBoth* SqlFeatures::env_ = nullptr;

TEST_P(SqlFeatures, EqualsDuckDb) {
  const FeatureCase& c = GetParam();
  const test::Comparison r = env_->compare(c.tessera, c.duckdb ? c.duckdb : c.tessera);
  EXPECT_TRUE(r.equal) << c.name << ": " << r.message;
  EXPECT_GT(r.rows, 0) << c.name << " returned no rows: the comparison proves little";
}

INSTANTIATE_TEST_SUITE_P(Production, SqlFeatures, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
