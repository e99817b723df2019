// GREATEST and LEAST of two values (the binder chains them over 1..254 arguments; the SQL examples of the
// pages are in engine/tests/functions/scalar_functions_sql_test.cpp).
// Examples: "GREATEST (Transact-SQL)", "LEAST (Transact-SQL)".
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "test_support.hpp"
#include "tessera/functions/logical_functions.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::date;
using tessera::fn::test::StrResult;

namespace {
const SessionContext kCi{};
SessionContext binary() {
  SessionContext c;
  c.collation = 0;
  return c;
}
const SessionContext kBin = binary();

StrResult greatest(std::string_view a, std::string_view b, const SessionContext& ctx = kCi) {
  return call_str(tsf_greatest_s, a.data(), int32_t(a.size()), uint8_t(0), b.data(), int32_t(b.size()), uint8_t(0),
                  &ctx);
}
StrResult least(std::string_view a, std::string_view b, const SessionContext& ctx = kCi) {
  return call_str(tsf_least_s, a.data(), int32_t(a.size()), uint8_t(0), b.data(), int32_t(b.size()), uint8_t(0),
                  &ctx);
}
StrResult ok(std::string v) { return {kOk, std::move(v)}; }
}  // namespace

TEST(LogicalGreatestLeast, Strings) {
  // GREATEST page, example B: GREATEST('Glacier', N'Joshua Tree', 'Mount Rainier') is 'Mount Rainier';
  // LEAST page, example B: LEAST('Glacier', N'Joshua Tree', 'Mount Rainier') is 'Glacier' (chained).
  EXPECT_EQ(greatest(greatest("Glacier", "Joshua Tree").value, "Mount Rainier"), ok("Mount Rainier"));
  EXPECT_EQ(least(least("Glacier", "Joshua Tree").value, "Mount Rainier"), ok("Glacier"));
  // A prefix sorts first; trailing spaces do not count; of equal values the first is kept.
  EXPECT_EQ(greatest("abc", "ab"), ok("abc"));
  EXPECT_EQ(least("abc", "ab"), ok("ab"));
  EXPECT_EQ(greatest("ab  ", "ab"), ok("ab  "));
  EXPECT_EQ(greatest("ab", "ab  "), ok("ab"));
  EXPECT_EQ(least("", "  "), ok(""));
  // Case under the collation: equal when case-insensitive (the first kept), 'a' > 'B' by upper case.
  EXPECT_EQ(greatest("abc", "ABC"), ok("abc"));
  EXPECT_EQ(greatest("ABC", "abc"), ok("ABC"));
  EXPECT_EQ(greatest("a", "B"), ok("B"));
  EXPECT_EQ(greatest("a", "B", kBin), ok("a"));
  EXPECT_EQ(least("a", "B", kBin), ok("B"));
  // Upper case first: '_' (0x5F) sorts after letters, as UPPER(s) compares.
  EXPECT_EQ(greatest("_", "z"), ok("_"));
  // Multi-byte characters compare by code point.
  EXPECT_EQ(greatest("é", "z"), ok("é"));
  EXPECT_EQ(greatest("日本", "日本語"), ok("日本語"));
  EXPECT_EQ(least("😀", "€"), ok("€"));
}

TEST(LogicalGreatestLeast, Nulls) {
  // NULLs are ignored; all NULL gives NULL.
  int32_t i = 0;
  EXPECT_EQ(tsf_greatest_i(&i, 0, 1, 5, 0), kOk);
  EXPECT_EQ(i, 5);
  EXPECT_EQ(tsf_greatest_i(&i, 7, 0, 0, 1), kOk);
  EXPECT_EQ(i, 7);
  EXPECT_EQ(tsf_least_i(&i, 0, 1, -3, 0), kOk);
  EXPECT_EQ(i, -3);
  EXPECT_EQ(tsf_greatest_i(&i, 1, 1, 2, 1), kNull);
  EXPECT_EQ(tsf_least_i(&i, 1, 1, 2, 1), kNull);
  EXPECT_EQ(call_str(tsf_greatest_s, "x", 1, uint8_t(1), "", 0, uint8_t(0), &kCi), ok(""));
  EXPECT_EQ(call_str(tsf_least_s, "x", 1, uint8_t(0), "", 0, uint8_t(1), &kCi), ok("x"));
  EXPECT_EQ(call_str(tsf_least_s, "x", 1, uint8_t(1), "", 0, uint8_t(1), &kCi).status, kNull);
}

