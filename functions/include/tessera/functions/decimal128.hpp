// DECIMAL(p,s) with p <= 38 as a scaled __int128, and its exact arithmetic.
//
// The rules are those of numeric_decimal_arith.hpp (SQL Server, "Precision,
// scale, and length (Transact-SQL)") without Tessera's 18-digit limit: the
// result type is sql_server_result_type(), the raw type capped at 38 digits by
// keeping the integral part and at least min(s, 6) decimals.
//   e1 + e2, e1 - e2  align to max(s1,s2), add exactly, round to the result scale
//   e1 * e2           exact product at scale s1+s2, round to the result scale
//   e1 / e2           a * 10^(s + s2 - s1) / b truncated toward zero (as SQL Server)
//   e1 % e2           both at max(s1,s2), remainder with the dividend's sign
// Rounding is half away from zero. A result with |r| >= 10^p is
// kArithmeticOverflow (Msg 8115); a zero divisor is kDivideByZero (Msg 8134).
//
// Intermediates: |operand| < 10^38 < 2^127, but an aligned sum and a product
// need up to 77 digits, and a scaled dividend up to 82 (DECIMAL(38,0) /
// DECIMAL(38,38) scales by 10^44). Values that fit __int128 take the native
// path; the rest use 256-bit magnitudes (decimal128_detail::U256). A dividend
// of 2^256 or more always overflows: its quotient is over 2^256 / 10^38.
//
// Operands must fit their declared types (|v| < 10^p); results are exact for
// such inputs. No exceptions and no heap: row code calls this per value.
#pragma once

#include <cstdint>

#include "tessera/functions/checked_int.hpp"
#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn {

inline constexpr int32_t kMaxWideDecimalPrecision = 38;

namespace decimal128_detail {
using i128 = __int128;
using u128 = unsigned __int128;

constexpr uint64_t lo64(u128 v) { return static_cast<uint64_t>(v); }
constexpr uint64_t hi64(u128 v) { return static_cast<uint64_t>(v >> 64); }
constexpr u128 make_u128(uint64_t hi, uint64_t lo) { return (static_cast<u128>(hi) << 64) | lo; }

// |v| as unsigned; well defined for every v, INT128_MIN included.
constexpr u128 magnitude(i128 v) { return v < 0 ? u128{0} - static_cast<u128>(v) : static_cast<u128>(v); }

struct Pow10Table {
  u128 v[39];
};
constexpr Pow10Table make_pow10_table() {
  Pow10Table t{};
  t.v[0] = 1;
  for (int32_t i = 1; i <= 38; ++i) t.v[i] = t.v[i - 1] * 10;
  return t;
}
// 10^0 .. 10^38; 10^38 < 2^127, so every entry is also a valid __int128.
inline constexpr Pow10Table kPow10 = make_pow10_table();
#ifdef __CUDACC__
// The engine's GPU operators call these functions from CUDA code, which cannot read a host variable: nvcc
// gets a device copy of the table. (tessera-cc compiles the library as host C++ and never sees this.)
static __device__ constexpr Pow10Table kPow10Device = make_pow10_table();
#endif
constexpr const Pow10Table& pow10_table() {
#ifdef __CUDA_ARCH__
  return kPow10Device;
#else
  return kPow10;
#endif
}

// A 256-bit magnitude: four little-endian 64-bit limbs.
struct U256 {
  uint64_t w[4];

  static constexpr U256 from_u128(u128 v) { return {{lo64(v), hi64(v), 0, 0}}; }
  constexpr bool fits_u128() const { return (w[2] | w[3]) == 0; }
  constexpr u128 low_u128() const { return make_u128(w[1], w[0]); }

  static constexpr int32_t compare(const U256& a, const U256& b) {
    for (int32_t i = 3; i >= 0; --i) {
      if (a.w[i] != b.w[i]) return a.w[i] < b.w[i] ? -1 : 1;
    }
    return 0;
  }

  // a * b exactly: the product of two 128-bit values always fits 256 bits.
  static constexpr U256 mul(u128 a, u128 b) {
    const u128 p00 = static_cast<u128>(lo64(a)) * lo64(b);
    const u128 p01 = static_cast<u128>(lo64(a)) * hi64(b);
    const u128 p10 = static_cast<u128>(hi64(a)) * lo64(b);
    const u128 p11 = static_cast<u128>(hi64(a)) * hi64(b);
    const u128 mid = static_cast<u128>(hi64(p00)) + lo64(p01) + lo64(p10);  // < 3 * 2^64
    const u128 upper = static_cast<u128>(hi64(mid)) + hi64(p01) + hi64(p10) + lo64(p11);
    return {{lo64(p00), lo64(mid), lo64(upper), hi64(upper) + hi64(p11)}};
  }

