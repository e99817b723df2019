// ABS and SIGN for INT, BIGINT, FLOAT, DECIMAL and MONEY.
#include <climits>
#include <cmath>
#include <cstdint>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/numeric_functions.hpp"

using tessera::fn::Decimal;
using tessera::fn::kArithmeticOverflow;
using tessera::fn::kInvalidArgument;
using tessera::fn::kOk;

namespace {
template <typename T>
int32_t abs_exact(T* out, T x, T min_value) {
  if (x == min_value) return kArithmeticOverflow;  // -MIN does not fit
  *out = x < 0 ? -x : x;
  return kOk;
}

template <typename T>
T sign_of(T x, T one) {
  return x > 0 ? one : (x < 0 ? -one : T(0));
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_abs_int(int32_t* out, int32_t x) { return abs_exact<int32_t>(out, x, INT32_MIN); }
TESSERA_ROW_FN int32_t tsf_abs_bigint(int64_t* out, int64_t x) { return abs_exact<int64_t>(out, x, INT64_MIN); }
TESSERA_ROW_FN int32_t tsf_abs_float(double* out, double x) {
  *out = std::fabs(x);
  return kOk;
}
// |x| of a DECIMAL(p,s) always fits DECIMAL(p,s): the range is symmetric.
TESSERA_ROW_FN int32_t tsf_abs_decimal(int64_t* out, int64_t x, int32_t p, int32_t s) {
  (void)p;
  (void)s;
  *out = x < 0 ? -x : x;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_abs_money(int64_t* out, int64_t x) { return abs_exact<int64_t>(out, x, INT64_MIN); }

TESSERA_ROW_FN int32_t tsf_sign_int(int32_t* out, int32_t x) {
  *out = sign_of<int32_t>(x, 1);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_sign_bigint(int64_t* out, int64_t x) {
  *out = sign_of<int64_t>(x, 1);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_sign_float(double* out, double x) {
  *out = sign_of<double>(x, 1.0);
  return kOk;
}
// SIGN of DECIMAL(p,s) is DECIMAL(p,s): 1 is 10^s unscaled. DECIMAL(s,s)
// (no integral digit) cannot hold 1: SQL Server raises an overflow there.
TESSERA_ROW_FN int32_t tsf_sign_decimal(int64_t* out, int64_t x, int32_t p, int32_t s) {
  if (s < 0 || s > p || p > tessera::fn::kMaxDecimalPrecision) return kInvalidArgument;
  if (x != 0 && p == s) return kArithmeticOverflow;
  *out = sign_of<int64_t>(x, Decimal::pow10(s));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_sign_money(int64_t* out, int64_t x) {
  *out = sign_of<int64_t>(x, Decimal::pow10(tessera::fn::kMoneyScale));
  return kOk;
}
