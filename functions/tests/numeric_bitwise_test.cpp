// The bitwise operators & | ^ ~ on BIT, INT and BIGINT. Examples: "& (Bitwise AND) (Transact-SQL)" (170 & 75 = 10),
// "| (Bitwise OR)" (170 | 75 = 235), "^ (Bitwise Exclusive OR)" (170 ^ 75 = 225), "~ (Bitwise NOT)" (~170 = -171,
// ~75 = -76); BIT's truth tables; the sign bit and the extremes of each width.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
template <typename R, typename A>
R call2(int32_t (*f)(R*, A, A), A a, A b) {
  R r{};
  EXPECT_EQ(f(&r, a, b), kOk);
  return r;
}
template <typename R, typename A>
R call1(int32_t (*f)(R*, A), A a) {
  R r{};
  EXPECT_EQ(f(&r, a), kOk);
  return r;
}
int64_t big_and(int64_t a, int64_t b) { return call2(tsf_bitwise_and_bigint, a, b); }
int64_t big_or(int64_t a, int64_t b) { return call2(tsf_bitwise_or_bigint, a, b); }
int64_t big_xor(int64_t a, int64_t b) { return call2(tsf_bitwise_xor_bigint, a, b); }
int64_t big_not(int64_t a) { return call1(tsf_bitwise_not_bigint, a); }
constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kBigMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kBigMax = std::numeric_limits<int64_t>::max();
}  // namespace

TEST(NumericBitwise, DocumentedExamples) {
  EXPECT_EQ(call2(tsf_bitwise_and_int, 170, 75), 10);
  EXPECT_EQ(call2(tsf_bitwise_or_int, 170, 75), 235);
  EXPECT_EQ(call2(tsf_bitwise_xor_int, 170, 75), 225);
  EXPECT_EQ(call1(tsf_bitwise_not_int, 170), -171);
  EXPECT_EQ(call1(tsf_bitwise_not_int, 75), -76);
  EXPECT_EQ(big_and(170, 75), 10);
  EXPECT_EQ(big_or(170, 75), 235);
  EXPECT_EQ(big_xor(170, 75), 225);
  EXPECT_EQ(big_not(170), -171);
}

TEST(NumericBitwise, BitTruthTables) {
  const uint8_t v[] = {0, 1};
  for (uint8_t a : v) {
    for (uint8_t b : v) {
      EXPECT_EQ(call2(tsf_bitwise_and_bit, a, b), (a == 1 && b == 1) ? 1 : 0) << int(a) << "&" << int(b);
      EXPECT_EQ(call2(tsf_bitwise_or_bit, a, b), (a == 1 || b == 1) ? 1 : 0) << int(a) << "|" << int(b);
      EXPECT_EQ(call2(tsf_bitwise_xor_bit, a, b), a != b ? 1 : 0) << int(a) << "^" << int(b);
    }
  }
  EXPECT_EQ(call1(tsf_bitwise_not_bit, uint8_t{1}), 0);  // ~CAST(1 AS BIT) is 0, not -2
  EXPECT_EQ(call1(tsf_bitwise_not_bit, uint8_t{0}), 1);
}

TEST(NumericBitwise, SignBitAndExtremes) {
  EXPECT_EQ(call2(tsf_bitwise_and_int, -1, 0x12345678), 0x12345678);
  EXPECT_EQ(call2(tsf_bitwise_and_int, kIntMin, -1), kIntMin);
  EXPECT_EQ(call2(tsf_bitwise_or_int, kIntMin, kIntMax), -1);
  EXPECT_EQ(call2(tsf_bitwise_xor_int, -1, kIntMax), kIntMin);
  EXPECT_EQ(call1(tsf_bitwise_not_int, 0), -1);
  EXPECT_EQ(call1(tsf_bitwise_not_int, kIntMin), kIntMax);
  EXPECT_EQ(call1(tsf_bitwise_not_int, -1), 0);
  EXPECT_EQ(big_and(kBigMin, -1), kBigMin);
  EXPECT_EQ(big_or(kBigMin, kBigMax), -1);
  EXPECT_EQ(big_xor(int64_t{0x0f0f0f0f0f0f0f0f}, -1), int64_t{-0x0f0f0f0f0f0f0f10});
  EXPECT_EQ(big_not(kBigMax), kBigMin);
  // A BIGINT keeps its high word: 2^40 | 1 is not truncated to 32 bits.
  EXPECT_EQ(big_or(int64_t{1} << 40, 1), (int64_t{1} << 40) + 1);
}
