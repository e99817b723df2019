// DuckDB as the oracle: TPC-H SF 0.01 from Tessera's generator loaded into DuckDB through the appender,
// row counts, typed results, TPC-H Q1 and Q6 checked against the same answers computed directly from
// Tessera's tables, and DuckDB's errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include "tessera/duckdb/duckdb.hpp"
#include "tessera/duckdb/tpch_load.hpp"
#include "tessera/storage/database_dir.hpp"
#include "tessera/tpch/generator.hpp"

using namespace tessera;
using namespace tessera::duckdb;

namespace {

CompareOptions ordered(std::vector<int> keys = {}) {
  CompareOptions o;
  o.ordered = true;
  o.order_by = std::move(keys);
  return o;
}

std::string query_file(const std::string& name) {
  return read_text_file(std::string(TESSERA_QUERY_DIR) + "/tpch/" + name);
}

class DuckDbTpch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    db_ = new DuckDb(2);
    const auto t0 = std::chrono::steady_clock::now();
    tables_ = new std::vector<storage::Table>(load_tpch(*db_, 0.01, 2));
    load_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  static void TearDownTestSuite() {
    delete tables_;
    delete db_;
    tables_ = nullptr;
    db_ = nullptr;
  }
  static const storage::Table& table(tpch::TableId id) {
    for (const auto& t : *tables_)
      if (t.name() == tpch::table_name(id)) return t;
    throw std::out_of_range("table");
  }
  static DuckDb* db_;
  static std::vector<storage::Table>* tables_;
  static double load_seconds_;
};
DuckDb* DuckDbTpch::db_ = nullptr;
std::vector<storage::Table>* DuckDbTpch::tables_ = nullptr;
double DuckDbTpch::load_seconds_ = 0;

}  // namespace

TEST(DuckDb, OpensWithThreadsAndReportsVersion) {
  DuckDb db(2);
  EXPECT_EQ(db.threads(), 2);
  EXPECT_EQ(db.query_int("SELECT current_setting('threads')::BIGINT"), 2);
  const std::string v = DuckDb::library_version();
  EXPECT_EQ(v.rfind("v1.", 0), 0u) << v;
  std::printf("DuckDB %s\n", v.c_str());
}

TEST(DuckDb, TypedResultsAndText) {
  DuckDb db(1);
  const Result r = db.query(
      "SELECT 42::INTEGER AS i, 9000000000::BIGINT AS b, 1.25::DECIMAL(10,2) AS d, "
      "12345678901234567890123.45::DECIMAL(38,2) AS big, 0.1::DOUBLE AS f, DATE '1995-06-17' AS day, "
      "'short' AS s, 'a string longer than twelve bytes' AS l, NULL::INTEGER AS n, true AS t, "
      "(-7.5)::DECIMAL(4,1) AS neg, TIMESTAMP '1998-12-01 10:20:30' AS ts");
  ASSERT_EQ(r.rows, 1);
  ASSERT_EQ(r.columns.size(), 12u);
  EXPECT_EQ(r.column("i").kind, ColumnKind::Int);
  EXPECT_EQ(r.column("i").type_name, "INTEGER");
  EXPECT_EQ(r.column("d").kind, ColumnKind::Decimal);
  EXPECT_EQ(r.column("d").type_name, "DECIMAL(10,2)");
  EXPECT_EQ(static_cast<int64_t>(r.column("d").ints[0]), 125);
  EXPECT_EQ(r.column("big").type_name, "DECIMAL(38,2)");
  EXPECT_EQ(r.column("f").kind, ColumnKind::Double);
  EXPECT_EQ(r.column("f").doubles[0], 0.1);
  EXPECT_EQ(r.column("day").kind, ColumnKind::Date);
  EXPECT_EQ(static_cast<int32_t>(r.column("day").ints[0]), storage::days_from_civil(1995, 6, 17));
  EXPECT_FALSE(r.column("n").is_valid(0));
  const std::vector<std::string> expect = {"42",    "9000000000", "1.25", "12345678901234567890123.45", "0.1",
                                           "1995-06-17", "short", "a string longer than twelve bytes", "NULL",
                                           "true",  "-7.5",       "1998-12-01 10:20:30"};
  EXPECT_EQ(r.text_rows().at(0), expect);
}

