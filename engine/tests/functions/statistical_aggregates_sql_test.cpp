// SQL Server's statistical aggregates from SQL (issue 33): STDEV, STDEVP, VAR, VARP and APPROX_COUNT_DISTINCT,
// whole and under GROUP BY, with DISTINCT, NULLs, one-row, all-NULL and empty groups, against DuckDB's
// stddev_samp, stddev_pop, var_samp, var_pop and count(DISTINCT). Every query runs twice: on a Database that
// aggregates whole and on one that streams every aggregation in morsels of 7 rows (Options::morsel_rows: the
// partial COUNTs and SUMs of the binder's rewrite merge across morsels), and the answers must not change.
//
// Tolerance: the binder computes m2 = SUM(x*x) - SUM(x)^2 / n in FLOAT, whose relative error is at most about
// 4 n u (1 + mean^2 / VARP), u = 2^-53 (docs/FUNCTIONS.md). On the columns below the mean is within a few
// standard deviations of 0 and n <= 400, so the bound is below 1e-12 and the comparer's default 1e-9 holds with
// room for the different summation orders of the threads, the morsels and (on the GPU) the atomics. The
// large-offset columns are compared within the bound itself, computed from the data.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;

namespace {

constexpr int kRows = 400;

// Group of row `id`: 'one' holds a single row, 'nulls' rows whose numbers are all NULL.
std::string group_of(int id) {
  if (id == 1) return "one";
  if (id % 37 == 0) return "nulls";
  const char* groups[] = {"a", "b", "c", "d"};
  return groups[id % 4];
}

// s: id, g, i INT, b BIGINT, f FLOAT, d DECIMAL(10,2), pm INT (values and their negatives: DISTINCT's squares),
// o4 FLOAT near 1e4 and o6 FLOAT near 1e6 (large offsets against a spread of 100), txt VARCHAR.
std::string s_text(int rows) {
  std::mt19937 rng(3303);
  std::ostringstream out;
  out.precision(17);
  for (int id = 1; id <= rows; ++id) {
    const bool nulls = group_of(id) == "nulls";
    // Row 1 (group 'one') has every value.
    auto maybe = [&](const std::string& v) { return nulls || (id != 1 && rng() % 6 == 0) ? std::string() : v; };
    const double spread = static_cast<double>(rng() % 100000) / 1000.0;
    out << id << '|' << group_of(id) << '|' << maybe(std::to_string(static_cast<int>(rng() % 2001) - 1000)) << '|'
        << maybe(std::to_string((static_cast<int64_t>(rng() % 2000000) - 1000000) * 1000003)) << '|'
        << maybe(std::to_string((static_cast<int>(rng() % 4000) - 2000) / 8.0)) << '|'
        << maybe(std::to_string(static_cast<int>(rng() % 200000) - 100000) + "." + std::to_string(10 + rng() % 90)) << '|'
        << maybe(std::to_string((rng() % 2 ? 1 : -1) * static_cast<int>(rng() % 20))) << '|';
    out << (nulls ? std::string() : std::to_string(1e4 + spread)) << '|';
    out << (nulls ? std::string() : std::to_string(1e6 + spread)) << '|';
    out << maybe("w" + std::to_string(rng() % 30)) << "|\n";
  }
  return out.str();
}

storage::Schema s_schema() {
  return storage::Schema({{"id", DataType::int32(), false},
                          {"g", DataType::varchar(10), false},
                          {"i", DataType::int32(), true},
                          {"b", DataType::int64(), true},
                          {"f", DataType::float64(), true},
                          {"d", DataType::decimal(10, 2), true},
                          {"pm", DataType::int32(), true},
                          {"o4", DataType::float64(), true},
                          {"o6", DataType::float64(), true},
                          {"txt", DataType::varchar(10), true}});
}

// DuckDB's names for SQL Server's statistical aggregates.
std::string duck_dialect(std::string q) {
  const std::pair<const char*, const char*> names[] = {{"STDEVP(", "stddev_pop("}, {"STDEV(", "stddev_samp("},
                                                        {"VARP(", "var_pop("},      {"VAR(", "var_samp("},
                                                        {"APPROX_COUNT_DISTINCT(", "count(DISTINCT "}};
  for (const auto& [from, to] : names)
    for (size_t at = q.find(from); at != std::string::npos; at = q.find(from, at)) {
      const bool word_start = at == 0 || !(std::isalnum(static_cast<unsigned char>(q[at - 1])) || q[at - 1] == '_');
      if (word_start) q.replace(at, std::string(from).size(), to);
      at += 1;
    }
  return q;
}

class StatisticalAggregates : public test::SqlOracleTest {
 protected:
  static storage::Table table(const std::string& name, int rows) {
    return test::tbl_table(name, s_text(rows), s_schema());
  }
  // DuckDB and whole_ (the base's Database), then streamed_: the same tables, aggregations in morsels of 7 rows.
  static void SetUpTestSuite() {
    open(test::tables(table("s", kRows), table("e", 0)));
    whole_ = db_;
    engine::Options o = two_threads();
    o.morsel_rows = 7;
    streamed_ = new engine::Database(o);
    streamed_->add_table(table("s", kRows));
    streamed_->add_table(table("e", 0));
  }
  static void TearDownTestSuite() {
    delete streamed_;
    streamed_ = whole_ = nullptr;
    SqlOracleTest::TearDownTestSuite();
  }
  // Both Databases answer `sql` as DuckDB answers it in its dialect (or `duck_sql`), doubles within `rel_tol`.
  static void expect_same(const std::string& sql, double rel_tol = 1e-9, const std::string& duck_sql = "") {
    SCOPED_TRACE(sql);
    const duckdb::Result expected = duck_->query(duck_sql.empty() ? duck_dialect(sql) : duck_sql);
    for (engine::Database* db : {whole_, streamed_}) {
      SCOPED_TRACE(db == whole_ ? "whole" : "streamed in morsels of 7 rows");
      engine::QueryResult actual;
      try {
        actual = db->execute(sql);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "Tessera failed: " << e.what();
        continue;
      }
      duckdb::CompareOptions opts = engine::compare_options(actual);
      opts.rel_tol = rel_tol;
      const duckdb::CompareResult c = duckdb::compare_results(expected.row_set(), engine::row_set(actual), opts);
      EXPECT_TRUE(c.equal) << c.message;
      EXPECT_GT(actual.rows, 0);
    }
  }
  static std::string explain_analyze(engine::Database& db, const std::string& q) {
    std::string text;
    for (const std::string& line : test::text_rows(db, "EXPLAIN ANALYZE " + q)) text += line + "\n";
    return text;
  }
  static engine::Database* whole_;
  static engine::Database* streamed_;
};
engine::Database* StatisticalAggregates::whole_ = nullptr;
engine::Database* StatisticalAggregates::streamed_ = nullptr;

TEST_F(StatisticalAggregates, WholeTableOnEveryNumericType) {
  expect_same("SELECT STDEV(i), STDEVP(i), VAR(i), VARP(i), STDEV(b), STDEVP(b), VAR(b), VARP(b) FROM s");
  expect_same("SELECT STDEV(f), STDEVP(f), VAR(f), VARP(f), STDEV(d), STDEVP(d), VAR(d), VARP(d) FROM s");
  expect_same("SELECT APPROX_COUNT_DISTINCT(i), APPROX_COUNT_DISTINCT(txt), APPROX_COUNT_DISTINCT(pm), count(*) FROM s");
  expect_same("SELECT STDEV(i * 2 + 1), VAR(f - i), VARP(f / 3), STDEVP(d * 2) FROM s WHERE id % 3 <> 0");
}

// The binder's rewrite streams: its COUNTs and SUMs are split into partial aggregates per morsel.
TEST_F(StatisticalAggregates, StreamedInMorsels) {
  const char* q = "SELECT g, STDEV(i), VARP(f) FROM s GROUP BY g";
  EXPECT_THAT(explain_analyze(*streamed_, q), HasSubstr("streamed in"));
  EXPECT_EQ(test::text_rows(*streamed_, "SELECT VAR(i), STDEVP(d) FROM s"), test::text_rows(*whole_, "SELECT VAR(i), STDEVP(d) FROM s"));
}

// Groups: 'one' (a single row: STDEV and VAR NULL, STDEVP and VARP 0), 'nulls' (only NULLs: NULL, and 0 distinct).
TEST_F(StatisticalAggregates, UnderGroupByWithOneRowAndAllNullGroups) {
  expect_same("SELECT g, STDEV(i), STDEVP(i), VAR(i), VARP(i), APPROX_COUNT_DISTINCT(i), count(i) FROM s GROUP BY g");
  expect_same("SELECT g, STDEV(b), VARP(b), STDEV(f), VAR(d), STDEVP(d), avg(f), count(*) FROM s GROUP BY g");
  expect_same("SELECT g, i % 3, VAR(f), STDEVP(d) FROM s GROUP BY g, i % 3");
  expect_same("SELECT g, STDEV(f) FROM s GROUP BY g HAVING VAR(i) > 0");
  EXPECT_EQ(test::text_rows(*whole_, "SELECT STDEV(i), STDEVP(i), VAR(i), VARP(i), APPROX_COUNT_DISTINCT(i) FROM s WHERE g = 'one'"),
            (std::vector<std::string>{"NULL|0|NULL|0|1"}));
  EXPECT_EQ(test::text_rows(*streamed_, "SELECT STDEV(i), STDEVP(i), VAR(i), VARP(i), APPROX_COUNT_DISTINCT(i) FROM s WHERE g = 'nulls'"),
            (std::vector<std::string>{"NULL|NULL|NULL|NULL|0"}));
}

TEST_F(StatisticalAggregates, EmptyInputIsNull) {
  for (engine::Database* db : {whole_, streamed_}) {
    EXPECT_EQ(test::text_rows(*db, "SELECT STDEV(i), STDEVP(f), VAR(d), VARP(b), APPROX_COUNT_DISTINCT(txt) FROM e"),
              (std::vector<std::string>{"NULL|NULL|NULL|NULL|0"}));
    EXPECT_TRUE(test::text_rows(*db, "SELECT g, STDEV(i) FROM e GROUP BY g").empty());
  }
}

// DISTINCT counts each value once per group; pm holds values with their negatives, whose squares are equal.
TEST_F(StatisticalAggregates, Distinct) {
  expect_same("SELECT STDEV(DISTINCT pm), STDEVP(DISTINCT pm), VAR(DISTINCT pm), VARP(DISTINCT pm), STDEV(pm) FROM s");
  expect_same("SELECT g, STDEV(DISTINCT i), VAR(DISTINCT f), VARP(DISTINCT d), STDEVP(DISTINCT pm), VAR(pm) FROM s GROUP BY g");
  expect_same("SELECT g, VARP(DISTINCT pm * pm), STDEV(DISTINCT -pm) FROM s GROUP BY g");
}

// Values near 1e4 and 1e6 with a spread of 100: SQL Server's one-pass formula loses digits as mean^2 / VARP grows,
// within the documented bound 4 n u (1 + mean^2 / VARP), here about 2e-8 and 2e-4 for the largest group.
TEST_F(StatisticalAggregates, LargeOffsetsWithinTheErrorBound) {
  for (const char* col : {"o4", "o6"}) {
    // The bound over the groups (and the whole table), from DuckDB's stable mean and variance.
    const duckdb::Result r = duck_->query(std::string("SELECT max(c * (1 + m * m / v)) FROM (SELECT count(") + col +
                                          ") c, avg(" + col + ") m, var_pop(" + col + ") v FROM s GROUP BY ROLLUP(g)) WHERE v > 0");
    const double kappa_n = std::stod(r.row_set().rows.at(0).at(0).to_string());
    const double bound = 4 * kappa_n * std::ldexp(1.0, -53);
    SCOPED_TRACE(std::string(col) + " relative error bound " + std::to_string(bound));
    EXPECT_LT(bound, std::string(col) == "o4" ? 1e-7 : 1e-3);
    const std::string c = col;
    expect_same("SELECT g, VAR(" + c + "), VARP(" + c + "), STDEV(" + c + "), STDEVP(" + c + ") FROM s GROUP BY g", bound);
    expect_same("SELECT VAR(" + c + "), STDEVP(" + c + ") FROM s", bound);
    // Shifted by a constant near the mean (exact in FLOAT here), the same variance to the default tolerance.
    expect_same("SELECT g, VAR(" + c + " - " + (c == "o4" ? "10000" : "1000000") + ") FROM s GROUP BY g", 1e-9,
                "SELECT g, var_samp(" + c + ") FROM s GROUP BY g");
  }
}

// Far beyond the bound (1e10 + 1 .. 6: SQL Server's VAR answers 0 there) the answer is still a number >= 0,
// never the square root of a negative.
TEST_F(StatisticalAggregates, HugeOffsetsStayNonNegative) {
  for (engine::Database* db : {whole_, streamed_}) {
    const auto rows = test::text_rows(*db, "SELECT STDEV(x + 1e10), VARP(x + 1e10), VAR(x) FROM (SELECT CAST(id AS FLOAT) x "
                                           "FROM s WHERE id <= 6) v");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_THAT(rows[0], ::testing::EndsWith("|3.5"));
    EXPECT_EQ(rows[0].find('-'), std::string::npos) << rows[0];
  }
}

// As window functions: COUNT_BIG, SUM and SUM of squares over the same window. A frame that slides (its start
// not the partition's) takes its sums as differences of prefix sums, so n in the bound is the partition's rows up
// to the frame's end.
TEST_F(StatisticalAggregates, AsWindowFunctions) {
  expect_same("SELECT id, STDEV(i) OVER (PARTITION BY g), VARP(f) OVER (PARTITION BY g ORDER BY id), VAR(d) OVER () FROM s");
  expect_same("SELECT id, g, STDEVP(b) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 3 PRECEDING AND 1 FOLLOWING), "
              "VAR(i) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING) FROM s");
  expect_same("SELECT g, STDEV(i), STDEV(STDEV(i)) OVER () FROM s GROUP BY g");
}

TEST_F(StatisticalAggregates, Errors) {
  EXPECT_THAT(test::error_of(*whole_, "SELECT STDEV(txt) FROM s"),
              HasSubstr("Msg 8117: Operand data type varchar is invalid for stdev operator."));
  EXPECT_THAT(test::error_of(*whole_, "SELECT APPROX_COUNT_DISTINCT(i) OVER (PARTITION BY g) FROM s"),
              HasSubstr("APPROX_COUNT_DISTINCT OVER (...) is not supported"));
  EXPECT_THAT(test::error_of(*whole_, "SELECT STDEV(DISTINCT i) OVER (PARTITION BY g) FROM s"), HasSubstr("Msg 10759"));
  EXPECT_THAT(test::error_of(*whole_, "SELECT VAR(txt) OVER () FROM s"), HasSubstr("Msg 8117"));
  EXPECT_THAT(test::error_of(*whole_, "SELECT VAR(*) FROM s"), HasSubstr("VAR(*) is not valid"));
  EXPECT_THAT(test::error_of(*whole_, "SELECT id FROM s WHERE VARP(i) > 0"), HasSubstr("not allowed"));
}

}  // namespace