TEST(LogicalGreatestLeast, Numbers) {
  int32_t i = 0;
  EXPECT_EQ(tsf_greatest_i(&i, INT32_MIN, 0, INT32_MAX, 0), kOk);
  EXPECT_EQ(i, INT32_MAX);
  EXPECT_EQ(tsf_least_i(&i, INT32_MIN, 0, INT32_MAX, 0), kOk);
  EXPECT_EQ(i, INT32_MIN);
  int64_t l = 0;
  EXPECT_EQ(tsf_greatest_l(&l, INT64_MIN, 0, -1, 0), kOk);
  EXPECT_EQ(l, -1);
  EXPECT_EQ(tsf_least_l(&l, INT64_MAX, 0, INT64_MIN, 0), kOk);
  EXPECT_EQ(l, INT64_MIN);
  // GREATEST page, example A: GREATEST('6.62', 3.1415, N'7') is 7.0000 -- all DECIMAL(5,4) by then, so the
  // scaled integers 66200, 31415 and 70000.
  EXPECT_EQ(tsf_greatest_l(&l, 66200, 0, 31415, 0), kOk);
  EXPECT_EQ(tsf_greatest_l(&l, l, 0, 70000, 0), kOk);
  EXPECT_EQ(l, 70000);
  // LEAST page, example A: LEAST('6.62', 3.1415, N'7') is 3.1415.
  EXPECT_EQ(tsf_least_l(&l, 66200, 0, 31415, 0), kOk);
  EXPECT_EQ(tsf_least_l(&l, l, 0, 70000, 0), kOk);
  EXPECT_EQ(l, 31415);
  double d = 0;
  EXPECT_EQ(tsf_greatest_d(&d, -1e308, 0, 5e-324, 0), kOk);
  EXPECT_EQ(d, 5e-324);
  EXPECT_EQ(tsf_least_d(&d, std::numeric_limits<double>::max(), 0, -0.5, 0), kOk);
  EXPECT_EQ(d, -0.5);
  // -0.0 and 0.0 are equal: the first is kept.
  EXPECT_EQ(tsf_greatest_d(&d, -0.0, 0, 0.0, 0), kOk);
  EXPECT_TRUE(std::signbit(d));
  uint8_t b = 0;
  EXPECT_EQ(tsf_greatest_b(&b, 0, 0, 1, 0), kOk);
  EXPECT_EQ(b, 1);
  EXPECT_EQ(tsf_least_b(&b, 0, 0, 1, 0), kOk);
  EXPECT_EQ(b, 0);
}

TEST(LogicalGreatestLeast, Dates) {
  // GREATEST page, example C: the latest of SellStartDate, DiscontinuedDate (NULL) and ModifiedDate.
  int32_t d = 0;
  EXPECT_EQ(tsf_greatest_i(&d, date(2007, 7, 1), 0, 0, 1), kOk);
  EXPECT_EQ(tsf_greatest_i(&d, d, 0, date(2007, 6, 1), 0), kOk);
  EXPECT_EQ(d, date(2007, 7, 1));
  EXPECT_EQ(tsf_least_i(&d, date(1, 1, 1), 0, date(9999, 12, 31), 0), kOk);
  EXPECT_EQ(d, date(1, 1, 1));
  EXPECT_EQ(tsf_greatest_i(&d, date(2000, 2, 29), 0, date(2000, 2, 28), 0), kOk);
  EXPECT_EQ(d, date(2000, 2, 29));
}