TEST(DuckDb, BadSqlGivesDuckDbsMessage) {
  DuckDb db(1);
  try {
    db.execute("SELEC 1");
    FAIL() << "no error";
  } catch (const tessera::duckdb::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("Parser Error"), std::string::npos) << m;
    EXPECT_NE(m.find("syntax error at or near \"SELEC\""), std::string::npos) << m;
    EXPECT_NE(m.find("in: SELEC 1"), std::string::npos) << m;
  }
  try {
    db.query("SELECT * FROM no_such_table");
    FAIL() << "no error";
  } catch (const tessera::duckdb::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("Catalog Error"), std::string::npos) << m;
    EXPECT_NE(m.find("no_such_table"), std::string::npos) << m;
  }
  // A result type the wrapper does not read is an error naming the column and the cure.
  try {
    db.query("SELECT [1, 2] AS xs");
    FAIL() << "no error";
  } catch (const tessera::duckdb::Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'xs' has type LIST"), std::string::npos) << m;
    EXPECT_NE(m.find("CAST"), std::string::npos) << m;
  }
  EXPECT_THROW(db.query_int("SELECT 1, 2"), tessera::duckdb::Error);
  // The connection is still usable after errors.
  EXPECT_EQ(db.query_int("SELECT 7"), 7);
}

// n rows of every column type DuckDB gets from Tessera; every seventh row is all NULL.
storage::Table all_types_table(int64_t n) {
  storage::Schema schema({{"b", storage::DataType::boolean(), true},
                          {"i", storage::DataType::int32(), true},
                          {"l", storage::DataType::int64(), true},
                          {"f", storage::DataType::float64(), true},
                          {"d4", storage::DataType::decimal(4, 1), true},
                          {"d9", storage::DataType::decimal(9, 3), true},
                          {"d18", storage::DataType::decimal(18, 2), true},
                          {"m", storage::DataType::money(), true},
                          {"day", storage::DataType::date(), true},
                          {"c", storage::DataType::fixed_char(3), true},
                          {"v", storage::DataType::varchar(40), true}});
  storage::Table t("t", schema);
  for (int64_t r = 0; r < n; ++r) {
    const bool null = r % 7 == 3;
    auto& c = t.columns();
    if (null) {
      for (auto& col : c) storage::append_null(col);
      continue;
    }
    c[0].append<uint8_t>(r % 2);
    c[1].append<int32_t>(static_cast<int32_t>(-r));
    c[2].append<int64_t>(r * 1000000007LL);
    c[3].append<double>(r / 3.0);
    c[4].append<int64_t>(r % 1000 - 500);
    c[5].append<int64_t>(r * 1001);
    c[6].append<int64_t>(-r * 123456789LL);
    c[7].append<int64_t>(r * 10001);
    c[8].append<int32_t>(static_cast<int32_t>(r));
    c[9].append_string(std::string(1 + r % 3, static_cast<char>('a' + r % 26)));
    c[10].append_string("row " + std::to_string(r) + (r % 2 ? " with a longer tail" : ""));
  }
  t.validate();
  return t;
}

TEST(DuckDb, LoadsNullsAndAllTypes) {
  DuckDb db(1);
  const int64_t n = 5000;  // more than two DuckDB chunks
  const storage::Table t = all_types_table(n);
  create_and_load(db, t);
  const Result desc = db.query("SELECT column_type FROM (DESCRIBE t)");
  const std::vector<std::string> types = {"BOOLEAN",        "INTEGER",       "BIGINT",  "DOUBLE",
                                          "DECIMAL(4,1)",   "DECIMAL(9,3)",  "DECIMAL(18,2)",
                                          "DECIMAL(19,4)",  "DATE",          "VARCHAR", "VARCHAR"};
  ASSERT_EQ(desc.rows, static_cast<int64_t>(types.size()));
  for (size_t i = 0; i < types.size(); ++i) EXPECT_EQ(desc.columns[0].strings[i], types[i]) << i;

  const Result r = db.query("SELECT * FROM t");
  ASSERT_EQ(r.rows, n);
  const RowSet got = r.row_set();
  for (int64_t row = 0; row < n; ++row)
    for (size_t col = 0; col < t.num_columns(); ++col) {
      std::string want = t.cell_text(row, col);
      if (col == 3 && want != "NULL") want = Cell::float64(row / 3.0).to_string();
      ASSERT_EQ(got.rows[row][col].to_string(), want) << "row " << row << " col " << col;
    }
}

