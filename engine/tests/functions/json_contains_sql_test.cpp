// JSON_CONTAINS (SQL Server 2025) from SQL. Expected values are "JSON_CONTAINS (Transact-SQL)"'s examples A-E
// written out by hand, its remarks (the search value's SQL type decides the comparison: an INT, a DECIMAL, a FLOAT, a
// MONEY with JSON numbers, a string with JSON strings under the collation or, with search_mode 1, LIKE; a BIT with
// true and false; NULL when an argument is NULL or the path has no value), the binder's choices (defaults, constant
// search_mode) and, on a small table with NULLs, one answer per row worked out by hand.
#include <gtest/gtest.h>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

class JsonContains : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    const std::string docs =
        "1|{\"a\":1,\"tags\":[\"red\",\"green\"]}|1|red|\n"
        "2|{\"a\":2.50,\"tags\":[\"Blue\"]}|2|blue|\n"
        "3|{\"a\":\"1\",\"tags\":[]}|1|x|\n"
        "4||1|red|\n"
        "5|{\"b\":1}||green|\n"
        "6|[{\"a\":56},{\"a\":7}]|7||\n";
    open(test::tables(test::tbl_table("docs", docs, storage::Schema({{"id", DataType::int32(), false},
                                                                     {"doc", DataType::varchar(100), true},
                                                                     {"n", DataType::int32(), true},
                                                                     {"s", DataType::varchar(10), true}}))));
  }
};

bool has(const std::string& message, const char* msg) { return message.find(msg) != std::string::npos; }

}  // namespace

TEST_F(JsonContains, DocumentedExamples) {
  // A: an integer at a path.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('{\"a\": 1, \"b\": 2, \"c\": {\"d\": 4}}', 1, '$.a')"), V({"1"}));
  // B: a string at a path.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('{\"a\": \"1\", \"b\": 2, \"c\": {\"d\": 4}}', '1', '$.a')"), V({"1"}));
  // C: a BIT in an array.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[0, 1, true, false]', CAST(1 AS BIT), '$[*]')"), V({"1"}));
  // D: an integer in a nested array.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[1, [2, 3], 4]', 2, '$[*][*]')"), V({"1"}));
  // E: an integer in the objects of an array.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[{\"a\": 1}, {\"b\": 2}, {\"c\": 3}, {\"a\": 56}]', 56, '$[*].a')"), V({"1"}));
}

TEST_F(JsonContains, TypesDefaultsAndNulls) {
  // The SQL type decides: 1 is not "1", '1' is not 1.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('{\"a\": \"1\"}', 1, '$.a'), JSON_CONTAINS('{\"a\": 1}', '1', '$.a')"),
            V({"0|0"}));
  // DECIMAL, FLOAT, MONEY and BIGINT compare with JSON numbers by value.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[49.990]', 49.99, '$[*]'), JSON_CONTAINS('[5e-1]', CAST(0.5 AS FLOAT), '$[*]'), "
                 "JSON_CONTAINS('[12.5]', CAST(12.5 AS MONEY), '$[*]'), "
                 "JSON_CONTAINS('[9223372036854775807]', CAST(9223372036854775807 AS BIGINT), '$[*]')"),
            V({"1|1|1|1"}));
  // The default path is $: the document itself, which here is a scalar.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('5', 5), JSON_CONTAINS('\"x\"', 'x'), JSON_CONTAINS('[5]', 5)"), V({"1|1|0"}));
  // search_mode 1: LIKE; 0 (the default): equality.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[\"apple\", \"banana\"]', 'ban%', '$[*]', 1), "
                 "JSON_CONTAINS('[\"apple\", \"banana\"]', 'ban%', '$[*]', 0), "
                 "JSON_CONTAINS('[\"apple\", \"banana\"]', 'banana', '$[*]')"),
            V({"1|0|1"}));
  // The collation: binary in this database, case-insensitive with COLLATE.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS('[\"ABC\"]', 'abc', '$[*]'), "
                 "JSON_CONTAINS('[\"ABC\"]', 'abc' COLLATE SQL_Latin1_General_CP1_CI_AS, '$[*]')"),
            V({"0|1"}));
  // NULL arguments and a path with no value: NULL (lax); strict: Msg 13608.
  EXPECT_EQ(rows("SELECT JSON_CONTAINS(NULL, 1, '$'), JSON_CONTAINS('[1]', NULL, '$[*]'), JSON_CONTAINS('[1]', 1, NULL), "
                 "JSON_CONTAINS('{\"a\": 1}', 1, '$.b'), JSON_CONTAINS('{\"a\": 1}', 1, '$.a', NULL)"),
            V({"NULL|NULL|NULL|NULL|NULL"}));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('{\"a\": 1}', 1, 'strict $.b')"), "13608"));
}

TEST_F(JsonContains, Errors) {
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[1', 2, '$[*]')"), "13609"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[1]', 1, 'a')"), "13607"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[1]')"), "Msg 174"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[1]', 1, '$', 0, 1)"), "Msg 174"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[\"a\"]', 'a', '$[*]', 2)"), "search_mode"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[\"a\"]', 'a', '$[*]', n) FROM docs"), "search_mode"));
  EXPECT_TRUE(has(error("SELECT JSON_CONTAINS('[1]', CAST('2020-01-01' AS DATE), '$[*]')"), "Msg 8116"));
}

TEST_F(JsonContains, OverATable) {
  // Per row: doc 1 has a = 1 and "red"; doc 2 has a = 2.50 (not 2, but 2.5) and "Blue" (binary: not "blue"); doc 3's a is a string;
  // doc 4 is NULL; doc 5 has no a (NULL) and n NULL; doc 6 is an array (no $.a; $[*].a holds 56 and 7).
  EXPECT_EQ(rows("SELECT id, JSON_CONTAINS(doc, n, '$.a'), JSON_CONTAINS(doc, s, '$.tags[*]'), "
                 "JSON_CONTAINS(doc, n, '$[*].a'), JSON_CONTAINS(doc, 2.5, '$.a') FROM docs ORDER BY id"),
            V({"1|1|1|NULL|0", "2|0|0|NULL|1", "3|0|NULL|NULL|0", "4|NULL|NULL|NULL|NULL", "5|NULL|NULL|NULL|NULL",
               "6|NULL|NULL|1|NULL"}));
  EXPECT_EQ(rows("SELECT id FROM docs WHERE JSON_CONTAINS(doc, 'gr%', '$.tags[*]', 1) = 1 ORDER BY id"), V({"1"}));
}
