// CAST/TRY_CAST from varchar to int, bigint, decimal, float and money.
// Examples from the SQL Server docs pages "CAST and CONVERT (Transact-SQL)",
// "decimal and numeric (Transact-SQL)", "money and smallmoney (Transact-SQL)",
// "TRY_CAST (Transact-SQL)"; the rest are edge cases.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "tessera/functions/convert_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;

namespace {
struct I32 {
  int32_t st;
  int32_t v;
};
I32 to_int(const std::string& s, bool try_ = false) {
  int32_t v = -777;
  int32_t st = (try_ ? tsf_try_cast_varchar_to_int : tsf_cast_varchar_to_int)(&v, s.data(), int32_t(s.size()));
  return {st, v};
}
int64_t to_bigint_ok(const std::string& s) {
  int64_t v = -777;
  EXPECT_EQ(tsf_cast_varchar_to_bigint(&v, s.data(), int32_t(s.size())), kOk) << s;
  return v;
}
int32_t bigint_status(const std::string& s) {
  int64_t v = 0;
  return tsf_cast_varchar_to_bigint(&v, s.data(), int32_t(s.size()));
}
struct I64 {
  int32_t st;
  int64_t v;
  bool operator==(const I64&) const = default;
};
I64 to_dec(const std::string& s, int32_t p, int32_t sc) {
  int64_t v = -777;
  int32_t st = tsf_cast_varchar_to_decimal(&v, s.data(), int32_t(s.size()), p, sc);
  return {st, st == kOk ? v : 0};
}
I64 to_money(const std::string& s) {
  int64_t v = -777;
  int32_t st = tsf_cast_varchar_to_money(&v, s.data(), int32_t(s.size()));
  return {st, st == kOk ? v : 0};
}
struct F64 {
  int32_t st;
  double v;
};
F64 to_float(const std::string& s) {
  double v = -777;
  int32_t st = tsf_cast_varchar_to_float(&v, s.data(), int32_t(s.size()));
  return {st, v};
}
}  // namespace

// CAST and CONVERT: "SELECT CAST('123' AS int)"; '123.4' does not convert to int.
TEST(ConvertVarcharToInt, Basics) {
  EXPECT_EQ(to_int("123").v, 123);
  EXPECT_EQ(to_int("  -42  ").v, -42);
  EXPECT_EQ(to_int("+7").v, 7);
  EXPECT_EQ(to_int("000000000000000000000012").v, 12);
  EXPECT_EQ(to_int("2147483647").v, 2147483647);
  EXPECT_EQ(to_int("-2147483648").v, INT32_MIN);
  // SQL Server quirks: '' and a lone sign are 0.
  EXPECT_EQ(to_int("").st, kOk);
  EXPECT_EQ(to_int("").v, 0);
  EXPECT_EQ(to_int("   ").v, 0);
  EXPECT_EQ(to_int("-").v, 0);
  EXPECT_EQ(to_int("+").v, 0);
}

TEST(ConvertVarcharToInt, Failures) {
  for (const char* s : {"123.4", "1.5", "1e5", "abc", "12a", "1 2", "--1", "+-1", "- 1", "0x10", "\t1", "１"})
    EXPECT_EQ(to_int(s).st, kConversionFailed) << s;
  EXPECT_EQ(to_int("2147483648").st, kConversionFailed);  // Msg 248: overflowed an int column
  EXPECT_EQ(to_int("-2147483649").st, kConversionFailed);
  EXPECT_EQ(to_int("99999999999999999999999").st, kConversionFailed);
}

// TRY_CAST: "SELECT TRY_CAST('test' AS float)" is NULL; here the int twin.
TEST(ConvertVarcharToInt, TryCastGivesNull) {
  EXPECT_EQ(to_int("test", true).st, kNull);
  EXPECT_EQ(to_int("2147483648", true).st, kNull);
  EXPECT_EQ(to_int(" 12 ", true).st, kOk);
  EXPECT_EQ(to_int(" 12 ", true).v, 12);
}

TEST(ConvertVarcharToBigint, RangeAndSyntax) {
  EXPECT_EQ(to_bigint_ok("9223372036854775807"), INT64_MAX);
  EXPECT_EQ(to_bigint_ok("-9223372036854775808"), INT64_MIN);
  EXPECT_EQ(to_bigint_ok(" 2147483648 "), 2147483648LL);
  EXPECT_EQ(to_bigint_ok(""), 0);
  EXPECT_EQ(bigint_status("9223372036854775808"), kConversionFailed);
  EXPECT_EQ(bigint_status("-9223372036854775809"), kConversionFailed);
  EXPECT_EQ(bigint_status("18446744073709551616"), kConversionFailed);
  EXPECT_EQ(bigint_status("1.0"), kConversionFailed);
  int64_t v = 0;
  EXPECT_EQ(tsf_try_cast_varchar_to_bigint(&v, "x", 1), kNull);
}

