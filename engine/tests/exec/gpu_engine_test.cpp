// The GPU operators, tested through the same bodies on both devices: every body runs twice, on a Database with
// --device cpu (the CPU engine: ".../Cpu") and with the default placement on a machine with a GPU engine (every
// operator it implements on the GPU: ".../Gpu", SKIPPED where there is none, as in CI), and each answer must equal
// DuckDB's on the same table. The tables hold what operators
// get wrong: NULLs everywhere, an empty table, a one-row table, an all-NULL group, one key holding half the
// rows, non-ASCII and blank-padded strings, exact decimals. --device cuda runs the single-table queries
// with no CPU operator at all where there is a GPU, and is a clear error where there is none; operators the
// GPU engine lacks are named in the error.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <sstream>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/runtime/device_column.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;

namespace tessera::engine {
// How gtest names a device in the test list ("GetParam() = Cpu").
void PrintTo(FunctionDevice d, std::ostream* os) { *os << (d == FunctionDevice::Cpu ? "Cpu" : "Gpu"); }
}  // namespace tessera::engine

namespace {

storage::Schema t_schema() {
  return storage::Schema({{"id", DataType::int32(), false},
                          {"k", DataType::int32(), true},
                          {"g", DataType::varchar(12), true},
                          {"d", DataType::date(), true},
                          {"amount", DataType::decimal(15, 2), true},
                          {"price", DataType::decimal(12, 2), false},
                          {"qty", DataType::int32(), false},
                          {"f", DataType::float64(), true},
                          {"z", DataType::decimal(15, 2), true},
                          {"m", DataType::money(), true}});
}

// 5,000 rows: k is 7 on every other row (skew), g cycles through ASCII, case variants, UTF-8 and a
// blank-padded value, z is NULL for every row of group 'ABC' (an all-NULL group).
std::string t_text(int rows) {
  std::mt19937_64 rng(2026);
  const char* groups[] = {"abc", "ABC", "été", "日本語", "x  ", "zz", ""};
  std::ostringstream out;
  for (int id = 1; id <= rows; ++id) {
    const std::string g = groups[rng() % 7];
    const bool null_amount = rng() % 11 == 0;
    out << id << '|' << (id % 2 ? "7" : (id % 13 == 0 ? "" : std::to_string(id % 50))) << '|' << g << '|';
    if (rng() % 17) out << 1992 + rng() % 7 << '-' << (rng() % 9 < 1 ? "0" : "0") << 1 + rng() % 9 << '-' << 10 + rng() % 18;
    out << '|';
    if (!null_amount) out << (rng() % 5 == 0 ? "-" : "") << rng() % 100000 << '.' << rng() % 10 << rng() % 10;
    out << '|' << rng() % 10000 << '.' << rng() % 10 << rng() % 10 << '|' << 1 + rng() % 50 << '|';
    if (rng() % 7) out << static_cast<double>(rng() % 1000000) / 64.0;
    out << '|';
    if (g != "ABC") out << rng() % 1000 << ".5";
    out << '|';
    if (rng() % 9) out << rng() % 1000 << '.' << 1000 + rng() % 9000;
    out << "|\n";
  }
  return out.str();
}

class GpuEngine : public ::testing::TestWithParam<engine::FunctionDevice> {
 protected:
  static const std::vector<std::pair<std::string, int>>& tables() {
    static const std::vector<std::pair<std::string, int>> t = {{"t", 5000}, {"e", 0}, {"one", 1}};
    return t;
  }
  static storage::Table table(const std::string& name, int rows) {
    return tpch::parse_table(t_text(rows), name + ".tbl", name, t_schema(), tpch::LoadOptions::tbl());
  }
  static void SetUpTestSuite() {
    duck_ = new duckdb::DuckDb(2);
    for (const auto& [name, rows] : tables()) duckdb::create_and_load(*duck_, table(name, rows));
  }
  static void TearDownTestSuite() {
    dbs_.clear();
    delete duck_;
  }
  // The device's Database, made at its first test; the Gpu instance is skipped without a GPU engine.
  void SetUp() override {
    std::unique_ptr<engine::Database>& slot = dbs_[GetParam()];
    if (!slot) {
      engine::Options o;
      o.functions = GetParam();
      slot = std::make_unique<engine::Database>(o);
      for (const auto& [name, rows] : tables()) slot->add_table(table(name, rows));
    }
    db_ = slot.get();
    if (GetParam() != engine::FunctionDevice::Cpu && !db_->gpu_engine())
      GTEST_SKIP() << "no GPU engine here (" << db_->gpu_engine_status() << "): the body ran on the CPU only (.../Cpu)";
  }

  // Tessera's answer to `sql` must equal DuckDB's to `duck_sql` (the same query in DuckDB's dialect).
  static void expect_same(const std::string& sql, const std::string& duck_sql = "") {
    SCOPED_TRACE(sql);
    const duckdb::Result expected = duck_->query(duck_sql.empty() ? sql : duck_sql);
    engine::QueryResult actual;
    try {
      actual = db_->execute(sql);
    } catch (const std::exception& e) {
      FAIL() << "Tessera failed: " << e.what();
    }
    const duckdb::CompareResult c =
        duckdb::compare_results(expected.row_set(), engine::row_set(actual), engine::compare_options(actual));
    EXPECT_TRUE(c.equal) << c.message;
  }

  // Loads a test's own table into DuckDB, once for both devices' runs of the test.
  static void share_with_duckdb(const storage::Table& t) {
    if (duck_->query_int("SELECT count(*) FROM duckdb_tables() WHERE table_name = '" + t.name() + "'") == 0)
      duckdb::create_and_load(*duck_, t);
  }

