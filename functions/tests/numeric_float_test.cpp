// The FLOAT functions. Examples from the SQL Server pages "POWER", "SQRT",
// "SQUARE", "EXP", "LOG", "LOG10", "PI", "SIN", "COS", "TAN", "COT", "ASIN",
// "ACOS", "ATAN", "ATN2", "DEGREES" and "RADIANS (Transact-SQL)".
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
struct F {
  int32_t status;
  double value;
};
template <typename Fn, typename... A>
F call(Fn f, A... a) {
  double out = 0;
  int32_t st = f(&out, a...);
  return {st, out};
}
constexpr double kTol = 1e-12;
#define EXPECT_F(expr, expected)         \
  do {                                   \
    F r_ = (expr);                       \
    EXPECT_EQ(r_.status, kOk);           \
    EXPECT_NEAR(r_.value, (expected), kTol * (1 + std::abs(expected))); \
  } while (0)
#define EXPECT_ERR(expr, st) EXPECT_EQ((expr).status, (st))
}  // namespace

TEST(NumericFloat, Power) {
  // POWER page: POWER(CAST(2.0 AS float), -100.0) = 7.88860905221012E-31;
  // POWER(2, -100.0) with an int base = 0; POWER(2.0, 3) = 8.
  EXPECT_F(call(tsf_power_float, 2.0, -100.0), 7.88860905221012e-31);
  int32_t i = -1;
  EXPECT_EQ(tsf_power_int(&i, 2, -100.0), kOk);
  EXPECT_EQ(i, 0);
  EXPECT_F(call(tsf_power_float, 2.0, 3.0), 8.0);
  EXPECT_EQ(tsf_power_int(&i, 2, 10.0), kOk);
  EXPECT_EQ(i, 1024);
  EXPECT_EQ(tsf_power_int(&i, -3, 3.0), kOk);
  EXPECT_EQ(i, -27);
  EXPECT_EQ(tsf_power_int(&i, 2, 2.5), kOk);  // 5.65... truncated
  EXPECT_EQ(i, 5);
  EXPECT_EQ(tsf_power_int(&i, 10, 10.0), kArithmeticOverflow);
  EXPECT_EQ(tsf_power_int(&i, 2, 31.0), kArithmeticOverflow);
  EXPECT_EQ(tsf_power_int(&i, -2, 31.0), kOk);
  EXPECT_EQ(i, INT32_MIN);
  int64_t l = 0;
  EXPECT_EQ(tsf_power_bigint(&l, 2, 62.0), kOk);
  EXPECT_EQ(l, int64_t(1) << 62);
  EXPECT_EQ(tsf_power_bigint(&l, 2, 63.0), kArithmeticOverflow);
  // Domain errors and overflow.
  EXPECT_ERR(call(tsf_power_float, -8.0, 1.0 / 3), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_power_float, 0.0, -1.0), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_power_float, 10.0, 400.0), kArithmeticOverflow);
  EXPECT_F(call(tsf_power_float, 0.0, 0.0), 1.0);
  EXPECT_F(call(tsf_power_float, -2.0, 3.0), -8.0);
  EXPECT_F(call(tsf_power_float, 10.0, -400.0), 0.0);
}

TEST(NumericFloat, SqrtSquareExp) {
  EXPECT_F(call(tsf_sqrt, 4.0), 2.0);
  EXPECT_F(call(tsf_sqrt, 0.0), 0.0);
  EXPECT_F(call(tsf_sqrt, 2.0), 1.4142135623731);
  EXPECT_ERR(call(tsf_sqrt, -1.0), kInvalidFloatOperation);
  EXPECT_F(call(tsf_square, -3.0), 9.0);
  EXPECT_ERR(call(tsf_square, 1e200), kArithmeticOverflow);
  // SQUARE page: cylinder volume PI() * SQUARE(1) * 1.
  double sq = 0, pi = 0;
  ASSERT_EQ(tsf_square(&sq, 1.0), kOk);
  ASSERT_EQ(tsf_pi(&pi), kOk);
  EXPECT_NEAR(pi * sq, 3.14159265358979, 1e-12);
  // EXP page: EXP(10) = 22026.4657948067; EXP(LOG(20)) = 20; EXP(1) = 2.71828182845905.
  EXPECT_NEAR(call(tsf_exp, 10.0).value, 22026.4657948067, 1e-9);
  double ln20 = 0;
  ASSERT_EQ(tsf_log(&ln20, 20.0), kOk);
  EXPECT_F(call(tsf_exp, ln20), 20.0);
  EXPECT_NEAR(call(tsf_exp, 1.0).value, 2.71828182845905, 1e-13);
  EXPECT_ERR(call(tsf_exp, 710.0), kArithmeticOverflow);
  EXPECT_F(call(tsf_exp, -1000.0), 0.0);
}