// CAST and CONVERT: CAST('123.4' AS decimal) = 123; AS decimal(9,2) = 123.40.
TEST(ConvertVarcharToDecimal, DocumentedExamples) {
  EXPECT_EQ(to_dec("123.4", 18, 0), (I64{kOk, 123}));
  EXPECT_EQ(to_dec("123.4", 9, 2), (I64{kOk, 12340}));
  EXPECT_EQ(to_dec("123.5", 18, 0), (I64{kOk, 124}));  // rounds
}

TEST(ConvertVarcharToDecimal, RoundingAndForms) {
  EXPECT_EQ(to_dec(".5", 5, 2), (I64{kOk, 50}));
  EXPECT_EQ(to_dec("5.", 5, 2), (I64{kOk, 500}));
  EXPECT_EQ(to_dec("  -1.235 ", 5, 2), (I64{kOk, -124}));  // half away from zero
  EXPECT_EQ(to_dec("1.2349999", 5, 2), (I64{kOk, 123}));
  EXPECT_EQ(to_dec("+0001.50", 3, 2), (I64{kOk, 150}));
  EXPECT_EQ(to_dec("0.00000000000000000000000000001", 5, 2), (I64{kOk, 0}));
  EXPECT_EQ(to_dec("-0", 5, 2), (I64{kOk, 0}));
  EXPECT_EQ(to_dec("999999999999999999", 18, 0), (I64{kOk, 999999999999999999LL}));
  EXPECT_EQ(to_dec("-.999999999999999999", 18, 18), (I64{kOk, -999999999999999999LL}));
}

TEST(ConvertVarcharToDecimal, Errors) {
  EXPECT_EQ(to_dec("1000", 5, 2).st, kArithmeticOverflow);   // Msg 8115
  EXPECT_EQ(to_dec("999.995", 5, 2).st, kArithmeticOverflow);  // rounds up past the precision
  EXPECT_EQ(to_dec("999.994", 5, 2), (I64{kOk, 99999}));
  for (const char* s : {"", "  ", ".", "-", "1e5", "1,000", "$1", "1.2.3", "abc", "1 2"})
    EXPECT_EQ(to_dec(s, 10, 2).st, kNumericConversionFailed) << s;  // Msg 8114
  EXPECT_EQ(to_dec("1", 0, 0).st, kInvalidArgument);
  EXPECT_EQ(to_dec("1", 19, 0).st, kInvalidArgument);
  EXPECT_EQ(to_dec("1", 5, 6).st, kInvalidArgument);
  int64_t v = 0;
  EXPECT_EQ(tsf_try_cast_varchar_to_decimal(&v, "1000", 4, 5, 2), kNull);
  EXPECT_EQ(tsf_try_cast_varchar_to_decimal(&v, "x", 1, 5, 2), kNull);
  EXPECT_EQ(tsf_try_cast_varchar_to_decimal(&v, "1.5", 3, 5, 2), kOk);
  EXPECT_EQ(v, 150);
}

// money and smallmoney: currency symbols and commas are accepted; 4 decimals.
TEST(ConvertVarcharToMoney, Forms) {
  EXPECT_EQ(to_money("$1,234.56"), (I64{kOk, 12345600}));
  EXPECT_EQ(to_money("-$12.5"), (I64{kOk, -125000}));
  EXPECT_EQ(to_money("$-12.5"), (I64{kOk, -125000}));
  EXPECT_EQ(to_money(" 1.23456 "), (I64{kOk, 12346}));  // rounded to 4 places
  EXPECT_EQ(to_money("1.23455"), (I64{kOk, 12346}));
  EXPECT_EQ(to_money("-1.23455"), (I64{kOk, -12346}));
  EXPECT_EQ(to_money("\xE2\x82\xAC" "5"), (I64{kOk, 50000}));  // euro sign
  EXPECT_EQ(to_money("\xC2\xA3" "5"), (I64{kOk, 50000}));      // pound sign
  EXPECT_EQ(to_money(""), (I64{kOk, 0}));
  EXPECT_EQ(to_money("$"), (I64{kOk, 0}));
  EXPECT_EQ(to_money("-"), (I64{kOk, 0}));
  EXPECT_EQ(to_money("."), (I64{kOk, 0}));
  EXPECT_EQ(to_money("922337203685477.5807"), (I64{kOk, INT64_MAX}));
  EXPECT_EQ(to_money("-922337203685477.5808"), (I64{kOk, INT64_MIN}));
}

