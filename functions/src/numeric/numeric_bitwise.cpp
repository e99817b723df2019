// The bitwise operators of Transact-SQL on BIT, INT and BIGINT (numeric_functions.hpp): & (AND), | (OR), ^
// (exclusive OR) and ~ (NOT), "& (Bitwise AND) (Transact-SQL)" and its siblings. The binder converts both operands
// to the higher of their types (BIT < INT < BIGINT), so each kernel takes two values of one type; NULL in gives
// NULL (the stub). On BIT the values are 0 and 1, and ~ flips that one bit (~1 is 0), as SQL Server does.
#include <cstdint>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/status.hpp"

using tessera::fn::kOk;

TESSERA_ROW_FN int32_t tsf_bitwise_and_bit(uint8_t* out, uint8_t a, uint8_t b) {
  *out = static_cast<uint8_t>(a & b & 1u);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_and_int(int32_t* out, int32_t a, int32_t b) {
  *out = a & b;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_and_bigint(int64_t* out, int64_t a, int64_t b) {
  *out = a & b;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_bitwise_or_bit(uint8_t* out, uint8_t a, uint8_t b) {
  *out = static_cast<uint8_t>((a | b) & 1u);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_or_int(int32_t* out, int32_t a, int32_t b) {
  *out = a | b;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_or_bigint(int64_t* out, int64_t a, int64_t b) {
  *out = a | b;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_bitwise_xor_bit(uint8_t* out, uint8_t a, uint8_t b) {
  *out = static_cast<uint8_t>((a ^ b) & 1u);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_xor_int(int32_t* out, int32_t a, int32_t b) {
  *out = a ^ b;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_xor_bigint(int64_t* out, int64_t a, int64_t b) {
  *out = a ^ b;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_bitwise_not_bit(uint8_t* out, uint8_t a) {
  *out = static_cast<uint8_t>((a & 1u) ^ 1u);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_not_int(int32_t* out, int32_t a) {
  *out = ~a;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_bitwise_not_bigint(int64_t* out, int64_t a) {
  *out = ~a;
  return kOk;
}
