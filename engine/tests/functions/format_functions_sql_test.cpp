// STR and FORMAT from SQL. Expected values are SQL Server's documented examples ("STR (Transact-SQL)" examples A-C,
// "FORMAT (Transact-SQL)" examples A-E) written out by hand, the binder's choices (defaults, kernels by type,
// cultures, constant arguments), and, on a generated table with NULLs, FORMAT's custom date formats and D/X against
// DuckDB's strftime, CAST and printf (the same text by other means).
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

// t: 300 rows of an INT, a BIGINT, a DATE and a format string, each NULL in about a fifth of the rows.
std::string t_text() {
  std::mt19937 rng(33);
  const char* formats[] = {"N0", "D", "X", "#,##0.00", "0.0E+0", "C", "P1"};
  auto maybe = [&](const std::string& v) { return rng() % 5 == 0 ? std::string() : v; };
  std::ostringstream out;
  for (int id = 1; id <= 300; ++id) {
    const int a = static_cast<int>(rng() % 2000001) - 1000000;
    const int64_t b = (static_cast<int64_t>(rng()) << 20) - (int64_t(1) << 50);
    const int y = 1000 + static_cast<int>(rng() % 9000), m = 1 + static_cast<int>(rng() % 12),
              d = 1 + static_cast<int>(rng() % 28);
    char date[16];
    std::snprintf(date, sizeof date, "%04d-%02d-%02d", y, m, d);
    out << id << '|' << maybe(std::to_string(a)) << '|' << maybe(std::to_string(b)) << '|' << maybe(date) << '|'
        << maybe(formats[rng() % 7]) << "|\n";
  }
  return out.str();
}

class FormatFunctions : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    storage::Table t = test::tbl_table("t", t_text(), storage::Schema({{"id", DataType::int32(), false},
                                                                       {"a", DataType::int32(), true},
                                                                       {"b", DataType::int64(), true},
                                                                       {"dt", DataType::date(), true},
                                                                       {"f", DataType::varchar(20), true}}));
    open(test::tables(std::move(t)));
  }
};

}  // namespace

TEST_F(FormatFunctions, StrDocumentedExamples) {
  EXPECT_EQ(rows("SELECT STR(123.45, 6, 1)"), V({" 123.5"}));          // A
  EXPECT_EQ(rows("SELECT STR(123.45, 2, 2)"), V({"**"}));              // B
  EXPECT_EQ(rows("SELECT STR(FLOOR(123.45), 8, 3)"), V({" 123.000"}));  // C
}

TEST_F(FormatFunctions, StrDefaultsTypesAndNulls) {
  EXPECT_EQ(rows("SELECT STR(123.45), STR(-2.5, 5), STR(12, 6, 2), STR(CAST(1.25 AS DECIMAL(5,3)), 6, 1)"),
            V({"       123|   -3| 12.00|   1.3"}));
  EXPECT_EQ(rows("SELECT STR(NULL), STR(1.5, NULL), STR(1.5, 5, NULL), STR(1.5, 0), STR(1.5, 5, -1)"),
            V({"NULL|NULL|NULL|NULL|NULL"}));
  EXPECT_EQ(rows("SELECT STR(a, 12, 1) FROM t WHERE id = 2"), rows("SELECT STR(CAST(a AS FLOAT), 12, 1) FROM t WHERE id = 2"));
  EXPECT_NE(error("SELECT STR(1.5, a) FROM t").find("length of STR must be a constant"), std::string::npos);
  EXPECT_EQ(rows("SELECT STR('1.5', 5, 1)"), V({"  1.5"}));  // a string converts implicitly, as CAST does
  EXPECT_NE(error("SELECT STR(CAST('2020-01-01' AS DATE))").find("Msg 8116"), std::string::npos);
}

TEST_F(FormatFunctions, FormatDocumentedExamples) {
  // A: a DATE in en-US.
  EXPECT_EQ(rows("SELECT FORMAT(CAST('2020-11-22' AS DATE), 'd', 'en-US'), FORMAT(CAST('2020-11-22' AS DATE), 'D', 'en-US')"),
            V({"11/22/2020|Sunday, November 22, 2020"}));
  // B: custom formats.
  EXPECT_EQ(rows("SELECT FORMAT(CAST('2020-11-22' AS DATE), 'dd/MM/yyyy', 'en-US'), FORMAT(123456789, '###-##-####')"),
            V({"22/11/2020|123-45-6789"}));
  // C: MONEY with N, G and C.
  EXPECT_EQ(rows("SELECT FORMAT(CAST(1.0002 AS MONEY), 'N', 'en-us'), FORMAT(CAST(1.0002 AS MONEY), 'G', 'en-us'), "
                 "FORMAT(CAST(1.0002 AS MONEY), 'C', 'en-us'), FORMAT(CAST(1.4683 AS MONEY), 'C', 'en-us')"),
            V({"1.00|1.0002|$1.00|$1.47"}));
  // D: TIME is a TimeSpan: ':' and '.' escaped, else NULL.
  EXPECT_EQ(rows("SELECT FORMAT(CAST('07:35' AS TIME), N'hh\\.mm'), FORMAT(CAST('07:35' AS TIME), N'hh\\:mm'), "
                 "FORMAT(CAST('07:35' AS TIME), N'hh:mm')"),
            V({"07.35|07:35|NULL"}));
  // E: AM/PM.
  EXPECT_EQ(rows("SELECT FORMAT(CAST('2018-01-01 01:00' AS DATETIME2), N'hh:mm tt'), "
                 "FORMAT(CAST('2018-01-01 14:00' AS DATETIME2), N'h:mm tt'), "
                 "FORMAT(CAST('2018-01-01 14:00' AS DATETIME2), N'HH:mm')"),
            V({"01:00 AM|2:00 PM|14:00"}));
}

