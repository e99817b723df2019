// Per-row semantics of the engine's built-in arithmetic and numeric casts, compiled for both devices
// (TESSERA_HD is __host__ __device__ under nvcc): the CPU evaluator's loops and the GPU evaluator's kernels
// call the same functions, which call the library's constexpr fn::DecimalArith / fn::WideDecimalArith for
// SQL Server's DECIMAL and MONEY rules. Every function returns a fn::Status code (kOk, kArithmeticOverflow,
// kDivideByZero) and writes its result through the pointer only on kOk.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "tessera/functions/checked_int.hpp"
#include "tessera/functions/decimal128.hpp"
#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/status.hpp"

#ifdef __CUDACC__
#define TESSERA_HD __host__ __device__
#else
#define TESSERA_HD
#endif

namespace tessera::exec::row_ops {

enum class Arith : uint8_t { Add, Sub, Mul, Div, Mod };

template <typename T>
TESSERA_HD inline int32_t int_arith(Arith o, T a, T b, T* r) {
  switch (o) {
    case Arith::Add: return fn::add_overflow(a, b, r) ? fn::kArithmeticOverflow : fn::kOk;
    case Arith::Sub: return fn::sub_overflow(a, b, r) ? fn::kArithmeticOverflow : fn::kOk;
    case Arith::Mul: return fn::mul_overflow(a, b, r) ? fn::kArithmeticOverflow : fn::kOk;
    case Arith::Div:
      if (b == 0) return fn::kDivideByZero;
      if (a == std::numeric_limits<T>::min() && b == -1) return fn::kArithmeticOverflow;
      *r = a / b;
      return fn::kOk;
    default:
      if (b == 0) return fn::kDivideByZero;
      *r = b == -1 ? 0 : a % b;
      return fn::kOk;
  }
}

TESSERA_HD inline int32_t double_arith(Arith o, double a, double b, double* r) {
  double v;
  switch (o) {
    case Arith::Add: v = a + b; break;
    case Arith::Sub: v = a - b; break;
    case Arith::Mul: v = a * b; break;
    default:
      if (b == 0) return fn::kDivideByZero;
      v = a / b;
  }
#ifdef __CUDA_ARCH__
  if (!isfinite(v)) return fn::kArithmeticOverflow;
#else
  if (!std::isfinite(v)) return fn::kArithmeticOverflow;
#endif
  *r = v;
  return fn::kOk;
}

TESSERA_HD inline int32_t money_arith(Arith o, int64_t a, int64_t b, int64_t* r) {
  switch (o) {
    case Arith::Add: return fn::DecimalArith::money_add_sub(false, a, b, r);
    case Arith::Sub: return fn::DecimalArith::money_add_sub(true, a, b, r);
    case Arith::Mul: return fn::DecimalArith::money_mul(a, b, r);
    default: return fn::DecimalArith::money_div(a, b, r);
  }
}

// Operand and result types of a DECIMAL operation (the binder's SQL Server result type p, s).
struct DecimalTypes {
  int32_t p1, s1, p2, s2, p, s;
};

// DECIMAL operands and result of at most 18 digits (int64). The exact shapes (sums at the common scale,
// products at scale s1 + s2) skip the general rounding path; the result is the same.
TESSERA_HD inline int32_t decimal_arith(Arith o, int64_t a, int64_t b, const DecimalTypes& t, int64_t* r) {
  const int64_t limit = fn::Decimal::pow10(t.p);
  const int32_t s = t.s1 > t.s2 ? t.s1 : t.s2;
  if ((o == Arith::Add || o == Arith::Sub) && t.s == s) {
    int64_t u, v, w;
    if (fn::mul_overflow(a, fn::Decimal::pow10(s - t.s1), &u) ||
        fn::mul_overflow(b, fn::Decimal::pow10(s - t.s2), &v))
      return fn::kArithmeticOverflow;
    if (o == Arith::Sub ? fn::sub_overflow(u, v, &w) : fn::add_overflow(u, v, &w))
      return fn::kArithmeticOverflow;
    if (w >= limit || w <= -limit) return fn::kArithmeticOverflow;
    *r = w;
    return fn::kOk;
  }
  if (o == Arith::Mul && t.s == t.s1 + t.s2) {
    int64_t w;
    if (fn::mul_overflow(a, b, &w) || w >= limit || w <= -limit) return fn::kArithmeticOverflow;
    *r = w;
    return fn::kOk;
  }
  switch (o) {
    case Arith::Add: return fn::DecimalArith::add_sub(false, a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Sub: return fn::DecimalArith::add_sub(true, a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Mul: return fn::DecimalArith::mul(a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Div: return fn::DecimalArith::div(a, b, t.p1, t.s1, t.p2, t.s2, r);
    default: return fn::DecimalArith::mod(a, b, t.p1, t.s1, t.p2, t.s2, r);
  }
}

// DECIMAL where an operand or the result has more than 18 digits: int128 values, 256-bit intermediates
// where needed (fn::WideDecimalArith), exact int128 fast paths for sums and unrounded products.
TESSERA_HD inline int32_t wide_decimal_arith(Arith o, __int128 a, __int128 b, const DecimalTypes& t, __int128* r) {
  const __int128 limit = fn::Decimal128::pow10(t.p);
  const int32_t s = t.s1 > t.s2 ? t.s1 : t.s2;
  if (o == Arith::Mul && t.s == t.s1 + t.s2) {
    __int128 w;
    if (fn::mul_overflow(a, b, &w) || w >= limit || w <= -limit) return fn::kArithmeticOverflow;
    *r = w;
    return fn::kOk;
  }
  if ((o == Arith::Add || o == Arith::Sub) && t.s == s) {
    __int128 u, v, w;
    if (fn::mul_overflow(a, fn::Decimal128::pow10(s - t.s1), &u) ||
        fn::mul_overflow(b, fn::Decimal128::pow10(s - t.s2), &v))
      return fn::kArithmeticOverflow;
    if (o == Arith::Sub ? fn::sub_overflow(u, v, &w) : fn::add_overflow(u, v, &w))
      return fn::kArithmeticOverflow;
    if (w >= limit || w <= -limit) return fn::kArithmeticOverflow;
    *r = w;
    return fn::kOk;
  }
  switch (o) {
    case Arith::Add: return fn::WideDecimalArith::add_sub(false, a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Sub: return fn::WideDecimalArith::add_sub(true, a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Mul: return fn::WideDecimalArith::mul(a, b, t.p1, t.s1, t.p2, t.s2, r);
    case Arith::Div: return fn::WideDecimalArith::div(a, b, t.p1, t.s1, t.p2, t.s2, r);
    default: return fn::WideDecimalArith::mod(a, b, t.p1, t.s1, t.p2, t.s2, r);
  }
}

// Numeric cast targets, by how the value is stored.
enum class CastTo : uint8_t { Bool, Int32, Int64, Double, Decimal64, Decimal128 };

// A scaled integer (scale `fs`; integers 0) to the target at scale `ts` (DECIMAL or MONEY; else 0) and
// precision `tp` (DECIMAL; else unused). `out` receives the stored bytes of the target.
TESSERA_HD inline int32_t cast_scaled(__int128 v, int32_t fs, CastTo to, int32_t ts, int32_t tp, void* out) {
  if (to == CastTo::Double) {
    // Exact for |v| < 2^53 units; wider values round once more, as any decimal -> float conversion.
    *static_cast<double*>(out) = static_cast<double>(v) / static_cast<double>(fn::Decimal128::pow10(fs));
    return fn::kOk;
  }
  __int128 x;
  if (ts == 0 && fs > 0) {
    x = v / fn::Decimal128::pow10(fs);  // to an integer type: truncates
  } else {
    const int32_t st = fn::Decimal128::rescale(v, fs, ts, fn::kMaxWideDecimalPrecision, &x);
    if (st != fn::kOk) return st;
  }
  switch (to) {
    case CastTo::Bool: *static_cast<uint8_t*>(out) = x != 0; return fn::kOk;
    case CastTo::Int32:
      if (x < INT32_MIN || x > INT32_MAX) return fn::kArithmeticOverflow;
      *static_cast<int32_t*>(out) = static_cast<int32_t>(x);
      return fn::kOk;
    case CastTo::Decimal128:
      if (!fn::Decimal128::fits(x, tp)) return fn::kArithmeticOverflow;
      *static_cast<__int128*>(out) = x;
      return fn::kOk;
    case CastTo::Decimal64:
      if (!fn::Decimal128::fits(x, tp)) return fn::kArithmeticOverflow;
      [[fallthrough]];
    default:
      if (x < INT64_MIN || x > INT64_MAX) return fn::kArithmeticOverflow;
      *static_cast<int64_t*>(out) = static_cast<int64_t>(x);
      return fn::kOk;
  }
}

// A FLOAT to an integer, MONEY or DECIMAL of at most 18 digits: scaled, then truncated (integers) or
// rounded half away from zero (scale > 0). Wider DECIMAL targets use fn::float_scaled (host only).
TESSERA_HD inline int32_t cast_double_narrow(double d, CastTo to, int32_t ts, int32_t tp, void* out) {
  if (to == CastTo::Double) {
    *static_cast<double*>(out) = d;
    return fn::kOk;
  }
  const double x = d * static_cast<double>(fn::Decimal::pow10(ts));
  if (!(fabs(x) < 9.2e18)) return fn::kArithmeticOverflow;
  const __int128 v = static_cast<__int128>(ts == 0 ? trunc(x) : round(x));
  return cast_scaled(v, ts, to, ts, tp, out);
}

}  // namespace tessera::exec::row_ops
