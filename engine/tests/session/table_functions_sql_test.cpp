// GENERATE_SERIES and STRING_SPLIT in FROM (engine/session/src/constant_tables.cpp): SQL Server's documented
// examples, the edges (an empty series, NULL arguments, empty substrings, a million rows), and its errors with
// their message numbers. The tables they make run through the operators on the device the session uses.
#include <gtest/gtest.h>

#include "tessera/engine/database.hpp"
#include "tessera/sql_text.hpp"

using namespace tessera;

namespace {

class TableFunctions : public ::testing::Test {
 protected:
  void SetUp() override {
    engine::Options o;
    o.threads = 2;
    db_ = std::make_unique<engine::Database>(o);
    db_->execute("CREATE TABLE cities (name VARCHAR(20), state VARCHAR(20)); "
                 "INSERT INTO cities VALUES ('Austin', 'Texas'), ('Seattle', 'Washington'), ('Denver', 'Colorado')");
  }
  std::vector<std::string> rows(const std::string& sql) { return test::text_rows(*db_, sql); }
  std::string error(const std::string& sql) { return test::error_of(*db_, sql); }
  std::unique_ptr<engine::Database> db_;
};

using V = std::vector<std::string>;

}  // namespace

// GENERATE_SERIES's page: examples A, B and C (1 to 10; 1 to 50 by 5; 0.0 to 1.0 by 0.1, a DECIMAL series).
TEST_F(TableFunctions, GenerateSeriesAsDocumented) {
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(1, 10)"), V({"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(1, 50, 5)"), V({"1", "6", "11", "16", "21", "26", "31", "36", "41", "46"}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(0.0, 1.0, 0.1)"),
            V({"0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"}));
  // Without a step, start above stop counts down; a step leading away from stop gives no rows.
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(3, -1)"), V({"3", "2", "1", "0", "-1"}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(-5, 5, -1)"), V({}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(10, 1, 4)"), V({}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(10, 1, -4)"), V({"10", "6", "2"}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(7, 7)"), V({"7"}));
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(1, NULL)"), V({}));
  // Past INT: BIGINT values.
  EXPECT_EQ(rows("SELECT value FROM GENERATE_SERIES(2147483647, 2147483649)"), V({"2147483647", "2147483648", "2147483649"}));
}

TEST_F(TableFunctions, GenerateSeriesFeedsTheOperators) {
  EXPECT_EQ(rows("SELECT COUNT(*), SUM(CAST(value AS BIGINT)), MIN(value), MAX(value) FROM GENERATE_SERIES(1, 1000000)"),
            V({"1000000|500000500000|1|1000000"}));
  EXPECT_EQ(rows("SELECT g.value, c.name FROM GENERATE_SERIES(1, 2) g JOIN cities c ON LEN(c.name) = g.value + 4 ORDER BY 1, 2"),
            V({"2|Austin", "2|Denver"}));
  EXPECT_EQ(rows("SELECT value % 3 AS r, COUNT(*) FROM GENERATE_SERIES(1, 100) AS s GROUP BY value % 3 ORDER BY r"),
            V({"0|33", "1|34", "2|33"}));
}

TEST_F(TableFunctions, GenerateSeriesErrors) {
  EXPECT_NE(error("SELECT value FROM GENERATE_SERIES(1, 5, 0)").find("Msg 4199"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM GENERATE_SERIES(1)").find("GENERATE_SERIES takes 2 or 3 arguments"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM GENERATE_SERIES('a', 5)").find("integer or decimal"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM GENERATE_SERIES(1, 3000000000, 1)").find("2,147,483,647"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM GENERATE_SERIES(1, LEN('abc'))").find("must be constants"), std::string::npos);
  // A series larger than the session's memory limit is refused before it is made.
  engine::Options o;
  o.host_memory_bytes = 4 << 20;
  engine::Database small(o);
  EXPECT_NE(test::error_of(small, "SELECT COUNT(*) FROM GENERATE_SERIES(1, 2000000)").find("more than the memory limit of 4 MiB"),
            std::string::npos);
  EXPECT_EQ(test::text_rows(small, "SELECT COUNT(*) FROM GENERATE_SERIES(1, 1000000)"), V({"1000000"}));
}

// STRING_SPLIT's page: example A (words split on a space) and the ordinal example (every second part).
TEST_F(TableFunctions, StringSplitAsDocumented) {
  EXPECT_EQ(rows("SELECT value FROM STRING_SPLIT('Lorem ipsum dolor sit amet.', ' ')"),
            V({"Lorem", "ipsum", "dolor", "sit", "amet."}));
  EXPECT_EQ(rows("SELECT * FROM STRING_SPLIT('Austin,Texas,Seattle,Washington,Denver,Colorado', ',', 1) WHERE ordinal % 2 = 0"),
            V({"Texas|2", "Washington|4", "Colorado|6"}));
  // Empty parts are rows too (and can be filtered out); NULL splits into nothing.
  EXPECT_EQ(rows("SELECT value, ordinal FROM STRING_SPLIT('a,,b,', ',', 1)"), V({"a|1", "|2", "b|3", "|4"}));
  EXPECT_EQ(rows("SELECT value FROM STRING_SPLIT('a,,b,', ',') WHERE value <> ''"), V({"a", "b"}));
  EXPECT_EQ(rows("SELECT value FROM STRING_SPLIT(NULL, ',')"), V({}));
  EXPECT_EQ(rows("SELECT value FROM STRING_SPLIT('', ',')"), V({""}));
  EXPECT_EQ(rows("SELECT c.state FROM STRING_SPLIT('Denver;Austin', ';') s JOIN cities c ON c.name = s.value ORDER BY 1"),
            V({"Colorado", "Texas"}));
}

TEST_F(TableFunctions, StringSplitErrors) {
  EXPECT_NE(error("SELECT value FROM STRING_SPLIT('a,b', ',,')").find("Msg 214"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM STRING_SPLIT('a,b', NULL)").find("Msg 214"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM STRING_SPLIT('a,b', ',', 2)").find("Msg 8116"), std::string::npos);
  EXPECT_NE(error("SELECT value FROM STRING_SPLIT('a,b')").find("STRING_SPLIT takes 2 or 3 arguments"), std::string::npos);
  EXPECT_NE(error("SELECT ordinal FROM STRING_SPLIT('a,b', ',')").find("ordinal"), std::string::npos);  // no ordinal column
}
