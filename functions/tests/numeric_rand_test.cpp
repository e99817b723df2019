// RAND(seed). "RAND (Transact-SQL)": the same seed gives the same value, in [0, 1). SQL Server's generator is not
// documented, so the values are Tessera's own: checked against SplitMix64's published first output for state 0
// and for their spread.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>

#include "tessera/functions/numeric_functions.hpp"
#include "test_support.hpp"

using namespace tessera::fn;

namespace {
double rand_of(int32_t seed) {
  double v = -1;
  EXPECT_EQ(tsf_rand(&v, seed), kOk);
  return v;
}
}  // namespace

TEST(Rand, SameSeedSameValue) {
  EXPECT_EQ(rand_of(100), rand_of(100));
  EXPECT_NE(rand_of(100), rand_of(101));
  // SplitMix64 seeded with 0 first returns 0xE220A8397B1DCDAF (Vigna's reference splitmix64.c); its 53 high bits.
  EXPECT_EQ(rand_of(0), static_cast<double>(0xE220A8397B1DCDAFull >> 11) / 9007199254740992.0);
}

TEST(Rand, InUnitIntervalAndSpread) {
  std::set<double> seen;
  double sum = 0;
  int below_half = 0;
  const int n = 100000;
  for (int32_t s = -n / 2; s < n / 2; ++s) {
    const double v = rand_of(s);
    ASSERT_GE(v, 0.0);
    ASSERT_LT(v, 1.0);
    seen.insert(v);
    sum += v;
    below_half += v < 0.5;
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(n));
  EXPECT_NEAR(sum / n, 0.5, 0.01);
  EXPECT_NEAR(below_half, n / 2, n / 100);
  const double extremes[] = {rand_of(INT32_MIN), rand_of(INT32_MAX)};
  for (double v : extremes) EXPECT_TRUE(v >= 0.0 && v < 1.0);
}
