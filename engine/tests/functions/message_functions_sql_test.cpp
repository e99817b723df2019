// FORMATMESSAGE with a msg_string from SQL. Expected values are "FORMATMESSAGE (Transact-SQL)"'s examples B-E
// written out by hand, RAISERROR's placeholder rules ("RAISERROR (Transact-SQL)": flags, width, precision, *, h and
// I64, NULL and missing parameters as (null)), the binder's checks (Msg 2747, 2748, 2786) and its chain of links past
// six parameters, and, on a generated table with NULLs, %d / %s with widths against DuckDB's printf.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

// t: 300 rows of an INT, a BIGINT and a string, each NULL in about a fifth of the rows.
std::string t_text() {
  std::mt19937 rng(33);
  const char* words[] = {"a", "Bristol", "x y", "日本語", "naïve", "", "100%"};
  auto maybe = [&](const std::string& v) { return rng() % 5 == 0 ? std::string() : v; };
  std::ostringstream out;
  for (int id = 1; id <= 300; ++id) {
    const int a = static_cast<int>(rng() % 2000001) - 1000000;
    const int64_t b = static_cast<int64_t>(rng() % 100000);
    out << id << '|' << maybe(std::to_string(a)) << '|' << maybe(std::to_string(b)) << '|'
        << maybe(words[rng() % 7]) << "|\n";
  }
  return out.str();
}

class MessageFunctions : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    open(test::tables(test::tbl_table("t", t_text(), storage::Schema({{"id", DataType::int32(), false},
                                                                       {"a", DataType::int32(), true},
                                                                       {"b", DataType::int64(), true},
                                                                       {"s", DataType::varchar(20), true}}))));
  }
};

bool has(const std::string& message, const char* msg) { return message.find(msg) != std::string::npos; }

}  // namespace

TEST_F(MessageFunctions, DocumentedExamples) {
  // B: a message string.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('This is the %s and this is the %s.', 'first variable', 'second variable')"),
            V({"This is the first variable and this is the second variable."}));
  // C: signed and unsigned integers, octal, hexadecimal.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Signed int %i, %d %i, %d, %+i, %+d, %+i, %+d', 5, -5, 50, -50, -11, -11, 11, 11)"),
            V({"Signed int 5, -5 50, -50, -11, -11, +11, +11"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Signed int with up to 3 leading zeros %03i', 5)"),
            V({"Signed int with up to 3 leading zeros 005"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Signed int with leading zero 0 %020i', -55)"),
            V({"Signed int with leading zero 0 -0000000000000000055"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Unsigned int %u, %u', 50, -50)"), V({"Unsigned int 50, 4294967246"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Unsigned octal %o, %o', 50, -50)"), V({"Unsigned octal 62, 37777777716"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Unsigned hexadecimal %x, %X, %X, %X, %x', 11, 11, -11, 50, -50)"),
            V({"Unsigned hexadecimal b, B, FFFFFFF5, 32, ffffffce"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Unsigned octal with prefix: %#o, %#o', 50, -50)"),
            V({"Unsigned octal with prefix: 062, 037777777716"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Unsigned hexadecimal with prefix: %#x, %#X, %#X, %X, %x', 11, 11, -11, 50, -50)"),
            V({"Unsigned hexadecimal with prefix: 0xb, 0XB, 0XFFFFFFF5, 32, ffffffce"}));
  // D and E: strings with a width, right- and left-justified.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Hello %s!', 'TEST')"), V({"Hello TEST!"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Hello %20s!', 'TEST')"), V({"Hello                 TEST!"}));
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('Hello %-20s!', 'TEST')"), V({"Hello TEST                !"}));
}

TEST_F(MessageFunctions, PlaceholdersNullsAndChains) {
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('%I64d|%*d|%.3s|100%%', CAST(3000000000 AS BIGINT), 5, 42, 'abcdef')"),
            V({"3000000000|   42|abc|100%"}));
  // NULL and missing parameters print (null); a NULL message is NULL.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('%s, %d, %s', NULL, CAST(NULL AS INT)), FORMATMESSAGE(NULL, 1)"),
            V({"(null), (null), (null)|NULL"}));
  // Past six parameters the binder chains links; % in a parameter stays a percent sign.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE('%d %d %d %d %d %d %d %d %s %d %d %d %d %d %d %d %d %d %d %d', "
                 "1, 2, 3, 4, 5, 6, 7, 8, '%d%%', 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)"),
            V({"1 2 3 4 5 6 7 8 %d%% 10 11 12 13 14 15 16 17 18 19 20"}));
  // A message that is not a constant.
  EXPECT_EQ(rows("SELECT FORMATMESSAGE(s + ' %d', 7) FROM t WHERE id = 2"),
            rows("SELECT s + ' 7' FROM t WHERE id = 2"));
  // The message is at most 2,047 characters: longer is its first 2,044 and "...".
  EXPECT_EQ(rows("SELECT LEN(FORMATMESSAGE('%2047s%s', 'x', 'y')), RIGHT(FORMATMESSAGE('%2047s%s', 'x', 'y'), 4)"),
            V({"2047| ..."}));
}

TEST_F(MessageFunctions, BinderChecks) {
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('%d', 'abc')"), "Msg 2786"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('%s', 5)"), "Msg 2786"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('%d', CAST(5 AS BIGINT))"), "Msg 2786"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('%d', 1.5)"), "Msg 2748"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('%s', CAST('2020-01-01' AS DATE))"), "Msg 2748"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE('x', 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21)"),
                  "Msg 2747"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE(20009, 'a')"), "sys.messages"));
  EXPECT_TRUE(has(error("SELECT FORMATMESSAGE()"), "Msg 174"));
  // A message per row with text for %d fails the row.
  EXPECT_FALSE(error("SELECT FORMATMESSAGE(s + '%d', 'abc') FROM t WHERE s IS NOT NULL").empty());
}

TEST_F(MessageFunctions, AgainstDuckDbPrintf) {
  // b is a BIGINT: I64 in SQL Server's placeholder.
  same_as_duckdb("SELECT id, FORMATMESSAGE('[%8d|%-6d|%05I64d|%s]', a, a, b, s) FROM t "
                 "WHERE a IS NOT NULL AND b IS NOT NULL AND s IS NOT NULL ORDER BY id",
                 "SELECT id, printf('[%8d|%-6d|%05d|%s]', a, a, b, s) FROM t "
                 "WHERE a IS NOT NULL AND b IS NOT NULL AND s IS NOT NULL ORDER BY id");
}