  static duckdb::DuckDb* duck_;
  static std::map<engine::FunctionDevice, std::unique_ptr<engine::Database>> dbs_;
  static engine::Database* db_;  // the running test's
};
duckdb::DuckDb* GpuEngine::duck_ = nullptr;
std::map<engine::FunctionDevice, std::unique_ptr<engine::Database>> GpuEngine::dbs_;
engine::Database* GpuEngine::db_ = nullptr;

INSTANTIATE_TEST_SUITE_P(Devices, GpuEngine,
                         ::testing::Values(engine::FunctionDevice::Cpu, engine::FunctionDevice::Auto),
                         [](const ::testing::TestParamInfo<engine::FunctionDevice>& i) {
                           return i.param == engine::FunctionDevice::Cpu ? "Cpu" : "Gpu";
                         });

const char* kGlobal =
    "SELECT count(*), count(amount), sum(amount), avg(amount), min(amount), max(amount), min(d), max(d), "
    "sum(qty), avg(qty), min(f), max(f), sum(z), sum(m), min(m) FROM ";

// DuckDB's twin: SQL Server's AVG of an INT is an INT (truncated).
const char* kGlobalDuck =
    "SELECT count(*), count(amount), sum(amount), avg(amount), min(amount), max(amount), min(d), max(d), "
    "sum(qty), CAST(trunc(avg(qty)) AS INTEGER), min(f), max(f), sum(z), sum(m), min(m) FROM ";

TEST_P(GpuEngine, GlobalAggregatesOverManyOneAndNoRows) {
  for (const char* table : {"t", "one", "e"}) expect_same(std::string(kGlobal) + table, std::string(kGlobalDuck) + table);
}

TEST_P(GpuEngine, GroupsWithNullsSkewStringsAndAnAllNullGroup) {
  expect_same("SELECT g, count(*), count(z), sum(amount), avg(amount), sum(z), min(qty), max(d), sum(f) FROM t GROUP BY g");
  expect_same("SELECT k, count(*), sum(price * qty), avg(price), max(amount) FROM t GROUP BY k");
  expect_same("SELECT g, k, count(*), sum(amount) FROM t GROUP BY g, k");
  expect_same("SELECT d, count(*) FROM t GROUP BY d");
  expect_same("SELECT g, count(*) FROM e GROUP BY g");
  expect_same("SELECT id, count(*) FROM t GROUP BY id HAVING count(*) > 1");
  // MIN/MAX of strings (UTF-8, trailing blanks, NULLs; a group whose strings are all NULL gets NULL).
  expect_same("SELECT k, min(g), max(g), count(g) FROM t GROUP BY k");
  expect_same("SELECT d, min(g), max(g) FROM t GROUP BY d");
  for (const char* table : {"t", "one", "e"})
    expect_same(std::string("SELECT min(g), max(g) FROM ") + table);
}

// Sums and counts over groups that many rows of a warp share (a third of all rows in group 0), with the groups
// few enough for shared memory (about 400), too many for it (about 2,000), or every row its own: the GPU adds
// up a warp's rows of one group before its atomics (aggregate.cu, peers_total), NULLs taking no part.
TEST_P(GpuEngine, SkewedGroupsSumAsOnTheCpu) {
  for (const char* key : {"CASE WHEN id % 3 = 0 THEN 0 ELSE id % 400 END", "CASE WHEN id % 3 = 0 THEN 0 ELSE id % 2000 END",
                          "id", "k"}) {
    const std::string sel = std::string("SELECT ") + key + " AS gk, count(*), count(z), sum(qty), sum(amount), sum(z), sum(f), "
                            "avg(f), sum(m) FROM t GROUP BY " + key;
    expect_same(sel);
  }
}

TEST_P(GpuEngine, FiltersWithThreeValuedLogicInListsAndFunctions) {
  expect_same("SELECT id FROM t WHERE amount > 10 AND NOT (qty < 3) OR d IS NULL");
  // (Blank-padded values are compared exactly: SQL's padding rule is not DuckDB's.)
  expect_same("SELECT id, g FROM t WHERE g IN ('abc', 'été', 'x  ') OR k NOT IN (1, 2, 3)");
  expect_same("SELECT id FROM t WHERE amount BETWEEN 5 AND 50000 AND YEAR(d) = 1995 AND f IS NOT NULL");
  expect_same("SELECT count(*) FROM t WHERE g = 'x  ' OR g > 'zz' OR g < 'ABD' OR g >= '日本'");
  expect_same("SELECT count(*), sum(amount) FROM t WHERE k = 7 AND MONTH(d) IN (1, 2, 3)");
  expect_same("SELECT id FROM e WHERE qty > 1");
  expect_same("SELECT id FROM t WHERE 1 = 0");
}

TEST_P(GpuEngine, ExactArithmeticAndCasts) {
  // (DECIMAL division's SQL Server scale is checked by hand in the engine's semantics suite, which runs
  // on the GPU machine with GPU operators too.)
  expect_same("SELECT id, amount * qty, amount + price, amount - 1, -amount, price * 2.5, qty * 2, qty % 7, "
              "qty / 3, CAST(amount AS INT), CAST(qty AS DECIMAL(12, 3)), amount * price FROM t",
              "SELECT id, amount * qty, amount + price, amount - 1, -amount, price * 2.5, qty * 2, qty % 7, "
              "qty // 3, CAST(trunc(amount) AS INT), CAST(qty AS DECIMAL(12, 3)), amount * price FROM t");
  expect_same("SELECT sum(price * (100 - qty)), sum(m * 2), sum(f * 2.5), sum(amount * (1 + price)) FROM t");
  expect_same("SELECT YEAR(d), DATEPART(quarter, d), count(*) FROM t GROUP BY YEAR(d), DATEPART(quarter, d)",
              "SELECT year(d), quarter(d), count(*) FROM t GROUP BY year(d), quarter(d)");
}

TEST_P(GpuEngine, SortsNullsFirstDescendingStringsAndTopN) {
  expect_same("SELECT id, amount FROM t ORDER BY amount DESC, id",
              "SELECT id, amount FROM t ORDER BY amount DESC NULLS LAST, id");
  expect_same("SELECT g, sum(amount) FROM t GROUP BY g ORDER BY g", "SELECT g, sum(amount) FROM t GROUP BY g ORDER BY g NULLS FIRST");
  expect_same("SELECT TOP 7 id, f, d FROM t ORDER BY f, d DESC, id",
              "SELECT id, f, d FROM t ORDER BY f NULLS FIRST, d DESC NULLS LAST, id LIMIT 7");
  expect_same("SELECT id FROM t ORDER BY id LIMIT 3");
  expect_same("SELECT id FROM e ORDER BY id");
  // OFFSET ... FETCH (SQL Server) and LIMIT ... OFFSET: a window of the sorted rows, past the end, or empty.
  expect_same("SELECT id, g FROM t ORDER BY g DESC, id OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY",
              "SELECT id, g FROM t ORDER BY g DESC NULLS LAST, id LIMIT 5 OFFSET 10");
  expect_same("SELECT id FROM t ORDER BY id OFFSET 995 ROWS", "SELECT id FROM t ORDER BY id OFFSET 995");
  expect_same("SELECT id FROM t ORDER BY id LIMIT 4 OFFSET 2000", "SELECT id FROM t ORDER BY id LIMIT 4 OFFSET 2000");
  expect_same("SELECT id FROM e ORDER BY id OFFSET 1 ROWS FETCH FIRST 1 ROW ONLY", "SELECT id FROM e ORDER BY id LIMIT 1 OFFSET 1");
}

TEST_P(GpuEngine, JoinsOfEveryKindWithSkewNullsAndStringKeys) {
  expect_same("SELECT t.g, count(*), sum(one.qty) FROM t, one WHERE t.k = one.k GROUP BY t.g");
  // k = 7 on half of t's rows: a skewed self-join (about 6 million pairs), counted.
  expect_same("SELECT count(*), sum(b.qty) FROM t a, t b WHERE a.k = b.k");
  expect_same("SELECT a.id, b.id FROM t a, t b WHERE a.g = b.g AND a.d = b.d AND a.id < b.id");
  expect_same("SELECT t.id, e.id FROM t LEFT JOIN e ON t.id = e.id WHERE t.id < 100");
  expect_same("SELECT a.id, b.qty FROM t a LEFT JOIN t b ON a.id = b.k AND b.qty > 40 WHERE a.id < 60");
  expect_same("SELECT count(*) FROM t WHERE EXISTS (SELECT * FROM t b WHERE b.k = t.id)");
  expect_same("SELECT count(*) FROM t WHERE NOT EXISTS (SELECT * FROM t b WHERE b.k = t.id AND b.qty > t.qty)");
  expect_same("SELECT count(*) FROM t WHERE id IN (SELECT k FROM t WHERE g = 'abc')");
  expect_same("SELECT count(*) FROM t WHERE id NOT IN (SELECT k FROM t WHERE g = 'abc')");
  expect_same("SELECT count(*) FROM t WHERE id NOT IN (SELECT k FROM t WHERE k IS NOT NULL AND g = 'abc')");
  expect_same("SELECT count(*) FROM t WHERE id NOT IN (SELECT k FROM e)");
  expect_same("SELECT a.g, count(*) FROM t a, t b WHERE a.g = b.g AND b.id = 17 GROUP BY a.g");
}

TEST_P(GpuEngine, DistinctAggregatesWideMinMaxAndNestedLoops) {
  expect_same("SELECT count(DISTINCT k), count(DISTINCT g), count(DISTINCT d) FROM t");
  // Thousands of distinct values under a global aggregate (a tiny first hash table): racing inserts filled
  // every slot and a probe went round for ever (ClickBench Q05 hung on the GPU).
  expect_same("SELECT count(DISTINCT id), count(DISTINCT f), count(DISTINCT amount) FROM t");
  expect_same("SELECT g, count(DISTINCT k), sum(DISTINCT qty), avg(DISTINCT qty) FROM t GROUP BY g",
              "SELECT g, count(DISTINCT k), sum(DISTINCT qty), CAST(trunc(avg(DISTINCT qty)) AS INTEGER) FROM t GROUP BY g");
  expect_same("SELECT count(DISTINCT k) FROM e");
  expect_same("SELECT g, min(amount * price), max(amount * price), max(-amount * price) FROM t GROUP BY g");
  expect_same("SELECT a.id, b.id FROM one a, t b WHERE a.qty < b.qty - 45 OR b.id = 3");
  expect_same("SELECT count(*) FROM t a, one b WHERE a.id <> b.id AND (a.k = 7 OR b.k = 7)");
}

// UNION ALL concatenates on the device (string bytes packed from gathered inputs); UNION, INTERSECT,
// EXCEPT and ROLLUP / CUBE / GROUPING SETS are grouping over it.
TEST_P(GpuEngine, SetOperationsAndGroupingSets) {
  expect_same("SELECT id, g, amount FROM t WHERE qty < 5 UNION ALL SELECT id, g, z FROM t WHERE qty > 45 UNION ALL "
              "SELECT id, g, amount FROM one");
  expect_same("SELECT g, k FROM t WHERE id % 3 = 0 UNION SELECT g, k FROM t WHERE id % 5 = 0");
  expect_same("SELECT g, d FROM t WHERE qty < 20 INTERSECT SELECT g, d FROM t WHERE qty > 10");
  expect_same("SELECT k, g FROM t EXCEPT SELECT k, g FROM t WHERE amount > 0");
  expect_same("SELECT k FROM e UNION ALL SELECT k FROM e");
  expect_same("SELECT g, k, count(*), sum(amount), GROUPING(g) FROM t GROUP BY ROLLUP (g, k)",
              "SELECT g, k, count(*), sum(amount), GROUPING(g) FROM t GROUP BY ROLLUP (g, k)");
  expect_same("SELECT g, YEAR(d), min(f), max(m) FROM t GROUP BY CUBE (g, YEAR(d))");
}

// Window functions: ranking, NTILE, frames over exact, FLOAT and MONEY values, offsets, strings, NULL keys
// (DuckDB's twins say NULLS FIRST: SQL Server sorts NULLs first), an empty and a one-row input.
TEST_P(GpuEngine, WindowFunctions) {
  expect_same("SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY amount DESC, id), RANK() OVER (PARTITION BY g ORDER "
              "BY k), DENSE_RANK() OVER (ORDER BY g), NTILE(7) OVER (PARTITION BY k ORDER BY id) FROM t",
              "SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY amount DESC, id), RANK() OVER (PARTITION BY g ORDER "
              "BY k NULLS FIRST), DENSE_RANK() OVER (ORDER BY g NULLS FIRST), NTILE(7) OVER (PARTITION BY k ORDER BY id) FROM t");
  expect_same("SELECT id, SUM(amount) OVER (PARTITION BY g ORDER BY id), COUNT(k) OVER (PARTITION BY g), AVG(amount) OVER "
              "(ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), SUM(qty) OVER (PARTITION BY k ORDER BY d, id ROWS "
              "UNBOUNDED PRECEDING), SUM(f) OVER (PARTITION BY g ORDER BY id), COUNT(*) OVER (ORDER BY d), SUM(m) OVER "
              "(ORDER BY id ROWS BETWEEN 3 FOLLOWING AND 9 FOLLOWING) FROM t",
              "SELECT id, SUM(amount) OVER (PARTITION BY g ORDER BY id), COUNT(k) OVER (PARTITION BY g), AVG(amount) OVER "
              "(ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), SUM(qty) OVER (PARTITION BY k ORDER BY d NULLS FIRST, "
              "id ROWS UNBOUNDED PRECEDING), SUM(f) OVER (PARTITION BY g ORDER BY id), COUNT(*) OVER (ORDER BY d NULLS "
              "FIRST), SUM(m) OVER (ORDER BY id ROWS BETWEEN 3 FOLLOWING AND 9 FOLLOWING) FROM t");
  expect_same("SELECT id, LAG(amount) OVER (PARTITION BY g ORDER BY id), LEAD(g, 3) OVER (ORDER BY id), FIRST_VALUE(d) OVER "
              "(PARTITION BY k ORDER BY id), LAST_VALUE(m) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN CURRENT ROW AND 5 "
              "FOLLOWING), MIN(g) OVER (PARTITION BY k ORDER BY id), MAX(amount) OVER (PARTITION BY g), MIN(d) OVER "
              "(ORDER BY qty, id ROWS UNBOUNDED PRECEDING), MAX(f) OVER (ORDER BY qty) FROM t");
  expect_same("SELECT id, ROW_NUMBER() OVER (ORDER BY id), SUM(amount) OVER (), MIN(g) OVER () FROM e");
  expect_same("SELECT id, ROW_NUMBER() OVER (ORDER BY id), SUM(amount) OVER (), LAG(id) OVER (ORDER BY id) FROM one");
  expect_same("SELECT g, sum(qty), RANK() OVER (ORDER BY sum(qty) DESC), SUM(SUM(qty)) OVER () FROM t GROUP BY g");
  expect_same("SELECT id, LAG(qty, 2, -1) OVER (ORDER BY id), MIN(qty) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 "
              "FOLLOWING) FROM t");
  expect_same("SELECT id, LAG(g, 3, 'none') OVER (PARTITION BY k ORDER BY id), LEAD(amount, 1, price) OVER (ORDER BY id) "
              "FROM t");
  // Sums of DECIMAL(38, s) (SUM of a decimal) and DECIMAL(28, 4) (a product): 192-bit prefix sums on the GPU.
  expect_same("SELECT g, SUM(amount), AVG(SUM(amount)) OVER (ORDER BY g), SUM(SUM(amount * price)) OVER (ORDER BY g "
              "ROWS 1 PRECEDING) FROM t GROUP BY g",
              "SELECT g, SUM(amount), AVG(SUM(amount)) OVER (ORDER BY g NULLS FIRST), SUM(SUM(amount * price)) OVER "
              "(ORDER BY g NULLS FIRST ROWS 1 PRECEDING) FROM t GROUP BY g");
  expect_same("SELECT id, SUM(amount * price) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) "
              "FROM t");
  // MIN / MAX over frames to the partition's end (a backward scan) and narrow sliding frames (scanned per row).
  expect_same("SELECT id, MIN(g) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN 2 PRECEDING AND 3 FOLLOWING), MAX(amount) "
              "OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), MIN(d) OVER (ORDER BY "
              "id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), MAX(f) OVER (PARTITION BY g ORDER BY qty, id RANGE "
              "BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t");
}

// Date-times (issue 12): a DATETIME2 built from d and id, through the catalog's date-time kernels and
// every operator that sees an 8-byte value (filter, group, sort, join, MIN/MAX, window, union).
TEST_P(GpuEngine, DateTimes) {
  const std::string t = "(SELECT id, g, k, d, DATEADD(second, id * 37, CAST(d AS DATETIME2)) AS ts FROM t) AS x";
  const std::string u = "(SELECT id, g, k, d, CAST(d AS TIMESTAMP) + to_seconds(id * 37) AS ts FROM t) AS x";
  expect_same("SELECT id, ts, DATEPART(hour, ts), DATEDIFF(minute, d, ts), DATETRUNC(hour, ts), CONVERT(VARCHAR(19), "
              "ts, 120), CAST(ts AS TIME) FROM " + t + " WHERE ts > '1994-06-01 12:00'",
              "SELECT id, ts, hour(ts), date_diff('minute', CAST(d AS TIMESTAMP), ts), date_trunc('hour', ts), strftime(ts, "
              "'%Y-%m-%d %H:%M:%S'), CAST(ts AS TIME) FROM " + u + " WHERE ts > TIMESTAMP '1994-06-01 12:00'");
  expect_same("SELECT g, DATEPART(hour, ts) AS h, count(*), min(ts), max(ts) FROM " + t + " GROUP BY g, DATEPART(hour, ts)",
              "SELECT g, hour(ts) AS h, count(*), min(ts), max(ts) FROM " + u + " GROUP BY g, hour(ts)");
  expect_same("SELECT TOP 20 id, ts FROM " + t + " ORDER BY ts DESC, id",
              "SELECT id, ts FROM " + u + " ORDER BY ts DESC NULLS LAST, id LIMIT 20");
  expect_same("SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts, id), MAX(ts) OVER (PARTITION BY k) FROM " + t,
              "SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts NULLS FIRST, id), MAX(ts) OVER (PARTITION BY k) "
              "FROM " + u);
  expect_same("SELECT x.id, b.id FROM " + t + " JOIN (SELECT id, DATEADD(second, id * 37, CAST(d AS DATETIME2)) AS ts "
              "FROM t WHERE qty < 10) AS b ON x.ts = b.ts WHERE x.id < 2000",
              "SELECT x.id, b.id FROM " + u + " JOIN (SELECT id, CAST(d AS TIMESTAMP) + to_seconds(id * 37) AS ts FROM t "
              "WHERE qty < 10) AS b ON x.ts = b.ts WHERE x.id < 2000");
  expect_same("SELECT ts FROM " + t + " WHERE id < 30 UNION SELECT d FROM t WHERE id < 20",
              "SELECT ts FROM " + u + " WHERE id < 30 UNION SELECT CAST(d AS TIMESTAMP) FROM t WHERE id < 20");
}

// COLLATE (issue 12): case-insensitive grouping, joins, IN and LIKE over g ('abc' and 'ABC' are one group,
// shown as its binary-smallest value; DuckDB's twins use lower()).
TEST_P(GpuEngine, CaseInsensitiveCollation) {
  expect_same("SELECT g COLLATE Latin1_General_CI_AS, count(*), sum(qty) FROM t GROUP BY g COLLATE Latin1_General_CI_AS",
              "SELECT MIN(g), count(*), sum(qty) FROM t GROUP BY lower(g)");
  expect_same("SELECT count(*) FROM t a JOIN t b ON a.g COLLATE Latin1_General_CI_AS = b.g WHERE a.id < 300 AND b.id < 300",
              "SELECT count(*) FROM t a JOIN t b ON lower(a.g) = lower(b.g) WHERE a.id < 300 AND b.id < 300");
  expect_same("SELECT id FROM t WHERE g COLLATE Latin1_General_CI_AS LIKE 'A%' OR g COLLATE Latin1_General_CI_AS IN "
              "('ZZ', 'Été')",
              "SELECT id FROM t WHERE lower(g) LIKE 'a%' OR lower(g) IN ('zz', 'été')");
  expect_same("SELECT DISTINCT g COLLATE Latin1_General_CI_AS FROM t", "SELECT MIN(g) FROM t GROUP BY lower(g)");
  // MIN/MAX order by the folded value (the binary one breaking ties), UNION groups and windows partition on it.
  expect_same("SELECT k, MIN(g COLLATE Latin1_General_CI_AS), MAX(g COLLATE Latin1_General_CI_AS), MIN(g) FROM t GROUP BY k",
              "SELECT k, arg_min(g, [upper(g), g]), arg_max(g, [upper(g), g]), MIN(g) FROM t GROUP BY k");
  expect_same("SELECT g COLLATE Latin1_General_CI_AS FROM t WHERE id < 100 UNION SELECT UPPER(g) FROM t WHERE id >= 100",
              "SELECT MIN(x) FROM (SELECT g AS x FROM t WHERE id < 100 UNION ALL SELECT upper(g) FROM t WHERE id >= 100) "
              "GROUP BY upper(x)");
  expect_same("SELECT id, COUNT(*) OVER (PARTITION BY g COLLATE Latin1_General_CI_AS) FROM t",
              "SELECT id, COUNT(*) OVER (PARTITION BY upper(g)) FROM t");
}

TEST_P(GpuEngine, StringConcatenation) {
  expect_same("SELECT id, g + '/' + CAST(qty AS VARCHAR) FROM t", "SELECT id, g || '/' || CAST(qty AS VARCHAR) FROM t");
  expect_same("SELECT id, 'k=' + CAST(k AS VARCHAR) FROM t", "SELECT id, 'k=' || CAST(k AS VARCHAR) FROM t");
}

TEST_P(GpuEngine, CaseCoalesceAndScalarSubqueries) {
  expect_same("SELECT id, CASE WHEN qty > 40 THEN 'big' WHEN qty > 20 THEN g ELSE NULL END, "
              "CASE WHEN amount IS NULL THEN price ELSE amount END, COALESCE(z, amount, price), COALESCE(g, 'none') FROM t");
  expect_same("SELECT g, sum(CASE WHEN k = 7 THEN amount ELSE 0 END), count(CASE WHEN d IS NULL THEN 1 END) FROM t GROUP BY g");
  expect_same("SELECT id FROM t WHERE amount > (SELECT avg(amount) FROM t) AND qty = (SELECT max(qty) FROM t)");
  expect_same("SELECT count(*) FROM t WHERE amount > (SELECT max(amount) FROM e)");
}

// STDEV, STDEVP, VAR, VARP and APPROX_COUNT_DISTINCT: the binder's rewrite into COUNT, SUM and SUM of squares (in
// FLOAT; COUNT_BIG(DISTINCT) for APPROX_COUNT_DISTINCT), so every piece is an operator the GPU runs; DuckDB's
// stddev_samp, stddev_pop, var_samp, var_pop and count(DISTINCT) answer. The error bound 4 n u (1 + mean^2 / VARP)
// (docs/FUNCTIONS.md) is below 1e-10 on these columns, whatever order the device's atomics add in.
TEST_P(GpuEngine, StatisticalAggregates) {
  auto duck = [](std::string q) {
    const std::pair<const char*, const char*> names[] = {{"STDEVP(", "stddev_pop("}, {"STDEV(", "stddev_samp("},
                                                          {"VARP(", "var_pop("},      {"VAR(", "var_samp("},
                                                          {"APPROX_COUNT_DISTINCT(", "count(DISTINCT "}};
    for (const auto& [from, to] : names)
      for (size_t at = q.find(from); at != std::string::npos; at = q.find(from, at + 1))
        if (at == 0 || q[at - 1] == ' ' || q[at - 1] == '(' || q[at - 1] == ',') q.replace(at, std::string(from).size(), to);
    return q;
  };
  auto same = [&](const std::string& q) { expect_same(q, duck(q)); };
  for (const char* table : {"t", "one", "e"})
    same(std::string("SELECT STDEV(f), STDEVP(amount), VAR(qty), VARP(m), STDEV(z), APPROX_COUNT_DISTINCT(g) FROM ") + table);
  same("SELECT g, STDEV(amount), VAR(z), STDEVP(k), VARP(f), APPROX_COUNT_DISTINCT(k), count(*) FROM t GROUP BY g");
  same("SELECT k, VAR(DISTINCT qty), STDEV(DISTINCT amount), VARP(DISTINCT k - 20), APPROX_COUNT_DISTINCT(d) FROM t GROUP BY k");
  same("SELECT g, STDEV(price * qty), VARP(f / 7) FROM t WHERE qty > 10 GROUP BY g HAVING VARP(qty) > 1");
  // As window functions: COUNT_BIG, SUM and SUM of squares over the same window.
  same("SELECT id, STDEV(amount) OVER (PARTITION BY g), VARP(f) OVER (PARTITION BY g ORDER BY id), "
       "VAR(qty) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) FROM t");
}

TEST_P(GpuEngine, RowErrorsAreSqlServersOnEitherDevice) {
  try {
    db_->execute("SELECT qty / (qty - qty) FROM t");
    FAIL() << "no division-by-zero error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("Msg 8134"), std::string::npos) << e.what();
  }
  try {
    db_->execute("SELECT CAST(amount * 100000000 AS DECIMAL(12, 2)) FROM t");
    FAIL() << "no overflow error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("Msg 8115"), std::string::npos) << e.what();
  }
  try {
    db_->execute("SELECT DATEADD(year, 9000, d) FROM t");
    FAIL() << "no DATEADD error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("Msg 517"), std::string::npos) << e.what();
  }
}

// Every operator of the 22 TPC-H and 22 TPC-H-scalar queries is one the GPU engine implements: placed as on
// a machine with a GPU, no query keeps an operator on the CPU (the device runs prove the answers; this
// keeps a binder or optimizer change from quietly sending one back to the CPU).
TEST(GpuEngineCoverage, EveryTpchAndTpchScalarQueryPlacesWhollyOnTheGpu) {
  tpch::GenOptions gen;
  gen.sf = 0.01;
  gen.threads = 2;
  engine::Database db{engine::Options{}};
  for (auto& t : tpch::generate_tables(gen)) db.add_table(std::move(t));
  for (const char* suite : {"tpch", "tpch-scalar"})
    for (int q = 1; q <= 22; ++q) {
      char name[16];
      std::snprintf(name, sizeof name, "/q%02d.sql", q);
      const std::string sql = duckdb::read_text_file(std::string(TESSERA_QUERY_DIR) + "/" + suite + name);
      const std::vector<std::string> gaps = db.gpu_gaps(sql);
      EXPECT_TRUE(gaps.empty()) << suite << name << ": " << (gaps.empty() ? "" : gaps.front());
    }
  // And the probe does see what the GPU lacks.
  const std::vector<std::string> gaps = db.gpu_gaps("SELECT CAST(CAST(r_regionkey AS FLOAT) AS DECIMAL(30, 2)) FROM region");
  ASSERT_FALSE(gaps.empty());
  EXPECT_NE(gaps[0].find("DECIMAL(30,2)"), std::string::npos) << gaps[0];
}

// A buffer is allocated once and freed once, when its last owner lets go (a gathered string column shares
// its source's bytes).
TEST(DeviceBufferLifetime, OneAllocationOneReleaseAfterTheLastOwner) {
  struct Counting final : rt::MemoryResource {
    int allocs = 0, frees = 0;
    void* allocate(size_t bytes, void*) override {
      ++allocs;
      return ::operator new(bytes);
    }
    void deallocate(void* p, size_t, void*) noexcept override {
      ++frees;
      ::operator delete(p);
    }
    rt::Device device() const override { return rt::Device::Host; }
  } mr;
  {
    rt::DeviceBuffer a(mr, 64, nullptr);
    EXPECT_EQ(mr.allocs, 1);
    EXPECT_EQ(mr.frees, 0);
    rt::DeviceColumn c;
    c.data = a;
    { rt::DeviceBuffer b = c.data; }
    EXPECT_EQ(mr.frees, 0);
    rt::DeviceBuffer empty(mr, 0, nullptr);
    EXPECT_EQ(empty.data(), nullptr);
    EXPECT_EQ(mr.allocs, 1);
  }
  EXPECT_EQ(mr.frees, 1);
}

// --device cuda: the whole query on the GPU, or an error that names what cannot be; never a quiet CPU run.
TEST(GpuEngineDevice, CudaRunsEveryOperatorOnTheGpuOrSaysWhy) {
  engine::Options o;
  o.functions = engine::FunctionDevice::Cuda;
  std::unique_ptr<engine::Database> db;
  try {
    db = std::make_unique<engine::Database>(o);
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("GPU"), std::string::npos) << e.what();
    engine::Database automatic{engine::Options{}};
    EXPECT_FALSE(automatic.gpu_engine());
    automatic.add_table(tpch::parse_table(t_text(10), "t.tbl", "t", t_schema(), tpch::LoadOptions::tbl()));
    EXPECT_FALSE(automatic.execute("SELECT count(*) FROM t").cpu_placements.empty());
    // No GPU here, or no GPU engine in this build (the sanitizer build has none).
    const std::string plan = automatic.explain("SELECT id FROM t");
    EXPECT_TRUE(plan.find("Operators on the CPU (no GPU") != std::string::npos ||
                plan.find("Operators on the CPU (the GPU engine was not built") != std::string::npos) << plan;
    GTEST_SKIP() << "no GPU engine here: the refusal and the CPU placement were checked, the GPU half was not run";
  }
  ASSERT_TRUE(db->gpu_engine());
  db->add_table(tpch::parse_table(t_text(1000), "t.tbl", "t", t_schema(), tpch::LoadOptions::tbl()));
  db->add_table(tpch::parse_table(t_text(10), "u.tbl", "u", t_schema(), tpch::LoadOptions::tbl()));
  for (const char* q : {"SELECT g, sum(amount), avg(qty) FROM t WHERE YEAR(d) = 1995 GROUP BY g ORDER BY g",
                        "SELECT TOP 3 id FROM t ORDER BY amount DESC", "SELECT count(*) FROM t",
                        "SELECT t.g, count(*) FROM t, u WHERE t.k = u.k GROUP BY t.g",
                        "SELECT count(*) FROM t WHERE t.id NOT IN (SELECT k FROM u)",
                        "SELECT count(*) FROM t WHERE EXISTS (SELECT * FROM u WHERE u.k = t.k AND u.id <> t.id)",
                        "SELECT g FROM t UNION SELECT g FROM u", "SELECT k, g FROM t INTERSECT SELECT k, g FROM u",
                        "SELECT g, k, sum(amount) FROM t GROUP BY ROLLUP (g, k)",
                        "SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY id), SUM(amount) OVER (ORDER BY d ROWS 3 "
                        "PRECEDING), MAX(g) OVER (PARTITION BY k ORDER BY id), LAG(g, 2, 'none') OVER (ORDER BY id), "
                        "LEAD(amount, 1, -1) OVER (PARTITION BY g ORDER BY id) FROM t",
                        "SELECT g, AVG(SUM(amount)) OVER (ORDER BY g ROWS 6 PRECEDING) FROM t GROUP BY g",
                        "SELECT id, MIN(g) OVER (PARTITION BY k ORDER BY id ROWS BETWEEN 2 PRECEDING AND 3 FOLLOWING), "
                        "MAX(amount) OVER (ORDER BY d, id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t",
                        "SELECT DATETRUNC(hour, ts), count(*), max(ts) FROM (SELECT DATEADD(minute, id, CAST(d AS "
                        "DATETIME2(3))) AS ts FROM t) AS x WHERE ts >= '1995-01-01' GROUP BY DATETRUNC(hour, ts)"}) {
    const engine::QueryResult r = db->execute(q);
    EXPECT_TRUE(r.cpu_placements.empty()) << q << ": " << r.cpu_placements.front();
    EXPECT_GT(r.gpu_operators, 0) << q;
  }
  const std::string plan = db->explain("SELECT g, count(*) FROM t GROUP BY g");
  EXPECT_NE(plan.find("ToHost"), std::string::npos) << plan;
  EXPECT_EQ(plan.find(", CPU"), std::string::npos) << plan;
  {
    // A query whose scans cannot fit the GPU column cache's budget: an aggregation straight over the scan streams
    // it through the GPU a morsel at a time (exec/morsels.hpp) and answers, as do other shapes over the scan.
    engine::Options small = o;
    small.gpu_cache_bytes = 32 << 10;
    engine::Database tight(small);
    tight.add_table(tpch::parse_table(t_text(5000), "t.tbl", "t", t_schema(), tpch::LoadOptions::tbl()));
    engine::Options cpu_options;
    cpu_options.functions = engine::FunctionDevice::Cpu;
    engine::Database cpu(cpu_options);  // the same 5,000 rows, whole on the CPU
    cpu.add_table(tpch::parse_table(t_text(5000), "t.tbl", "t", t_schema(), tpch::LoadOptions::tbl()));
    const engine::QueryResult streamed = tight.execute("SELECT sum(amount), count(*), avg(qty) FROM t");
    const engine::QueryResult whole = cpu.execute("SELECT sum(amount), count(*), avg(qty) FROM t");
    for (size_t c = 0; c < 3; ++c) EXPECT_EQ(streamed.cell_text(0, c), whole.cell_text(0, c)) << "column " << c;
    const engine::QueryResult plan = tight.execute("EXPLAIN ANALYZE SELECT sum(amount) FROM t");
    std::string text;
    for (int64_t r = 0; r < plan.rows; ++r) text += plan.cell_text(r, 0) + "\n";
    EXPECT_NE(text.find("streamed in"), std::string::npos) << text;
    // Rows with no aggregation above them stream too (exec/stream_driver.hpp), under a sort, a top-N, a window and
    // a DISTINCT aggregate (which does not merge from partials: its input is streamed and put together).
    for (const char* q : {"SELECT amount, id FROM t ORDER BY amount, id", "SELECT TOP 9 id, g FROM t ORDER BY g, id",
                          "SELECT TOP 9 * FROM t WHERE qty > 5 ORDER BY amount DESC, id",  // row positions per morsel
                          "SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY id) FROM t ORDER BY id",
                          "SELECT count(DISTINCT g), count(*) FROM t WHERE qty > 2"}) {
      const engine::QueryResult a = tight.execute(q), b = cpu.execute(q);
      ASSERT_EQ(a.rows, b.rows) << q;
      for (int64_t r = 0; r < a.rows; ++r)
        for (size_t c = 0; c < a.columns.size(); ++c) ASSERT_EQ(a.cell_text(r, c), b.cell_text(r, c)) << q << " row " << r;
    }
    EXPECT_EQ(tight.execute("SELECT count(*) FROM t WHERE qty > 3").rows, 1);  // 20 KiB: fits
  }
  try {
    db->execute("SELECT id, MIN(qty) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 2000 FOLLOWING) FROM t");
    FAIL() << "MIN over a 2,002-row sliding frame ran under --device cuda";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("MIN over a frame that reaches neither end of the partition and is a RANGE or "
                                         "wider than 1024 rows runs on the CPU only"), std::string::npos) << e.what();
  }
  try {
    db->execute("SELECT CAST(f AS DECIMAL(30, 2)) FROM t");
    FAIL() << "a FLOAT -> DECIMAL(30, 2) cast ran under --device cuda";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot run on the GPU"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("DECIMAL(30,2)"), std::string::npos) << e.what();
  }
}

