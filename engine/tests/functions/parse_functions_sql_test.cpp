// PARSE, TRY_PARSE, RAND, CURRENT_TIMEZONE and CURRENT_TIMEZONE_ID from SQL. Expected values are SQL Server's
// documented examples ("PARSE (Transact-SQL)" A-C, "TRY_PARSE (Transact-SQL)", "RAND (Transact-SQL)",
// "CURRENT_TIMEZONE (Transact-SQL)", "CURRENT_TIMEZONE_ID (Transact-SQL)") written out by hand, the binder's choices
// (cultures, NULLs, target types), and, on a generated table with NULLs and text that does not parse, TRY_PARSE
// against DuckDB's TRY_CAST and try_strptime where the two read the same text.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

// t: 400 rows of an integer's text (signed, padded, or not a number), a float's text, an M/D/YYYY date's text
// (sometimes not a date), each NULL in about a tenth of the rows.
std::string t_text() {
  std::mt19937 rng(9819);
  std::ostringstream out;
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  for (int id = 1; id <= 400; ++id) {
    std::string i = std::to_string(static_cast<int64_t>(rng()) - (int64_t(1) << 31));
    if (pick(4) == 0) i = "+" + std::to_string(pick(1000));
    if (pick(4) == 0) i = "  " + i + " ";
    if (pick(8) == 0) i = pick(2) ? "x" + i : "12a";
    if (pick(10) == 0) i = "";
    const char* floats[] = {"0.1", "-1.25e3", "3.14159", "1E-5", "-0.0", ".5", "7.", "2.5e308", "abc", "1e+2"};
    std::string f = floats[pick(10)];
    const int y = 1753 + pick(8000), m = 1 + pick(12), d = 1 + pick(31);
    std::string dt = std::to_string(m) + "/" + std::to_string(d) + "/" + std::to_string(y);
    if (pick(10) == 0) dt = "Jabberwokkie";
    auto maybe = [&](const std::string& v) { return pick(10) == 0 ? std::string() : v; };
    // A NULL column is an empty field; the empty text is tested by hand below.
    out << id << '|' << maybe(i.empty() ? "0" : i) << '|' << maybe(f) << '|' << maybe(dt) << "|\n";
  }
  return out.str();
}

class ParseFunctions : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    storage::Table t = test::tbl_table("t", t_text(), storage::Schema({{"id", DataType::int32(), false},
                                                                       {"i", DataType::varchar(20), true},
                                                                       {"f", DataType::varchar(20), true},
                                                                       {"d", DataType::varchar(20), true}}));
    open(test::tables(std::move(t)));
  }
  static bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
};

}  // namespace

TEST_F(ParseFunctions, ParseDocumentedExamples) {
  // A: 2010-12-13 00:00:00.0000000.
  EXPECT_EQ(rows("SELECT PARSE('Monday, 13 December 2010' AS datetime2 USING 'en-US') AS Result"),
            V({"2010-12-13 00:00:00.0000000"}));
  // C: English is en-US; the session language's culture is used without USING.
  EXPECT_EQ(rows("SELECT PARSE('12/16/2010' AS datetime2) AS Result"), V({"2010-12-16 00:00:00.0000000"}));
  // B: PARSE('€345,98' AS money USING 'de-DE') is 345.98 in SQL Server; Tessera refuses de-DE (Msg 9818).
  EXPECT_TRUE(has(error("SELECT PARSE('\xE2\x82\xAC" "345,98' AS money USING 'de-DE')"), "Msg 9818"));
  // The same amount in en-US's own form.
  EXPECT_EQ(rows("SELECT PARSE('$345.98' AS money USING 'en-US')"), V({"345.9800"}));
  // PARSE takes what CONVERT does not: '100.00' as int (and groups, a trailing sign).
  EXPECT_EQ(rows("SELECT PARSE('100.00' AS int), PARSE(' 1,234,567 ' AS bigint), PARSE('42-' AS int)"),
            V({"100|1234567|-42"}));
}

