// BIT_COUNT, GET_BIT, SET_BIT, LEFT_SHIFT, RIGHT_SHIFT on INT and BIGINT. Examples: "BIT_COUNT (Transact-SQL)"
// (17 -> 2; CAST(-1 AS INT) -> 32; 0xabcdef -> 17, here as the INT 11259375), "GET_BIT" (bits 2 and 4 of 0xabcdef:
// 1 and 0), "SET_BIT" (SET_BIT(0x00, 2) = 0x04; SET_BIT(0xabcdef, 0, 0) = 0xabcdee), "LEFT_SHIFT" (12345 << 5 =
// 395040), "RIGHT_SHIFT" (12345 >> 5 = 385; a logical shift; a negative amount shifts the other way; an amount past
// the type's bits gives 0).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using namespace tessera::fn;

namespace {
constexpr int32_t kAbcdef = 0xabcdef;  // 11259375
int64_t bit_count(int32_t x) {
  int64_t r = -1;
  EXPECT_EQ(tsf_bit_count_int(&r, x), kOk);
  return r;
}
int64_t bit_count(int64_t x) {
  int64_t r = -1;
  EXPECT_EQ(tsf_bit_count_bigint(&r, x), kOk);
  return r;
}
int get_bit(int32_t x, int64_t off) {
  uint8_t r = 9;
  return tsf_get_bit_int(&r, x, off) == kOk ? r : -1;
}
int get_bit(int64_t x, int64_t off) {
  uint8_t r = 9;
  return tsf_get_bit_bigint(&r, x, off) == kOk ? r : -1;
}
int32_t shl(int32_t x, int64_t n) {
  int32_t r = 0;
  EXPECT_EQ(tsf_left_shift_int(&r, x, n), kOk);
  return r;
}
int32_t shr(int32_t x, int64_t n) {
  int32_t r = 0;
  EXPECT_EQ(tsf_right_shift_int(&r, x, n), kOk);
  return r;
}
int64_t shl(int64_t x, int64_t n) {
  int64_t r = 0;
  EXPECT_EQ(tsf_left_shift_bigint(&r, x, n), kOk);
  return r;
}
int64_t shr(int64_t x, int64_t n) {
  int64_t r = 0;
  EXPECT_EQ(tsf_right_shift_bigint(&r, x, n), kOk);
  return r;
}
constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();
constexpr int32_t kMin32 = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax32 = std::numeric_limits<int32_t>::max();
}  // namespace

TEST(NumericBits, BitCount) {
  EXPECT_EQ(bit_count(int32_t{17}), 2);
  EXPECT_EQ(bit_count(kAbcdef), 17);
  EXPECT_EQ(bit_count(int32_t{-1}), 32);  // the page: CAST(-1 AS INT) is 32
  EXPECT_EQ(bit_count(int64_t{-1}), 64);
  EXPECT_EQ(bit_count(int32_t{0}), 0);
  EXPECT_EQ(bit_count(kMin32), 1);
  EXPECT_EQ(bit_count(kMax32), 31);
  EXPECT_EQ(bit_count(kMin64), 1);
  EXPECT_EQ(bit_count(kMax64), 63);
  EXPECT_EQ(bit_count(int64_t{0x0123456789abcdef}), 32);
}

TEST(NumericBits, GetBit) {
  EXPECT_EQ(get_bit(kAbcdef, 2), 1);
  EXPECT_EQ(get_bit(kAbcdef, 4), 0);
  EXPECT_EQ(get_bit(int32_t{-1}, 31), 1);
  EXPECT_EQ(get_bit(int32_t{1}, 0), 1);
  EXPECT_EQ(get_bit(kMin64, 63), 1);
  EXPECT_EQ(get_bit(int64_t{kAbcdef}, 23), 1);
  // Negative or past the last bit: an error.
  EXPECT_EQ(get_bit(int32_t{1}, -1), -1);
  EXPECT_EQ(get_bit(int32_t{1}, 32), -1);
  EXPECT_EQ(get_bit(int64_t{1}, 64), -1);
  uint8_t r = 0;
  EXPECT_EQ(tsf_get_bit_int(&r, 1, 32), kInvalidArgument);
}

