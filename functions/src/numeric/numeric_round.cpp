// ROUND, FLOOR and CEILING for INT, BIGINT, FLOAT, DECIMAL and MONEY.
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/numeric_rounding.hpp"

using tessera::fn::Decimal;
using tessera::fn::ExactRound;
using tessera::fn::FloatRound;
using tessera::fn::kArithmeticOverflow;
using tessera::fn::kInvalidArgument;
using tessera::fn::kMaxDecimalPrecision;
using tessera::fn::kMoneyScale;
using tessera::fn::kOk;

namespace {
// Rounds an unscaled value with `scale` decimals to `length` decimals and
// checks the result against [lo, hi].
template <typename T>
int32_t round_exact(T* out, __int128 x, int32_t scale, int32_t length, bool truncate, __int128 lo, __int128 hi) {
  // Digits to drop: scale - length (lengths below -40 drop everything anyway).
  const int32_t k = length < -40 ? 40 + scale : scale - length;
  const __int128 r = ExactRound::to_multiple(x, k, truncate);
  if (r < lo || r > hi) return kArithmeticOverflow;
  *out = static_cast<T>(r);
  return kOk;
}

bool valid_type(int32_t p, int32_t s) { return p >= 1 && p <= kMaxDecimalPrecision && s >= 0 && s <= p; }

int32_t round_decimal(int64_t* out, int64_t x, int32_t length, bool truncate, int32_t p, int32_t s) {
  if (!valid_type(p, s)) return kInvalidArgument;
  const __int128 m = Decimal::max_unscaled(p);
  return round_exact<int64_t>(out, x, s, length, truncate, -m, m);
}

int32_t round_float(double* out, double x, int32_t length, bool truncate) {
  const double r = FloatRound::round(x, length, truncate);
  if (std::fabs(r) > std::numeric_limits<double>::max()) return kArithmeticOverflow;
  *out = r;
  return kOk;
}

int32_t finish_float(double* out, double r) {
  if (std::fabs(r) > std::numeric_limits<double>::max()) return kArithmeticOverflow;
  *out = r;
  return kOk;
}

int32_t finish_money(int64_t* out, __int128 units) {
  const __int128 v = units * Decimal::pow10(kMoneyScale);
  if (!Decimal::fits_money(v)) return kArithmeticOverflow;
  *out = static_cast<int64_t>(v);
  return kOk;
}
}  // namespace

// ---- ROUND ----
TESSERA_ROW_FN int32_t tsf_round_int(int32_t* out, int32_t x, int32_t length) {
  return round_exact<int32_t>(out, x, 0, length, false, INT32_MIN, INT32_MAX);
}
TESSERA_ROW_FN int32_t tsf_round_int_fn(int32_t* out, int32_t x, int32_t length, int32_t function) {
  return round_exact<int32_t>(out, x, 0, length, function != 0, INT32_MIN, INT32_MAX);
}
TESSERA_ROW_FN int32_t tsf_round_bigint(int64_t* out, int64_t x, int32_t length) {
  return round_exact<int64_t>(out, x, 0, length, false, INT64_MIN, INT64_MAX);
}
TESSERA_ROW_FN int32_t tsf_round_bigint_fn(int64_t* out, int64_t x, int32_t length, int32_t function) {
  return round_exact<int64_t>(out, x, 0, length, function != 0, INT64_MIN, INT64_MAX);
}
TESSERA_ROW_FN int32_t tsf_round_float(double* out, double x, int32_t length) {
  return round_float(out, x, length, false);
}
TESSERA_ROW_FN int32_t tsf_round_float_fn(double* out, double x, int32_t length, int32_t function) {
  return round_float(out, x, length, function != 0);
}
TESSERA_ROW_FN int32_t tsf_round_decimal(int64_t* out, int64_t x, int32_t length, int32_t p, int32_t s) {
  return round_decimal(out, x, length, false, p, s);
}
TESSERA_ROW_FN int32_t tsf_round_decimal_fn(int64_t* out, int64_t x, int32_t length, int32_t function, int32_t p,
                                            int32_t s) {
  return round_decimal(out, x, length, function != 0, p, s);
}
TESSERA_ROW_FN int32_t tsf_round_money(int64_t* out, int64_t x, int32_t length) {
  return round_exact<int64_t>(out, x, kMoneyScale, length, false, INT64_MIN, INT64_MAX);
}
TESSERA_ROW_FN int32_t tsf_round_money_fn(int64_t* out, int64_t x, int32_t length, int32_t function) {
  return round_exact<int64_t>(out, x, kMoneyScale, length, function != 0, INT64_MIN, INT64_MAX);
}

// {fn TRUNCATE(x, length)} (ODBC): ROUND(x, length, 1), the value's type kept.
TESSERA_ROW_FN int32_t tsf_truncate_int(int32_t* out, int32_t x, int32_t length) {
  return round_exact<int32_t>(out, x, 0, length, true, INT32_MIN, INT32_MAX);
}
TESSERA_ROW_FN int32_t tsf_truncate_bigint(int64_t* out, int64_t x, int32_t length) {
  return round_exact<int64_t>(out, x, 0, length, true, INT64_MIN, INT64_MAX);
}
TESSERA_ROW_FN int32_t tsf_truncate_float(double* out, double x, int32_t length) {
  return round_float(out, x, length, true);
}
TESSERA_ROW_FN int32_t tsf_truncate_decimal(int64_t* out, int64_t x, int32_t length, int32_t p, int32_t s) {
  return round_decimal(out, x, length, true, p, s);
}
TESSERA_ROW_FN int32_t tsf_truncate_money(int64_t* out, int64_t x, int32_t length) {
  return round_exact<int64_t>(out, x, kMoneyScale, length, true, INT64_MIN, INT64_MAX);
}

// ---- FLOOR / CEILING ----
TESSERA_ROW_FN int32_t tsf_floor_int(int32_t* out, int32_t x) {
  *out = x;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_floor_bigint(int64_t* out, int64_t x) {
  *out = x;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_floor_float(double* out, double x) { return finish_float(out, std::floor(x)); }
// DECIMAL(p,s) -> DECIMAL(p,0). CEILING(9.5) as decimal(2,1) is 10: it fits
// decimal(2,0), so the precision never overflows.
TESSERA_ROW_FN int32_t tsf_floor_decimal(int64_t* out, int64_t x, int32_t p, int32_t s) {
  if (!valid_type(p, s)) return kInvalidArgument;
  *out = static_cast<int64_t>(ExactRound::floor_div(x, s));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_floor_money(int64_t* out, int64_t x) {
  return finish_money(out, ExactRound::floor_div(x, kMoneyScale));
}
TESSERA_ROW_FN int32_t tsf_ceiling_int(int32_t* out, int32_t x) {
  *out = x;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_ceiling_bigint(int64_t* out, int64_t x) {
  *out = x;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_ceiling_float(double* out, double x) { return finish_float(out, std::ceil(x)); }
TESSERA_ROW_FN int32_t tsf_ceiling_decimal(int64_t* out, int64_t x, int32_t p, int32_t s) {
  if (!valid_type(p, s)) return kInvalidArgument;
  *out = static_cast<int64_t>(ExactRound::ceil_div(x, s));
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_ceiling_money(int64_t* out, int64_t x) {
  return finish_money(out, ExactRound::ceil_div(x, kMoneyScale));
}