  // *this *= m; false when the product needs more than 256 bits.
  constexpr bool mul_small(uint64_t m) {
    uint64_t carry = 0;
    for (int32_t i = 0; i < 4; ++i) {
      const u128 p = static_cast<u128>(w[i]) * m + carry;
      w[i] = lo64(p);
      carry = hi64(p);
    }
    return carry == 0;
  }

  // a + b; false on a carry out of 256 bits.
  static constexpr bool add(const U256& a, const U256& b, U256* out) {
    uint64_t carry = 0;
    for (int32_t i = 0; i < 4; ++i) {
      const u128 s = static_cast<u128>(a.w[i]) + b.w[i] + carry;
      out->w[i] = lo64(s);
      carry = hi64(s);
    }
    return carry == 0;
  }

  // a - b for a >= b.
  static constexpr U256 sub(const U256& a, const U256& b) {
    U256 r{};
    uint64_t borrow = 0;
    for (int32_t i = 0; i < 4; ++i) {
      const uint64_t x = a.w[i];
      const uint64_t y = b.w[i];
      r.w[i] = x - y - borrow;
      borrow = (x < y || x - y < borrow) ? 1 : 0;
    }
    return r;
  }

  constexpr void increment() {
    for (int32_t i = 0; i < 4; ++i) {
      if (++w[i] != 0) return;
    }
  }

  // q = n / d, returns n % d (d != 0). A divisor below 2^64 divides limb by
  // limb; a wider one uses Knuth's algorithm D (TAOCP 4.3.1) with 64-bit
  // digits: a two-digit divisor, at most three quotient digits.
  static constexpr u128 divmod(const U256& n, u128 d, U256* q) {
    if (hi64(d) == 0) {
      const uint64_t d0 = lo64(d);
      U256 quot{};
      uint64_t r = 0;
      for (int32_t i = 3; i >= 0; --i) {
        const u128 cur = make_u128(r, n.w[i]);  // r < d0, so cur / d0 < 2^64
        const uint64_t qi = static_cast<uint64_t>(cur / d0);
        quot.w[i] = qi;
        r = static_cast<uint64_t>(cur - static_cast<u128>(qi) * d0);
      }
      *q = quot;
      return r;
    }
    // Normalize so the divisor's top bit is set; the quotient is unchanged.
    const int32_t sh = __builtin_clzll(hi64(d));
    const u128 dn = d << sh;
    const uint64_t v1 = hi64(dn);
    const uint64_t v0 = lo64(dn);
    uint64_t u[5] = {};
    if (sh == 0) {
      for (int32_t i = 0; i < 4; ++i) u[i] = n.w[i];
    } else {
      u[4] = n.w[3] >> (64 - sh);
      for (int32_t i = 3; i > 0; --i) u[i] = (n.w[i] << sh) | (n.w[i - 1] >> (64 - sh));
      u[0] = n.w[0] << sh;
    }
    U256 quot{};
    for (int32_t j = 2; j >= 0; --j) {
      // With a two-digit divisor the D3 test below compares qhat * (v1:v0)
      // against all three current digits, so qhat leaves it exact and the
      // add-back step D6 can never run.
      const u128 top = make_u128(u[j + 2], u[j + 1]);
      u128 qhat = top / v1;
      u128 rhat = top - qhat * v1;
      while (hi64(qhat) != 0 || qhat * v0 > make_u128(lo64(rhat), u[j])) {
        --qhat;
        rhat += v1;
        if (hi64(rhat) != 0) break;
      }
      const uint64_t qd = lo64(qhat);
      // u[j..j+2] -= qd * (v1:v0); the result is the partial remainder (>= 0).
      const u128 p0 = static_cast<u128>(qd) * v0;
      const u128 p1 = static_cast<u128>(qd) * v1 + hi64(p0);
      const uint64_t sub_limbs[3] = {lo64(p0), lo64(p1), hi64(p1)};
      uint64_t borrow = 0;
      for (int32_t i = 0; i < 3; ++i) {
        const uint64_t x = u[j + i];
        const uint64_t y = sub_limbs[i];
        u[j + i] = x - y - borrow;
        borrow = (x < y || x - y < borrow) ? 1 : 0;
      }
      quot.w[j] = qd;
    }
    *q = quot;
    return make_u128(u[1], u[0]) >> sh;  // the remainder is below dn: u[2] == 0
  }

