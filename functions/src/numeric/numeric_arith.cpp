// +, -, *, / on DECIMAL and MONEY (see numeric_decimal_arith.hpp for the
// result types and the rounding rules).
#include <cstdint>

#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/numeric_functions.hpp"

using tessera::fn::DecimalArith;

TESSERA_ROW_FN int32_t tsf_decimal_add(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2) {
  return DecimalArith::add_sub(false, a, b, p1, s1, p2, s2, out);
}
TESSERA_ROW_FN int32_t tsf_decimal_sub(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2) {
  return DecimalArith::add_sub(true, a, b, p1, s1, p2, s2, out);
}
TESSERA_ROW_FN int32_t tsf_decimal_mul(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2) {
  return DecimalArith::mul(a, b, p1, s1, p2, s2, out);
}
TESSERA_ROW_FN int32_t tsf_decimal_div(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2) {
  return DecimalArith::div(a, b, p1, s1, p2, s2, out);
}
TESSERA_ROW_FN int32_t tsf_decimal_mod(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2) {
  return DecimalArith::mod(a, b, p1, s1, p2, s2, out);
}

TESSERA_ROW_FN int32_t tsf_money_add(int64_t* out, int64_t a, int64_t b) {
  return DecimalArith::money_add_sub(false, a, b, out);
}
TESSERA_ROW_FN int32_t tsf_money_sub(int64_t* out, int64_t a, int64_t b) {
  return DecimalArith::money_add_sub(true, a, b, out);
}
TESSERA_ROW_FN int32_t tsf_money_mul(int64_t* out, int64_t a, int64_t b) { return DecimalArith::money_mul(a, b, out); }
TESSERA_ROW_FN int32_t tsf_money_div(int64_t* out, int64_t a, int64_t b) { return DecimalArith::money_div(a, b, out); }