TEST_F(FormatFunctions, FormatByTypeAndCulture) {
  EXPECT_EQ(rows("SELECT FORMAT(CAST(-1 AS INT), 'X'), FORMAT(CAST(-1 AS BIGINT), 'X'), FORMAT(1234567.891, 'N2'), "
                 "FORMAT(CAST(0.125 AS FLOAT), 'P1'), FORMAT(CAST(0.125 AS FLOAT), 'P1', '')"),
            V({"FFFFFFFF|FFFFFFFFFFFFFFFF|1,234,567.89|12.5%|12.5 %"}));
  EXPECT_EQ(rows("SELECT FORMAT(CAST(1.50 AS DECIMAL(5,2)), 'G'), FORMAT(CAST(-5 AS MONEY), 'C'), "
                 "FORMAT(CAST(-5 AS MONEY), 'C', ''), FORMAT(1.5, 'D'), FORMAT(1, 'Q')"),
            V({"1.50|($5.00)|(\xC2\xA4" "5.00)|NULL|NULL"}));
  EXPECT_EQ(rows("SELECT FORMAT(CAST('2009-06-15 13:45:30.1234567' AS DATETIME2), 'O'), "
                 "FORMAT(CAST('2009-06-15 13:45:30.123' AS DATETIME), 'yyyy-MM-dd HH:mm:ss.fff'), "
                 "FORMAT(CAST('2009-06-15 13:45' AS SMALLDATETIME), 'g', ''), "
                 "FORMAT(CAST('2009-06-15' AS DATE), 'D', 'en')"),
            V({"2009-06-15T13:45:30.1234567|2009-06-15 13:45:30.123|06/15/2009 13:45|Monday, June 15, 2009"}));
  EXPECT_EQ(rows("SELECT FORMAT(NULL, 'N'), FORMAT(1, NULL), FORMAT(1, 'N', NULL), FORMAT(CAST(NULL AS INT), 'N')"),
            V({"NULL|NULL|NULL|NULL"}));
  EXPECT_NE(error("SELECT FORMAT(1, 'N', 'de-DE')").find("Msg 9818"), std::string::npos);
  EXPECT_NE(error("SELECT FORMAT(1, 'N', id) FROM t").find("culture of FORMAT must be a constant"), std::string::npos);
  EXPECT_NE(error("SELECT FORMAT('x', 'N')").find("Msg 8116"), std::string::npos);
  EXPECT_NE(error("SELECT FORMAT(1, 5)").find("Msg 8116"), std::string::npos);
}

TEST_F(FormatFunctions, FormatStringFromAColumn) {
  // The format is per row: each row's own, NULL gives NULL.
  EXPECT_EQ(rows("SELECT FORMAT(1234, f) FROM (SELECT 'N0' AS f UNION ALL SELECT '#,##0.00' UNION ALL SELECT 'X' "
                 "UNION ALL SELECT CAST(NULL AS VARCHAR(10))) AS x ORDER BY 1"),
            V({"NULL", "1,234", "1,234.00", "4D2"}));
  // In a filter: fused into a predicate kernel for INT; a FLOAT's result can be longer than a fused predicate's
  // buffer (1E308 with N is 415 bytes), so it is computed and compared apart.
  EXPECT_EQ(rows("SELECT COUNT(*) FROM t WHERE FORMAT(a, 'N0') LIKE '%,%'"),
            rows("SELECT COUNT(*) FROM t WHERE a <= -1000 OR a >= 1000"));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM t WHERE FORMAT(CAST(a AS FLOAT), 'N0') = FORMAT(a, 'N0')"),
            rows("SELECT COUNT(*) FROM t WHERE a IS NOT NULL"));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM t WHERE FORMAT(CAST(a AS FLOAT), '0') = '12'"),
            rows("SELECT COUNT(*) FROM t WHERE a = 12"));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM t WHERE FORMAT(a, f) IS NULL"),
            rows("SELECT COUNT(*) FROM t WHERE a IS NULL OR f IS NULL"));
}

TEST_F(FormatFunctions, FormatEqualsDuckDb) {
  same_as_duckdb("SELECT id, FORMAT(dt, 'yyyy-MM-dd'), FORMAT(dt, 'dddd, MMMM dd, yyyy', 'en-US') FROM t",
                 "SELECT id, strftime(dt, '%Y-%m-%d'), strftime(dt, '%A, %B %d, %Y') FROM t");
  same_as_duckdb("SELECT id, FORMAT(a, 'D'), FORMAT(b, 'D'), FORMAT(a, 'D9') FROM t",
                 "SELECT id, CAST(a AS VARCHAR), CAST(b AS VARCHAR), CASE WHEN a < 0 THEN '-' || lpad(CAST(-a AS VARCHAR), 9, "
                 "'0') ELSE lpad(CAST(a AS VARCHAR), 9, '0') END FROM t");
  same_as_duckdb("SELECT id, FORMAT(b, 'x') FROM t WHERE b >= 0", "SELECT id, printf('%x', b) FROM t WHERE b >= 0");
}
