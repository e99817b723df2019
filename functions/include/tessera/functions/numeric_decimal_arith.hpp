// DECIMAL and MONEY arithmetic: the result-type rule and the exact operations.
//
// Result type (SQL Server, "Precision, scale, and length (Transact-SQL)"):
//   e1 + e2, e1 - e2   p = max(s1,s2) + max(p1-s1, p2-s2) + 1   s = max(s1,s2)
//   e1 * e2            p = p1 + p2 + 1                          s = s1 + s2
//   e1 / e2            p = p1 - s1 + s2 + max(6, s1+p2+1)       s = max(6, s1+p2+1)
//   e1 % e2            p = min(p1-s1, p2-s2) + max(s1,s2)       s = max(s1,s2)
// When p exceeds 38 SQL Server keeps the integral digits (p - s) and reduces
// the scale: s = min(s, max(38 - (p - s), min(s, 6))), p = 38.
//
// Tessera limit: a DECIMAL is an int64 (p <= 18). The stored result type
// applies the same reduction a second time with 18 in place of 38, i.e.
//   s' = min(s, max(18 - (p - s), min(s, 6))),  p' = min(p, 18)
// (sql_server_result_type() gives SQL Server's type, result_type() Tessera's).
// A value that does not fit p' digits raises kArithmeticOverflow where SQL
// Server (with up to 38 digits) might still succeed; when s' < s the result
// is rounded (add, sub, mul) or truncated (div) at s' instead of s.
//
// Rounding: add/sub/mul round half away from zero when digits are dropped;
// decimal division truncates toward zero as SQL Server does (1.67574/10000 in
// decimal(38,10) gives 0.000167). MONEY is DECIMAL(19,4) held in a full int64;
// money * money and money / money keep 4 decimals, rounding half away from zero.
#pragma once

#include <cstdint>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn {

enum class DecimalOp : int32_t { kAdd = 0, kSub = 1, kMul = 2, kDiv = 3, kMod = 4 };

struct DecimalType {
  int32_t precision;
  int32_t scale;
  constexpr bool operator==(const DecimalType&) const = default;
};

inline constexpr int32_t kSqlServerMaxPrecision = 38;

namespace decimal_detail {
constexpr int32_t max_i(int32_t a, int32_t b) { return a > b ? a : b; }
constexpr int32_t min_i(int32_t a, int32_t b) { return a < b ? a : b; }

// The unbounded SQL Server type before any cap.
constexpr DecimalType raw_result_type(DecimalOp op, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  switch (op) {
    case DecimalOp::kAdd:
    case DecimalOp::kSub: {
      const int32_t s = max_i(s1, s2);
      return {s + max_i(p1 - s1, p2 - s2) + 1, s};
    }
    case DecimalOp::kMul: return {p1 + p2 + 1, s1 + s2};
    case DecimalOp::kDiv: {
      const int32_t s = max_i(6, s1 + p2 + 1);
      return {p1 - s1 + s2 + s, s};
    }
    case DecimalOp::kMod: {
      const int32_t s = max_i(s1, s2);
      return {min_i(p1 - s1, p2 - s2) + s, s};
    }
  }
  return {0, 0};
}

// Caps a type at `cap` digits, keeping the integral part and at least
// min(scale, 6) decimals.
constexpr DecimalType cap_type(DecimalType t, int32_t cap) {
  if (t.precision <= cap) return t;
  const int32_t integral = t.precision - t.scale;
  const int32_t scale = min_i(t.scale, max_i(cap - integral, min_i(t.scale, 6)));
  return {cap, scale};
}
}  // namespace decimal_detail

// The result type SQL Server gives `DECIMAL(p1,s1) op DECIMAL(p2,s2)`.
constexpr DecimalType sql_server_result_type(DecimalOp op, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  return decimal_detail::cap_type(decimal_detail::raw_result_type(op, p1, s1, p2, s2), kSqlServerMaxPrecision);
}

// The result type Tessera stores (precision <= 18); the binder calls this.
constexpr DecimalType result_type(DecimalOp op, int32_t p1, int32_t s1, int32_t p2, int32_t s2) {
  return decimal_detail::cap_type(sql_server_result_type(op, p1, s1, p2, s2), kMaxDecimalPrecision);
}

constexpr bool valid_decimal_type(int32_t p, int32_t s) {
  return p >= 1 && p <= kMaxDecimalPrecision && s >= 0 && s <= p;
}

// Exact DECIMAL and MONEY operations on unscaled values (int128 intermediates).
class DecimalArith {
 public:
  static constexpr __int128 scale_up(__int128 v, int32_t n) {
    for (int32_t i = 0; i < n; ++i) v *= 10;
    return v;
  }

