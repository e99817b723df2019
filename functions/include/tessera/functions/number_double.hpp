// Exact conversions between doubles and decimal digits.
//
// DoubleDecimal::round_digits gives the correctly rounded P-significant-digit
// decimal of a double (what printf's %.*e computes from the exact binary
// value), and DoubleDecimal::from_digits the correctly rounded double nearest a
// decimal D * 10^k. Both compare exact big integers (BigUInt), so they are right
// for every double, including subnormals; from_digits keeps 40 significant
// digits and treats further non-zero digits as a sticky "a bit more", which is
// exact unless the input has more than 40 significant digits and lies within
// 10^-40 (relative) of a halfway point between two doubles.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "tessera/functions/number_bignum.hpp"
#include "tessera/functions/portable_math.hpp"

namespace tessera::fn {

class DoubleDecimal {
 public:
  static constexpr int32_t kMaxDigits = 40;

  // |a| = mantissa * 2^exp2 for a finite non-zero double.
  struct Parts {
    uint64_t mantissa;
    int32_t exp2;
  };

  static uint64_t bits_of(double a) {
    uint64_t b = 0;
    __builtin_memcpy(&b, &a, sizeof b);
    return b;
  }
  static double from_bits(uint64_t b) {
    double a = 0;
    __builtin_memcpy(&a, &b, sizeof a);
    return a;
  }

  static bool is_finite(double a) { return ((bits_of(a) >> 52) & 0x7ff) != 0x7ff; }

  static Parts parts(double a) {
    const uint64_t b = bits_of(a);
    const int32_t biased = static_cast<int32_t>((b >> 52) & 0x7ff);
    const uint64_t frac = b & ((uint64_t{1} << 52) - 1);
    if (biased == 0) return {frac, -1074};
    return {frac | (uint64_t{1} << 52), biased - 1075};
  }

  // floor(|a| * 10^k) into *q when it is below 10^19, and how twice the
  // remainder compares with the divisor (-1, 0, 1: below, exactly, above half).
  // Returns false when the quotient would not fit.
  static bool scaled_floor(double a, int32_t k, uint64_t* q, int32_t* half) {
    const Parts p = parts(a);
    BigUInt num(p.mantissa);
    BigUInt den(1);
    if (p.exp2 >= 0) num.shl(p.exp2);
    else den.shl(-p.exp2);
    if (k >= 0) num.mul_pow10(k);
    else den.mul_pow10(-k);
    // Raise den by powers of ten past num: then the quotient has `levels` digits.
    int32_t levels = 0;
    while (BigUInt::compare(den, num) <= 0) {
      if (++levels > 19) return false;
      den.mul_small(10);
    }
    if (levels == 0) {  // quotient 0
      num.shl(1);
      *half = BigUInt::compare(num, den);
      *q = 0;
      return true;
    }
    den.div_small(10);
    --levels;
    uint64_t quot = 0;
    for (int32_t level = levels; level >= 0; --level) {
      uint32_t digit = 0;
      while (BigUInt::compare(num, den) >= 0) {
        num.sub(den);
        ++digit;
      }
      quot = quot * 10 + digit;
      if (level > 0) den.div_small(10);
    }
    num.shl(1);
    *half = BigUInt::compare(num, den);
    *q = quot;
    return true;
  }

  // The P significant digits (1 <= P <= 17) of |a| > 0, rounded half to even:
  // 10^(P-1) <= *digits < 10^P and |a| ~ digits * 10^(*exp10 - P + 1).
  static void round_digits(double a, int32_t P, uint64_t* digits, int32_t* exp10) {
    const uint64_t lo = pow10_u64(P - 1);
    const uint64_t hi = pow10_u64(P);
    const double mag = std::fabs(a);
    uint64_t q = 0;
    int32_t half = 0;
    if (mag < 9.2e18 && std::floor(mag) == mag) {  // fast path: an integer, exact in uint64
      const uint64_t u = static_cast<uint64_t>(mag);
      int32_t nd = 1;
      while (nd < 20 && u >= pow10_u64(nd)) ++nd;
      if (nd <= P) {
        *digits = u * pow10_u64(P - nd);
        *exp10 = nd - 1;
        return;
      }
      const uint64_t p = pow10_u64(nd - P);
      q = u / p;
      const uint64_t r2 = (u % p) * 2;
      half = r2 < p ? -1 : r2 == p ? 0 : 1;
      if (half > 0 || (half == 0 && (q & 1) != 0)) ++q;
      int32_t e = nd - 1;
      if (q == hi) {
        q = lo;
        ++e;
      }
      *digits = q;
      *exp10 = e;
      return;
    }
    int32_t e = static_cast<int32_t>(std::floor(pmath::log10(mag)));
    for (int32_t tries = 0; tries < 4; ++tries) {
      if (!scaled_floor(a, P - 1 - e, &q, &half) || q >= hi) {
        ++e;
        continue;
      }
      if (q < lo) {
        --e;
        continue;
      }
      break;
    }
    if (half > 0 || (half == 0 && (q & 1) != 0)) ++q;
    if (q == hi) {
      q = lo;
      ++e;
    }
    *digits = q;
    *exp10 = e;
  }

