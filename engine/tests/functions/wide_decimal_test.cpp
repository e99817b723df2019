// DECIMAL up to 38 digits (int128 storage): SQL Server's result types (SUM(DECIMAL(p,s)) is
// DECIMAL(38,s), products and quotients up to DECIMAL(38,s)), 38-digit literals and CASTs, wide keys
// in grouping, joins, sorting and DISTINCT, the .tbl loader, and overflow at 10^38. Answers that do
// not depend on SQL Server's typing are compared with DuckDB on the same table; the rest are checked
// against values worked out by hand from SQL Server's rules (docs/ENGINE.md, "DECIMAL").
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

std::string digits(std::mt19937_64& rng, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += static_cast<char>('0' + (i == 0 ? 1 + rng() % 9 : rng() % 10));
  return s;
}

// w(id, k DECIMAL(38,0) NULL, big DECIMAL(30,4), amt DECIMAL(12,2), huge DECIMAL(18,2)) as .tbl text:
// k from eight 30-digit keys (and NULL), big up to 20 integral digits, huge near 10^16 so that the
// SUM of 1,000 rows needs more than 18 digits.
std::string w_text() {
  std::mt19937_64 rng(38);
  std::vector<std::string> keys;
  for (int i = 0; i < 8; ++i) keys.push_back(digits(rng, 30));
  std::ostringstream out;
  for (int id = 1; id <= 1000; ++id) {
    const bool neg = rng() % 4 == 0;
    out << id << '|' << (id % 17 == 0 ? "" : keys[rng() % keys.size()]) << '|' << (neg ? "-" : "")
        << digits(rng, 1 + rng() % 20) << '.' << digits(rng, 4) << '|' << digits(rng, 1 + rng() % 10) << '.'
        << (rng() % 90 + 10) << '|' << "9" << digits(rng, 15) << "." << (rng() % 90 + 10) << "|\n";
  }
  return out.str();
}

storage::Schema w_schema() {
  return storage::Schema({{"id", DataType::int32(), false},
                          {"k", DataType::decimal(38, 0), true},
                          {"big", DataType::decimal(30, 4), false},
                          {"amt", DataType::decimal(12, 2), false},
                          {"huge", DataType::decimal(18, 2), false}});
}

storage::Table v_table() {
  // v(k DECIMAL(38,0), label): the first four of w's keys, one row each.
  std::mt19937_64 rng(38);
  std::ostringstream out;
  for (int i = 0; i < 4; ++i) out << digits(rng, 30) << "|key" << i << "|\n";
  return tpch::parse_table(out.str(), "v.tbl", "v",
                           storage::Schema({{"k", DataType::decimal(38, 0), false},
                                            {"label", DataType::varchar(10), false}}));
}

class WideDecimal : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    storage::Table w = test::tbl_table("w", w_text(), w_schema());
    storage::Table v = v_table();
    open(test::tables(std::move(w), std::move(v)));
  }
  // same_as_duckdb compares decimals exactly, across scales; its `duck_sql` is DuckDB's spelling where the dialect
  // differs (NULLs sort last there, first in SQL Server).
  static std::string type_of(const std::string& sql) {
    engine::QueryResult r = db_->execute(sql);
    return r.types.at(0).to_string();
  }
};

}  // namespace

TEST_F(WideDecimal, SumsBeyondEighteenDigitsEqualDuckDb) {
  // 1,000 values near 10^16 with 2 decimals: the SUM needs 22 digits (an overflow with int64 sums).
  same_as_duckdb("SELECT sum(huge), sum(big), sum(amt), count(*) FROM w");
  EXPECT_EQ(type_of("SELECT sum(huge) FROM w"), "DECIMAL(38,2)");
  EXPECT_EQ(type_of("SELECT avg(amt) FROM w"), "DECIMAL(38,6)");
  same_as_duckdb("SELECT avg(huge), avg(big) FROM w");
}