// Late materialisation (plan/src/late_materialize.cpp): a top-N over a scan sorts only the columns it reads and a
// Fetch reads the others at the kept rows. Answers equal DuckDB's with SELECT *, renamed and computed columns, an
// offset, a filter, a top-N inside a derived table; EXPLAIN shows the Fetch and which columns it reads; a top-N
// that keeps too large a share of the table's rows fetches nothing.
TEST_P(GpuEngine, TopNFetchesTheColumnsItDoesNotReadAtTheKeptRows) {
  const std::string explained = db_->explain("SELECT TOP 10 * FROM t WHERE qty > 10 ORDER BY f DESC, id");
  EXPECT_NE(explained.find("Fetch t [k, g, d, amount, price, z, m] at the kept rows"), std::string::npos) << explained;
  EXPECT_NE(explained.find("[id, qty, f, #row]"), std::string::npos) << explained;
  expect_same("SELECT TOP 10 * FROM t WHERE qty > 10 ORDER BY f DESC, id",
              "SELECT * FROM t WHERE qty > 10 ORDER BY f DESC NULLS LAST, id LIMIT 10");
  expect_same("SELECT TOP 7 id AS key, g AS grp, amount * 2 AS twice, d, g FROM t ORDER BY qty, id",
              "SELECT id AS key, g AS grp, amount * 2 AS twice, d, g FROM t ORDER BY qty, id LIMIT 7");
  const std::string renamed = db_->explain("SELECT TOP 7 id AS key, g AS grp, amount * 2 AS twice, d, g FROM t ORDER BY qty, id");
  EXPECT_NE(renamed.find("Fetch t [grp, d, g]"), std::string::npos) << renamed;
  expect_same("SELECT * FROM t ORDER BY amount DESC, id OFFSET 100 ROWS FETCH NEXT 5 ROWS ONLY",
              "SELECT * FROM t ORDER BY amount DESC NULLS LAST, id LIMIT 5 OFFSET 100");
  expect_same("SELECT x.g, count(*), sum(x.m) FROM (SELECT TOP 40 g, m, id FROM t ORDER BY id DESC) AS x GROUP BY x.g",
              "SELECT x.g, count(*), sum(x.m) FROM (SELECT g, m, id FROM t ORDER BY id DESC LIMIT 40) AS x GROUP BY x.g");
  // A sort key and a filter column are read by the top-N itself: not fetched. 1,000 of 5,000 rows: no Fetch.
  const std::string keys = db_->explain("SELECT TOP 3 g, d FROM t WHERE d > '1995-01-01' ORDER BY g, id");
  EXPECT_EQ(keys.find("Fetch"), std::string::npos) << keys;
  const std::string many = db_->explain("SELECT TOP 1000 * FROM t ORDER BY id");
  EXPECT_EQ(many.find("Fetch"), std::string::npos) << many;
  expect_same("SELECT TOP 3 g, d FROM t WHERE d > '1995-01-01' ORDER BY g, id",
              "SELECT g, d FROM t WHERE d > '1995-01-01' ORDER BY g NULLS FIRST, id LIMIT 3");
}