// A database on disk in several stored chunks, loaded through the table function DuckDB's parallel INSERT pulls
// from (load_stored_tables): every row arrives once, in some order, with its NULLs and values.
TEST(DuckDb, LoadsATableStoredInChunks) {
  const std::string dir = ::testing::TempDir() + "/duckdb_stored_load.tdb";
  std::filesystem::remove_all(dir);
  const int64_t n = 5000;
  const storage::Table t = all_types_table(n);
  {
    auto disk = storage::DatabaseDir::open(dir);
    disk->set_chunk_rows(700);  // 8 chunks, the last short
    disk->put_table(t, 2);
    disk->commit();
  }
  auto disk = storage::DatabaseDir::open(dir);
  std::vector<storage::Table> stored = disk->open_tables(2);
  ASSERT_EQ(stored.size(), 1u);
  ASSERT_EQ(stored[0].chunk_starts().size(), 9u);
  DuckDb db(4);
  std::vector<std::string> log;
  load_stored_tables(db, {&stored[0]}, [&](const std::string& line) { log.push_back(line); });
  ASSERT_EQ(log.size(), 1u);
  EXPECT_NE(log[0].find("5000 rows, 8 chunks"), std::string::npos) << log[0];

  const RowSet got = db.query("SELECT * FROM t").row_set();
  ASSERT_EQ(static_cast<int64_t>(got.rows.size()), n);
  std::vector<std::string> want_rows, got_rows;
  for (int64_t row = 0; row < n; ++row) {
    std::string w, g;
    for (size_t col = 0; col < t.num_columns(); ++col) {
      std::string want = t.cell_text(row, col);
      if (col == 3 && want != "NULL") want = Cell::float64(row / 3.0).to_string();
      w += want + "|";
      g += got.rows[row][col].to_string() + "|";
    }
    want_rows.push_back(w);
    got_rows.push_back(g);
  }
  std::sort(want_rows.begin(), want_rows.end());
  std::sort(got_rows.begin(), got_rows.end());
  EXPECT_EQ(got_rows, want_rows);
  // A second table loads beside the first (each load registers a scan of its own).
  storage::Table renamed("t2", t.schema());
  for (size_t c = 0; c < t.num_columns(); ++c) renamed.column(c) = stored[0].column_rows(c, 0, 700);
  disk->put_table(renamed, 2);
  disk->put_table(storage::Table("t0", t.schema()), 2);  // and an empty one
  disk->commit();
  stored = disk->open_tables(2);
  for (const storage::Table& s2 : stored)
    if (s2.name() == "t2" || s2.name() == "t0") load_stored_tables(db, {&s2});
  EXPECT_EQ(db.query_int("SELECT count(*) FROM t2"), 700);
  EXPECT_EQ(db.query_int("SELECT count(*) FROM t0"), 0);
  std::filesystem::remove_all(dir);
}

TEST_F(DuckDbTpch, RowCountsMatchTheGenerator) {
  std::printf("generated and loaded SF 0.01 in %.2f s\n", load_seconds_);
  const tpch::ScaleInfo s = tpch::scale_info(0.01);
  ASSERT_EQ(tables_->size(), 8u);
  for (tpch::TableId id : tpch::all_tables()) {
    const std::string name(tpch::table_name(id));
    const int64_t rows = db_->query_int("SELECT count(*) FROM " + name);
    EXPECT_EQ(rows, table(id).num_rows()) << name;
    const int64_t expected = tpch::expected_rows(id, s);
    if (expected >= 0) {
      EXPECT_EQ(rows, expected) << name;
    }
  }
  EXPECT_EQ(db_->query_int("SELECT count(*) FROM lineitem"), 60175);
}

