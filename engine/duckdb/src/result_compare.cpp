#include "tessera/duckdb/result_compare.hpp"

#include "tessera/storage/table.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string_view>

namespace tessera::duckdb {

namespace {

int128 pow10_128(int n) {
  int128 p = 1;
  for (int k = 0; k < n; ++k) p *= 10;
  return p;
}

// Civil date from days since 1970-01-01 (H. Hinnant's algorithm), for printing.
void civil(int64_t z, int64_t& y, unsigned& m, unsigned& d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
}

std::string date_text(int64_t days) {
  int64_t y;
  unsigned m, d;
  civil(days, y, m, d);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u", static_cast<long long>(y), m, d);
  return buf;
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// -1, 0, 1: exact comparison of a_i * 10^-a_s and b_i * 10^-b_s.
int compare_exact(int128 a, int as, int128 b, int bs) {
  auto rescale = [](int128 v, int k, int128& out) {  // false on overflow
    out = v;
    for (int j = 0; j < k; ++j)
      if (__builtin_mul_overflow(out, static_cast<int128>(10), &out)) return false;
    return true;
  };
  const int s = std::max(as, bs);
  int128 x, y;
  const bool okx = rescale(a, s - as, x), oky = rescale(b, s - bs, y);
  if (!okx) return a > 0 ? 1 : -1;  // |a| scaled exceeds any int128, hence |b| scaled
  if (!oky) return b > 0 ? -1 : 1;
  return x < y ? -1 : (x > y ? 1 : 0);
}

long double as_long_double(const Cell& c) {
  if (c.kind == Cell::Kind::Double) return c.d;
  long double v = static_cast<long double>(c.i);
  if (c.kind == Cell::Kind::Decimal && c.scale > 0) v /= static_cast<long double>(pow10_128(c.scale));
  return v;
}

bool doubles_near(long double a, long double b, const CompareOptions& o) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (a == b) return true;
  if (std::isinf(a) || std::isinf(b)) return false;
  const long double diff = std::fabs(a - b);
  return diff <= o.abs_tol || diff <= static_cast<long double>(o.rel_tol) * std::max(std::fabs(a), std::fabs(b));
}

std::string_view str_of(const Cell& c, const CompareOptions& o) {
  std::string_view s = c.s;
  if (o.ignore_trailing_spaces)
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

int rank(const Cell& c) {
  switch (c.kind) {
    case Cell::Kind::Null: return 0;
    case Cell::Kind::Bool: return 1;
    case Cell::Kind::Int:
    case Cell::Kind::Decimal:
    case Cell::Kind::Double: return 2;
    case Cell::Kind::Date: return 3;
    case Cell::Kind::Timestamp: return 4;
    case Cell::Kind::String: return 5;
  }
  return 6;
}

// A total order over cells, the same for both sides, used to sort rows into a canonical order.
int order(const Cell& a, const Cell& b, const CompareOptions& o) {
  const int ra = rank(a), rb = rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0: return 0;
    case 2:
      if (a.is_exact_number() && b.is_exact_number()) return compare_exact(a.i, a.scale, b.i, b.scale);
      {
        const long double x = as_long_double(a), y = as_long_double(b);
        if (std::isnan(x) || std::isnan(y)) return std::isnan(x) ? (std::isnan(y) ? 0 : 1) : -1;
        return x < y ? -1 : (x > y ? 1 : 0);
      }
    case 5: {
      const int c = str_of(a, o).compare(str_of(b, o));
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    default: return a.i < b.i ? -1 : (a.i > b.i ? 1 : 0);
  }
}

std::string row_text(const Row& r) {
  std::string s;
  for (size_t c = 0; c < r.size(); ++c) {
    if (c) s += " | ";
    s += r[c].kind == Cell::Kind::String ? "'" + r[c].s + "'" : r[c].to_string();
  }
  return s;
}

std::string cell_desc(const Cell& c) {
  std::string v = c.kind == Cell::Kind::String ? "'" + c.s + "'" : c.to_string();
  if (c.kind == Cell::Kind::Null) return v;
  return v + " (" + kind_name(c.kind) + (c.kind == Cell::Kind::Decimal ? ", scale " + std::to_string(c.scale) : "") + ")";
}

}  // namespace

const char* kind_name(Cell::Kind k) {
  switch (k) {
    case Cell::Kind::Null: return "NULL";
    case Cell::Kind::Bool: return "BOOLEAN";
    case Cell::Kind::Int: return "INTEGER";
    case Cell::Kind::Decimal: return "DECIMAL";
    case Cell::Kind::Double: return "DOUBLE";
    case Cell::Kind::Date: return "DATE";
    case Cell::Kind::Timestamp: return "TIMESTAMP";
    case Cell::Kind::String: return "VARCHAR";
  }
  return "?";
}

// One decimal text for Tessera's tables and for compared answers: storage::format_decimal.
std::string int128_to_string(int128 v) { return storage::format_decimal(v, 0); }

std::string decimal_to_string(int128 scaled, int scale) { return storage::format_decimal(scaled, scale); }

std::string Cell::to_string() const {
  switch (kind) {
    case Kind::Null: return "NULL";
    case Kind::Bool: return i ? "true" : "false";
    case Kind::Int: return int128_to_string(i);
    case Kind::Decimal: return decimal_to_string(i, scale);
    case Kind::Double: {
      if (std::isnan(d)) return "nan";
      if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
      char buf[64];
      auto r = std::to_chars(buf, buf + sizeof buf, d);
      return std::string(buf, r.ptr);
    }
    case Kind::Date: return date_text(static_cast<int64_t>(i));
    case Kind::Timestamp: {
      const int64_t us = static_cast<int64_t>(i);
      const int64_t days = floor_div(us, 86400000000LL);
      int64_t rem = us - days * 86400000000LL;
      const int64_t frac = rem % 1000000;
      rem /= 1000000;
      char buf[48];
      std::snprintf(buf, sizeof buf, " %02lld:%02lld:%02lld", static_cast<long long>(rem / 3600),
                    static_cast<long long>(rem / 60 % 60), static_cast<long long>(rem % 60));
      std::string s = date_text(days) + buf;
      if (frac) {
        std::snprintf(buf, sizeof buf, ".%06lld", static_cast<long long>(frac));
        s += buf;
      }
      return s;
    }
    case Kind::String: return s;
  }
  return "?";
}

std::vector<std::vector<std::string>> RowSet::text_rows() const {
  std::vector<std::vector<std::string>> out;
  out.reserve(rows.size());
  for (const Row& r : rows) {
    std::vector<std::string> t;
    t.reserve(r.size());
    for (const Cell& c : r) t.push_back(c.to_string());
    out.push_back(std::move(t));
  }
  return out;
}

bool cells_equal(const Cell& a, const Cell& b, const CompareOptions& o) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (a.is_number() && b.is_number()) {
    if (a.is_exact_number() && b.is_exact_number()) return compare_exact(a.i, a.scale, b.i, b.scale) == 0;
    if (o.decimal_last_digit && (a.kind == Cell::Kind::Decimal) != (b.kind == Cell::Kind::Decimal)) {
      // A DECIMAL is exact to its scale: the double must agree to within one unit of its last digit.
      const Cell& dec = a.kind == Cell::Kind::Decimal ? a : b;
      long double unit = 1;
      for (int k = 0; k < dec.scale; ++k) unit /= 10;
      const long double diff = as_long_double(a) - as_long_double(b);
      if ((diff < 0 ? -diff : diff) <= unit) return true;
    }
    return doubles_near(as_long_double(a), as_long_double(b), o);
  }
  if (a.kind != b.kind) return false;
  if (a.kind == Cell::Kind::String) return str_of(a, o) == str_of(b, o);
  return a.i == b.i;
}

CompareResult compare_results(const RowSet& expected, const RowSet& actual, const CompareOptions& o) {
  CompareResult res;
  auto fail = [&](std::string msg) {
    res.equal = false;
    res.message = std::move(msg);
    return res;
  };

  // Shape: the column count from the names, or from the first row where names are missing.
  auto width = [](const RowSet& r) -> int64_t {
    if (!r.columns.empty()) return static_cast<int64_t>(r.columns.size());
    return r.rows.empty() ? -1 : static_cast<int64_t>(r.rows[0].size());
  };
  const int64_t we = width(expected), wa = width(actual);
  if (we >= 0 && wa >= 0 && we != wa)
    return fail("column count: expected " + std::to_string(we) + ", got " + std::to_string(wa));
  const int64_t ncols = std::max(we, wa);
  for (const RowSet* rs : {&expected, &actual})
    for (size_t r = 0; r < rs->rows.size(); ++r)
      if (static_cast<int64_t>(rs->rows[r].size()) != ncols)
        return fail(std::string(rs == &expected ? "expected" : "actual") + " row " + std::to_string(r) + " has " +
                    std::to_string(rs->rows[r].size()) + " cells, the result has " + std::to_string(ncols) +
                    " columns");
  if (o.check_column_names && !expected.columns.empty() && !actual.columns.empty())
    for (int64_t c = 0; c < ncols; ++c)
      if (expected.columns[c] != actual.columns[c]) {
        res.column = static_cast<int>(c);
        return fail("column " + std::to_string(c) + " name: expected '" + expected.columns[c] + "', got '" +
                    actual.columns[c] + "'");
      }
  auto col_name = [&](int c) -> std::string {
    const auto& names = !expected.columns.empty() ? expected.columns : actual.columns;
    return c < static_cast<int>(names.size()) ? " (" + names[c] + ")" : "";
  };

  // Sort key: exact columns first, then the approximate (DOUBLE on either side) ones, so that rows
  // which differ only within the tolerance still meet in the same position.
  std::vector<bool> approx(static_cast<size_t>(std::max<int64_t>(ncols, 0)), false);
  for (const RowSet* rs : {&expected, &actual})
    for (const Row& r : rs->rows)
      for (int64_t c = 0; c < ncols; ++c)
        if (r[c].kind == Cell::Kind::Double) approx[c] = true;
  std::vector<int> key;
  for (int64_t c = 0; c < ncols; ++c)
    if (!approx[c]) key.push_back(static_cast<int>(c));
  for (int64_t c = 0; c < ncols; ++c)
    if (approx[c]) key.push_back(static_cast<int>(c));
  auto row_less = [&](const Row* x, const Row* y) {
    for (int c : key) {
      const int v = order((*x)[c], (*y)[c], o);
      if (v) return v < 0;
    }
    return false;
  };

  std::vector<const Row*> e, a;
  for (const Row& r : expected.rows) e.push_back(&r);
  for (const Row& r : actual.rows) a.push_back(&r);
  std::string where = "row ";
  if (!o.ordered) {
    std::stable_sort(e.begin(), e.end(), row_less);
    std::stable_sort(a.begin(), a.end(), row_less);
    where = "row (of both sides sorted, no ORDER BY) ";
  } else if (!o.order_by.empty()) {
    // Runs of rows tying on the ORDER BY keys (found on the expected side) compare as sets.
    for (int c : o.order_by)
      if (c < 0 || c >= ncols) return fail("order_by column " + std::to_string(c) + " out of range");
    size_t start = 0;
    while (start < e.size()) {
      size_t end = start + 1;
      while (end < e.size() && std::all_of(o.order_by.begin(), o.order_by.end(), [&](int c) {
               return cells_equal((*e[start])[c], (*e[end])[c], o);
             }))
        ++end;
      if (end - start > 1) {
        std::stable_sort(e.begin() + start, e.begin() + end, row_less);
        if (start < a.size()) std::stable_sort(a.begin() + start, a.begin() + std::min(end, a.size()), row_less);
      }
      start = end;
    }
  }

  std::string count_msg;
  if (e.size() != a.size())
    count_msg = "row count: expected " + std::to_string(e.size()) + ", got " + std::to_string(a.size());
  const size_t n = std::min(e.size(), a.size());
  for (size_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < ncols; ++c)
      if (!cells_equal((*e[r])[c], (*a[r])[c], o)) {
        res.row = static_cast<int64_t>(r);
        res.column = static_cast<int>(c);
        std::string msg = count_msg.empty() ? "" : count_msg + "; first difference: ";
        msg += where + std::to_string(r) + ", column " + std::to_string(c) + col_name(static_cast<int>(c)) +
               ": expected " + cell_desc((*e[r])[c]) + ", got " + cell_desc((*a[r])[c]) +
               "\n  expected row: " + row_text(*e[r]) + "\n  actual row:   " + row_text(*a[r]);
        return fail(std::move(msg));
      }
  if (!count_msg.empty()) {
    res.row = static_cast<int64_t>(n);
    const auto& longer = e.size() > a.size() ? e : a;
    return fail(count_msg + "; the first " + std::to_string(n) + " rows agree, then " +
                (e.size() > a.size() ? "missing" : "extra") + " row " + std::to_string(n) + ": " +
                row_text(*longer[n]));
  }
  return res;
}

}  // namespace tessera::duckdb
