// CAST between float, decimal, money, int and bigint. The rounding rules come
// from the SQL Server docs page "CAST and CONVERT (Transact-SQL)" (section on
// truncating and rounding results: money -> int rounds, numeric -> int
// truncates, float -> int truncates, float -> numeric rounds) and
// "decimal and numeric (Transact-SQL)" / "money and smallmoney (Transact-SQL)".
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "tessera/functions/convert_functions.hpp"

using namespace tessera::fn;

namespace {
template <typename T, typename F, typename... A>
std::pair<int32_t, T> call(F f, A... a) {
  T v{};
  int32_t st = f(&v, a...);
  return {st, st == kOk ? v : T{}};
}
template <typename T>
std::pair<int32_t, T> ok(T v) {
  return {kOk, v};
}
}  // namespace

// CAST(123.4 AS int) = 123 (CAST and CONVERT examples); float truncates.
TEST(ConvertFloatToInt, Truncates) {
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, 123.4), ok(123));
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, 123.9), ok(123));
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, -123.9), ok(-123));
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, 2147483647.9), ok(2147483647));
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, -2147483648.9), ok(INT32_MIN));
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, 2147483648.0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, -2147483649.0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int32_t>(tsf_cast_float_to_int, std::nan("")).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_bigint, -9223372036854775808.0), ok(INT64_MIN));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_bigint, 9223372036854775808.0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_bigint, 1e18 + 0.5), ok(int64_t(1e18)));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_bigint, -0.999), ok(int64_t{0}));
}

TEST(ConvertFloatToDecimal, Rounds) {
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 123.456, 5, 2), ok(int64_t{12346}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, -123.455, 10, 2), ok(int64_t{-12346}));  // 17 digits: ...4550
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 0.125, 5, 2), ok(int64_t{13}));  // half away from zero
  // 0.1 is 0.1000000000000000055... in binary; its 17 significant digits are 0.10000000000000001.
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 0.1, 18, 17), ok(int64_t{10000000000000001}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 0.1, 18, 16), ok(int64_t{1000000000000000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 1e-30, 18, 18), ok(int64_t{0}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 0.0, 5, 2), ok(int64_t{0}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 999.994, 5, 2), ok(int64_t{99999}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 999.995, 5, 2).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 1e300, 18, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 1e18, 18, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 1e17, 18, 0), ok(int64_t{100000000000000000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, INFINITY, 18, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_decimal, 1.0, 5, 6).first, kInvalidArgument);
}

TEST(ConvertFloatToMoney, Rounds) {
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_money, 1.23456), ok(int64_t{12346}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_money, -0.00005), ok(int64_t{-1}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_money, 922337203685477.0), ok(int64_t{9223372036854770000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_money, 1e15).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_float_to_money, -1e300).first, kArithmeticOverflow);
}

// decimal and numeric: converting to a smaller scale rounds.
TEST(ConvertDecimalToDecimal, Rescales) {
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{12345}, 3, 5, 2), ok(int64_t{1235}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{-12345}, 3, 5, 2), ok(int64_t{-1235}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{15}, 1, 5, 0), ok(int64_t{2}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{15}, 1, 5, 4), ok(int64_t{15000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{100000}, 0, 5, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{99999}, 0, 5, 1).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{99995}, 2, 3, 1).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_decimal, int64_t{1}, 0, 19, 0).first, kInvalidArgument);
}

TEST(ConvertDecimalToInt, Truncates) {
  EXPECT_EQ(call<int32_t>(tsf_cast_decimal_to_int, int64_t{1234}, 1), ok(123));  // CAST(123.4 AS int)
  EXPECT_EQ(call<int32_t>(tsf_cast_decimal_to_int, int64_t{-1299}, 2), ok(-12));
  EXPECT_EQ(call<int32_t>(tsf_cast_decimal_to_int, int64_t{21474836479}, 1), ok(INT32_MAX));
  EXPECT_EQ(call<int32_t>(tsf_cast_decimal_to_int, int64_t{21474836480}, 1).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_bigint, int64_t{999999999999999999}, 0), ok(int64_t{999999999999999999}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_bigint, int64_t{-999999999999999999}, 18), ok(int64_t{0}));
}