// Fused predicates (plan/fuse_predicates.hpp): a comparison of a function's result with constants runs as one
// kernel. Each query's answer must equal DuckDB's and the unfused plan's, and EXPLAIN must say it fused.
// LOWER and UPPER, byte maps: on the GPU their output takes a loaded column's offsets and the kernel maps the
// packed bytes 16 at a time (tessera-map-packed-bytes), running the row function only where a chunk is not
// ASCII. Text of 0 to 300 bytes, mostly ASCII, with a multi-byte character in some rows, NULLs and empty
// strings, over several thread blocks. A loaded, filtered or computed (strided) argument has its rows in order
// (the kernel's in-order entry, which maps the gaps between rows too); one gathered by a join has not (the
// entry that checks the rows, and maps them row by row).
TEST_P(GpuEngine, ByteMapsOverPackedAndComputedText) {
  const storage::Schema schema({{"id", DataType::int32(), false}, {"s", DataType::varchar(400), true}});
  std::mt19937_64 rng(77);
  const char* words[] = {"Brass", "TIN", "steel", "Polished", "ANODIZED", "copper", "nickel", "x", "#23", "-"};
  std::ostringstream text;
  for (int id = 1; id <= 20000; ++id) {
    text << id << '|';
    if (id % 53 != 0) {
      std::string s;
      const int target = static_cast<int>(rng() % 300);
      while (static_cast<int>(s.size()) < target) s += std::string(words[rng() % 10]) + " ";
      if (id % 97 == 0) s.insert(rng() % (s.size() + 1), id % 2 ? "\xc3\x9c" : "\xc3\xa9");  // Ü, é
      text << s;
    }
    text << "|\n";
  }
  storage::Table w = tpch::parse_table(text.str(), "w.tbl", "w", schema, tpch::LoadOptions::tbl());
  share_with_duckdb(w);
  db_->add_table(std::move(w));
  expect_same("SELECT id, LOWER(s), UPPER(s) FROM w", "SELECT id, lower(s), upper(s) FROM w");
  expect_same("SELECT id, LOWER(s + '|' + CAST(id AS VARCHAR)) FROM w", "SELECT id, lower(s || '|' || CAST(id AS VARCHAR)) FROM w");
  expect_same("SELECT id, UPPER(s) FROM w WHERE id % 3 <> 0 AND id % 7 <> 1", "SELECT id, upper(s) FROM w WHERE id % 3 <> 0 AND id % 7 <> 1");
  expect_same("SELECT a.id, LOWER(b.s) FROM w a JOIN w b ON b.id = 20001 - a.id", "SELECT a.id, lower(b.s) FROM w a JOIN w b ON b.id = 20001 - a.id");
  expect_same("SELECT id, UPPER(g), LOWER(UPPER(g)) FROM t", "SELECT id, upper(g), lower(upper(g)) FROM t");
}

