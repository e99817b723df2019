// The FLOAT mathematical functions: POWER, SQRT, SQUARE, EXP, LOG, LOG10, PI,
// the trigonometric functions, DEGREES and RADIANS.
//
// SQL Server never produces NaN or infinity: a domain error (SQRT(-1),
// LOG(0), ASIN(2)) raises Msg 3623 "invalid floating point operation"
// (kInvalidFloatOperation); a finite argument whose result overflows the
// double range raises Msg 8115 (kArithmeticOverflow).
//
// The elementary functions come from portable_math.hpp, not libm, so the CPU
// and GPU kernels compute the same bits (libm differs between devices).
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>

#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/portable_math.hpp"

using tessera::fn::kArithmeticOverflow;
using tessera::fn::kInvalidFloatOperation;
using tessera::fn::kOk;
namespace pmath = tessera::fn::pmath;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxDouble = std::numeric_limits<double>::max();

bool is_nan(double v) { return v != v; }
bool is_inf(double v) { return v > kMaxDouble || v < -kMaxDouble; }

// Checks a computed result: NaN is a domain error, infinity an overflow.
int32_t finish(double* out, double r) {
  if (is_nan(r)) return kInvalidFloatOperation;
  if (is_inf(r)) return kArithmeticOverflow;
  *out = r;
  return kOk;
}

// POWER(x, y) in double: a negative base with a fractional exponent (NaN) and
// zero to a negative power (a pole) are domain errors.
int32_t power(double x, double y, double* r) {
  if (x == 0.0 && y < 0.0) return kInvalidFloatOperation;
  return finish(r, pmath::pow(x, y));
}

// POWER(int or bigint, float): computed in float, converted back to the base's
// type by truncation (POWER(2, -2) is 0); out of range is an overflow.
template <typename T>
int32_t power_exact(T* out, T x, double y, double lo, double hi) {
  double r = 0;
  const int32_t st = power(static_cast<double>(x), y, &r);
  if (st != kOk) return st;
  const double t = std::trunc(r);
  if (t < lo || t >= hi) return kArithmeticOverflow;
  *out = static_cast<T>(t);
  return kOk;
}
}  // namespace

TESSERA_ROW_FN int32_t tsf_power_float(double* out, double x, double y) { return power(x, y, out); }
TESSERA_ROW_FN int32_t tsf_power_int(int32_t* out, int32_t x, double y) {
  return power_exact<int32_t>(out, x, y, -2147483648.0, 2147483648.0);
}
TESSERA_ROW_FN int32_t tsf_power_bigint(int64_t* out, int64_t x, double y) {
  return power_exact<int64_t>(out, x, y, -9223372036854775808.0, 9223372036854775808.0);
}

TESSERA_ROW_FN int32_t tsf_sqrt(double* out, double x) {
  if (x < 0.0) return kInvalidFloatOperation;
  *out = std::sqrt(x);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_square(double* out, double x) { return finish(out, x * x); }
TESSERA_ROW_FN int32_t tsf_exp(double* out, double x) { return finish(out, pmath::exp(x)); }

TESSERA_ROW_FN int32_t tsf_log(double* out, double x) {
  if (x <= 0.0) return kInvalidFloatOperation;
  *out = pmath::log(x);
  return kOk;
}
// LOG(x, base) = ln(x) / ln(base); base 1 (division by ln 1 = 0) is a domain error.
TESSERA_ROW_FN int32_t tsf_log_base(double* out, double x, double base) {
  if (x <= 0.0 || base <= 0.0 || base == 1.0) return kInvalidFloatOperation;
  return finish(out, pmath::log(x) / pmath::log(base));
}
TESSERA_ROW_FN int32_t tsf_log10(double* out, double x) {
  if (x <= 0.0) return kInvalidFloatOperation;
  *out = pmath::log10(x);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_pi(double* out) {
  *out = kPi;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_sin(double* out, double x) { return finish(out, pmath::sin(x)); }
TESSERA_ROW_FN int32_t tsf_cos(double* out, double x) { return finish(out, pmath::cos(x)); }
TESSERA_ROW_FN int32_t tsf_tan(double* out, double x) { return finish(out, pmath::tan(x)); }
// COT(x) = cos(x) / sin(x); COT(0) is a domain error.
TESSERA_ROW_FN int32_t tsf_cot(double* out, double x) {
  const double s = pmath::sin(x);
  if (s == 0.0) return kInvalidFloatOperation;
  return finish(out, pmath::cos(x) / s);
}
TESSERA_ROW_FN int32_t tsf_asin(double* out, double x) {
  if (x < -1.0 || x > 1.0) return kInvalidFloatOperation;
  *out = pmath::asin(x);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_acos(double* out, double x) {
  if (x < -1.0 || x > 1.0) return kInvalidFloatOperation;
  *out = pmath::acos(x);
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_atan(double* out, double x) { return finish(out, pmath::atan(x)); }
TESSERA_ROW_FN int32_t tsf_atn2(double* out, double y, double x) { return finish(out, pmath::atan2(y, x)); }

TESSERA_ROW_FN int32_t tsf_degrees(double* out, double x) { return finish(out, x * (180.0 / kPi)); }
TESSERA_ROW_FN int32_t tsf_radians(double* out, double x) { return finish(out, x * (kPi / 180.0)); }