  // v / 10^n rounded half away from zero (of the magnitude), n >= 0. Past 38
  // digits it first truncates by 10^19: since 10^m / 2 is an integer for
  // m >= 1, truncated low digits cannot change the half-way test.
  static constexpr U256 div_pow10_round(U256 v, int32_t n) {
    while (n > 38) {
      divmod(v, pow10_table().v[19], &v);
      n -= 19;
    }
    if (n <= 0) return v;
    const u128 p = pow10_table().v[n];
    U256 q{};
    const u128 r = divmod(v, p, &q);
    if (r >= p - r) q.increment();  // 2r >= p without overflow
    return q;
  }
};
}  // namespace decimal128_detail

// DECIMAL(p,s) with p <= 38 as a scaled __int128.
class Decimal128 {
 public:
  // n in [0, 38].
  static constexpr __int128 pow10(int32_t n) { return static_cast<__int128>(decimal128_detail::pow10_table().v[n]); }

  // |v| <= 10^p - 1, precision in [1, 38].
  static constexpr bool fits(__int128 v, int32_t precision) {
    return decimal128_detail::magnitude(v) < decimal128_detail::pow10_table().v[precision];
  }

  // Divides by 10^n rounding half away from zero, n in [0, 38]; a larger n
  // gives 0 (|v| <= 2^127 < 10^39 / 2).
  static constexpr __int128 div_pow10_round(__int128 v, int32_t n) {
    if (n <= 0) return v;
    // Values within int64 divide natively (an int128 division is a libcall).
    if (n <= 18 && v >= -INT64_MAX && v <= INT64_MAX) {
      const int64_t p = static_cast<int64_t>(pow10(n));
      const int64_t q = static_cast<int64_t>(v) / p;
      const int64_t r = static_cast<int64_t>(v) - q * p;
      const int64_t ar = r < 0 ? -r : r;
      if (ar >= p - ar) return v < 0 ? q - 1 : q + 1;
      return q;
    }
    if (n > 38) return 0;
    const __int128 p = pow10(n);
    const __int128 q = v / p;
    const decimal128_detail::u128 ar = decimal128_detail::magnitude(v - q * p);
    if (ar >= static_cast<decimal128_detail::u128>(p) - ar) return v < 0 ? q - 1 : q + 1;
    return q;
  }

  // Changes the scale (multiply by 10^k, or divide rounding half away from
  // zero) and checks the target precision; kArithmeticOverflow when it does
  // not fit, including an int128 overflow while scaling up.
  static constexpr int32_t rescale(__int128 v, int32_t from_scale, int32_t to_scale, int32_t to_precision,
                                   __int128* out) {
    if (from_scale < 0 || from_scale > kMaxWideDecimalPrecision || to_scale < 0 ||
        to_scale > kMaxWideDecimalPrecision || to_precision < 1 || to_precision > kMaxWideDecimalPrecision) {
      return kInvalidArgument;
    }
    __int128 r = 0;
    if (to_scale >= from_scale) {
      if (mul_overflow(v, pow10(to_scale - from_scale), &r)) return kArithmeticOverflow;
    } else {
      r = div_pow10_round(v, from_scale - to_scale);
    }
    if (!fits(r, to_precision)) return kArithmeticOverflow;
    *out = r;
    return kOk;
  }
};

constexpr bool valid_wide_decimal_type(int32_t p, int32_t s) {
  return p >= 1 && p <= kMaxWideDecimalPrecision && s >= 0 && s <= p;
}

// Exact DECIMAL arithmetic on unscaled __int128 values; operand types (p1,s1),
// (p2,s2) with p <= 38; the result type is sql_server_result_type(op, ...).
// Each operation tries __int128 first (one overflow-checked multiply/add) and
// falls back to 256-bit magnitudes only when that overflows.
class WideDecimalArith {
  using i128 = decimal128_detail::i128;
  using u128 = decimal128_detail::u128;
  using U256 = decimal128_detail::U256;

