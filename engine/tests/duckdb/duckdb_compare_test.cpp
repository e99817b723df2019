// The row-set comparator that judges Tessera's answers against DuckDB's (needs no DuckDB).
#include <gtest/gtest.h>

#include <cmath>

#include "tessera/duckdb/result_compare.hpp"

using namespace tessera::duckdb;

namespace {

CompareOptions ordered(std::vector<int> keys = {}) {
  CompareOptions o;
  o.ordered = true;
  o.order_by = std::move(keys);
  return o;
}

template <typename F>
CompareOptions with(F set) {
  CompareOptions o;
  set(o);
  return o;
}

RowSet sample() {
  RowSet r;
  r.columns = {"flag", "qty", "avg", "day"};
  r.rows = {{Cell::string("A"), Cell::decimal(3774200, 2), Cell::float64(25.5), Cell::date(8000)},
            {Cell::string("N"), Cell::decimal(95257, 2), Cell::float64(1.0 / 3.0), Cell::date(8001)},
            {Cell::string("R"), Cell::decimal(-5, 2), Cell::float64(1e300), Cell::null()}};
  return r;
}

}  // namespace

TEST(ResultCompare, EqualSets) {
  const RowSet a = sample();
  const CompareResult r = compare_results(a, a, ordered());
  EXPECT_TRUE(r.equal) << r.message;
  EXPECT_TRUE(r.message.empty());
  EXPECT_TRUE(compare_results(RowSet{}, RowSet{}).equal);
}

TEST(ResultCompare, ReorderedRowsWithoutOrderByAreEqual) {
  const RowSet a = sample();
  RowSet b = a;
  std::swap(b.rows[0], b.rows[2]);
  const CompareResult r = compare_results(a, b, CompareOptions{});
  EXPECT_TRUE(r.equal) << r.message;
}

TEST(ResultCompare, ReorderedRowsWithOrderByDiffer) {
  const RowSet a = sample();
  RowSet b = a;
  std::swap(b.rows[0], b.rows[1]);
  const CompareResult r = compare_results(a, b, ordered());
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.row, 0);
  EXPECT_EQ(r.column, 0);
  EXPECT_NE(r.message.find("row 0, column 0 (flag): expected 'A'"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("got 'N'"), std::string::npos) << r.message;
}

TEST(ResultCompare, TiesUnderOrderByCompareAsSets) {
  RowSet a, b;
  a.rows = {{Cell::integer(1), Cell::string("x")}, {Cell::integer(1), Cell::string("y")}, {Cell::integer(2), Cell::string("z")}};
  b.rows = {{Cell::integer(1), Cell::string("y")}, {Cell::integer(1), Cell::string("x")}, {Cell::integer(2), Cell::string("z")}};
  EXPECT_FALSE(compare_results(a, b, ordered()).equal);
  const CompareResult r = compare_results(a, b, ordered({0}));
  EXPECT_TRUE(r.equal) << r.message;
  // The ties may not cross a key boundary.
  std::swap(b.rows[1], b.rows[2]);
  EXPECT_FALSE(compare_results(a, b, ordered({0})).equal);
}

TEST(ResultCompare, DecimalsCompareExactly) {
  const RowSet a = sample();
  RowSet b = a;
  b.rows[1][1] = Cell::decimal(95258, 2);  // off by one cent
  const CompareResult r = compare_results(a, b);
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.column, 1);
  EXPECT_NE(r.message.find("expected 952.57 (DECIMAL, scale 2), got 952.58"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("expected row:"), std::string::npos);

  // Different scales and integers compare by value, exactly.
  EXPECT_TRUE(cells_equal(Cell::decimal(150, 2), Cell::decimal(15000, 4)));
  EXPECT_TRUE(cells_equal(Cell::integer(2), Cell::decimal(200, 2)));
  EXPECT_FALSE(cells_equal(Cell::decimal(150, 2), Cell::decimal(15001, 4)));
  // Large values beyond double precision are still exact.
  const int128 big = static_cast<int128>(1) << 100;
  EXPECT_FALSE(cells_equal(Cell::decimal(big, 2), Cell::decimal(big + 1, 2)));
  EXPECT_FALSE(cells_equal(Cell::decimal(big, 0), Cell::decimal(big, 10)));  // rescaling overflows
  EXPECT_EQ(decimal_to_string(-5, 2), "-0.05");
  EXPECT_EQ(decimal_to_string(big, 2), "12676506002282294014967032053.76");
}