TEST_F(ParseFunctions, TryParseDocumentedExamples) {
  // "TRY_PARSE (Transact-SQL)" A: 'Jabberwokkie' AS datetime2 USING 'en-US' is NULL.
  EXPECT_EQ(rows("SELECT TRY_PARSE('Jabberwokkie' AS datetime2 USING 'en-US') AS Result"), V({"NULL"}));
  // B: TRY_PARSE(... AS decimal) IS NULL gives 'True' (the page's culture, sr-Latn-CS, is not Tessera's: en-US here).
  EXPECT_EQ(rows("SELECT CASE WHEN TRY_PARSE('Aragorn' AS decimal USING 'en-US') IS NULL THEN 'True' ELSE 'False' END"),
            V({"True"}));
  // C: IIF(TRY_PARSE('01/01/2011' AS datetime2) IS NULL, 'True', 'False') is False.
  EXPECT_EQ(rows("SELECT IIF(TRY_PARSE('01/01/2011' AS datetime2) IS NULL, 'True', 'False') AS Result"), V({"False"}));
}

TEST_F(ParseFunctions, TargetTypesAndCultures) {
  EXPECT_EQ(rows("SELECT PARSE('1,234.565' AS decimal(10,2)), PARSE('-1.5e3' AS float), PARSE('($5.25)' AS money)"),
            V({"1234.57|-1500|-5.2500"}));
  EXPECT_EQ(rows("SELECT PARSE('March 1, 2024' AS date), PARSE('1/2/2020 3:04:05.5 PM' AS datetime), "
                 "PARSE('1/2/2020 10:00:31' AS smalldatetime), PARSE('13:45:30.25' AS time(2))"),
            V({"2024-03-01|2020-01-02 15:04:05.500|2020-01-02 10:01:00|13:45:30.25"}));
  // The invariant culture ('') reads numbers and dates as en-US does; its currency symbol is U+00A4.
  EXPECT_EQ(rows("SELECT PARSE('\xC2\xA4" "7.5' AS money USING ''), PARSE('12/16/2010' AS date USING ''), "
                 "PARSE('5' AS int USING 'EN')"),
            V({"7.5000|2010-12-16|5"}));
  EXPECT_EQ(rows("SELECT TRY_PARSE('$7' AS money USING '')"), V({"NULL"}));
  // TINYINT, SMALLINT through INT and CAST's range check.
  EXPECT_EQ(rows("SELECT PARSE('255' AS tinyint), TRY_PARSE('256' AS tinyint), TRY_PARSE('-32,769' AS smallint)"),
            V({"255|NULL|NULL"}));
}

TEST_F(ParseFunctions, ErrorsAndNulls) {
  // A row that does not parse: Msg 9819 (TRY_PARSE: NULL).
  EXPECT_TRUE(has(error("SELECT PARSE(i AS int) FROM t"), "Msg 9819"));
  EXPECT_TRUE(has(error("SELECT PARSE(d AS datetime2 USING 'en-US') FROM t"), "Msg 9819"));
  EXPECT_TRUE(has(error("SELECT PARSE('Tuesday, 13 December 2010' AS date)"), "Msg 9819"));  // .NET checks the weekday
  EXPECT_TRUE(has(error("SELECT PARSE('1/1/1600' AS datetime)"), "Msg 242"));
  EXPECT_TRUE(has(error("SELECT PARSE('123456' AS decimal(5,2))"), "Msg 8115"));
  // Cultures: other ones are Msg 9818; a culture must be a constant string.
  EXPECT_TRUE(has(error("SELECT PARSE('1' AS int USING 'fr-FR')"), "Msg 9818"));
  EXPECT_TRUE(has(error("SELECT TRY_PARSE('1' AS int USING 'sr-Latn-CS')"), "Msg 9818"));
  EXPECT_TRUE(has(error("SELECT PARSE('1' AS int USING i) FROM t"), "culture of PARSE must be a constant"));
  // A NULL constant is an error ("PARSE (Transact-SQL)", remarks); a NULL value at run time gives NULL.
  EXPECT_TRUE(has(error("SELECT PARSE(NULL AS int)"), "Msg 8116"));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM t WHERE i IS NULL AND TRY_PARSE(i AS int) IS NULL"),
            rows("SELECT COUNT(*) FROM t WHERE i IS NULL"));
  // Only strings, only number and date-time targets.
  EXPECT_TRUE(has(error("SELECT PARSE(5 AS int)"), "Msg 8116"));
  EXPECT_TRUE(has(error("SELECT PARSE('a' AS varchar(5))"), "Msg 10761"));
  EXPECT_EQ(rows("SELECT TRY_PARSE('' AS int), TRY_PARSE('1e5' AS int), TRY_PARSE('10:00 PM' AS time), "
                 "TRY_PARSE('2.5e308' AS float)"),
            V({"NULL|NULL|NULL|NULL"}));
}