// String results too large for one uniform-capacity buffer run in slices of rows, each packed before the next
// (expr_call.cpp; ClickBench's q29 at 100 million rows). A 64 KiB limit makes 20,000 URLs of up to 300 bytes take
// that path: answers equal DuckDB's, and a row error in a late slice names that row's argument.
TEST_P(GpuEngine, StringResultsLargerThanTheirBufferRunInSlices) {
  const storage::Schema schema({{"id", DataType::int32(), false}, {"r", DataType::varchar(400), true}});
  std::mt19937_64 rng(29);
  const char* hosts[] = {"www.example.com", "news.site.org", "a.b", "www.shop.de", "search.engine.net"};
  std::ostringstream text;
  for (int id = 1; id <= 20000; ++id) {
    text << id << '|';
    if (id % 41 != 0) {
      std::string u = std::string(rng() % 2 ? "https://" : "http://") + hosts[rng() % 5] + "/";
      const int path = static_cast<int>(rng() % 280);
      for (int k = 0; k < path; ++k) u += static_cast<char>('a' + rng() % 26);
      if (id % 97 == 0) u = "not a url " + u;
      text << u;
    }
    text << "|\n";
  }
  storage::Table u = tpch::parse_table(text.str(), "u.tbl", "u", schema, tpch::LoadOptions::tbl());
  share_with_duckdb(u);
  engine::Options o;
  o.functions = GetParam();
  o.gpu_strided_output_bytes = 64 << 10;
  engine::Database sliced(o);
  sliced.add_table(std::move(u));
  engine::Database* whole = db_;
  db_ = &sliced;
  expect_same(R"(SELECT id, REGEXP_REPLACE(r, '^https?://(?:www\.)?([^/]+)/.*$', '\1') FROM u)",
              R"(SELECT id, regexp_replace(r, '^https?://(?:www\.)?([^/]+)/.*$', '\1') FROM u)");
  expect_same(R"(SELECT REGEXP_REPLACE(r, '^https?://(?:www\.)?([^/]+)/.*$', '\1') AS k, COUNT(*), MIN(LEN(r)) FROM u GROUP BY REGEXP_REPLACE(r, '^https?://(?:www\.)?([^/]+)/.*$', '\1'))",
              R"(SELECT regexp_replace(r, '^https?://(?:www\.)?([^/]+)/.*$', '\1') AS k, COUNT(*), MIN(length(r)) FROM u GROUP BY k)");
  expect_same("SELECT id, REPLACE(r, 'a', 'xyz') FROM u WHERE id % 3 = 1", "SELECT id, replace(r, 'a', 'xyz') FROM u WHERE id % 3 = 1");
  try {
    sliced.execute(R"(SELECT UNISTR(CASE WHEN id = 19999 THEN 'bad \D83D' ELSE r END) FROM u)");
    ADD_FAILURE() << "no UNISTR error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("8116"), std::string::npos) << e.what();
    // The failing row's own argument: the slice's first row was added to the kernel's row.
    EXPECT_NE(std::string(e.what()).find(R"('bad \D83D')"), std::string::npos) << e.what();
  }
  db_ = whole;
}

