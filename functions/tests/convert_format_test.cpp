// CAST/CONVERT from int, bigint, decimal, float and money to varchar.
// Examples from the SQL Server docs page "CAST and CONVERT (Transact-SQL)"
// (float and money styles) and edge cases.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/number_format.hpp"
#include "test_support.hpp"

using namespace tessera::fn;
using tessera::fn::test::call_str;
using tessera::fn::test::StrResult;

namespace {
StrResult ok(const char* s) { return {kOk, s}; }
StrResult f0(double v) { return call_str(tsf_cast_float_to_varchar, v); }
StrResult fs(double v, int32_t style) { return call_str(tsf_convert_float_to_varchar, v, style); }
StrResult m0(int64_t v) { return call_str(tsf_cast_money_to_varchar, v); }
StrResult ms(int64_t v, int32_t style) { return call_str(tsf_convert_money_to_varchar, v, style); }
StrResult dec(int64_t v, int32_t scale) { return call_str(tsf_cast_decimal_to_varchar, v, scale); }
}  // namespace

TEST(ConvertIntToVarchar, Values) {
  EXPECT_EQ(call_str(tsf_cast_int_to_varchar, 2492), ok("2492"));  // CONVERT(VARCHAR, 2492)
  EXPECT_EQ(call_str(tsf_cast_int_to_varchar, 0), ok("0"));
  EXPECT_EQ(call_str(tsf_cast_int_to_varchar, -7), ok("-7"));
  EXPECT_EQ(call_str(tsf_cast_int_to_varchar, INT32_MAX), ok("2147483647"));
  EXPECT_EQ(call_str(tsf_cast_int_to_varchar, INT32_MIN), ok("-2147483648"));
  EXPECT_EQ(call_str(tsf_cast_bigint_to_varchar, INT64_MAX), ok("9223372036854775807"));
  EXPECT_EQ(call_str(tsf_cast_bigint_to_varchar, INT64_MIN), ok("-9223372036854775808"));
  EXPECT_EQ(call_str(tsf_cast_bigint_to_varchar, int64_t{-1}), ok("-1"));
}

TEST(ConvertDecimalToVarchar, Values) {
  EXPECT_EQ(dec(12340, 2), ok("123.40"));  // CAST('123.4' AS decimal(9,2))
  EXPECT_EQ(dec(123, 0), ok("123"));
  EXPECT_EQ(dec(5, 1), ok("0.5"));
  EXPECT_EQ(dec(-5, 2), ok("-0.05"));
  EXPECT_EQ(dec(0, 3), ok("0.000"));
  EXPECT_EQ(dec(999999999999999999LL, 18), ok("0.999999999999999999"));
  EXPECT_EQ(dec(-999999999999999999LL, 0), ok("-999999999999999999"));
  EXPECT_EQ(dec(INT64_MIN, 18), ok("-9.223372036854775808"));
  EXPECT_EQ(dec(1, 19).status, kInvalidArgument);
}

// CAST and CONVERT, money styles: 0 -> 4235.98, 1 -> 4,235.98, 2 -> 4235.9800.
TEST(ConvertMoneyToVarchar, Styles) {
  EXPECT_EQ(m0(42359800), ok("4235.98"));
  EXPECT_EQ(ms(42359800, 1), ok("4,235.98"));
  EXPECT_EQ(ms(42359800, 2), ok("4235.9800"));
  EXPECT_EQ(m0(12345600), ok("1234.56"));  // CONVERT(varchar(20), $1234.56, 0/1/2)
  EXPECT_EQ(ms(12345600, 1), ok("1,234.56"));
  EXPECT_EQ(ms(12345600, 2), ok("1234.5600"));
  EXPECT_EQ(m0(12345), ok("1.23"));
  EXPECT_EQ(m0(12350), ok("1.24"));    // half away from zero
  EXPECT_EQ(m0(-12350), ok("-1.24"));
  EXPECT_EQ(m0(49), ok("0.00"));
  EXPECT_EQ(m0(-50), ok("-0.01"));
  EXPECT_EQ(m0(0), ok("0.00"));
  EXPECT_EQ(ms(1000000000, 1), ok("100,000.00"));
  EXPECT_EQ(ms(999999, 1), ok("100.00"));  // 99.9999 rounds up
  EXPECT_EQ(m0(INT64_MAX), ok("922337203685477.58"));
  EXPECT_EQ(ms(INT64_MIN, 1), ok("-922,337,203,685,477.58"));
  EXPECT_EQ(ms(INT64_MIN, 2), ok("-922337203685477.5808"));
  EXPECT_EQ(ms(1, 3).status, kInvalidStyle);
  EXPECT_LE(int64_t(std::string("-922,337,203,685,477.58").size()), NumberFormat::kMaxMoneyLen);
}