TEST(ResultCompare, DoublesWithinTolerance) {
  const RowSet a = sample();
  RowSet b = a;
  b.rows[0][2] = Cell::float64(25.5 * (1 + 5e-10));
  b.rows[1][2] = Cell::float64(1.0 / 3.0 * (1 - 9e-10));
  b.rows[2][2] = Cell::float64(1e300 * (1 + 1e-12));
  const CompareResult r = compare_results(a, b);
  EXPECT_TRUE(r.equal) << r.message;
  // A double against an exact number uses the tolerance too (DuckDB's AVG is a DOUBLE).
  EXPECT_TRUE(cells_equal(Cell::float64(25.5), Cell::decimal(2550, 2)));
  EXPECT_TRUE(cells_equal(Cell::float64(NAN), Cell::float64(NAN)));
}

TEST(ResultCompare, DoublesOutsideTolerance) {
  const RowSet a = sample();
  RowSet b = a;
  b.rows[1][2] = Cell::float64(1.0 / 3.0 * (1 + 2e-9));
  const CompareResult r = compare_results(a, b);
  ASSERT_FALSE(r.equal);
  EXPECT_EQ(r.row, 1);
  EXPECT_EQ(r.column, 2);
  EXPECT_NE(r.message.find("column 2 (avg)"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("0.3333333333333333 (DOUBLE)"), std::string::npos) << r.message;
  EXPECT_FALSE(cells_equal(Cell::float64(0), Cell::float64(1e-300)));
  EXPECT_TRUE(cells_equal(Cell::float64(0), Cell::float64(1e-300), with([](CompareOptions& o) { o.abs_tol = 1e-12; })));
}

TEST(ResultCompare, ShapeNullsAndKinds) {
  const RowSet a = sample();
  RowSet b = a;
  b.rows.pop_back();
  CompareResult r = compare_results(a, b, ordered());
  ASSERT_FALSE(r.equal);
  EXPECT_NE(r.message.find("row count: expected 3, got 2"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("missing row 2"), std::string::npos) << r.message;

  b = a;
  b.columns.pop_back();
  for (auto& row : b.rows) row.pop_back();
  r = compare_results(a, b);
  ASSERT_FALSE(r.equal);
  EXPECT_NE(r.message.find("column count: expected 4, got 3"), std::string::npos) << r.message;

  b = a;
  b.rows[2][3] = Cell::date(0);  // NULL vs a date
  r = compare_results(a, b, ordered());
  ASSERT_FALSE(r.equal);
  EXPECT_NE(r.message.find("expected NULL, got 1970-01-01 (DATE)"), std::string::npos) << r.message;

  EXPECT_FALSE(cells_equal(Cell::string("1"), Cell::integer(1)));
  EXPECT_FALSE(cells_equal(Cell::string("AB  "), Cell::string("AB")));
  EXPECT_TRUE(cells_equal(Cell::string("AB  "), Cell::string("AB"), with([](CompareOptions& o) { o.ignore_trailing_spaces = true; })));
}

TEST(ResultCompare, CellText) {
  EXPECT_EQ(Cell::float64(0.1).to_string(), "0.1");
  EXPECT_EQ(Cell::float64(1.0 / 3.0).to_string(), "0.3333333333333333");
  EXPECT_EQ(Cell::decimal(100, 2).to_string(), "1.00");
  EXPECT_EQ(Cell::date(10957).to_string(), "2000-01-01");
  EXPECT_EQ(Cell::timestamp(86400000000LL + 3723000001LL).to_string(), "1970-01-02 01:02:03.000001");
  EXPECT_EQ(Cell::null().to_string(), "NULL");
}
