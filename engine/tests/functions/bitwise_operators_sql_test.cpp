// The bitwise operators & | ^ ~ from SQL (issue 33). Expected values: the documented examples of "& (Bitwise AND)",
// "| (Bitwise OR)", "^ (Bitwise Exclusive OR)" and "~ (Bitwise NOT)" (170 and 75), SQL Server's "Operator
// Precedence" worked by hand, and on a generated table with NULLs against DuckDB (its &, |, ~ and xor(a, b); a BIT
// against its boolean AND/OR/<>/NOT, NULL taken out by CASE since DuckDB's AND is three-valued).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

// t: 300 rows of INT, BIGINT and two BITs, each NULL in about a quarter of the rows, and the extremes of each width.
std::string t_text() {
  std::mt19937_64 rng(35);
  auto maybe = [&](const std::string& v) { return rng() % 4 == 0 ? std::string() : v; };
  std::ostringstream out;
  out << "1|" << std::numeric_limits<int32_t>::min() << '|' << std::numeric_limits<int64_t>::min() << "|1|0|\n";
  out << "2|" << std::numeric_limits<int32_t>::max() << '|' << std::numeric_limits<int64_t>::max() << "|0|1|\n";
  out << "3|-1|-1|1|1|\n4|0|0|0|0|\n";
  for (int id = 5; id <= 300; ++id) {
    const int32_t a = static_cast<int32_t>(static_cast<uint32_t>(rng()));
    const int64_t b = static_cast<int64_t>(rng());
    out << id << '|' << maybe(std::to_string(id % 3 ? a : a % 1000)) << '|' << maybe(std::to_string(b)) << '|'
        << maybe(std::to_string(rng() % 2)) << '|' << maybe(std::to_string(rng() % 2)) << "|\n";
  }
  return out.str();
}

class BitwiseOperators : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    storage::Table t = test::tbl_table("t", t_text(), storage::Schema({{"id", DataType::int32(), false},
                                                                       {"a", DataType::int32(), true},
                                                                       {"b", DataType::int64(), true},
                                                                       {"f", DataType::boolean(), true},
                                                                       {"g", DataType::boolean(), true}}));
    open(test::tables(std::move(t)));
  }
  static std::vector<DataType> types(const std::string& sql) { return db_->execute(sql).types; }
};

}  // namespace

TEST_F(BitwiseOperators, DocumentedExamples) {
  // The pages' table holds a_int_value 170 and b_int_value 75.
  EXPECT_EQ(rows("SELECT 170 & 75, 170 | 75, 170 ^ 75, ~170, ~75"), V({"10|235|225|-171|-76"}));
  EXPECT_EQ(rows("SELECT CAST(170 AS BIGINT) & 75, CAST(170 AS BIGINT) | 75, 170 ^ CAST(75 AS BIGINT), ~CAST(170 AS BIGINT)"),
            V({"10|235|225|-171"}));
}

TEST_F(BitwiseOperators, ResultTypes) {
  // BIT with BIT is a BIT (~1 is 0, not -2); with INT an INT; with BIGINT a BIGINT.
  EXPECT_EQ(rows("SELECT CAST(1 AS BIT) & CAST(0 AS BIT), CAST(1 AS BIT) | CAST(0 AS BIT), CAST(1 AS BIT) ^ CAST(1 AS BIT), "
                 "~CAST(1 AS BIT), ~CAST(0 AS BIT)"),
            V({"0|1|0|0|1"}));
  const auto bit = types("SELECT CAST(1 AS BIT) & CAST(1 AS BIT), ~CAST(1 AS BIT)");
  EXPECT_EQ(bit[0].id, storage::TypeId::Bool);
  EXPECT_EQ(bit[1].id, storage::TypeId::Bool);
  const auto mixed = types("SELECT CAST(1 AS BIT) | 2, 1 ^ CAST(2 AS BIGINT), CAST(1 AS BIT) & CAST(3 AS BIGINT), ~5");
  EXPECT_EQ(mixed[0].id, storage::TypeId::Int32);
  EXPECT_EQ(mixed[1].id, storage::TypeId::Int64);
  EXPECT_EQ(mixed[2].id, storage::TypeId::Int64);
  EXPECT_EQ(mixed[3].id, storage::TypeId::Int32);
  EXPECT_EQ(rows("SELECT CAST(1 AS BIT) | 2, ~CAST(0 AS BIGINT), 2147483647 | CAST(4294967296 AS BIGINT)"),
            V({"3|-1|6442450943"}));
}