TEST_F(WideDecimal, ArithmeticOnWideColumnsEqualsDuckDb) {
  // (30,4) * (12,2) -> DECIMAL(38,6); (30,4) + (12,2) -> DECIMAL(31,4): no scale reduction, exact.
  // DuckDB multiplies two DECIMAL(18,2) in int64 and overflows: it gets the operand as DECIMAL(38,2).
  same_as_duckdb("SELECT id, big * amt, big + amt, big - huge, huge * huge FROM w ORDER BY id",
                 "SELECT id, big * amt, big + amt, big - huge, CAST(huge AS DECIMAL(38,2)) * huge FROM w ORDER BY id");
  EXPECT_EQ(type_of("SELECT big * amt FROM w"), "DECIMAL(38,6)");
  EXPECT_EQ(type_of("SELECT huge * huge FROM w"), "DECIMAL(37,4)");
  same_as_duckdb("SELECT id FROM w WHERE big > 12345678901234567.8901 ORDER BY id");
  same_as_duckdb("SELECT id, big FROM w WHERE big * amt < -100000000000000000000.5 ORDER BY id");
}

TEST_F(WideDecimal, WideKeysGroupJoinSortAndDistinct) {
  same_as_duckdb("SELECT k, count(*), sum(big), min(big), max(huge) FROM w GROUP BY k ORDER BY k",
                 "SELECT k, count(*), sum(big), min(big), max(huge) FROM w GROUP BY k ORDER BY k NULLS FIRST");
  same_as_duckdb("SELECT w.id, v.label, w.k FROM w JOIN v ON w.k = v.k ORDER BY w.id");
  same_as_duckdb("SELECT w.id FROM w WHERE w.k NOT IN (SELECT k FROM v) ORDER BY w.id");
  same_as_duckdb("SELECT id, big FROM w ORDER BY big DESC, id LIMIT 25");
  same_as_duckdb("SELECT count(DISTINCT k), count(DISTINCT big), min(k), max(k) FROM w");
  same_as_duckdb("SELECT DISTINCT k FROM w");
}

TEST_F(WideDecimal, SqlServerTypesAndRounding) {
  // SQL Server: decimal(38,10) * decimal(38,10) is decimal(38,6) (the scale is cut to keep the
  // integral digits), rounded half away from zero.
  EXPECT_EQ(rows("SELECT CAST(0.1 AS DECIMAL(38,10)) * CAST(0.1 AS DECIMAL(38,10))"), (V{"0.010000"}));
  EXPECT_EQ(rows("SELECT CAST(0.0000015 AS DECIMAL(38,10)) * CAST(1 AS DECIMAL(38,10))"), (V{"0.000002"}));
  EXPECT_EQ(rows("SELECT CAST(-0.0000015 AS DECIMAL(38,10)) * CAST(1 AS DECIMAL(38,10))"), (V{"-0.000002"}));
  // decimal(38,2) / decimal(38,2) is decimal(38,6), truncated.
  EXPECT_EQ(rows("SELECT CAST(2 AS DECIMAL(38,2)) / CAST(3 AS DECIMAL(38,2))"), (V{"0.666666"}));
  EXPECT_EQ(type_of("SELECT CAST(2 AS DECIMAL(38,2)) / CAST(3 AS DECIMAL(38,2))"), "DECIMAL(38,6)");
  // decimal(10,2) / int is decimal(21,13): the full SQL Server type now.
  EXPECT_EQ(rows("SELECT CAST(1.50 AS DECIMAL(10,2)) / 3"), (V{"0.5000000000000"}));
  // An integer literal beyond BIGINT is a DECIMAL(p,0); a 32-digit literal keeps every digit.
  EXPECT_EQ(rows("SELECT 12345678901234567890, 1234567890123456789012345678901.5"),
            (V{"12345678901234567890|1234567890123456789012345678901.5"}));
  EXPECT_EQ(type_of("SELECT 12345678901234567890"), "DECIMAL(20,0)");
  EXPECT_EQ(rows("SELECT CAST(1e20 AS DECIMAL(38,2)), CAST(-2.5e-3 AS DECIMAL(38,2))"),
            (V{"100000000000000000000.00|0.00"}));
  EXPECT_EQ(rows("SELECT CAST(CAST(12345678901234567890.126 AS DECIMAL(38,3)) AS DECIMAL(30,2))"),
            (V{"12345678901234567890.13"}));
  EXPECT_EQ(rows("SELECT 99999999999999999999999999999999999999 % 7, -12345678901234567890123 % 1000"),
            (V{"1|-123"}));
  // BIGINT meets DECIMAL as DECIMAL(19,0) and MONEY as DECIMAL(19,4): their largest values convert.
  EXPECT_EQ(rows("SELECT CAST(9223372036854775807 AS BIGINT) + 0.5, CAST(922337203685477.5807 AS MONEY) * 1.0"),
            (V{"9223372036854775807.5|922337203685477.58070"}));
  EXPECT_EQ(type_of("SELECT CAST(1 AS BIGINT) + 0.5"), "DECIMAL(21,1)");
}