TEST(NumericBits, SetBit) {
  int32_t r = 0;
  ASSERT_EQ(tsf_set_bit_int(&r, 0, 2), kOk);
  EXPECT_EQ(r, 4);
  ASSERT_EQ(tsf_set_bit_value_int(&r, kAbcdef, 0, 0), kOk);
  EXPECT_EQ(r, 0xabcdee);
  ASSERT_EQ(tsf_set_bit_value_int(&r, kAbcdef, 4, 1), kOk);
  EXPECT_EQ(r, 0xabcdff);
  ASSERT_EQ(tsf_set_bit_int(&r, 0, 31), kOk);
  EXPECT_EQ(r, kMin32);
  ASSERT_EQ(tsf_set_bit_value_int(&r, -1, 31, 0), kOk);
  EXPECT_EQ(r, kMax32);
  int64_t l = 0;
  ASSERT_EQ(tsf_set_bit_bigint(&l, 0, 63), kOk);
  EXPECT_EQ(l, kMin64);
  ASSERT_EQ(tsf_set_bit_value_bigint(&l, -1, 63, 0), kOk);
  EXPECT_EQ(l, kMax64);
  ASSERT_EQ(tsf_set_bit_bigint(&l, 0, 40), kOk);
  EXPECT_EQ(l, int64_t{1} << 40);
  // bit_value other than 0 and 1, an offset outside the bits: errors.
  EXPECT_EQ(tsf_set_bit_value_int(&r, 0, 1, 2), kInvalidArgument);
  EXPECT_EQ(tsf_set_bit_value_int(&r, 0, 1, -1), kInvalidArgument);
  EXPECT_EQ(tsf_set_bit_int(&r, 0, 32), kInvalidArgument);
  EXPECT_EQ(tsf_set_bit_int(&r, 0, -1), kInvalidArgument);
  EXPECT_EQ(tsf_set_bit_bigint(&l, 0, 64), kInvalidArgument);
}

TEST(NumericBits, Shifts) {
  EXPECT_EQ(shl(int32_t{12345}, 5), 395040);
  EXPECT_EQ(shr(int32_t{12345}, 5), 385);
  // A negative amount shifts the other way: LEFT_SHIFT(x, -1) is RIGHT_SHIFT(x, 1).
  EXPECT_EQ(shl(int32_t{12345}, -5), 385);
  EXPECT_EQ(shr(int32_t{12345}, -5), 395040);
  // Bits shifted out are lost; RIGHT_SHIFT is logical (0s come in on a negative value).
  EXPECT_EQ(shl(int32_t{1}, 31), kMin32);
  EXPECT_EQ(shl(int32_t{3}, 31), kMin32);
  EXPECT_EQ(shr(int32_t{-1}, 1), kMax32);
  EXPECT_EQ(shr(kMin32, 31), 1);
  EXPECT_EQ(shr(int64_t{-1}, 1), kMax64);
  EXPECT_EQ(shr(kMin64, 63), 1);
  EXPECT_EQ(shl(int64_t{1}, 63), kMin64);
  EXPECT_EQ(shl(int64_t{12345}, 40), int64_t{12345} << 40);
  // Zero and amounts at or past the width (either way): the value, then 0.
  EXPECT_EQ(shl(int32_t{-7}, 0), -7);
  EXPECT_EQ(shr(int32_t{-7}, 0), -7);
  EXPECT_EQ(shl(int32_t{-1}, 32), 0);
  EXPECT_EQ(shr(int32_t{-1}, 32), 0);
  EXPECT_EQ(shl(int32_t{-1}, -32), 0);
  EXPECT_EQ(shr(int64_t{-1}, 64), 0);
  EXPECT_EQ(shl(int64_t{-1}, kMin64), 0);
  EXPECT_EQ(shr(int64_t{-1}, kMin64), 0);
  EXPECT_EQ(shl(int64_t{-1}, kMax64), 0);
  EXPECT_EQ(shr(int64_t{-1}, kMax64), 0);
}