TEST_F(BitwiseOperators, Precedence) {
  // ~ before * before + - & ^ |, which go left to right: (1 + 2) & 3, (2 & 3) + 1, 6 | (1 * 2), (5 ^ 3) - 1,
  // (~1) * 3, (1 | 2) ^ 3, (6 & 3) | 8.
  EXPECT_EQ(rows("SELECT 1 + 2 & 3, 2 & 3 + 1, 6 | 1 * 2, 5 ^ 3 - 1, ~1 * 3, 1 | 2 ^ 3, 6 & 3 | 8, -~5, ~-5"),
            V({"3|3|6|5|-6|0|10|6|4"}));
  // Comparisons come after them: a & 4 = 4 is (a & 4) = 4.
  EXPECT_EQ(rows("SELECT id FROM t WHERE id & 4 = 4 AND id < 8 ORDER BY id"), V({"4", "5", "6", "7"}));
}

TEST_F(BitwiseOperators, NullsAndErrors) {
  EXPECT_EQ(rows("SELECT NULL & 1, 1 | NULL, NULL ^ NULL, ~CAST(NULL AS INT), CAST(NULL AS BIT) & CAST(1 AS BIT)"),
            V({"NULL|NULL|NULL|NULL|NULL"}));
  // SQL Server takes integers and BIT here (and BINARY, which Tessera lacks): other types are Msg 402 (binary) or
  // Msg 8117 (~), strings included.
  EXPECT_NE(error("SELECT 1.5 & 1").find("Msg 402"), std::string::npos);
  EXPECT_NE(error("SELECT 1 | CAST(2 AS FLOAT)").find("Msg 402"), std::string::npos);
  EXPECT_NE(error("SELECT '1' ^ 1").find("Msg 402"), std::string::npos);
  EXPECT_NE(error("SELECT ~1.5").find("Msg 8117"), std::string::npos);
  EXPECT_NE(error("SELECT ~'a'").find("Msg 8117"), std::string::npos);
  // The other uses of + and - are unchanged: string concatenation and date arithmetic.
  EXPECT_EQ(rows("SELECT 'a' + 'b', 3 - 1 & 1"), V({"ab|0"}));
}

TEST_F(BitwiseOperators, EqualDuckDb) {
  same_as_duckdb("SELECT id, a & b, a | b, a ^ b, ~a, ~b, a & 255, (a | b) & ~a, a ^ a, b | 1 FROM t ORDER BY id",
                 "SELECT id, a & b, a | b, xor(a, b), ~a, ~b, a & 255, (a | b) & ~a, xor(a, a), b | 1 FROM t ORDER BY id");
  // Left to right at one level, where DuckDB would bind & and | after + (spelled out for it).
  same_as_duckdb("SELECT id, a & 7 + 1, b ^ a | 3, a % 16 & 5 - 1 FROM t ORDER BY id",
                 "SELECT id, (a & 7) + 1, xor(b, a) | 3, ((a % 16) & 5) - 1 FROM t ORDER BY id");
  // As filters (a & k = k is a fused predicate where the catalog has one).
  same_as_duckdb("SELECT id, a FROM t WHERE a & 12 = 12 ORDER BY id", "SELECT id, a FROM t WHERE (a & 12) = 12 ORDER BY id");
  same_as_duckdb("SELECT id FROM t WHERE ~b < 0 AND (a | b) <> 0 ORDER BY id",
                 "SELECT id FROM t WHERE ~b < 0 AND (a | b) <> 0 ORDER BY id");
  // BIT with BIT: AND, OR, <> and NOT where neither is NULL.
  same_as_duckdb("SELECT id, f & g, f | g, f ^ g, ~f FROM t ORDER BY id",
                 "SELECT id, CASE WHEN f IS NULL OR g IS NULL THEN NULL ELSE f AND g END, "
                 "CASE WHEN f IS NULL OR g IS NULL THEN NULL ELSE f OR g END, f <> g, NOT f FROM t ORDER BY id");
  // BIT with INT is an INT.
  same_as_duckdb("SELECT id, f | a, g & b FROM t ORDER BY id",
                 "SELECT id, CAST(f AS INTEGER) | a, CAST(g AS BIGINT) & b FROM t ORDER BY id");
}