TEST_F(ParseFunctions, TryParseAgainstDuckDb) {
  // Plain integers, padded or signed, and text that is no number: DuckDB's TRY_CAST reads them alike.
  same_as_duckdb("SELECT id, TRY_PARSE(i AS int), TRY_PARSE(i AS bigint) FROM t",
                 "SELECT id, TRY_CAST(i AS INTEGER), TRY_CAST(i AS BIGINT) FROM t");
  // Floats without groups; 2.5e308 is beyond FLOAT's range (NULL in both).
  same_as_duckdb("SELECT id, TRY_PARSE(f AS float USING 'en-US') FROM t WHERE f NOT IN ('-0.0', '2.5e308')",
                 "SELECT id, TRY_CAST(f AS DOUBLE) FROM t WHERE f NOT IN ('-0.0', '2.5e308')");
  // M/D/YYYY dates, invalid days (2/30) and words NULL.
  same_as_duckdb("SELECT id, TRY_PARSE(d AS date) FROM t", "SELECT id, CAST(try_strptime(d, '%m/%d/%Y') AS DATE) FROM t");
}

TEST_F(ParseFunctions, Rand) {
  // "RAND (Transact-SQL)": the same seed, the same value; in [0, 1).
  EXPECT_EQ(rows("SELECT CASE WHEN RAND(100) = RAND(100) AND RAND(100) <> RAND(101) THEN 1 ELSE 0 END"), V({"1"}));
  EXPECT_EQ(rows("SELECT CASE WHEN MIN(RAND(id)) >= 0 AND MAX(RAND(id)) < 1 AND COUNT(DISTINCT RAND(id)) = 400 "
                 "THEN 1 ELSE 0 END FROM t"),
            V({"1"}));
  // RAND() is one value per statement (every row the same), another in the next statement.
  EXPECT_EQ(rows("SELECT COUNT(DISTINCT RAND()) FROM t"), V({"1"}));
  const V a = rows("SELECT RAND()"), b = rows("SELECT RAND()");
  EXPECT_NE(a, b);
  EXPECT_EQ(rows("SELECT RAND(NULL)"), V({"NULL"}));
  EXPECT_TRUE(has(error("SELECT RAND(1, 2)"), "Msg 174"));
  EXPECT_TRUE(has(error("SELECT RAND('a')"), "Msg 8116"));
}

TEST_F(ParseFunctions, CurrentTimeZone) {
  // The server in UTC: SQL Server's answers on a UTC server.
  const char* saved = std::getenv("TZ");
  const std::string old = saved ? saved : "";
  setenv("TZ", "UTC", 1);
  EXPECT_EQ(rows("SELECT CURRENT_TIMEZONE(), CURRENT_TIMEZONE_ID()"), V({"(UTC) Coordinated Universal Time|UTC"}));
  // Another zone (POSIX "XXX-01:00" is one hour east of UTC): the offset alone.
  setenv("TZ", "XXX-01:00", 1);
  EXPECT_EQ(rows("SELECT CURRENT_TIMEZONE(), CURRENT_TIMEZONE_ID()"), V({"(UTC+01:00)|UTC+01:00"}));
  if (saved) setenv("TZ", old.c_str(), 1);
  else unsetenv("TZ");
  EXPECT_TRUE(has(error("SELECT CURRENT_TIMEZONE(1)"), "Msg 174"));
}
