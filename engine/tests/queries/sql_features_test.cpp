// SQL that production tools write, on TPC-H data, against DuckDB (issue 12): set operations and window
// functions (and, as they arrive, the other features). Each case is Tessera's text and DuckDB's twin where the dialects
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

// part's types in three cases (lower, upper, as stored) for the collation cases.
#define MIXED_CASE_TYPES                                                                                              \
  "(SELECT p_partkey, p_brand, p_size, CASE WHEN p_partkey % 3 = 0 THEN LOWER(p_type) WHEN p_partkey % 3 = 1 THEN " \
  "UPPER(p_type) ELSE p_type END AS m FROM part) AS x"

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
    {"TopRowsPerGroup",
     "SELECT * FROM (SELECT c_nationkey, c_custkey, c_acctbal, ROW_NUMBER() OVER (PARTITION BY c_nationkey ORDER BY "
     "c_acctbal DESC, c_custkey) AS rn FROM customer) AS x WHERE rn <= 2 ORDER BY c_nationkey, rn",
     nullptr},
    {"RankAndDenseRank",
     "SELECT o_orderkey, RANK() OVER (PARTITION BY o_orderpriority ORDER BY o_totalprice DESC) AS r, DENSE_RANK() OVER "
     "(ORDER BY o_orderpriority) AS d, RANK() OVER (ORDER BY o_orderstatus) AS s FROM orders WHERE o_orderkey < 3000 "
     "ORDER BY o_orderkey",
     nullptr},
    {"RunningSumPerCustomer",
     "SELECT o_custkey, o_orderkey, SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey) "
     "AS running, COUNT(*) OVER (PARTITION BY o_custkey ORDER BY o_orderdate) AS peers_so_far FROM orders WHERE "
     "o_custkey < 300 ORDER BY o_custkey, o_orderkey",
     nullptr},
    {"MovingAverageRows",
     "SELECT l_orderkey, l_linenumber, AVG(l_extendedprice) OVER (ORDER BY l_orderkey, l_linenumber ROWS BETWEEN 3 "
     "PRECEDING AND 3 FOLLOWING) AS avg7, SUM(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS "
     "BETWEEN 1 FOLLOWING AND 2 FOLLOWING) AS next2 FROM lineitem WHERE l_orderkey < 800 ORDER BY 1, 2",
     nullptr},
    {"LagAndLead",
     "SELECT o_orderkey, LAG(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderkey) AS prev, LEAD(o_orderdate, "
     "2) OVER (PARTITION BY o_custkey ORDER BY o_orderkey) AS after_next, LEAD(o_orderstatus, 1, 'X') OVER (ORDER BY "
     "o_orderkey) AS next_status FROM orders WHERE o_custkey < 200 ORDER BY 1",
     nullptr},
    {"WindowOverGroups",
     "SELECT n_name, SUM(c_acctbal) AS s, RANK() OVER (ORDER BY SUM(c_acctbal) DESC) AS r, SUM(SUM(c_acctbal)) OVER "
     "(PARTITION BY n_regionkey) AS region_total FROM customer JOIN nation ON c_nationkey = n_nationkey GROUP BY "
     "n_name, n_regionkey ORDER BY r",
     nullptr},
    {"NtileCountMinMax",
     "SELECT s_suppkey, NTILE(7) OVER (ORDER BY s_suppkey) AS t, COUNT(*) OVER (PARTITION BY s_nationkey) AS c, "
     "MIN(s_acctbal) OVER (PARTITION BY s_nationkey ORDER BY s_suppkey ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) AS mn, "
     "MAX(s_acctbal) OVER (PARTITION BY s_nationkey ORDER BY s_suppkey) AS mx FROM supplier ORDER BY s_suppkey",
     nullptr},
    {"FirstAndLastValue",
     "SELECT p_partkey, FIRST_VALUE(p_name) OVER (PARTITION BY p_brand ORDER BY p_retailprice DESC, p_partkey) AS fv, "
     "LAST_VALUE(p_partkey) OVER (PARTITION BY p_brand ORDER BY p_partkey ROWS BETWEEN UNBOUNDED PRECEDING AND "
     "UNBOUNDED FOLLOWING) AS lv FROM part WHERE p_partkey < 400 ORDER BY 1",
     nullptr},
    {"Rollup",
     "SELECT n_regionkey, n_name, COUNT(*), SUM(c_acctbal), GROUPING_ID(n_regionkey, n_name) AS gid FROM customer JOIN "
     "nation ON c_nationkey = n_nationkey GROUP BY ROLLUP (n_regionkey, n_name) ORDER BY gid, 1, 2",
     "SELECT n_regionkey, n_name, COUNT(*), SUM(c_acctbal), GROUPING(n_regionkey, n_name) AS gid FROM customer JOIN "
     "nation ON c_nationkey = n_nationkey GROUP BY ROLLUP (n_regionkey, n_name) ORDER BY gid, 1, 2"},
    {"CubeWithHaving",
     "SELECT l_returnflag, l_linestatus, SUM(l_quantity), MAX(l_shipdate), GROUPING(l_returnflag) AS g FROM lineitem "
     "GROUP BY CUBE (l_returnflag, l_linestatus) HAVING COUNT(*) > 100 ORDER BY 1, 2, g",
     "SELECT l_returnflag, l_linestatus, SUM(l_quantity), MAX(l_shipdate), GROUPING(l_returnflag) AS g FROM lineitem "
     "GROUP BY CUBE (l_returnflag, l_linestatus) HAVING COUNT(*) > 100 ORDER BY 1 NULLS FIRST, 2 NULLS FIRST, g"},
    {"GroupingSetsOfExpressions",
     "SELECT YEAR(o_orderdate) AS y, o_orderpriority, COUNT(*) FROM orders GROUP BY GROUPING SETS ((YEAR(o_orderdate)), "
     "(o_orderpriority), ()) ORDER BY 1, 2",
     "SELECT YEAR(o_orderdate) AS y, o_orderpriority, COUNT(*) FROM orders GROUP BY GROUPING SETS ((YEAR(o_orderdate)), "
     "(o_orderpriority), ()) ORDER BY 1 NULLS FIRST, 2 NULLS FIRST"},
    // LEFT / RIGHT / SUBSTRING with lengths computed per row (kernels left_rows, right_rows, substring_rows).
    {"PerRowLengths",
     "SELECT p_partkey, LEFT(p_name, CHARINDEX(' ', p_name) - 1), RIGHT(p_name, p_size % 9), SUBSTRING(p_type, "
     "p_size % 5 + 1, p_size % 7) FROM part WHERE p_partkey < 300 ORDER BY 1",
     "SELECT p_partkey, left(p_name, strpos(p_name, ' ') - 1), right(p_name, p_size % 9), substring(p_type, "
     "p_size % 5 + 1, p_size % 7) FROM part WHERE p_partkey < 300 ORDER BY 1"},
    // COLLATE (a case-insensitive collation per expression): DuckDB's twins compare lower() of both sides.
    {"CollateInWhereLikeAndIn",
     "SELECT p_partkey, p_type FROM part WHERE p_type COLLATE SQL_Latin1_General_CP1_CI_AS LIKE 'standard polished%' OR "
     "p_container COLLATE Latin1_General_CI_AS IN ('jumbo jar', 'Wrap Pack') ORDER BY 1",
     "SELECT p_partkey, p_type FROM part WHERE lower(p_type) LIKE 'standard polished%' OR lower(p_container) IN "
     "('jumbo jar', 'wrap pack') ORDER BY 1"},
    {"CollateGroupAndDistinct",
     "SELECT m COLLATE Latin1_General_CI_AS AS m, COUNT(*) AS c, SUM(p_size) FROM (SELECT CASE WHEN p_partkey % 3 = 0 THEN "
     "LOWER(p_mfgr) ELSE p_mfgr END AS m, p_size FROM part) AS x GROUP BY m COLLATE Latin1_General_CI_AS ORDER BY 1",
     "SELECT MIN(m) AS m, COUNT(*) AS c, SUM(p_size) FROM (SELECT CASE WHEN p_partkey % 3 = 0 THEN lower(p_mfgr) ELSE "
     "p_mfgr END AS m, p_size FROM part) AS x GROUP BY lower(m) ORDER BY 1"},
    {"CollateJoin",
     "SELECT n.n_name, x.ln FROM nation n JOIN (SELECT LOWER(n_name) AS ln FROM nation WHERE n_regionkey = 1) AS x ON "
     "n.n_name COLLATE Latin1_General_CI_AS = x.ln ORDER BY 1",
     "SELECT n.n_name, x.ln FROM nation n JOIN (SELECT lower(n_name) AS ln FROM nation WHERE n_regionkey = 1) AS x ON "
     "lower(n.n_name) = x.ln ORDER BY 1"},
    // MIN/MAX under a case-insensitive collation: ordered by the folded value, the binary one breaking ties.
    {"CollateMinMax",
     "SELECT p_brand, MIN(m COLLATE Latin1_General_CI_AS), MAX(m COLLATE Latin1_General_CI_AS), MIN(m) FROM "
     MIXED_CASE_TYPES " GROUP BY p_brand ORDER BY 1",
     "SELECT p_brand, arg_min(m, [upper(m), m]), arg_max(m, [upper(m), m]), MIN(m) FROM " MIXED_CASE_TYPES
     " GROUP BY p_brand ORDER BY 1"},
    {"CollateUnionIntersectExcept",
     "SELECT LOWER(n_name) COLLATE Latin1_General_CI_AS AS n FROM nation WHERE n_regionkey < 3 UNION SELECT n_name FROM "
     "nation WHERE n_nationkey % 2 = 0 UNION ALL SELECT 'i:' + m FROM (SELECT UPPER(r_name) COLLATE Latin1_General_CI_AS "
     "AS m FROM region INTERSECT SELECT LOWER(r_name) FROM region WHERE r_regionkey > 1) AS i UNION ALL SELECT 'e:' + m "
     "FROM (SELECT r_name COLLATE Latin1_General_CI_AS AS m FROM region EXCEPT SELECT LOWER(r_name) FROM region WHERE "
     "r_regionkey < 2) AS e ORDER BY 1",
     "SELECT n FROM (SELECT min(x) AS n FROM (SELECT lower(n_name) AS x FROM nation WHERE n_regionkey < 3 UNION ALL "
     "SELECT n_name FROM nation WHERE n_nationkey % 2 = 0) GROUP BY lower(x) UNION ALL SELECT 'i:' || min(x) FROM "
     "(SELECT upper(r_name) AS x, 0 AS side FROM region UNION ALL SELECT lower(r_name), 1 FROM region WHERE r_regionkey "
     "> 1) GROUP BY lower(x) HAVING min(side) = 0 AND max(side) = 1 UNION ALL SELECT 'e:' || min(x) FROM (SELECT r_name "
     "AS x, 0 AS side FROM region UNION ALL SELECT lower(r_name), 1 FROM region WHERE r_regionkey < 2) GROUP BY lower(x) "
     "HAVING max(side) = 0) ORDER BY upper(n), n"},
    {"CollateWindowPartitionAndOrder",
     "SELECT p_partkey, COUNT(*) OVER (PARTITION BY m COLLATE Latin1_General_CI_AS), RANK() OVER (PARTITION BY p_size "
     "ORDER BY m COLLATE Latin1_General_CI_AS) FROM " MIXED_CASE_TYPES " WHERE p_partkey < 600 ORDER BY 1",
     "SELECT p_partkey, COUNT(*) OVER (PARTITION BY lower(m)), RANK() OVER (PARTITION BY p_size ORDER BY upper(m)) FROM "
     MIXED_CASE_TYPES " WHERE p_partkey < 600 ORDER BY 1"},
    {"CollateRollup",
     "SELECT m COLLATE Latin1_General_CI_AS AS mm, COUNT(*), SUM(p_size) FROM " MIXED_CASE_TYPES
     " GROUP BY ROLLUP (m COLLATE Latin1_General_CI_AS) ORDER BY 2, 1",
     "SELECT CASE WHEN GROUPING(lower(m)) = 1 THEN NULL ELSE MIN(m) END AS mm, COUNT(*), SUM(p_size) FROM " MIXED_CASE_TYPES
     " GROUP BY ROLLUP (lower(m)) ORDER BY 2, upper(mm) NULLS FIRST, mm NULLS FIRST"},
};

class SqlFeatures : public test::TpchSuite<FeatureCase> {};

TEST_P(SqlFeatures, EqualsDuckDb) {
  const FeatureCase& c = GetParam();
  const test::Comparison r = env_->compare(c.tessera, c.duckdb ? c.duckdb : c.tessera);
  EXPECT_TRUE(r.equal) << c.name << ": " << r.message;
  EXPECT_GT(r.rows, 0) << c.name << " returned no rows: the comparison proves little";
}

INSTANTIATE_TEST_SUITE_P(Production, SqlFeatures, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