TEST_F(DuckDbTpch, ColumnTypesAreTpchTypes) {
  const Result r = db_->query(
      "SELECT column_name, column_type FROM (DESCRIBE lineitem)");
  std::map<std::string, std::string> types;
  for (int64_t i = 0; i < r.rows; ++i) types[r.columns[0].strings[i]] = r.columns[1].strings[i];
  EXPECT_EQ(types["l_orderkey"], "BIGINT");
  EXPECT_EQ(types["l_linenumber"], "INTEGER");
  EXPECT_EQ(types["l_quantity"], "DECIMAL(15,2)");
  EXPECT_EQ(types["l_extendedprice"], "DECIMAL(15,2)");
  EXPECT_EQ(types["l_shipdate"], "DATE");
  EXPECT_EQ(types["l_returnflag"], "VARCHAR");  // DuckDB stores CHAR(1) as VARCHAR
  EXPECT_EQ(types["l_comment"], "VARCHAR");
  EXPECT_EQ(db_->query_int("SELECT count(*) FROM information_schema.columns WHERE is_nullable = 'YES' "
                           "AND table_name IN ('lineitem', 'orders', 'part')"),
            0);
}

TEST_F(DuckDbTpch, EveryCellOfTheFirstRowsRoundTrips) {
  for (tpch::TableId id : tpch::all_tables()) {
    const storage::Table& t = table(id);
    const std::string name(tpch::table_name(id));
    const std::string key = t.schema().field(0).name;
    std::string order = key;
    if (id == tpch::TableId::LineItem) order += ", l_linenumber";
    if (id == tpch::TableId::PartSupp) order += ", ps_suppkey";
    // Tessera's tables are generated in key order, which the ORDER BY reproduces.
    const Result r = db_->query("SELECT * FROM " + name + " ORDER BY " + order + " LIMIT 50");
    const auto text = r.text_rows();
    ASSERT_EQ(text.size(), static_cast<size_t>(std::min<int64_t>(50, t.num_rows()))) << name;
    for (size_t row = 0; row < text.size(); ++row)
      for (size_t col = 0; col < t.num_columns(); ++col)
        ASSERT_EQ(text[row][col], t.cell_text(static_cast<int64_t>(row), col))
            << name << " row " << row << " column " << t.schema().field(col).name;
  }
  // Whole-table exact totals of the decimal and date columns.
  const storage::Table& li = table(tpch::TableId::LineItem);
  int128 price = 0, qty = 0;
  int64_t days = 0;
  for (int64_t r = 0; r < li.num_rows(); ++r) {
    price += li.column("l_extendedprice").value<int64_t>(r);
    qty += li.column("l_quantity").value<int64_t>(r);
    days += li.column("l_shipdate").value<int32_t>(r);
  }
  const Result s = db_->query(
      "SELECT sum(l_extendedprice), sum(l_quantity), sum(l_shipdate - DATE '1970-01-01')::BIGINT FROM lineitem");
  const RowSet want{{}, {{Cell::decimal(price, 2), Cell::decimal(qty, 2), Cell::integer(days)}}};
  const CompareResult c = compare_results(want, s.row_set());
  EXPECT_TRUE(c.equal) << c.message;
}