  // a (p1,s1) +/- b (p2,s2) -> result_type(kAdd/kSub, ...).
  static constexpr int32_t add_sub(bool subtract, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                   int32_t s2, int64_t* out) {
    if (!valid_decimal_type(p1, s1) || !valid_decimal_type(p2, s2)) return kInvalidArgument;
    const DecimalType t = result_type(subtract ? DecimalOp::kSub : DecimalOp::kAdd, p1, s1, p2, s2);
    const int32_t s = decimal_detail::max_i(s1, s2);
    const __int128 x = scale_up(a, s - s1);
    const __int128 y = scale_up(b, s - s2);
    return finish(Decimal::div_pow10_round(subtract ? x - y : x + y, s - t.scale), t.precision, out);
  }

  static constexpr int32_t mul(int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               int64_t* out) {
    if (!valid_decimal_type(p1, s1) || !valid_decimal_type(p2, s2)) return kInvalidArgument;
    const DecimalType t = result_type(DecimalOp::kMul, p1, s1, p2, s2);
    const __int128 prod = static_cast<__int128>(a) * b;  // scale s1 + s2, |prod| < 10^36
    return finish(Decimal::div_pow10_round(prod, s1 + s2 - t.scale), t.precision, out);
  }

  // Truncates toward zero at the result scale.
  static constexpr int32_t div(int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               int64_t* out) {
    if (!valid_decimal_type(p1, s1) || !valid_decimal_type(p2, s2)) return kInvalidArgument;
    if (b == 0) return kDivideByZero;
    const DecimalType t = result_type(DecimalOp::kDiv, p1, s1, p2, s2);
    // a/10^s1 / (b/10^s2) at scale t.scale = a * 10^(t.scale + s2 - s1) / b.
    // The exponent is >= 0 for every valid type (see result_type()).
    const int32_t k = t.scale + s2 - s1;
    __int128 num = a;
    constexpr __int128 kLimit = static_cast<__int128>(Decimal::pow10(18)) * Decimal::pow10(18) * 10;  // 10^37
    for (int32_t i = 0; i < k; ++i) {
      // Beyond 10^38 the quotient exceeds 10^38 / 10^18: more than 18 digits.
      if (num > kLimit || num < -kLimit) return kArithmeticOverflow;
      num *= 10;
    }
    return finish(num / b, t.precision, out);
  }

  // a % b: the remainder of truncating division; its sign is the dividend's.
  // |a % b| < |b| and <= |a|, so it always fits the result type.
  static constexpr int32_t mod(int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               int64_t* out) {
    if (!valid_decimal_type(p1, s1) || !valid_decimal_type(p2, s2)) return kInvalidArgument;
    if (b == 0) return kDivideByZero;
    const DecimalType t = result_type(DecimalOp::kMod, p1, s1, p2, s2);
    const __int128 x = scale_up(a, t.scale - s1);
    const __int128 y = scale_up(b, t.scale - s2);
    return finish(x % y, t.precision, out);
  }

  // MONEY +/- MONEY: exact, overflow past the int64 range.
  static constexpr int32_t money_add_sub(bool subtract, int64_t a, int64_t b, int64_t* out) {
    const __int128 r = subtract ? static_cast<__int128>(a) - b : static_cast<__int128>(a) + b;
    return finish_money(r, out);
  }

  static constexpr int32_t money_mul(int64_t a, int64_t b, int64_t* out) {
    const __int128 prod = static_cast<__int128>(a) * b;  // scale 8
    return finish_money(Decimal::div_pow10_round(prod, kMoneyScale), out);
  }

  static constexpr int32_t money_div(int64_t a, int64_t b, int64_t* out) {
    if (b == 0) return kDivideByZero;
    return finish_money(div_round(static_cast<__int128>(a) * Decimal::pow10(kMoneyScale), b), out);
  }

  // n / d rounded half away from zero (d != 0).
  static constexpr __int128 div_round(__int128 n, __int128 d) {
    const __int128 q = n / d;
    const __int128 r = n % d;
    const __int128 ar = r < 0 ? -r : r;
    const __int128 ad = d < 0 ? -d : d;
    if (ar * 2 >= ad) return (n < 0) != (d < 0) ? q - 1 : q + 1;
    return q;
  }

 private:
  static constexpr int32_t finish(__int128 v, int32_t precision, int64_t* out) {
    if (!Decimal::fits(v, precision)) return kArithmeticOverflow;
    *out = static_cast<int64_t>(v);
    return kOk;
  }
  static constexpr int32_t finish_money(__int128 v, int64_t* out) {
    if (!Decimal::fits_money(v)) return kArithmeticOverflow;
    *out = static_cast<int64_t>(v);
    return kOk;
  }
};

}  // namespace tessera::fn