// A top-N of few rows over many (sort.cu): the GPU first narrows the rows by the first key's rank, then sorts the
// few left. Over 100,000 rows with ties, NULLs and negative numbers in the first key, ascending and descending, with
// an offset, over the groups of an aggregation (ClickBench's q34 shape), and by strings (trailing blanks ignored),
// answers equal DuckDB's.
TEST_P(GpuEngine, TopNOfFewRowsOverManyNarrowsByTheFirstKey) {
  const storage::Schema schema({{"id", DataType::int32(), false}, {"k", DataType::int32(), true},
                                {"f", DataType::float64(), true}, {"d", DataType::date(), true},
                                {"v", DataType::int64(), true}, {"s", DataType::varchar(20), true}});
  std::mt19937_64 rng(34);
  std::ostringstream text;
  for (int id = 1; id <= 100000; ++id) {
    text << id << '|';
    if (id % 13) text << static_cast<int>(rng() % 2000) - 1000;  // many ties
    text << '|';
    if (id % 17) text << (static_cast<double>(rng() % 100000) - 50000) / 8;
    text << '|';
    if (id % 19) {
      char day[16];
      std::snprintf(day, sizeof day, "%d-%02d-%02d", static_cast<int>(1990 + rng() % 30), static_cast<int>(1 + rng() % 12),
                    static_cast<int>(1 + rng() % 28));
      text << day;
    }
    text << '|';
    if (id % 23) text << static_cast<int64_t>(rng() % 4000000000ULL) - 2000000000LL;
    text << '|';
    const uint64_t z = rng() % 1000;
    text << "v" << (z < 500 ? z % 7 : z * 31 + id % 50) << "|\n";  // a few frequent values, many rare ones
  }
  storage::Table big = tpch::parse_table(text.str(), "big.tbl", "big", schema, tpch::LoadOptions::tbl());
  share_with_duckdb(big);
  db_->add_table(std::move(big));
  expect_same("SELECT TOP 10 id, k FROM big ORDER BY k DESC, id", "SELECT id, k FROM big ORDER BY k DESC NULLS LAST, id LIMIT 10");
  expect_same("SELECT TOP 25 id, k FROM big ORDER BY k, id DESC", "SELECT id, k FROM big ORDER BY k NULLS FIRST, id DESC LIMIT 25");
  expect_same("SELECT TOP 9000 id, k FROM big ORDER BY k, id", "SELECT id, k FROM big ORDER BY k NULLS FIRST, id LIMIT 9000");
  expect_same("SELECT TOP 7 id, f FROM big ORDER BY f, id", "SELECT id, f FROM big ORDER BY f NULLS FIRST, id LIMIT 7");
  expect_same("SELECT TOP 7 id, f FROM big WHERE f IS NOT NULL ORDER BY f DESC, id", "SELECT id, f FROM big WHERE f IS NOT NULL ORDER BY f DESC, id LIMIT 7");
  expect_same("SELECT TOP 12 id, d FROM big ORDER BY d DESC, id", "SELECT id, d FROM big ORDER BY d DESC NULLS LAST, id LIMIT 12");
  expect_same("SELECT TOP 5 id, v FROM big ORDER BY v, id", "SELECT id, v FROM big ORDER BY v NULLS FIRST, id LIMIT 5");
  expect_same("SELECT TOP 5 id, v FROM big ORDER BY v DESC, id", "SELECT id, v FROM big ORDER BY v DESC NULLS LAST, id LIMIT 5");
  expect_same("SELECT id, k FROM big ORDER BY k DESC, id OFFSET 1000 ROWS FETCH NEXT 10 ROWS ONLY",
              "SELECT id, k FROM big ORDER BY k DESC NULLS LAST, id LIMIT 10 OFFSET 1000");
  expect_same("SELECT TOP 10 s, COUNT(*) AS c FROM big GROUP BY s ORDER BY c DESC, s",
              "SELECT s, COUNT(*) AS c FROM big GROUP BY s ORDER BY c DESC, s LIMIT 10");
  // A string first key ranks by its first 7 bytes (most values share "v" and a digit or two: many ties).
  expect_same("SELECT TOP 10 id, s FROM big ORDER BY s, id", "SELECT id, s FROM big ORDER BY s, id LIMIT 10");
  expect_same("SELECT TOP 10 id, s FROM big ORDER BY s DESC, id", "SELECT id, s FROM big ORDER BY s DESC, id LIMIT 10");
  expect_same("SELECT TOP 6 id, LEFT(s, 2) AS p FROM big ORDER BY LEFT(s, 2) DESC, id",
              "SELECT id, left(s, 2) AS p FROM big ORDER BY left(s, 2) DESC, id LIMIT 6");
  expect_same("SELECT TOP 8 id, s FROM big WHERE k > 900 ORDER BY s + '  ' DESC, id",
              "SELECT id, s FROM big WHERE k > 900 ORDER BY s DESC, id LIMIT 8");
  // Every row tied on the first key: every group counted once (ClickBench's q33 shape), a constant first key, with
  // an integer, a double and a string second key (branch topn-next-key narrows such ties by the next key).
  expect_same("SELECT TOP 10 id, COUNT(*) AS c FROM big GROUP BY id ORDER BY c DESC, id DESC",
              "SELECT id, COUNT(*) AS c FROM big GROUP BY id ORDER BY c DESC, id DESC LIMIT 10");
  expect_same("SELECT TOP 10 id, k, v FROM big ORDER BY id % 1, k DESC, v, id",
              "SELECT id, k, v FROM big ORDER BY id % 1, k DESC NULLS LAST, v NULLS FIRST, id LIMIT 10");
  expect_same("SELECT TOP 10 id, f FROM big ORDER BY id % 1, f DESC, id",
              "SELECT id, f FROM big ORDER BY id % 1, f DESC NULLS LAST, id LIMIT 10");
  expect_same("SELECT TOP 10 id, s FROM big ORDER BY id % 1, s, id", "SELECT id, s FROM big ORDER BY id % 1, s, id LIMIT 10");
}