 public:
  static constexpr int32_t add_sub(bool subtract, __int128 a, __int128 b, int32_t p1, int32_t s1, int32_t p2,
                                   int32_t s2, __int128* out) {
    if (!valid_wide_decimal_type(p1, s1) || !valid_wide_decimal_type(p2, s2)) return kInvalidArgument;
    const DecimalType t = sql_server_result_type(subtract ? DecimalOp::kSub : DecimalOp::kAdd, p1, s1, p2, s2);
    const int32_t s = decimal_detail::max_i(s1, s2);
    // t.scale < s only when the 38-digit cap dropped decimals.
    i128 x = 0;
    i128 y = 0;
    i128 r = 0;
    if (!mul_overflow(a, Decimal128::pow10(s - s1), &x) &&
        !mul_overflow(b, Decimal128::pow10(s - s2), &y) &&
        !(subtract ? sub_overflow(x, y, &r) : add_overflow(x, y, &r))) {
      return finish(Decimal128::div_pow10_round(r, s - t.scale), t.precision, out);
    }
    return add_sub_wide(subtract, a, b, s - s1, s - s2, s - t.scale, t.precision, out);
  }

  static constexpr int32_t mul(__int128 a, __int128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               __int128* out) {
    if (!valid_wide_decimal_type(p1, s1) || !valid_wide_decimal_type(p2, s2)) return kInvalidArgument;
    const DecimalType t = sql_server_result_type(DecimalOp::kMul, p1, s1, p2, s2);
    // Up to 39 digits dropped: DECIMAL(38,38) * DECIMAL(38,38) is DECIMAL(38,37).
    const int32_t drop = s1 + s2 - t.scale;
    i128 prod = 0;
    if (fits_i64(a) && fits_i64(b)) {
      prod = static_cast<i128>(static_cast<int64_t>(a)) * static_cast<int64_t>(b);  // one imul, < 2^126
    } else if (mul_overflow(a, b, &prod)) {
      return mul_wide(a, b, drop, t.precision, out);
    }
    return finish(Decimal128::div_pow10_round(prod, drop), t.precision, out);
  }

  // Truncates toward zero at the result scale, as SQL Server does.
  static constexpr int32_t div(__int128 a, __int128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               __int128* out) {
    if (!valid_wide_decimal_type(p1, s1) || !valid_wide_decimal_type(p2, s2)) return kInvalidArgument;
    if (b == 0) return kDivideByZero;
    const DecimalType t = sql_server_result_type(DecimalOp::kDiv, p1, s1, p2, s2);
    // a/10^s1 / (b/10^s2) at scale t.scale = a * 10^k / b. For p1 <= 38, k is
    // in [0, 44]: the cap keeps the scale >= min(s, 6) and the integral digits
    // p1 - s1 + s2, so a reduced scale still leaves k >= 0 (tested over all types).
    const int32_t k = t.scale + s2 - s1;
    i128 num = 0;
    if (k <= 38 && !mul_overflow(a, Decimal128::pow10(k), &num)) {
      return finish(native_div(num, b), t.precision, out);
    }
    return div_wide(a, b, k, t.precision, out);
  }

  // a % b: the remainder of truncating division; its sign is the dividend's.
  // |a % b| < |b| and <= |a|, so it always fits the result type.
  static constexpr int32_t mod(__int128 a, __int128 b, int32_t p1, int32_t s1, int32_t p2, int32_t s2,
                               __int128* out) {
    if (!valid_wide_decimal_type(p1, s1) || !valid_wide_decimal_type(p2, s2)) return kInvalidArgument;
    if (b == 0) return kDivideByZero;
    // Scale max(s1,s2); precision min(p1-s1, p2-s2) + max(s1,s2) <= 38, so never capped.
    const DecimalType t = sql_server_result_type(DecimalOp::kMod, p1, s1, p2, s2);
    i128 x = 0;
    i128 y = 0;
    if (!mul_overflow(a, Decimal128::pow10(t.scale - s1), &x) &&
        !mul_overflow(b, Decimal128::pow10(t.scale - s2), &y)) {
      return finish(native_mod(x, y), t.precision, out);
    }
    return mod_wide(a, b, t.scale - s1, t.scale - s2, t.precision, out);
  }

