// Row sets and their comparison: how Tessera's answers are judged against DuckDB's (issue 3, section 4).
//
// A RowSet is a query answer as typed cells. compare_results() says whether two answers are the same:
//   - exact numbers (integers, decimals of any scale, booleans are not numbers) compare exactly, across
//     scales: 1.50 (DECIMAL(15,2)) equals 1.5000 (DECIMAL(38,4)) and 2 equals 2.00;
//   - a DOUBLE against a DOUBLE or an exact number compares to a relative tolerance (1e-9 by default);
//     against a DECIMAL of scale s it may also differ by up to one unit of the s-th decimal
//     (decimal_last_digit): SQL Server types AVG and decimal division as DECIMAL (truncated at scale
//     s >= 6) where DuckDB answers a DOUBLE;
//   - strings byte for byte (optionally ignoring trailing blanks, for CHAR(n) padding), dates and
//     timestamps exactly, NULL only equals NULL;
//   - rows in order only when told so (the query has ORDER BY); otherwise both sides are sorted first.
//     With ORDER BY, rows that tie on the ORDER BY keys may come in any order: give their column indices
//     in CompareOptions::order_by and each run of ties is compared as a set.
// The report names the first differing row and column, and prints both rows.
// This header needs no DuckDB: Tessera's own results use the same types.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tessera::duckdb {

using int128 = __int128;

struct Cell {
  enum class Kind : uint8_t { Null, Bool, Int, Decimal, Double, Date, Timestamp, String };
  Kind kind = Kind::Null;
  int scale = 0;    // Decimal: digits after the point (i holds value * 10^scale)
  int128 i = 0;     // Bool (0/1), Int, Decimal (scaled), Date (days since 1970-01-01), Timestamp (us since 1970)
  double d = 0;     // Double
  std::string s;    // String

  static Cell null() { return {}; }
  static Cell boolean(bool v) { Cell c; c.kind = Kind::Bool; c.i = v; return c; }
  static Cell integer(int128 v) { Cell c; c.kind = Kind::Int; c.i = v; return c; }
  static Cell decimal(int128 scaled, int scale) { Cell c; c.kind = Kind::Decimal; c.i = scaled; c.scale = scale; return c; }
  static Cell float64(double v) { Cell c; c.kind = Kind::Double; c.d = v; return c; }
  static Cell date(int32_t days) { Cell c; c.kind = Kind::Date; c.i = days; return c; }
  static Cell timestamp(int64_t micros) { Cell c; c.kind = Kind::Timestamp; c.i = micros; return c; }
  static Cell string(std::string v) { Cell c; c.kind = Kind::String; c.s = std::move(v); return c; }

  bool is_null() const { return kind == Kind::Null; }
  bool is_exact_number() const { return kind == Kind::Int || kind == Kind::Decimal; }
  bool is_number() const { return is_exact_number() || kind == Kind::Double; }
  // NULL, true/false, integers, decimals with exactly `scale` digits, doubles in the shortest text that
  // reads back as the same double (std::to_chars), dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:MM:SS[.ffffff].
  std::string to_string() const;
};

std::string int128_to_string(int128 v);
std::string decimal_to_string(int128 scaled, int scale);
const char* kind_name(Cell::Kind k);

using Row = std::vector<Cell>;

struct RowSet {
  std::vector<std::string> columns;  // names
  std::vector<Row> rows;
  std::vector<std::vector<std::string>> text_rows() const;  // every cell through Cell::to_string()
};

struct CompareOptions {
  bool ordered = false;           // the query has ORDER BY: row order must match
  std::vector<int> order_by;      // with `ordered`: the ORDER BY key columns; runs of ties compare as sets
  double rel_tol = 1e-9;          // doubles: |a - b| <= rel_tol * max(|a|, |b|) ...
  double abs_tol = 0;             // ... or |a - b| <= abs_tol
  bool ignore_trailing_spaces = false;  // 'AB  ' equals 'AB' (CHAR(n) padding)
  bool decimal_last_digit = true;       // DECIMAL(., s) vs DOUBLE: within 10^-s also equal
  bool check_column_names = false;
};

struct CompareResult {
  bool equal = true;
  int64_t row = -1;     // first differing row (in the compared order), -1 if none or a shape mismatch
  int column = -1;      // first differing column, -1 if none
  std::string message;  // empty when equal
  explicit operator bool() const { return equal; }
};

// Cell equality under the options' tolerances (used by compare_results).
bool cells_equal(const Cell& a, const Cell& b, const CompareOptions& opts = {});

// `expected` is the oracle's answer (DuckDB), `actual` the one under test.
CompareResult compare_results(const RowSet& expected, const RowSet& actual, const CompareOptions& opts = {});

}  // namespace tessera::duckdb