// CAST and CONVERT, float style 0: at most 6 digits, scientific when appropriate.
TEST(ConvertFloatToVarchar, Style0) {
  EXPECT_EQ(f0(0.0), ok("0"));
  EXPECT_EQ(f0(-0.0), ok("0"));
  EXPECT_EQ(f0(1.0), ok("1"));
  EXPECT_EQ(f0(-2.5), ok("-2.5"));
  EXPECT_EQ(f0(0.1), ok("0.1"));
  EXPECT_EQ(f0(3.14159265358979), ok("3.14159"));
  EXPECT_EQ(f0(123456.0), ok("123456"));
  EXPECT_EQ(f0(123456.7), ok("123457"));
  EXPECT_EQ(f0(999999.5), ok("1e+006"));
  EXPECT_EQ(f0(1234567.0), ok("1.23457e+006"));
  EXPECT_EQ(f0(1e6), ok("1e+006"));
  EXPECT_EQ(f0(100000.0), ok("100000"));
  EXPECT_EQ(f0(0.0001), ok("0.0001"));
  EXPECT_EQ(f0(0.00012345678), ok("0.000123457"));
  EXPECT_EQ(f0(0.00001), ok("1e-005"));
  EXPECT_EQ(f0(-1.5e-10), ok("-1.5e-010"));
  EXPECT_EQ(f0(1.7976931348623157e308), ok("1.79769e+308"));
  EXPECT_EQ(f0(-4.9406564584124654e-324), ok("-4.94066e-324"));
  EXPECT_EQ(f0(2.2250738585072014e-308), ok("2.22507e-308"));
  EXPECT_EQ(f0(1e15), ok("1e+015"));
  EXPECT_EQ(f0(12.0), ok("12"));
  EXPECT_EQ(f0(1234565.0), ok("1.23456e+006"));  // an exact tie rounds to even
  EXPECT_EQ(f0(1234575.0), ok("1.23458e+006"));
  EXPECT_EQ(f0(9223372036854775807.0), ok("9.22337e+018"));
  EXPECT_EQ(f0(0.5), ok("0.5"));
  EXPECT_EQ(f0(std::nan("")).status, kInvalidFloatOperation);
  EXPECT_EQ(f0(INFINITY).status, kInvalidFloatOperation);
}

// Style 1: always 8 digits in scientific notation; style 2: always 16.
TEST(ConvertFloatToVarchar, Styles1And2) {
  EXPECT_EQ(fs(1234.5678, 1), ok("1.2345678e+003"));
  EXPECT_EQ(fs(1234.5678, 2), ok("1.234567800000000e+003"));
  EXPECT_EQ(fs(0.0, 1), ok("0.0000000e+000"));
  EXPECT_EQ(fs(-0.1, 2), ok("-1.000000000000000e-001"));
  EXPECT_EQ(fs(1.7976931348623157e308, 2), ok("1.797693134862316e+308"));
  EXPECT_EQ(fs(-2.2250738585072014e-308, 2), ok("-2.225073858507201e-308"));
  EXPECT_EQ(fs(1.0, 0), ok("1"));
  EXPECT_EQ(fs(1.0, 3).status, kInvalidStyle);
  EXPECT_EQ(fs(1.0, -1).status, kInvalidStyle);
}

// The digits are exactly what the C library's %.Ne gives (exact binary value).
TEST(ConvertFloatToVarchar, DigitsMatchPrintf) {
  std::mt19937_64 rng(777);
  char want[64];
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng() & 0x7fffffffffffffffULL;
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d) || d == 0) continue;
    const int style = 1 + int(i % 2);
    std::snprintf(want, sizeof want, "%.*e", style == 1 ? 7 : 15, d);
    std::string w = want;  // glibc: e+NN; SQL Server: e+NNN
    const size_t epos = w.find('e');
    std::string ex = w.substr(epos + 2);
    while (ex.size() < 3) ex = "0" + ex;
    w = w.substr(0, epos + 2) + ex;
    StrResult got = fs(d, style);
    ASSERT_EQ(got, ok(w.c_str())) << d;
    ASSERT_LE(int64_t(got.value.size()), NumberFormat::kMaxFloatLen);
  }
  // Integers (the uint64 fast path), all three styles, ties included.
  for (int i = 0; i < 20000; ++i) {
    const double d = double(rng() >> (rng() % 64)) * (i % 3 == 0 ? -1 : 1);
    if (d == 0) continue;
    const int style = i % 3;
    if (style == 0) std::snprintf(want, sizeof want, "%g", d);
    else std::snprintf(want, sizeof want, "%.*e", style == 1 ? 7 : 15, d);
    std::string w = want;
    const size_t epos = w.find('e');
    if (epos != std::string::npos) {
      std::string ex = w.substr(epos + 2);
      while (ex.size() < 3) ex = "0" + ex;
      w = w.substr(0, epos + 2) + ex;
    }
    ASSERT_EQ(fs(d, style), ok(w.c_str())) << d;
  }
  // Style 0 equals %g with a three-digit exponent.
  for (int i = 0; i < 20000; ++i) {
    double d = std::ldexp(double(rng() % 100000000), int(rng() % 80) - 60);
    if (rng() % 2) d = -d;
    if (d == 0) continue;
    std::snprintf(want, sizeof want, "%g", d);
    std::string w = want;
    const size_t epos = w.find('e');
    if (epos != std::string::npos) {
      std::string ex = w.substr(epos + 2);
      while (ex.size() < 3) ex = "0" + ex;
      w = w.substr(0, epos + 2) + ex;
    }
    ASSERT_EQ(f0(d), ok(w.c_str())) << d;
  }
}
