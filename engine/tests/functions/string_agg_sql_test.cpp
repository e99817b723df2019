// STRING_AGG from SQL (issue 33): WITHIN GROUP orders (numbers, strings, DESC, several keys), NULLs skipped, a group
// of NULLs and an empty input giving NULL, numbers converted to text, two separators in one query, whole and under
// GROUP BY, against DuckDB's string_agg(x, sep ORDER BY ...). Every query runs on a Database that aggregates whole
// and on one whose scans stream in morsels of 7 rows (STRING_AGG does not merge from partials: its input is put
// together first), with the same answers. Then SQL Server's errors: the argument count, the separator, DISTINCT,
// OVER, WITHIN GROUP elsewhere, and Msg 9829 past 8,000 bytes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/engine/result_cells.hpp"
#include "tessera/sql_oracle_test.hpp"

using namespace tessera;
using storage::DataType;
using ::testing::HasSubstr;

namespace {

// w: id, g (a few groups; 'nulls' has only NULL words), word (NULL now and then), n INT, f FLOAT.
std::string w_text(int rows) {
  std::mt19937 rng(3333);
  const char* words[] = {"apple", "pear", "fig", "kiwi", "plum", "lime", "date", "Quince", "  lead", "tail  "};
  std::ostringstream out;
  for (int id = 1; id <= rows; ++id) {
    const std::string g = id % 29 == 0 ? "nulls" : std::string(1, static_cast<char>('a' + id % 5));
    out << id << '|' << g << '|';
    if (g != "nulls" && rng() % 7 != 0) out << words[rng() % 10];
    out << '|' << static_cast<int>(rng() % 200) - 100 << '|';
    if (rng() % 5) out << (static_cast<double>(rng() % 1000) - 500) / 4;
    out << "|\n";
  }
  return out.str();
}

storage::Schema w_schema() {
  return storage::Schema({{"id", DataType::int32(), false},
                          {"g", DataType::varchar(8), false},
                          {"word", DataType::varchar(10), true},
                          {"n", DataType::int32(), false},
                          {"f", DataType::float64(), true}});
}

class StringAgg : public test::SqlOracleTest {
 protected:
  static storage::Table table(const std::string& name, int rows) { return test::tbl_table(name, w_text(rows), w_schema()); }
  static void SetUpTestSuite() {
    open(test::tables(table("w", 300), table("e", 0)));
    engine::Options o = two_threads();
    o.morsel_rows = 7;
    streamed_ = new engine::Database(o);
    streamed_->add_table(table("w", 300));
    streamed_->add_table(table("e", 0));
  }
  static void TearDownTestSuite() {
    delete streamed_;
    streamed_ = nullptr;
    SqlOracleTest::TearDownTestSuite();
  }
  // Both Databases answer `sql` as DuckDB answers `duck_sql`.
  static void expect_same(const std::string& sql, const std::string& duck_sql) {
    for (engine::Database* db : {db_, streamed_}) {
      SCOPED_TRACE(db == db_ ? "whole" : "streamed in morsels of 7 rows");
      test::expect_same_as_duckdb(*db, *duck_, sql, duck_sql);
    }
  }
  static engine::Database* streamed_;
};
engine::Database* StringAgg::streamed_ = nullptr;

TEST_F(StringAgg, JoinsEachGroupsValuesInTheWithinGroupOrder) {
  expect_same("SELECT g, STRING_AGG(word, ', ') WITHIN GROUP (ORDER BY id) AS words FROM w GROUP BY g",
              "SELECT g, string_agg(word, ', ' ORDER BY id) AS words FROM w GROUP BY g");
  expect_same("SELECT g, STRING_AGG(word, '') WITHIN GROUP (ORDER BY n DESC, id) FROM w GROUP BY g",
              "SELECT g, string_agg(word, '' ORDER BY n DESC, id) FROM w GROUP BY g");
  // A string key (trailing blanks ignored, binary order as ORDER BY's default here), NULL keys first.
  expect_same("SELECT g, STRING_AGG(CAST(id AS VARCHAR(10)), '|') WITHIN GROUP (ORDER BY word, id) FROM w GROUP BY g",
              "SELECT g, string_agg(CAST(id AS VARCHAR), '|' ORDER BY rtrim(word) NULLS FIRST, id) FROM w GROUP BY g");
  expect_same("SELECT g, STRING_AGG(word, '+') WITHIN GROUP (ORDER BY f DESC, id) FROM w WHERE n > 0 GROUP BY g",
              "SELECT g, string_agg(word, '+' ORDER BY f DESC NULLS LAST, id) FROM w WHERE n > 0 GROUP BY g");
  // Numbers as text; two separators over the same argument are two aggregates.
  expect_same("SELECT g, STRING_AGG(n, ';') WITHIN GROUP (ORDER BY id) AS a, STRING_AGG(n, '/') WITHIN GROUP (ORDER BY id) AS b "
              "FROM w WHERE id < 60 GROUP BY g",
              "SELECT g, string_agg(CAST(n AS VARCHAR), ';' ORDER BY id) AS a, string_agg(CAST(n AS VARCHAR), '/' ORDER BY id) AS b "
              "FROM w WHERE id < 60 GROUP BY g");
  // The whole table, a filter that leaves one group, and STRING_AGG beside other aggregates.
  expect_same("SELECT STRING_AGG(word, ',') WITHIN GROUP (ORDER BY id DESC) FROM w WHERE id % 10 = 3",
              "SELECT string_agg(word, ',' ORDER BY id DESC) FROM w WHERE id % 10 = 3");
  expect_same("SELECT g, COUNT(*), SUM(n), STRING_AGG(word, ' ') WITHIN GROUP (ORDER BY id) FROM w WHERE g = 'b' GROUP BY g",
              "SELECT g, COUNT(*), SUM(n), string_agg(word, ' ' ORDER BY id) FROM w WHERE g = 'b' GROUP BY g");
}

TEST_F(StringAgg, GroupsOfNullsAndEmptyInputsGiveNull) {
  for (engine::Database* db : {db_, streamed_}) {
    const engine::QueryResult r =
        db->execute("SELECT STRING_AGG(word, ',') FROM w WHERE g = 'nulls'");
    ASSERT_EQ(r.rows, 1);
    EXPECT_EQ(r.cell_text(0, 0), "NULL");
    const engine::QueryResult e = db->execute("SELECT STRING_AGG(word, ',') FROM e");
    ASSERT_EQ(e.rows, 1);
    EXPECT_EQ(e.cell_text(0, 0), "NULL");
    EXPECT_EQ(db->execute("SELECT g, STRING_AGG(word, ',') FROM e GROUP BY g").rows, 0);
  }
  // Without WITHIN GROUP the order is the input's (SQL Server leaves it undefined): one value per group here.
  EXPECT_EQ(rows("SELECT STRING_AGG(word, ',') FROM w WHERE id = 2"), (std::vector<std::string>{rows("SELECT word FROM w WHERE id = 2")}));
}

TEST_F(StringAgg, ErrorsAreSqlServers) {
  EXPECT_THAT(error("SELECT STRING_AGG(word) FROM w"), HasSubstr("Msg 174: The string_agg function requires 2 argument(s)."));
  EXPECT_THAT(error("SELECT STRING_AGG(word, word) FROM w"), HasSubstr("separator must be a string constant"));
  EXPECT_THAT(error("SELECT STRING_AGG(DISTINCT word, ',') FROM w"), HasSubstr("does not take DISTINCT"));
  EXPECT_THAT(error("SELECT STRING_AGG(word, ',') OVER (PARTITION BY g) FROM w"), HasSubstr("STRING_AGG OVER"));
  EXPECT_THAT(error("SELECT SUM(n) WITHIN GROUP (ORDER BY id) FROM w"),
              HasSubstr("Msg 10757: The function 'SUM' may not have a WITHIN GROUP clause."));
  EXPECT_THAT(error("SELECT id FROM w WHERE STRING_AGG(word, ',') = 'x'"), HasSubstr("not allowed in the"));
  // VARCHAR(10) words give VARCHAR(8000): 300 rows joined by 40 bytes each pass it; VARCHAR(MAX) words do not.
  const std::string sep = "'" + std::string(40, '-') + "'";
  EXPECT_THAT(error("SELECT STRING_AGG(word, " + sep + ") FROM w"),
              HasSubstr("Msg 9829: STRING_AGG aggregation result exceeded the limit of 8000 bytes."));
  const std::vector<std::string> big = rows("SELECT LEN(STRING_AGG(CAST(word AS VARCHAR(MAX)), " + sep + ")) FROM w");
  ASSERT_EQ(big.size(), 1u);
  EXPECT_GT(std::stoll(big[0]), 8000);
}

}  // namespace
