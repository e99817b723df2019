// ABS and SIGN. Examples from the SQL Server pages "ABS (Transact-SQL)" and
// "SIGN (Transact-SQL)", plus minimum/maximum values.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

TEST(NumericAbs, DocumentedExamples) {
  // ABS page: ABS(-1.0), ABS(0.0), ABS(1.0) as decimal(2,1) -> 1.0, .0, 1.0.
  int64_t d = -1;
  EXPECT_EQ(tsf_abs_decimal(&d, -10, 2, 1), kOk);
  EXPECT_EQ(d, 10);
  EXPECT_EQ(tsf_abs_decimal(&d, 0, 2, 1), kOk);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(tsf_abs_decimal(&d, 10, 2, 1), kOk);
  EXPECT_EQ(d, 10);
  // ABS page: ABS(-2147483648) as int raises an arithmetic overflow.
  int32_t i = 0;
  EXPECT_EQ(tsf_abs_int(&i, INT32_MIN), kArithmeticOverflow);
}

TEST(NumericAbs, IntBigintFloatMoney) {
  int32_t i = 0;
  EXPECT_EQ(tsf_abs_int(&i, -5), kOk);
  EXPECT_EQ(i, 5);
  EXPECT_EQ(tsf_abs_int(&i, INT32_MAX), kOk);
  EXPECT_EQ(i, INT32_MAX);
  EXPECT_EQ(tsf_abs_int(&i, INT32_MIN + 1), kOk);
  EXPECT_EQ(i, INT32_MAX);
  int64_t l = 0;
  EXPECT_EQ(tsf_abs_bigint(&l, INT64_MIN), kArithmeticOverflow);
  EXPECT_EQ(tsf_abs_bigint(&l, INT64_MIN + 1), kOk);
  EXPECT_EQ(l, INT64_MAX);
  EXPECT_EQ(tsf_abs_bigint(&l, 0), kOk);
  EXPECT_EQ(l, 0);
  double f = 0;
  EXPECT_EQ(tsf_abs_float(&f, -1.5e300), kOk);
  EXPECT_EQ(f, 1.5e300);
  EXPECT_EQ(tsf_abs_float(&f, -0.0), kOk);
  EXPECT_EQ(f, 0.0);
  // money: -922337203685477.5808 has no positive counterpart.
  EXPECT_EQ(tsf_abs_money(&l, INT64_MIN), kArithmeticOverflow);
  EXPECT_EQ(tsf_abs_money(&l, -1234500), kOk);
  EXPECT_EQ(l, 1234500);
  // decimal(18,0) extremes stay in range.
  EXPECT_EQ(tsf_abs_decimal(&l, -999999999999999999LL, 18, 0), kOk);
  EXPECT_EQ(l, 999999999999999999LL);
}

TEST(NumericSign, DocumentedExamples) {
  // SIGN page: SIGN(-125), SIGN(0), SIGN(564) -> -1, 0, 1.
  int32_t i = 7;
  EXPECT_EQ(tsf_sign_int(&i, -125), kOk);
  EXPECT_EQ(i, -1);
  EXPECT_EQ(tsf_sign_int(&i, 0), kOk);
  EXPECT_EQ(i, 0);
  EXPECT_EQ(tsf_sign_int(&i, 564), kOk);
  EXPECT_EQ(i, 1);
  // SIGN page: a real from -1 to 1 gives -1.0, 0.0, 1.0 (float result).
  double f = 9;
  EXPECT_EQ(tsf_sign_float(&f, -1.0), kOk);
  EXPECT_EQ(f, -1.0);
  EXPECT_EQ(tsf_sign_float(&f, 0.0), kOk);
  EXPECT_EQ(f, 0.0);
  EXPECT_EQ(tsf_sign_float(&f, 1.0), kOk);
  EXPECT_EQ(f, 1.0);
}

TEST(NumericSign, OtherTypesKeepTheirScale) {
  int64_t l = 7;
  EXPECT_EQ(tsf_sign_bigint(&l, INT64_MIN), kOk);
  EXPECT_EQ(l, -1);
  EXPECT_EQ(tsf_sign_bigint(&l, INT64_MAX), kOk);
  EXPECT_EQ(l, 1);
  int32_t i = 0;
  EXPECT_EQ(tsf_sign_int(&i, INT32_MIN), kOk);
  EXPECT_EQ(i, -1);
  // decimal(5,2) -12.34 -> -1.00 (unscaled -100).
  EXPECT_EQ(tsf_sign_decimal(&l, -1234, 5, 2), kOk);
  EXPECT_EQ(l, -100);
  EXPECT_EQ(tsf_sign_decimal(&l, 0, 5, 2), kOk);
  EXPECT_EQ(l, 0);
  // decimal(3,3) cannot hold 1.000.
  EXPECT_EQ(tsf_sign_decimal(&l, 5, 3, 3), kArithmeticOverflow);
  EXPECT_EQ(tsf_sign_decimal(&l, 0, 3, 3), kOk);
  // money: 1.0000 is 10000 unscaled.
  EXPECT_EQ(tsf_sign_money(&l, INT64_MIN), kOk);
  EXPECT_EQ(l, -10000);
  EXPECT_EQ(tsf_sign_money(&l, 1), kOk);
  EXPECT_EQ(l, 10000);
}