TEST(ConvertDecimalToMoney, Rounds) {
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_money, int64_t{123456}, 5), ok(int64_t{12346}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_money, int64_t{-15}, 1), ok(int64_t{-15000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_money, int64_t{922337203685477}, 0), ok(int64_t{9223372036854770000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_decimal_to_money, int64_t{922337203685478}, 0).first, kArithmeticOverflow);
}

TEST(ConvertDecimalToFloat, CorrectlyRounded) {
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, int64_t{1}, 1), ok(0.1));
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, int64_t{-12345}, 2), ok(-123.45));
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, int64_t{999999999999999999}, 18), ok(0.999999999999999999));
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, int64_t{123456789012345678}, 3), ok(123456789012345.678));
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, int64_t{0}, 3), ok(0.0));
  EXPECT_EQ(call<double>(tsf_cast_decimal_to_float, INT64_MIN, 0), ok(-9223372036854775808.0));
}

// Money -> int rounds (CAST and CONVERT: truncating and rounding results).
TEST(ConvertMoneyToInt, Rounds) {
  EXPECT_EQ(call<int32_t>(tsf_cast_money_to_int, int64_t{15000}), ok(2));
  EXPECT_EQ(call<int32_t>(tsf_cast_money_to_int, int64_t{14999}), ok(1));
  EXPECT_EQ(call<int32_t>(tsf_cast_money_to_int, int64_t{-25000}), ok(-3));
  EXPECT_EQ(call<int32_t>(tsf_cast_money_to_int, int64_t{21474836474999}), ok(INT32_MAX));
  EXPECT_EQ(call<int32_t>(tsf_cast_money_to_int, int64_t{21474836475000}).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_bigint, INT64_MAX), ok(int64_t{922337203685478}));
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_bigint, INT64_MIN), ok(int64_t{-922337203685478}));
}

TEST(ConvertMoneyToDecimal, Rounds) {
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, int64_t{12345}, 5, 2), ok(int64_t{123}));
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, int64_t{12350}, 5, 2), ok(int64_t{124}));
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, int64_t{12345}, 10, 6), ok(int64_t{1234500}));
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, int64_t{999999999999999999}, 18, 4),
            ok(int64_t{999999999999999999}));
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, INT64_MAX, 18, 4).first, kArithmeticOverflow);  // 19 digits
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, INT64_MAX, 18, 5).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_money_to_decimal, int64_t{10000000}, 3, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<double>(tsf_cast_money_to_float, int64_t{12345}), ok(1.2345));
  EXPECT_EQ(call<double>(tsf_cast_money_to_float, INT64_MIN), ok(-922337203685477.5808));
}

TEST(ConvertIntToDecimal, ScalesAndChecks) {
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, int32_t{123}, 5, 2), ok(int64_t{12300}));
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, int32_t{-999}, 5, 2), ok(int64_t{-99900}));
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, int32_t{1000}, 5, 2).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, INT32_MIN, 10, 0), ok(int64_t{INT32_MIN}));
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, INT32_MIN, 18, 8), ok(int64_t{INT32_MIN} * 100000000));
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, INT32_MIN, 18, 9).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_decimal, int32_t{1}, 18, 18).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_bigint_to_decimal, INT64_MAX, 18, 0).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_bigint_to_decimal, int64_t{999999999999999999}, 18, 0),
            ok(int64_t{999999999999999999}));
}

TEST(ConvertIntToMoney, Scales) {
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_money, int32_t{12}), ok(int64_t{120000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_int_to_money, INT32_MIN), ok(int64_t{INT32_MIN} * 10000));
  EXPECT_EQ(call<int64_t>(tsf_cast_bigint_to_money, int64_t{922337203685477}), ok(int64_t{9223372036854770000}));
  EXPECT_EQ(call<int64_t>(tsf_cast_bigint_to_money, int64_t{922337203685478}).first, kArithmeticOverflow);
  EXPECT_EQ(call<int64_t>(tsf_cast_bigint_to_money, int64_t{-922337203685477}), ok(int64_t{-9223372036854770000}));
}