TEST(NumericFloat, Logarithms) {
  // LOG page: LOG(10) = 2.30258509299405; LOG(8, 2) = 3; EXP(LOG(10)) = 10.
  EXPECT_NEAR(call(tsf_log, 10.0).value, 2.30258509299405, 1e-13);
  EXPECT_F(call(tsf_log_base, 8.0, 2.0), 3.0);
  EXPECT_F(call(tsf_exp, call(tsf_log, 10.0).value), 10.0);
  EXPECT_ERR(call(tsf_log, 0.0), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_log, -1.0), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_log_base, 8.0, 1.0), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_log_base, 8.0, 0.0), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_log_base, 0.0, 2.0), kInvalidFloatOperation);
  EXPECT_F(call(tsf_log_base, 1.0, 10.0), 0.0);
  EXPECT_F(call(tsf_log_base, 0.25, 0.5), 2.0);
  // LOG10 page: LOG10(145.175643) = 2.16189375825097; POWER(10, LOG10(5)) = 5.
  EXPECT_NEAR(call(tsf_log10, 145.175643).value, 2.16189375825097, 1e-13);
  EXPECT_F(call(tsf_power_float, 10.0, call(tsf_log10, 5.0).value), 5.0);
  EXPECT_ERR(call(tsf_log10, 0.0), kInvalidFloatOperation);
  EXPECT_F(call(tsf_log10, 1e308), 308.0);
}

TEST(NumericFloat, Trigonometry) {
  // PI page: 3.14159265358979.
  EXPECT_NEAR(call(tsf_pi).value, 3.14159265358979, 1e-14);
  // SIN page: SIN(45.175643) = 0.929607...; COS page: COS(14.78) = -0.599465...
  EXPECT_NEAR(call(tsf_sin, 45.175643).value, 0.929607, 1e-6);
  EXPECT_NEAR(call(tsf_cos, 14.78).value, -0.599465, 1e-6);
  // TAN page: TAN(PI()/2) = 1.6331778728383844E+16 (the last digits depend on the
  // platform's tan; IEEE double gives 1.633123935319537E+16); TAN(.45) = 0.483055.
  EXPECT_NEAR(call(tsf_tan, 3.14159265358979323846 / 2).value / 1e16, 1.6331, 1e-3);
  EXPECT_NEAR(call(tsf_tan, 0.45).value, 0.483055, 1e-6);
  // COT page: COT(124.1332) = -0.040312.
  EXPECT_NEAR(call(tsf_cot, 124.1332).value, -0.040312, 1e-6);
  EXPECT_ERR(call(tsf_cot, 0.0), kInvalidFloatOperation);
  // ASIN page: ASIN(-1.00) = -1.5707963267949; ASIN(1.1) is an invalid floating point operation.
  EXPECT_NEAR(call(tsf_asin, -1.0).value, -1.5707963267949, 1e-13);
  EXPECT_ERR(call(tsf_asin, 1.1), kInvalidFloatOperation);
  EXPECT_ERR(call(tsf_asin, -1.0000001), kInvalidFloatOperation);
  // ACOS page: ACOS(-1.0) = 3.14159265358979.
  EXPECT_NEAR(call(tsf_acos, -1.0).value, 3.14159265358979, 1e-13);
  EXPECT_F(call(tsf_acos, 1.0), 0.0);
  EXPECT_ERR(call(tsf_acos, 2.0), kInvalidFloatOperation);
  // ATAN page: ATAN(-45.01) = -1.54858..., ATAN(45.87) = 1.54900...
  EXPECT_NEAR(call(tsf_atan, -45.01).value, -1.54858, 1e-5);
  EXPECT_NEAR(call(tsf_atan, 45.87).value, 1.54900, 1e-5);
  // ATN2 page: ATN2(35.175643, 129.44) = 0.265...
  EXPECT_NEAR(call(tsf_atn2, 35.175643, 129.44).value, 0.265, 1e-3);
  EXPECT_F(call(tsf_atn2, 1.0, 0.0), 3.14159265358979323846 / 2);
  EXPECT_F(call(tsf_atn2, 0.0, -1.0), 3.14159265358979323846);
  EXPECT_F(call(tsf_sin, 0.0), 0.0);
  EXPECT_F(call(tsf_cos, 0.0), 1.0);
}

TEST(NumericFloat, DegreesRadians) {
  // DEGREES page: DEGREES(PI()/2) = 90; RADIANS page: RADIANS(45.0) = 0.785398163397448.
  EXPECT_F(call(tsf_degrees, 3.14159265358979323846 / 2), 90.0);
  EXPECT_NEAR(call(tsf_radians, 45.0).value, 0.785398163397448, 1e-14);
  EXPECT_NEAR(call(tsf_radians, -45.01).value, -0.785573, 1e-6);
  EXPECT_F(call(tsf_radians, 180.0), 3.14159265358979323846);
  EXPECT_F(call(tsf_degrees, 0.0), 0.0);
  EXPECT_ERR(call(tsf_degrees, 1e307), kArithmeticOverflow);
  EXPECT_F(call(tsf_radians, 1e307), 1e307 * 3.14159265358979323846 / 180);
}