  enum class FromDigits { kOk, kOverflow };

  // The double nearest D * 10^k, where D is the nd (<= 40) decimal digits in
  // `digit` (most significant first, digit[0] != 0) and `sticky` says that
  // non-zero digits were dropped after them. Ties go to even.
  static FromDigits from_digits(const uint8_t* digit, int32_t nd, int32_t k, bool sticky, double* out) {
    if (nd == 0) {
      *out = 0.0;
      return FromDigits::kOk;
    }
    const int32_t lead = nd - 1 + k;  // decimal exponent of the leading digit
    if (lead > 309) return FromDigits::kOverflow;
    if (lead < -325) {
      *out = 0.0;
      return FromDigits::kOk;
    }
    // Fast path: both operands exact doubles, one correctly rounded operation.
    uint64_t w = 0;
    const int32_t nw = nd < 19 ? nd : 19;
    for (int32_t i = 0; i < nw; ++i) w = w * 10 + digit[i];
    if (nd <= 15 && !sticky && k >= -22 && k <= 22) {
      *out = k >= 0 ? static_cast<double>(w) * exact_pow10(k) : static_cast<double>(w) / exact_pow10(-k);
      return FromDigits::kOk;
    }
    // An estimate within a few ulps, then exact correction.
    const int32_t kw = k + (nd - nw);
    double x = static_cast<double>(w);
    if (kw > 280) x = x * pmath::pow(10.0, kw - 30) * 1e30;
    else if (kw < -280) x = x * pmath::pow(10.0, kw + 30) * 1e-30;
    else x = x * pmath::pow(10.0, kw);
    if (!(x <= 1.7976931348623157e308)) x = 1.7976931348623157e308;
    if (x < 4.9406564584124654e-324) x = 4.9406564584124654e-324;
    uint64_t bits = bits_of(x);
    constexpr uint64_t kMaxBits = 0x7fefffffffffffffULL;
    for (int32_t iter = 0; iter < 64; ++iter) {
      const Parts p = parts(from_bits(bits));
      // Upper halfway point: (2m + 1) * 2^(e - 1).
      const int32_t up = compare_exact(digit, nd, k, sticky, 2 * p.mantissa + 1, p.exp2 - 1);
      if (up > 0 || (up == 0 && (p.mantissa & 1) != 0)) {
        if (bits == kMaxBits) return FromDigits::kOverflow;
        ++bits;
        continue;
      }
      if (bits == 1) {  // smallest subnormal: below it only 0
        const int32_t down = compare_exact(digit, nd, k, sticky, 1, -1075);
        if (down < 0 || down == 0) bits = 0;
        break;
      }
      // Lower halfway point; at a power of two the gap below is half as wide.
      const bool boundary = p.mantissa == (uint64_t{1} << 52) && p.exp2 > -1074;
      const int32_t down = boundary ? compare_exact(digit, nd, k, sticky, 4 * p.mantissa - 1, p.exp2 - 2)
                                    : compare_exact(digit, nd, k, sticky, 2 * p.mantissa - 1, p.exp2 - 1);
      if (down < 0 || (down == 0 && (p.mantissa & 1) != 0)) {
        --bits;
        continue;
      }
      break;
    }
    *out = from_bits(bits);
    return FromDigits::kOk;
  }

  static constexpr double exact_pow10(int32_t n) {
    constexpr double kPow[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    return kPow[n];
  }

  static constexpr uint64_t pow10_u64(int32_t n) {
    uint64_t r = 1;
    for (int32_t i = 0; i < n; ++i) r *= 10;
    return r;
  }

 private:
  // Compares D * 10^k (+ sticky) with a * 2^b exactly.
  static int32_t compare_exact(const uint8_t* digit, int32_t nd, int32_t k, bool sticky, uint64_t a, int32_t b) {
    BigUInt lhs(0);
    for (int32_t i = 0; i < nd; ++i) {
      lhs.mul_small(10);
      lhs.add_small(digit[i]);
    }
    BigUInt rhs(a);
    if (k >= 0) lhs.mul_pow10(k);
    else rhs.mul_pow10(-k);
    if (b >= 0) rhs.shl(b);
    else lhs.shl(-b);
    const int32_t c = BigUInt::compare(lhs, rhs);
    return c == 0 && sticky ? 1 : c;
  }
};

}  // namespace tessera::fn
