// User tables through SQL: CREATE TABLE, INSERT ... VALUES / SELECT, SELECT ... INTO, CREATE TABLE AS,
// TRUNCATE and DROP TABLE, with SQL Server's conversions and errors, and the rule that a failing
// statement leaves the table as it was. Runs on the GPU engine where there is one (--device auto).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tessera/engine/database.hpp"
#include "tessera/sql_text.hpp"

using namespace tessera;

namespace {

class Tables : public ::testing::Test {
 protected:
  void SetUp() override {
    engine::Options o;
    o.threads = 2;
    db_ = std::make_unique<engine::Database>(o);
  }
  std::vector<std::string> rows(const std::string& sql) { return test::text_rows(*db_, sql); }
  int64_t affected(const std::string& sql) { return db_->execute(sql).rows_affected; }
  std::string error(const std::string& sql) { return test::error_of(*db_, sql); }
  std::unique_ptr<engine::Database> db_;
};

using V = std::vector<std::string>;
using ::testing::HasSubstr;

constexpr const char* kCreateSales =
    "CREATE TABLE sales (id INT NOT NULL, region VARCHAR(10), code CHAR(3), qty SMALLINT, tiny TINYINT, "
    "price DECIMAL(10,2), fee MONEY, rate FLOAT, sold DATE, big BIGINT, flag BIT)";

TEST_F(Tables, CreateInsertValuesAndQuery) {
  EXPECT_EQ(affected(kCreateSales), -1);
  EXPECT_EQ(affected("INSERT INTO sales VALUES (1, 'north', 'ab', 5, 7, 12.5, 3, 0.25, '1996-02-29', 9000000000, 1),"
                     " (2, 'south', 'xyz', -3, 0, '7.125', 1.23456, 1e3, '1995-12-31', NULL, 0)"),
            2);
  // Converted to the declared types: DECIMAL(10,2) rounds 7.125, MONEY keeps 4 decimals, CHAR(3) pads.
  EXPECT_EQ(rows("SELECT id, region, code + '|', qty, tiny, price, fee, rate, sold, big, flag FROM sales ORDER BY id"),
            (V{"1|north|ab ||5|7|12.50|3.0000|0.25|1996-02-29|9000000000|1",
               "2|south|xyz||-3|0|7.13|1.2346|1000|1995-12-31|NULL|0"}));
  // A column list: the others are NULL.
  EXPECT_EQ(affected("INSERT INTO sales (sold, id) VALUES ('1997-01-01', 3)"), 1);
  EXPECT_EQ(rows("SELECT id, region, qty, YEAR(sold) FROM sales WHERE id = 3"), (V{"3|NULL|NULL|1997"}));
  // User tables work with functions, grouping and joins like any other.
  EXPECT_EQ(rows("SELECT YEAR(sold), count(*), sum(price) FROM sales GROUP BY YEAR(sold) ORDER BY 1"),
            (V{"1995|1|7.13", "1996|1|12.50", "1997|1|NULL"}));
  EXPECT_EQ(rows("SELECT a.id, b.id FROM sales a JOIN sales b ON a.id = b.id + 1 ORDER BY a.id"), (V{"2|1", "3|2"}));
  EXPECT_EQ(rows("SELECT UPPER(region) FROM sales WHERE LOWER(region) LIKE 's%'"), (V{"SOUTH"}));
}

// Date and time columns: values are converted (rounded onto each type's grid) on INSERT, printed in the
// type's form, compared with literals, and out-of-range values are SQL Server's Msg 242 naming the row.
TEST_F(Tables, DateAndTimeColumns) {
  db_->execute("CREATE TABLE visits (id INT, at DATETIME2(3), legacy DATETIME, coarse SMALLDATETIME, tod TIME(0))");
  EXPECT_EQ(affected("INSERT INTO visits VALUES (1, '2024-02-29 13:45:10.12349', '2024-02-29 13:45:10.001', "
                     "'2024-02-29 13:45:29.999', '13:45:10.6'), (2, '1999-12-31T23:59:59.9996', '1999-12-31 23:59:59.998', "
                     "'1999-12-31 23:59:29', NULL)"),
            2);
  EXPECT_EQ(rows("SELECT id, at, legacy, coarse, tod FROM visits ORDER BY id"),
            (V{"1|2024-02-29 13:45:10.123|2024-02-29 13:45:10.000|2024-02-29 13:46:00|13:45:11",
               "2|2000-01-01 00:00:00.000|1999-12-31 23:59:59.997|1999-12-31 23:59:00|NULL"}));
  EXPECT_EQ(rows("SELECT id FROM visits WHERE at > '2000-01-01' AND DATEPART(hour, tod) = 13"), (V{"1"}));
  EXPECT_EQ(rows("SELECT DATEDIFF(millisecond, legacy, at), CONVERT(VARCHAR(30), legacy, 9) FROM visits ORDER BY id"),
            (V{"123|Feb 29 2024  1:45:10:000PM", "3|Dec 31 1999 11:59:59:997PM"}));
  EXPECT_THAT(error("INSERT INTO visits (id, coarse) VALUES (3, '2080-01-01')"), HasSubstr("Msg 242"));
  EXPECT_EQ(rows("SELECT count(*) FROM visits"), (V{"2"}));
}

TEST_F(Tables, FailingInsertChangesNothing) {
  db_->execute(kCreateSales);
  db_->execute("INSERT INTO sales (id, qty) VALUES (1, 1)");
  // Row 2 fails to convert: no row of the statement is kept.
  std::string e = error("INSERT INTO sales (id, qty) VALUES (2, 2), (3, 'abc'), (4, 4)");
  EXPECT_THAT(e, HasSubstr("row 2 of VALUES"));
  EXPECT_THAT(e, HasSubstr("abc"));
  EXPECT_EQ(rows("SELECT count(*) FROM sales"), (V{"1"}));
  // SQL Server's range checks of the narrow types.
  EXPECT_THAT(error("INSERT INTO sales (id, tiny) VALUES (5, 300)"), HasSubstr("Msg 220"));
  EXPECT_THAT(error("INSERT INTO sales (id, qty) VALUES (5, 70000)"), HasSubstr("Msg 220"));
  EXPECT_THAT(error("INSERT INTO sales (id, price) VALUES (5, 123456789.5)"), HasSubstr("Msg 8115"));
  // NOT NULL: a NULL value, and a column left out.
  EXPECT_THAT(error("INSERT INTO sales (id) VALUES (NULL)"),
              HasSubstr("Msg 515: Cannot insert the value NULL into column 'id', table 'sales'"));
  EXPECT_THAT(error("INSERT INTO sales (qty) VALUES (1)"), HasSubstr("Msg 515"));
  // A string longer than its column is an error, not cut; trailing blanks past the length are dropped.
  EXPECT_THAT(error("INSERT INTO sales (id, region) VALUES (6, 'northwestern')"),
              HasSubstr("Msg 2628: String or binary data would be truncated in table 'sales', column 'region'. "
                        "Truncated value: 'northweste'"));
  EXPECT_EQ(affected("INSERT INTO sales (id, code) VALUES (7, 'ab    ')"), 1);
  EXPECT_EQ(rows("SELECT '[' + code + ']' FROM sales WHERE id = 7"), (V{"[ab ]"}));
  EXPECT_EQ(rows("SELECT count(*) FROM sales"), (V{"2"}));
  // Wrong shapes.
  EXPECT_THAT(error("INSERT INTO sales (id, qty) VALUES (1)"), HasSubstr("Msg 109"));
  EXPECT_THAT(error("INSERT INTO sales (id) VALUES (1, 2)"), HasSubstr("Msg 110"));
  EXPECT_THAT(error("INSERT INTO sales (id, nope) VALUES (1, 2)"), HasSubstr("1:24: Msg 207: Invalid column name 'nope'"));
  EXPECT_THAT(error("INSERT INTO sales (id, id) VALUES (1, 2)"), HasSubstr("Msg 264"));
  EXPECT_THAT(error("INSERT INTO missing VALUES (1)"), HasSubstr("1:13: Msg 208: Invalid object name 'missing'"));
  EXPECT_THAT(error("INSERT INTO sales (id, sold) VALUES (1, 'not a date')"), HasSubstr("row 1 of VALUES"));
  EXPECT_EQ(rows("SELECT count(*) FROM sales"), (V{"2"}));
}

TEST_F(Tables, InsertSelectAndSelectInto) {
  db_->execute("CREATE TABLE src (k INT, name VARCHAR(20), amount DECIMAL(12,3))");
  db_->execute("INSERT INTO src VALUES (1, 'one', 1.5), (2, 'two', 2.25), (3, 'three', NULL), (4, 'four', 4)");
  db_->execute("CREATE TABLE dst (name VARCHAR(5), k BIGINT, amount MONEY)");
  EXPECT_EQ(affected("INSERT INTO dst (k, name, amount) SELECT k * 10, name, amount FROM src WHERE k <= 3"), 3);
  EXPECT_EQ(rows("SELECT name, k, amount FROM dst ORDER BY k"),
            (V{"one|10|1.5000", "two|20|2.2500", "three|30|NULL"}));
  // 'three' fits VARCHAR(5); a longer name fails the whole statement.
  EXPECT_THAT(error("INSERT INTO dst SELECT name + '!!', k, amount FROM src"), HasSubstr("Msg 2628"));
  EXPECT_EQ(rows("SELECT count(*) FROM dst"), (V{"3"}));
  EXPECT_THAT(error("INSERT INTO dst SELECT name, k FROM src"), HasSubstr("Msg 120"));
  EXPECT_THAT(error("INSERT INTO dst SELECT *, 1 FROM src"), HasSubstr("Msg 121"));
  EXPECT_EQ(affected("INSERT INTO src SELECT * FROM src WHERE k = 4"), 1);
  EXPECT_EQ(rows("SELECT count(*) FROM src WHERE k = 4"), (V{"2"}));

  EXPECT_EQ(affected("SELECT k, name AS label, amount * 2 AS twice INTO doubled FROM src WHERE k < 3"), 2);
  EXPECT_EQ(rows("SELECT label, twice FROM doubled ORDER BY k"), (V{"one|3.000", "two|4.500"}));
  EXPECT_EQ(affected("CREATE TABLE copy AS SELECT * FROM src WHERE amount IS NOT NULL"), 4);
  EXPECT_EQ(rows("SELECT count(*), sum(amount) FROM copy"), (V{"4|11.750"}));
  EXPECT_THAT(error("SELECT k INTO src FROM src"), HasSubstr("Msg 2714: There is already an object named 'src'"));
  EXPECT_THAT(error("SELECT k, k + 1 INTO t2 FROM src"), HasSubstr("1:11: Msg 1038"));
  EXPECT_THAT(error("SELECT k, k AS K INTO t2 FROM src"), HasSubstr("Msg 2705"));
  EXPECT_EQ(db_->find_table("t2"), nullptr);
  EXPECT_THAT(error("SELECT * FROM (SELECT k INTO t3 FROM src) x"), HasSubstr("SELECT ... INTO is allowed only"));
}

TEST_F(Tables, TruncateAndDrop) {
  db_->execute("CREATE TABLE t (a INT); INSERT INTO t VALUES (1), (2)");
  db_->execute("CREATE VIEW v AS SELECT a FROM t");
  EXPECT_EQ(rows("SELECT count(*) FROM v"), (V{"2"}));
  db_->execute("TRUNCATE TABLE t");
  EXPECT_EQ(rows("SELECT count(*) FROM t"), (V{"0"}));
  db_->execute("INSERT INTO t VALUES (3)");
  EXPECT_EQ(rows("SELECT a FROM v"), (V{"3"}));
  EXPECT_THAT(error("CREATE TABLE t (b INT)"), HasSubstr("1:14: Msg 2714"));
  EXPECT_THAT(error("CREATE TABLE v (b INT)"), HasSubstr("Msg 2714"));
  EXPECT_THAT(error("CREATE TABLE w (b INT, B DATE)"), HasSubstr("1:24: Msg 2705"));
  EXPECT_THAT(error("CREATE TABLE w (b DATETIMEOFFSET)"), HasSubstr("DATETIMEOFFSET"));
  EXPECT_THAT(error("CREATE TABLE w (b DATETIME2(8))"), HasSubstr("Msg 1002"));
  EXPECT_THAT(error("CREATE TABLE w (b INT PRIMARY KEY)"), HasSubstr("column options other than COLLATE and NULL / NOT NULL"));
  EXPECT_THAT(error("DROP TABLE v"), HasSubstr("it is a view"));
  EXPECT_THAT(error("INSERT INTO v VALUES (1)"), HasSubstr("it is a view"));
  db_->execute("DROP TABLE t");
  EXPECT_EQ(db_->find_table("t"), nullptr);
  EXPECT_THAT(error("SELECT * FROM v"), HasSubstr("t"));
  EXPECT_THAT(error("DROP TABLE t"), HasSubstr("Msg 3701"));
  EXPECT_EQ(error("DROP TABLE IF EXISTS t"), "");
  EXPECT_THAT(error("TRUNCATE TABLE t"), HasSubstr("Msg 208"));
  // A script stops at its failing statement; the statements before it stay done.
  EXPECT_THAT(error("CREATE TABLE s (a INT); INSERT INTO s VALUES (1); INSERT INTO s VALUES ('x')"), HasSubstr("Msg 245"));
  EXPECT_EQ(rows("SELECT a FROM s"), (V{"1"}));
  EXPECT_THAT(error("EXPLAIN INSERT INTO s VALUES (1)"), HasSubstr("EXPLAIN"));
}

}  // namespace