TEST_F(WideDecimal, NarrowingForKernelsAndOverflowErrors) {
  // Kernels take DECIMAL(18, s): a wide value that fits converts, one that does not is Msg 8115.
  EXPECT_EQ(rows("SELECT CAST(CAST(123.45 AS DECIMAL(30,2)) AS VARCHAR(20)), ABS(CAST(-5 AS DECIMAL(38,0)))"),
            (V{"123.45|5"}));
  EXPECT_NE(error("SELECT CAST(CAST(12345678901234567890 AS DECIMAL(30,0)) AS VARCHAR(30))").find("Msg 8115"),
            std::string::npos);
  // 10^38 - 1 is the largest DECIMAL(38,0); one more overflows.
  EXPECT_NE(error("SELECT 99999999999999999999999999999999999999 + 1").find("Msg 8115"), std::string::npos);
  EXPECT_NE(error("SELECT CAST(big AS DECIMAL(10,2)) FROM w").find("Msg 8115"), std::string::npos);
  EXPECT_NE(error("SELECT sum(CAST(9 AS DECIMAL(38,0)) * 10000000000000000000000000000000000000) FROM w")
                .find("Msg 8115"),
            std::string::npos);
  EXPECT_NE(error("SELECT 123456789012345678901234567890123456789").find("more than 38 digits"), std::string::npos);
  EXPECT_NE(error("SELECT CAST(1 AS DECIMAL(39,2))").find("invalid DECIMAL(39,2)"), std::string::npos);
}

TEST(WideDecimalLoad, TblValuesUpToThirtyEightDigits) {
  const storage::Schema s({{"x", DataType::decimal(38, 4), false}, {"y", DataType::decimal(20, 0), true}});
  storage::Table t = tpch::parse_table("1234567890123456789012345678901234.5678|-99999999999999999999|\n"
                                       "-0.0001||\n",
                                       "x.tbl", "x", s);
  EXPECT_EQ(t.cell_text(0, 0), "1234567890123456789012345678901234.5678");
  EXPECT_EQ(t.cell_text(0, 1), "-99999999999999999999");
  EXPECT_EQ(t.cell_text(1, 0), "-0.0001");
  EXPECT_EQ(t.cell_text(1, 1), "NULL");
  try {
    tpch::parse_table("1|123456789012345678901|\n", "bad.tbl", "x", s);
    FAIL() << "a 21-digit value in DECIMAL(20,0) loaded";
  } catch (const tpch::LoadError& e) {
    EXPECT_EQ(e.line(), 1);
    EXPECT_NE(std::string(e.what()).find("DECIMAL(20,0)"), std::string::npos) << e.what();
  }
}