// TPC-H Q1 in DuckDB against the same query computed directly over Tessera's lineitem table.
TEST_F(DuckDbTpch, Q1MatchesAHandComputedAnswer) {
  const Result r = db_->query(query_file("q01.sql"));
  ASSERT_EQ(r.rows, 4);
  ASSERT_EQ(r.columns.size(), 10u);
  const auto text = r.text_rows();
  const std::vector<std::pair<std::string, std::string>> flags = {{"A", "F"}, {"N", "F"}, {"N", "O"}, {"R", "F"}};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(text[i][0], flags[i].first);
    EXPECT_EQ(text[i][1], flags[i].second);
  }
  EXPECT_EQ(r.column("sum_qty").kind, ColumnKind::Decimal);
  EXPECT_EQ(r.column("avg_qty").kind, ColumnKind::Double);
  EXPECT_EQ(r.column("count_order").kind, ColumnKind::Int);

  struct Agg {
    int128 qty = 0, base = 0, disc = 0, charge = 0, discount = 0;
    int64_t count = 0;
  };
  std::map<std::pair<std::string, std::string>, Agg> groups;
  const storage::Table& li = table(tpch::TableId::LineItem);
  const int32_t cutoff = storage::days_from_civil(1998, 12, 1) - 90;
  const auto &ship = li.column("l_shipdate"), &q = li.column("l_quantity"), &ep = li.column("l_extendedprice"),
             &dc = li.column("l_discount"), &tx = li.column("l_tax"), &rf = li.column("l_returnflag"),
             &ls = li.column("l_linestatus");
  for (int64_t i = 0; i < li.num_rows(); ++i) {
    if (ship.value<int32_t>(i) > cutoff) continue;
    Agg& a = groups[{std::string(rf.string(i)), std::string(ls.string(i))}];
    const int128 e = ep.value<int64_t>(i), d = dc.value<int64_t>(i), t = tx.value<int64_t>(i);
    a.qty += q.value<int64_t>(i);
    a.base += e;
    a.disc += e * (100 - d);               // scale 4
    a.charge += e * (100 - d) * (100 + t);  // scale 6
    a.discount += d;
    ++a.count;
  }
  RowSet want;
  for (const auto& [k, a] : groups) {
    const double n = static_cast<double>(a.count);
    want.rows.push_back({Cell::string(k.first), Cell::string(k.second), Cell::decimal(a.qty, 2),
                         Cell::decimal(a.base, 2), Cell::decimal(a.disc, 4), Cell::decimal(a.charge, 6),
                         Cell::float64(static_cast<double>(a.qty) / 100 / n),
                         Cell::float64(static_cast<double>(a.base) / 100 / n),
                         Cell::float64(static_cast<double>(a.discount) / 100 / n), Cell::integer(a.count)});
  }
  const CompareResult c = compare_results(r.row_set(), want, ordered({0, 1}));
  EXPECT_TRUE(c.equal) << c.message;

  // The comparator catches a one-cent difference in this real answer.
  RowSet off = want;
  off.rows[2][3].i += 1;
  const CompareResult bad = compare_results(r.row_set(), off, ordered());
  EXPECT_FALSE(bad.equal);
  EXPECT_EQ(bad.row, 2);
  EXPECT_EQ(bad.column, 3);
  EXPECT_NE(bad.message.find("sum_base_price"), std::string::npos) << bad.message;
}

TEST_F(DuckDbTpch, Q6MatchesAHandComputedAnswer) {
  const Result r = db_->query(query_file("q06.sql"));
  ASSERT_EQ(r.rows, 1);
  ASSERT_EQ(r.columns.size(), 1u);
  const ResultColumn& rev = r.columns[0];
  EXPECT_EQ(rev.name, "revenue");
  ASSERT_EQ(rev.kind, ColumnKind::Decimal);
  ASSERT_TRUE(rev.is_valid(0));
  EXPECT_GT(rev.ints[0], 0);

  const storage::Table& li = table(tpch::TableId::LineItem);
  const int32_t lo = storage::days_from_civil(1994, 1, 1), hi = storage::days_from_civil(1995, 1, 1);
  int128 revenue = 0;  // scale 4
  for (int64_t i = 0; i < li.num_rows(); ++i) {
    const int32_t s = li.column("l_shipdate").value<int32_t>(i);
    const int64_t d = li.column("l_discount").value<int64_t>(i);
    if (s >= lo && s < hi && d >= 5 && d <= 7 && li.column("l_quantity").value<int64_t>(i) < 2400)
      revenue += static_cast<int128>(li.column("l_extendedprice").value<int64_t>(i)) * d;
  }
  const CompareResult c = compare_results(r.row_set(), RowSet{{"revenue"}, {{Cell::decimal(revenue, 4)}}});
  EXPECT_TRUE(c.equal) << c.message;
  std::printf("Q6 revenue at SF 0.01: %s\n", r.text_rows()[0][0].c_str());
}

// Load speed at SF 0.1 (run with --gtest_also_run_disabled_tests).
TEST(DuckDbLoad, DISABLED_Sf01Speed) {
  DuckDb db(2);
  tpch::GenOptions opts;
  opts.sf = 0.1;
  opts.threads = 2;
  auto t0 = std::chrono::steady_clock::now();
  const auto tables = tpch::generate_tables(opts);
  auto t1 = std::chrono::steady_clock::now();
  load_tables(db, tables);
  auto t2 = std::chrono::steady_clock::now();
  std::printf("SF 0.1: generate %.2f s, load into DuckDB %.2f s\n", std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(t2 - t1).count());
  EXPECT_EQ(db.query_int("SELECT count(*) FROM lineitem"), tables[5].num_rows());
}