TEST(ConvertVarcharToMoney, Errors) {
  EXPECT_EQ(to_money("922337203685477.5808").st, kArithmeticOverflow);
  EXPECT_EQ(to_money("99999999999999999999999999999").st, kArithmeticOverflow);
  for (const char* s : {"1e5", "abc", "1.2.3", "$$1", "--1", "1.2,3", "1 2"})
    EXPECT_EQ(to_money(s).st, kConversionFailed) << s;
  int64_t v = 0;
  EXPECT_EQ(tsf_try_cast_varchar_to_money(&v, "x", 1), kNull);
}

// CAST and CONVERT: character data converts to float with scientific notation.
TEST(ConvertVarcharToFloat, Forms) {
  EXPECT_EQ(to_float("1e5").v, 1e5);
  EXPECT_EQ(to_float(" -1.5E-3 ").v, -1.5e-3);
  EXPECT_EQ(to_float(".5").v, 0.5);
  EXPECT_EQ(to_float("5.").v, 5.0);
  EXPECT_EQ(to_float("+12.50e+02").v, 1250.0);
  EXPECT_EQ(to_float("0.1").v, 0.1);
  EXPECT_EQ(to_float("3.14159").v, 3.14159);
  EXPECT_EQ(to_float("").v, 0.0);
  EXPECT_EQ(to_float("1.7976931348623157e308").v, 1.7976931348623157e308);
  EXPECT_EQ(to_float("2.2250738585072014e-308").v, 2.2250738585072014e-308);
  EXPECT_EQ(to_float("4.9406564584124654e-324").v, 4.9406564584124654e-324);
  EXPECT_EQ(to_float("2e-324").v, 0.0);
  EXPECT_EQ(to_float("1e-400").v, 0.0);
  EXPECT_EQ(to_float("0.000000000000000000000000000000000000000000000000000001").v, 1e-54);
  EXPECT_EQ(to_float("123456789012345678901234567890").v, 123456789012345678901234567890.0);
  EXPECT_EQ(to_float("9007199254740993").v, 9007199254740992.0);  // tie to even
  EXPECT_EQ(to_float("9007199254740993.0000000000000000000000000000000000000001").v, 9007199254740994.0);
}

TEST(ConvertVarcharToFloat, Errors) {
  for (const char* s : {"1e", "e5", ".", "-", "1e+", "abc", "1.2.3", "1,000", "$1", "1d5", "inf", "nan", "1 e5"})
    EXPECT_EQ(to_float(s).st, kNumericConversionFailed) << s;
  EXPECT_EQ(to_float("1e309").st, kNumericConversionFailed);
  EXPECT_EQ(to_float("1.7976931348623159e308").st, kNumericConversionFailed);
  double v = 0;
  EXPECT_EQ(tsf_try_cast_varchar_to_float(&v, "test", 4), kNull);  // TRY_CAST doc example
}

// Correct rounding against the C library's strtod on random inputs.
TEST(ConvertVarcharToFloat, MatchesStrtod) {
  std::mt19937_64 rng(12345);
  char buf[64];
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = rng() & 0x7fffffffffffffffULL;
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    const int prec = 1 + int(rng() % 20);
    std::snprintf(buf, sizeof buf, "%.*e", prec, d);
    const double want = std::strtod(buf, nullptr);
    if (!std::isfinite(want)) continue;
    F64 got = to_float(buf);
    ASSERT_EQ(got.st, kOk) << buf;
    ASSERT_EQ(got.v, want) << buf;
  }
  for (int i = 0; i < 5000; ++i) {  // random digit strings with exponents
    std::string s;
    const int nd = 1 + int(rng() % 45);
    for (int k = 0; k < nd; ++k) s += char('0' + rng() % 10);
    if (rng() % 2) s.insert(rng() % s.size(), ".");
    s += "e" + std::to_string(int(rng() % 640) - 330);
    const double want = std::strtod(s.c_str(), nullptr);
    F64 got = to_float(s);
    if (!std::isfinite(want)) {
      EXPECT_EQ(got.st, kNumericConversionFailed) << s;
      continue;
    }
    ASSERT_EQ(got.st, kOk) << s;
    ASSERT_EQ(got.v, want) << s;
  }
}
