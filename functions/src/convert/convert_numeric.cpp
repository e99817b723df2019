// CAST between the numeric types: float, decimal(p,s), money, int, bigint.
//
// SQL Server's rounding table (CAST and CONVERT, "Truncating and rounding
// results"): numeric -> int truncates, float -> int truncates, money -> int
// rounds, numeric -> numeric/money rounds, float -> numeric rounds. Rounding
// is half away from zero. float -> decimal/money first takes the double's
// 17 significant digits (correctly rounded), as SQL Server limits float ->
// numeric conversion to 17 digits of precision, then rounds to the scale.
#include <cmath>
#include <limits>

#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/float_to_decimal.hpp"
#include "tessera/functions/float_to_money.hpp"
#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_double.hpp"

using tessera::fn::Decimal;
using tessera::fn::DoubleDecimal;
using tessera::fn::float_scaled;
using tessera::fn::kArithmeticOverflow;
using tessera::fn::kInvalidArgument;
using tessera::fn::kMaxDecimalPrecision;
using tessera::fn::kMoneyScale;
using tessera::fn::MoneyFromDouble;
using tessera::fn::ScaledFromDouble;
using tessera::fn::kOk;

namespace {

constexpr bool valid_type(int32_t precision, int32_t scale) {
  return precision >= 1 && precision <= kMaxDecimalPrecision && scale >= 0 && scale <= precision;
}

// The double nearest the unscaled value v * 10^-scale (correctly rounded).
double scaled_to_double(int64_t v, int32_t scale) {
  const uint64_t m = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  uint8_t digit[20];
  int32_t nd = 0;
  char tmp[20];
  uint64_t t = m;
  while (t != 0) {
    tmp[nd++] = static_cast<char>(t % 10);
    t /= 10;
  }
  for (int32_t i = 0; i < nd; ++i) digit[i] = static_cast<uint8_t>(tmp[nd - 1 - i]);
  double d = 0;
  DoubleDecimal::from_digits(digit, nd, -scale, false, &d);
  return v < 0 ? -d : d;
}

template <typename T>
int32_t narrow(__int128 r, T* out) {
  if (r < std::numeric_limits<T>::min() || r > std::numeric_limits<T>::max()) return kArithmeticOverflow;
  *out = static_cast<T>(r);
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_cast_float_to_int(int32_t* out, double v) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) return kArithmeticOverflow;
  *out = static_cast<int32_t>(v);  // truncates toward zero
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_float_to_bigint(int64_t* out, double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(v);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_float_to_decimal(int64_t* out, double v, int32_t precision, int32_t scale) {
  if (!valid_type(precision, scale)) return kInvalidArgument;
  __int128 r = 0;
  unsigned __int128 units = 0;
  bool negative = false;
  if (ScaledFromDouble::convert(v, scale, &units, &negative)) {  // the same rule, without a big integer
    r = static_cast<__int128>(units);
    if (negative) r = -r;
    if (!Decimal::fits(r, precision)) return kArithmeticOverflow;
    *out = static_cast<int64_t>(r);
    return kOk;
  }
  if (!float_scaled(v, scale, &r) || !Decimal::fits(r, precision)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(r);
  return kOk;
}

// The same rule as float_scaled(v, 4), without its big integer (float_to_money.hpp).
TESSERA_ROW_FN int32_t tsf_cast_float_to_money(int64_t* out, double v) { return MoneyFromDouble::convert(v, out); }

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_decimal(int64_t* out, int64_t v, int32_t from_scale, int32_t precision,
                                                   int32_t scale) {
  if (!valid_type(precision, scale) || from_scale < 0 || from_scale > kMaxDecimalPrecision) return kInvalidArgument;
  return Decimal::rescale(v, from_scale, scale, precision, out);
}

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_int(int32_t* out, int64_t v, int32_t scale) {
  if (scale < 0 || scale > kMaxDecimalPrecision) return kInvalidArgument;
  return narrow<int32_t>(v / Decimal::pow10(scale), out);  // truncates toward zero
}

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_bigint(int64_t* out, int64_t v, int32_t scale) {
  if (scale < 0 || scale > kMaxDecimalPrecision) return kInvalidArgument;
  *out = v / Decimal::pow10(scale);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_money(int64_t* out, int64_t v, int32_t scale) {
  if (scale < 0 || scale > kMaxDecimalPrecision) return kInvalidArgument;
  __int128 r = v;
  if (scale <= kMoneyScale) r *= Decimal::pow10(kMoneyScale - scale);
  else r = Decimal::div_pow10_round(r, scale - kMoneyScale);
  if (!Decimal::fits_money(r)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(r);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_float(double* out, int64_t v, int32_t scale) {
  if (scale < 0 || scale > kMaxDecimalPrecision) return kInvalidArgument;
  *out = scaled_to_double(v, scale);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_money_to_int(int32_t* out, int64_t v) {
  return narrow<int32_t>(Decimal::div_pow10_round(v, kMoneyScale), out);  // money -> int rounds
}

TESSERA_ROW_FN int32_t tsf_cast_money_to_bigint(int64_t* out, int64_t v) {
  return narrow<int64_t>(Decimal::div_pow10_round(v, kMoneyScale), out);
}

TESSERA_ROW_FN int32_t tsf_cast_money_to_decimal(int64_t* out, int64_t v, int32_t precision, int32_t scale) {
  if (!valid_type(precision, scale)) return kInvalidArgument;
  return Decimal::rescale(v, kMoneyScale, scale, precision, out);
}

TESSERA_ROW_FN int32_t tsf_cast_money_to_float(double* out, int64_t v) {
  *out = scaled_to_double(v, kMoneyScale);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_int_to_decimal(int64_t* out, int32_t v, int32_t precision, int32_t scale) {
  if (!valid_type(precision, scale)) return kInvalidArgument;
  const __int128 r = static_cast<__int128>(v) * Decimal::pow10(scale);
  if (!Decimal::fits(r, precision)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(r);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_bigint_to_decimal(int64_t* out, int64_t v, int32_t precision, int32_t scale) {
  if (!valid_type(precision, scale)) return kInvalidArgument;
  const __int128 r = static_cast<__int128>(v) * Decimal::pow10(scale);
  if (!Decimal::fits(r, precision)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(r);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_int_to_money(int64_t* out, int32_t v) {
  *out = static_cast<int64_t>(v) * Decimal::pow10(kMoneyScale);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_bigint_to_money(int64_t* out, int64_t v) {
  const __int128 r = static_cast<__int128>(v) * Decimal::pow10(kMoneyScale);
  if (!Decimal::fits_money(r)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(r);
  return kOk;
}
