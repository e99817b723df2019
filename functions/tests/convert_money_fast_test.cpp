// The big-integer-free conversions of a double (ScaledFromDouble: CAST(float AS MONEY) and
// CAST(float AS DECIMAL(p, s <= 10))) against an independent oracle: glibc's printf("%.16e"), which
// rounds the exact binary value to 17 significant digits half to even, then rounding those digits
// to `scale` decimals half away from zero -- SQL Server's rule.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>

#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/float_to_money.hpp"

using tessera::fn::MoneyFromDouble;

namespace {

// round(v's 17 digits * 10^scale) half away from zero; nullopt if beyond 10^19 or not finite.
std::optional<__int128> oracle(double v, int scale) {
  if (!std::isfinite(v)) return std::nullopt;
  if (v == 0) return __int128{0};
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.16e", std::fabs(v));
  __int128 digits = 0;
  const char* p = buf;
  for (; *p && *p != 'e'; ++p)
    if (*p >= '0' && *p <= '9') digits = digits * 10 + (*p - '0');
  const int exp10 = std::atoi(p + 1);
  const int k = exp10 - 16 + scale;
  __int128 r = digits;
  if (k >= 0) {
    if (k > 19) return std::nullopt;
    for (int i = 0; i < k; ++i) r *= 10;
  } else if (-k > 17) {
    r = 0;
  } else {
    __int128 d = 1;
    for (int i = 0; i < -k; ++i) d *= 10;
    const __int128 q = r / d;
    r = (r - q * d) * 2 >= d ? q + 1 : q;
  }
  if (r >= static_cast<__int128>(10000000000000000000ull)) return std::nullopt;
  return v < 0 ? -r : r;
}

double random_double(std::mt19937_64& rng) {
  const double mantissa = std::uniform_real_distribution<double>(0.5, 1.0)(rng);
  const int exponent = static_cast<int>(rng() % 90) - 40;  // 2^-40 .. 2^49
  const double v = std::ldexp(mantissa, exponent);
  return (rng() & 1) ? -v : v;
}

void expect_decimal(double v, int scale) {
  int64_t out = 0;
  const int32_t status = tsf_cast_float_to_decimal(&out, v, 18, scale);
  const std::optional<__int128> want = oracle(v, scale);
  const bool fits = want && *want < static_cast<__int128>(1000000000000000000ll) &&
                    *want > -static_cast<__int128>(1000000000000000000ll);
  ASSERT_EQ(status, fits ? tessera::fn::kOk : tessera::fn::kArithmeticOverflow) << v << " scale " << scale;
  if (fits) ASSERT_EQ(out, static_cast<int64_t>(*want)) << v << " scale " << scale;
}

void expect_money(double v) {
  int64_t out = 0;
  const int32_t status = MoneyFromDouble::convert(v, &out);
  const std::optional<__int128> want = oracle(v, 4);
  const bool fits = want && *want <= INT64_MAX && *want >= INT64_MIN;
  ASSERT_EQ(status, fits ? tessera::fn::kOk : tessera::fn::kArithmeticOverflow) << v;
  if (fits) ASSERT_EQ(out, static_cast<int64_t>(*want)) << v;
}

}  // namespace

TEST(ConvertFloatFast, MoneyAgreesWithTheOracleOnRandomDoubles) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000000; ++i) expect_money(random_double(rng));
}

TEST(ConvertFloatFast, DecimalAgreesWithTheOracleAtEveryScale) {
  std::mt19937_64 rng(11);
  for (int scale = 0; scale <= 12; ++scale)  // 11 and 12 take the general path
    for (int i = 0; i < 150000; ++i) expect_decimal(random_double(rng), scale);
}

TEST(ConvertFloatFast, HalfwayAndEdgeCases) {
  for (double v : {0.0, -0.0, 0.00005, 0.000049999, -0.00005, 1.00005, 2.00015, 0.1, 0.7, 123.45675, 1e-5,
                   9.99999e-6, 99999999999999.99, 12345.678949999, 12345.67895, 0.05, 0.95, 1e15, 1e16})
    for (int scale = 0; scale <= 10; ++scale) expect_decimal(v, scale);
  for (double v : {0.0, 0.00005, -0.00005, 1.00005, 99999999999999.99, 922337203685477.0}) expect_money(v);
  int64_t out = 0;
  EXPECT_EQ(MoneyFromDouble::convert(1e15, &out), tessera::fn::kArithmeticOverflow);
  EXPECT_EQ(MoneyFromDouble::convert(std::nan(""), &out), tessera::fn::kArithmeticOverflow);
  // The double nearest 922337203685477.5807 (the largest MONEY) is ...477.625: its 17 digits overflow.
  EXPECT_EQ(MoneyFromDouble::convert(922337203685477.5807, &out), tessera::fn::kArithmeticOverflow);
  EXPECT_EQ(MoneyFromDouble::convert(922337203685477.0, &out), tessera::fn::kOk);
  EXPECT_EQ(out, 9223372036854770000);
}
