// MoneyFromDouble (the big-integer-free CAST(float AS MONEY)) against the
// general float -> DECIMAL(18,4) path, which applies the same 17-digit rule.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/float_to_money.hpp"

using tessera::fn::MoneyFromDouble;

namespace {
void expect_same(double v) {
  int64_t fast = 0, general = 0;
  const int32_t fast_status = MoneyFromDouble::convert(v, &fast);
  const int32_t general_status = tsf_cast_float_to_decimal(&general, v, 18, 4);
  ASSERT_EQ(fast_status, general_status) << v;
  if (fast_status == 0) ASSERT_EQ(fast, general) << v;
}
}  // namespace

TEST(ConvertMoneyFast, AgreesWithTheGeneralPathOnRandomDoubles) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000000; ++i) {
    const double mantissa = std::uniform_real_distribution<double>(0.5, 1.0)(rng);
    const int exponent = static_cast<int>(rng() % 70) - 20;  // 2^-20 .. 2^49 (below 1e14 or overflow)
    double v = std::ldexp(mantissa, exponent);
    if (rng() & 1) v = -v;
    if (std::fabs(v) >= 1e14) continue;  // DECIMAL(18,4) ends there; MONEY goes on to 9.2e14
    expect_same(v);
  }
}

TEST(ConvertMoneyFast, HalfwayAndEdgeCases) {
  for (double v : {0.0, -0.0, 0.00005, 0.000049999, -0.00005, 1.00005, 2.00015, 0.1, 0.7, 123.45675, 1e-5,
                   9.99999e-6, 99999999999999.99, 12345.678949999, 12345.67895})
    expect_same(v);
  int64_t out = 0;
  EXPECT_EQ(MoneyFromDouble::convert(1e15, &out), tessera::fn::kArithmeticOverflow);
  EXPECT_EQ(MoneyFromDouble::convert(std::nan(""), &out), tessera::fn::kArithmeticOverflow);
  // The double nearest 922337203685477.5807 (the largest MONEY) is ...477.625: its 17 digits overflow.
  EXPECT_EQ(MoneyFromDouble::convert(922337203685477.5807, &out), tessera::fn::kArithmeticOverflow);
  EXPECT_EQ(MoneyFromDouble::convert(922337203685477.0, &out), tessera::fn::kOk);
  EXPECT_EQ(out, 9223372036854770000);
}