 private:
  static constexpr int32_t finish(i128 v, int32_t precision, i128* out) {
    if (!Decimal128::fits(v, precision)) return kArithmeticOverflow;
    *out = v;
    return kOk;
  }
  static constexpr bool fits_i64(i128 v) { return v >= -INT64_MAX && v <= INT64_MAX; }  // INT64_MIN / -1 excluded
  static constexpr i128 native_div(i128 n, i128 d) {
    if (fits_i64(n) && fits_i64(d)) return static_cast<int64_t>(n) / static_cast<int64_t>(d);
    return n / d;
  }
  static constexpr i128 native_mod(i128 n, i128 d) {
    if (fits_i64(n) && fits_i64(d)) return static_cast<int64_t>(n) % static_cast<int64_t>(d);
    return n % d;
  }
  static constexpr int32_t finish_wide(const U256& m, bool negative, int32_t precision, i128* out) {
    if (!m.fits_u128() || m.low_u128() >= decimal128_detail::pow10_table().v[precision]) return kArithmeticOverflow;
    const i128 v = static_cast<i128>(m.low_u128());  // < 10^38 < 2^127
    *out = negative ? -v : v;
    return kOk;
  }

  // The 256-bit paths stay out of line so the native paths above inline into
  // row loops with a small frame.

  // Aligned operands up to 10^76 (up_a, up_b: the alignment exponents; drop:
  // the digits the cap removes): adds signed magnitudes.
  [[gnu::noinline]] static constexpr int32_t add_sub_wide(bool subtract, i128 a, i128 b, int32_t up_a, int32_t up_b,
                                                          int32_t drop, int32_t precision, i128* out) {
    const U256 mx = U256::mul(decimal128_detail::magnitude(a), decimal128_detail::pow10_table().v[up_a]);
    const U256 my = U256::mul(decimal128_detail::magnitude(b), decimal128_detail::pow10_table().v[up_b]);
    const bool neg_x = a < 0;
    const bool neg_y = (b < 0) != subtract;
    U256 m{};
    bool neg = neg_x;
    if (neg_x == neg_y) {
      U256::add(mx, my, &m);  // < 2^255: no carry
    } else if (U256::compare(mx, my) >= 0) {
      m = U256::sub(mx, my);
    } else {
      m = U256::sub(my, mx);
      neg = neg_y;
    }
    return finish_wide(U256::div_pow10_round(m, drop), neg, precision, out);
  }

  // The exact product (< 10^76) may fit only after rounding.
  [[gnu::noinline]] static constexpr int32_t mul_wide(i128 a, i128 b, int32_t drop, int32_t precision, i128* out) {
    const U256 m = U256::mul(decimal128_detail::magnitude(a), decimal128_detail::magnitude(b));
    return finish_wide(U256::div_pow10_round(m, drop), (a < 0) != (b < 0), precision, out);
  }

  // |a| * 10^k / |b| with k <= 44: the dividend can need 82 digits.
  [[gnu::noinline]] static constexpr int32_t div_wide(i128 a, i128 b, int32_t k, int32_t precision, i128* out) {
    U256 n = U256::mul(decimal128_detail::magnitude(a), decimal128_detail::pow10_table().v[k <= 38 ? k : 38]);
    if (k > 38 && !n.mul_small(static_cast<uint64_t>(decimal128_detail::pow10_table().v[k - 38]))) {
      return kArithmeticOverflow;  // a dividend >= 2^256 gives a quotient over 10^38
    }
    U256 q{};
    U256::divmod(n, decimal128_detail::magnitude(b), &q);
    return finish_wide(q, (a < 0) != (b < 0), precision, out);
  }

  // Only the operand with the smaller scale is scaled up (to < 10^76).
  [[gnu::noinline]] static constexpr int32_t mod_wide(i128 a, i128 b, int32_t up_a, int32_t up_b, int32_t precision,
                                                      i128* out) {
    const u128 ma = decimal128_detail::magnitude(a);
    const u128 mb = decimal128_detail::magnitude(b);
    u128 r = 0;
    if (up_a == 0) {
      const U256 my = U256::mul(mb, decimal128_detail::pow10_table().v[up_b]);
      r = (!my.fits_u128() || my.low_u128() > ma) ? ma : ma % my.low_u128();
    } else {
      U256 q{};
      r = U256::divmod(U256::mul(ma, decimal128_detail::pow10_table().v[up_a]), mb, &q);
    }
    return finish_wide(U256::from_u128(r), a < 0, precision, out);
  }
};

}  // namespace tessera::fn
