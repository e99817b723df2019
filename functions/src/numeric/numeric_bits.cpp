// SQL Server 2022's bit manipulation functions on INT and BIGINT (numeric_functions.hpp): BIT_COUNT, GET_BIT,
// SET_BIT, LEFT_SHIFT, RIGHT_SHIFT. Each works on the value's two's complement bits at its type's width (32 or 64):
// "BIT_COUNT (Transact-SQL)", "GET_BIT", "SET_BIT", "LEFT_SHIFT", "RIGHT_SHIFT".
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using tessera::fn::kInvalidArgument;
using tessera::fn::kOk;

namespace {

// Set bits of a 64-bit word (no builtins: the same arithmetic on every device).
inline int64_t popcount(uint64_t v) {
  v = v - ((v >> 1) & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
  v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int64_t>((v * 0x0101010101010101ull) >> 56);
}

// The bits of an unsigned word of `width` bits shifted left by n (right for a negative n), vacated bits 0 (a
// logical shift both ways); a shift of width bits or more either way is 0.
inline uint64_t shift_left(uint64_t bits, int64_t n, int width) {
  const uint64_t mask = width == 64 ? ~0ull : (1ull << width) - 1;
  if (n >= width || n <= -width) return 0;
  if (n >= 0) return (bits << n) & mask;
  return (bits & mask) >> (-n);
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_bit_count_int(int64_t* out, int32_t x) {
  *out = popcount(static_cast<uint32_t>(x));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bit_count_bigint(int64_t* out, int64_t x) {
  *out = popcount(static_cast<uint64_t>(x));
  return kOk;
}

// GET_BIT: bit 0 is the least significant; an offset outside the type's bits is an error.
TESSERA_ROW_FN int32_t tsf_get_bit_int(uint8_t* out, int32_t x, int64_t offset) {
  if (offset < 0 || offset >= 32) return kInvalidArgument;
  *out = static_cast<uint8_t>((static_cast<uint32_t>(x) >> offset) & 1u);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_get_bit_bigint(uint8_t* out, int64_t x, int64_t offset) {
  if (offset < 0 || offset >= 64) return kInvalidArgument;
  *out = static_cast<uint8_t>((static_cast<uint64_t>(x) >> offset) & 1u);
  return kOk;
}

// SET_BIT(x, offset [, bit_value]): bit_value 1 (the default) or 0; anything else, or an offset outside the type's
// bits, is an error.
TESSERA_ROW_FN int32_t tsf_set_bit_value_int(int32_t* out, int32_t x, int64_t offset, int32_t bit_value) {
  if (offset < 0 || offset >= 32 || (bit_value != 0 && bit_value != 1)) return kInvalidArgument;
  const uint32_t bit = 1u << offset;
  const uint32_t v = static_cast<uint32_t>(x);
  *out = static_cast<int32_t>(bit_value ? (v | bit) : (v & ~bit));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_set_bit_int(int32_t* out, int32_t x, int64_t offset) {
  return tsf_set_bit_value_int(out, x, offset, 1);
}
TESSERA_ROW_FN int32_t tsf_set_bit_value_bigint(int64_t* out, int64_t x, int64_t offset, int32_t bit_value) {
  if (offset < 0 || offset >= 64 || (bit_value != 0 && bit_value != 1)) return kInvalidArgument;
  const uint64_t bit = 1ull << offset;
  const uint64_t v = static_cast<uint64_t>(x);
  *out = static_cast<int64_t>(bit_value ? (v | bit) : (v & ~bit));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_set_bit_bigint(int64_t* out, int64_t x, int64_t offset) {
  return tsf_set_bit_value_bigint(out, x, offset, 1);
}

// LEFT_SHIFT / RIGHT_SHIFT(x, n): bits shifted out are lost, vacated ones are 0 (RIGHT_SHIFT is logical: a
// negative value gets 0s from the left); a negative n shifts the other way; |n| >= the width gives 0.
TESSERA_ROW_FN int32_t tsf_left_shift_int(int32_t* out, int32_t x, int64_t n) {
  *out = static_cast<int32_t>(static_cast<uint32_t>(shift_left(static_cast<uint32_t>(x), n, 32)));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_left_shift_bigint(int64_t* out, int64_t x, int64_t n) {
  *out = static_cast<int64_t>(shift_left(static_cast<uint64_t>(x), n, 64));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_right_shift_int(int32_t* out, int32_t x, int64_t n) {
  *out = static_cast<int32_t>(static_cast<uint32_t>(shift_left(static_cast<uint32_t>(x), n == INT64_MIN ? 64 : -n, 32)));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_right_shift_bigint(int64_t* out, int64_t x, int64_t n) {
  *out = static_cast<int64_t>(shift_left(static_cast<uint64_t>(x), n == INT64_MIN ? 64 : -n, 64));
  return kOk;
}