TEST_P(GpuEngine, FusedPredicatesAnswerAsTheFunctionThenTheComparison) {
  const std::vector<std::pair<std::string, std::string>> queries = {
      {"SELECT id FROM t WHERE YEAR(d) = 1994", "SELECT id FROM t WHERE year(d) = 1994"},
      {"SELECT id FROM t WHERE 1995 < YEAR(d)", "SELECT id FROM t WHERE 1995 < year(d)"},
      {"SELECT id, g FROM t WHERE LOWER(g) = 'abc'", "SELECT id, g FROM t WHERE lower(g) = 'abc'"},
      {"SELECT id FROM t WHERE LEFT(g, 1) IN ('a', 'x', '\xc3\xa9')", "SELECT id FROM t WHERE left(g, 1) IN ('a', 'x', '\xc3\xa9')"},
      {"SELECT id FROM t WHERE UPPER(g) >= 'X'", "SELECT id FROM t WHERE upper(g) >= 'X'"},
      {"SELECT count(*) FROM t WHERE DATEPART(quarter, d) <> 2", "SELECT count(*) FROM t WHERE quarter(d) <> 2"},
      {"SELECT id FROM t WHERE DATEDIFF(day, d, '1996-01-01') > 100",
       "SELECT id FROM t WHERE datediff('day', d, DATE '1996-01-01') > 100"},
      {"SELECT count(*) FROM t WHERE NOT (YEAR(d) = 1994) OR k IS NULL",
       "SELECT count(*) FROM t WHERE NOT (year(d) = 1994) OR k IS NULL"},
      {"SELECT g, count(*) FROM t WHERE YEAR(d) IN (1993, 1996) AND LOWER(g) <> 'zz' GROUP BY g",
       "SELECT g, count(*) FROM t WHERE year(d) IN (1993, 1996) AND lower(g) <> 'zz' GROUP BY g"},
  };
  engine::Options unfused_options;
  unfused_options.fuse_predicates = false;
  engine::Database unfused(unfused_options);
  unfused.add_table(tpch::parse_table(t_text(5000), "t.tbl", "t", t_schema(), tpch::LoadOptions::tbl()));
  for (const auto& [sql, duck_sql] : queries) {
    SCOPED_TRACE(sql);
    EXPECT_NE(db_->explain(sql).find("[fused]"), std::string::npos) << db_->explain(sql);
    EXPECT_EQ(unfused.explain(sql).find("[fused]"), std::string::npos);
    expect_same(sql, duck_sql);
    const engine::QueryResult fused_answer = db_->execute(sql), plain = unfused.execute(sql);
    const duckdb::CompareResult c =
        duckdb::compare_results(engine::row_set(plain), engine::row_set(fused_answer), engine::compare_options(fused_answer));
    EXPECT_TRUE(c.equal) << c.message;
  }
}

// Not fused: a comparison with a column, a constant of another type, a string result of unbounded length.
TEST_P(GpuEngine, FusedPredicatesOnlyWhereTheConstantHasTheResultsType) {
  for (const char* sql : {"SELECT id FROM t WHERE YEAR(d) = k", "SELECT id FROM t WHERE YEAR(d) = 1994.5",
                          "SELECT id FROM t WHERE REPLICATE(g, 30) = 'abc'"}) {
    SCOPED_TRACE(sql);
    EXPECT_EQ(db_->explain(sql).find("[fused]"), std::string::npos) << db_->explain(sql);
    EXPECT_NO_THROW(db_->execute(sql));
  }
}

}  // namespace
