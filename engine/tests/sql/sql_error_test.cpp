// Malformed SQL gets a ParseError at the right line:column saying what was expected and what was found.
#include <gtest/gtest.h>

#include "tessera/sql/parser.hpp"

using namespace tessera::sql;

namespace {

std::string error_of(std::string_view sql) {
  try {
    parse_script(sql);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(SqlError, MissingFromItem) {
  EXPECT_EQ(error_of("INSERT INTO t VALUES 1"), "1:22: expected '(' before a row of VALUES, found '1'");
  EXPECT_EQ(error_of("SELECT a FROM (SELECT b INTO x FROM t) s"),
            "1:25: SELECT ... INTO is allowed only in the outermost SELECT of a statement");
  EXPECT_EQ(error_of("WITH c AS (SELECT 1 AS x INTO y) SELECT x FROM c"),
            "1:26: SELECT ... INTO is allowed only in the outermost SELECT of a statement");
  EXPECT_EQ(error_of("CREATE TABLE t (a INT, PRIMARY KEY (a))"),
            "1:24: table constraints (PRIMARY) are not supported; declare columns only");
  EXPECT_EQ(error_of("TRUNCATE t"), "1:10: expected TABLE after TRUNCATE, found 't'");
  EXPECT_EQ(error_of("SELECT a\nFROM\nWHERE a = 1"), "3:1: expected a table name or '(' after FROM, found 'WHERE'");
  EXPECT_EQ(error_of("SELECT a FROM t, WHERE a = 1"),
            "1:18: expected a table name or '(' after ',' in the FROM list, found 'WHERE'");
  EXPECT_EQ(error_of("SELECT a FROM t JOIN ON x"), "1:22: expected a table name or '(' after JOIN, found 'ON'");
}

TEST(SqlError, UnclosedParenthesis) {
  EXPECT_EQ(error_of("SELECT (a + b\nFROM t"), "2:1: expected ')' to close the parenthesis opened at 1:8, found 'FROM'");
  EXPECT_EQ(error_of("SELECT a FROM t WHERE x IN (SELECT y FROM u"),
            "1:44: expected ')' to close the subquery opened at 1:28, found end of input");
  EXPECT_EQ(error_of("SELECT a FROM t WHERE x IN (1, 2"),
            "1:33: expected ',' or ')' in the IN list opened at 1:28, found end of input");
  EXPECT_EQ(error_of("SELECT sum(a FROM t"), "1:14: expected ')' after the argument list of SUM, found 'FROM'");
}

TEST(SqlError, UnterminatedString) {
  EXPECT_EQ(error_of("SELECT * FROM t\nWHERE s = 'abc"),
            "2:11: unterminated string literal: expected closing ' before end of input");
}

TEST(SqlError, BadToken) {
  EXPECT_EQ(error_of("SELECT a ? b FROM t"), "1:10: unexpected character '?'");
  EXPECT_EQ(error_of("SELECT 1x FROM t"), "1:8: malformed number '1x'");
  EXPECT_EQ(error_of("SELECT a FROM t WHERE a = = 1"), "1:27: expected an expression after '=', found '='");
}

TEST(SqlError, DatePartWithoutPartKeyword) {
  EXPECT_EQ(error_of("SELECT DATEPART('quarter', d) FROM t"),
            "1:17: expected a date part keyword (year, quarter, month, dayofyear, day, week, weekday, iso_week) as "
            "the first argument of DATEPART, found string literal 'quarter'");
  EXPECT_EQ(error_of("SELECT DATEADD(1, 2, d) FROM t"),
            "1:16: expected a date part keyword (year, quarter, month, dayofyear, day, week, weekday, iso_week) as "
            "the first argument of DATEADD, found '1'");
  EXPECT_EQ(error_of("SELECT DATEPART(d) FROM t"), "1:18: expected ',' after the date part of DATEPART, found ')'");
  EXPECT_EQ(error_of("SELECT\n  a,\n  DATEPART(year, d FROM t"),
            "3:20: expected ')' after the argument list of DATEPART, found 'FROM'");
}

TEST(SqlError, CastWithoutAs) {
  EXPECT_EQ(error_of("SELECT CAST(x INT) FROM t"), "1:15: expected AS after the value in CAST(x AS type), found 'INT'");
  EXPECT_EQ(error_of("SELECT CAST(x AS foo) FROM t"),
            "1:18: expected a type name (INT, BIGINT, DECIMAL(p,s), FLOAT, REAL, MONEY, DATE, DATETIME2(p), VARCHAR(n), "
            "...) after AS in CAST, found 'foo'");
  EXPECT_EQ(error_of("SELECT CONVERT(d, 101) FROM t"),
            "1:16: expected a type name (INT, BIGINT, DECIMAL(p,s), FLOAT, REAL, MONEY, DATE, DATETIME2(p), VARCHAR(n), "
            "...) as the first argument of CONVERT (CONVERT(type, value [, style])), found 'd'");
  EXPECT_EQ(error_of("SELECT CAST(x AS DECIMAL(15,) FROM t"),
            "1:29: expected a scale after the precision in DECIMAL(, found ')'");
}

TEST(SqlError, TrailingGarbage) {
  EXPECT_EQ(error_of("SELECT a FROM t WHERE a = 1 xyz"),
            "1:29: expected ';' or end of input after the statement, found 'xyz'");
  EXPECT_EQ(error_of("SELECT a FROM t)"), "1:16: expected ';' or end of input after the statement, found ')'");
  try {
    parse_statement("SELECT 1; SELECT 2");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_STREQ(e.what(), "1:11: expected end of input after the statement, found 'SELECT'");
  }
}

TEST(SqlError, EmptyInput) {
  EXPECT_EQ(error_of(""), "1:1: expected a statement (SELECT, WITH, INSERT, CREATE TABLE, CREATE VIEW, DROP, TRUNCATE TABLE), found end of input");
  EXPECT_EQ(error_of("  -- only a comment\n"),
            "2:1: expected a statement (SELECT, WITH, INSERT, CREATE TABLE, CREATE VIEW, DROP, TRUNCATE TABLE), found end of input");
  EXPECT_EQ(error_of("SELECT 1;;"), "1:10: expected a statement (SELECT, WITH, INSERT, CREATE TABLE, CREATE VIEW, DROP, TRUNCATE TABLE), found ';'");
  EXPECT_EQ(error_of("SELECT FROM t"), "1:8: expected an expression or '*' in the select list, found 'FROM'");
}

TEST(SqlError, MoreShapes) {
  EXPECT_EQ(error_of("SELECT a FROM t WHERE"), "1:22: expected a condition after WHERE, found end of input");
  EXPECT_EQ(error_of("SELECT * FROM (SELECT 1) WHERE 1 = 1"),
            "1:26: expected an alias after the subquery in FROM (a derived table needs a name), found 'WHERE'");
  EXPECT_EQ(error_of("SELECT a AS select FROM t"),
            "1:13: expected an alias after AS in the select list, found reserved word 'select' (quote it as "
            "\"select\" to use it as a name)");
  EXPECT_EQ(error_of("SELECT CASE WHEN a THEN 1 FROM t"),
            "1:27: expected WHEN, ELSE or END in the CASE expression started at 1:8, found 'FROM'");
  EXPECT_EQ(error_of("SELECT a FROM t WHERE a BETWEEN 1 OR 2"), "1:35: expected AND between the bounds of BETWEEN, found 'OR'");
  EXPECT_EQ(error_of("SELECT a FROM t GROUP a"), "1:23: expected BY after GROUP, found 'a'");
  EXPECT_EQ(error_of("SELECT a FROM t WHERE a IS 1"), "1:28: expected NULL after IS, found '1'");
  EXPECT_EQ(error_of("SELECT extract(year l_shipdate) FROM t"),
            "1:21: expected FROM after the field in EXTRACT(YEAR, found 'l_shipdate'");
  EXPECT_EQ(error_of("SELECT a FROM t LIMIT x"), "1:23: expected an integer row count after LIMIT, found 'x'");
  EXPECT_EQ(error_of("SELECT d - interval '3' week FROM t"),
            "1:25: expected YEAR, MONTH or DAY after the value of INTERVAL, found 'week'");
  EXPECT_EQ(error_of("CREATE TABLE t"), "1:15: expected '(' after the table name in CREATE TABLE (or AS SELECT ...), found end of input");
  EXPECT_EQ(error_of("SELECT a FROM t ORDER BY a UNION SELECT b FROM u"),
            "1:28: ORDER BY, OFFSET and LIMIT may only follow the last query of a UNION (they apply to the combined rows)");
  EXPECT_EQ(error_of("SELECT a FROM t UNION"), "1:22: expected SELECT or '(', found end of input");
  EXPECT_EQ(error_of("SELECT a FROM t UNION SELECT b INTO x FROM u"),
            "1:32: SELECT ... INTO is allowed only in the outermost SELECT of a statement");
}

// A chain of set operations is a plan as deep as it is long: bounded like operator chains.
TEST(SqlError, OverlongSetOperationChainsAreAnErrorNotACrash) {
  std::string q = "SELECT 1";
  for (int i = 0; i < 300; ++i) q += " UNION ALL SELECT 1";
  EXPECT_NE(error_of(q).find("too many UNION, INTERSECT and EXCEPT operators in one statement (at most 256)"),
            std::string::npos);
}

// Flat chains become trees as deep as they are long (9,000 terms crashed the binder; issue 12).
TEST(SqlError, OverlongOperatorChainsAreAnErrorNotACrash) {
  std::string sum = "SELECT 1";
  for (int i = 0; i < 9000; ++i) sum += "+1";
  EXPECT_NE(error_of(sum).find("expression too long: more than 2048 operators in a row"), std::string::npos);
  std::string ors = "SELECT a FROM t WHERE a = 0";
  for (int i = 1; i < 10000; ++i) ors += " OR a = " + std::to_string(i);
  EXPECT_NE(error_of(ors).find("use IN (...)"), std::string::npos);
  for (const char* op : {" AND a > ", " * ", " = "}) {
    std::string chain = "SELECT 1 FROM t WHERE 1";
    for (int i = 0; i < 3000; ++i) chain += op + std::to_string(i);
    EXPECT_NE(error_of(chain).find("expression too long"), std::string::npos) << op;
  }
  std::string fine = "SELECT 1";
  for (int i = 0; i < 2000; ++i) fine += "+1";
  EXPECT_NO_THROW(parse_script(fine));
}

TEST(SqlError, DeepNestingIsAnErrorNotACrash) {
  const std::string deep = "SELECT " + std::string(100000, '(') + "1" + std::string(100000, ')');
  const std::string msg = error_of(deep);
  EXPECT_NE(msg.find("nested too deeply"), std::string::npos) << msg;
  std::string minuses = "SELECT ";
  for (int i = 0; i < 50000; ++i) minuses += "- ";
  EXPECT_NE(error_of(minuses + "1").find("nested too deeply"), std::string::npos);
  std::string nots = "SELECT a FROM t WHERE ";
  for (int i = 0; i < 50000; ++i) nots += "NOT ";
  EXPECT_NE(error_of(nots + "a").find("nested too deeply"), std::string::npos);
  std::string subqueries = "SELECT a FROM t WHERE ";
  for (int i = 0; i < 50000; ++i) subqueries += "EXISTS (SELECT * FROM u WHERE ";
  EXPECT_NE(error_of(subqueries).find("nested too deeply"), std::string::npos);
}
