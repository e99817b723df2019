// CAST(float AS MONEY) and CAST(float AS DECIMAL(p, s <= 10)) without a big integer.
//
// SQL Server's rule (as convert_numeric.cpp implements it through
// float_scaled): the double is first rounded to its correctly rounded 17
// significant digits (half to even), then to 4 decimals half away from zero,
// and the result must fit MONEY. For every double that can give a non-zero
// in-range result (1e-5 <= |v| < 1e15) the 17 digits come from one exact
// 128-bit product m * 5^s shifted right (v = m * 2^e2), so the row needs no
// 176-byte big integer; the other doubles are decided up front. The unit test
// checks it against the general float_scaled path on millions of doubles.
#pragma once

#include <cmath>
#include <cstdint>

#include "tessera/functions/status.hpp"

namespace tessera::fn {

// v rounded to its 17 significant digits (half to even), then to `scale` decimals (half away from
// zero), as a magnitude in units of 10^-scale and a sign. Covers 0 <= scale <= 10 and |v| < 1e15
// (where 5^s fits 64 bits and the product needs a right shift); returns false for anything else
// (NaN and infinities included), which the caller decides by its general path or as an overflow.
class ScaledFromDouble {
 public:
  static constexpr bool convert(double v, int32_t scale, unsigned __int128* units, bool* negative) {
    const uint64_t bits = __builtin_bit_cast(uint64_t, v);
    *negative = (bits >> 63) != 0;
    const double magnitude = *negative ? -v : v;
    if (!(magnitude < 1e15) || scale < 0 || scale > 10) return false;
    if (magnitude < tiny(scale)) {  // the 17 digits round to 0 at `scale` decimals
      *units = 0;
      return true;
    }
    const int32_t e2 = static_cast<int32_t>((bits >> 52) & 0x7ff) - 1075;  // normal in this range
    const uint64_t m = (bits & ((uint64_t{1} << 52) - 1)) | (uint64_t{1} << 52);
    // Decimal exponent of the leading digit: estimated from the binary one, then corrected.
    int32_t e = static_cast<int32_t>(std::floor((e2 + 52) * 0.30102999566398120));
    constexpr uint64_t k1e16 = 10000000000000000ull, k1e17 = 100000000000000000ull;
    uint64_t digits = 0;
    int32_t tie = 0;  // -1 below half, 0 exactly half, 1 above
    for (int32_t attempt = 0; attempt < 4; ++attempt) {
      const int32_t s = 16 - e;         // in [2, 27] here
      const int32_t shift = -(e2 + s);  // > 0 here
      const unsigned __int128 p = static_cast<unsigned __int128>(m) * pow5(s);
      const unsigned __int128 q = p >> shift;
      if (q >= k1e17) {
        ++e;
        continue;
      }
      if (q < k1e16) {
        --e;
        continue;
      }
      const unsigned __int128 rest = p - (q << shift);
      const unsigned __int128 half = static_cast<unsigned __int128>(1) << (shift - 1);
      digits = static_cast<uint64_t>(q);
      tie = rest < half ? -1 : rest == half ? 0 : 1;
      break;
    }
    if (tie > 0 || (tie == 0 && (digits & 1) != 0)) ++digits;  // half to even
    if (digits == k1e17) {
      digits = k1e16;
      ++e;
    }
    // digits * 10^(e - 16) in units of 10^-scale, rounded half away from zero.
    const int32_t k = e - 16 + scale;
    *units = 0;
    if (k >= 0) {
      *units = static_cast<unsigned __int128>(digits) * pow10(k);  // k <= 8 here
    } else if (-k <= 17) {
      const uint64_t p = pow10(-k);
      uint64_t q = digits / p;
      if ((digits - q * p) * 2 >= p) ++q;
      *units = q;
    }
    return true;
  }

 private:
  static constexpr double tiny(int32_t scale) {
    double t = 0.1;
    for (int32_t i = 0; i < scale; ++i) t /= 10;
    return t;  // 10^-(scale+1): below half a unit of the last decimal
  }
  static constexpr uint64_t pow10(int32_t n) {
    uint64_t r = 1;
    for (int32_t i = 0; i < n; ++i) r *= 10;
    return r;
  }
  static constexpr uint64_t pow5(int32_t n) {
    uint64_t r = 1;
    for (int32_t i = 0; i < n; ++i) r *= 5;
    return r;
  }
};

class MoneyFromDouble {
 public:
  static constexpr int32_t convert(double v, int64_t* out) {
    unsigned __int128 units = 0;
    bool negative = false;
    // |v| >= 1e15 (and NaN, inf) is >= 10^19 units of 10^-4: beyond MONEY.
    if (!ScaledFromDouble::convert(v, 4, &units, &negative)) return kArithmeticOverflow;
    if (negative ? units > (static_cast<unsigned __int128>(1) << 63) : units > static_cast<unsigned __int128>(INT64_MAX))
      return kArithmeticOverflow;
    *out = negative ? static_cast<int64_t>(0 - static_cast<uint64_t>(units)) : static_cast<int64_t>(units);
    return kOk;
  }
};

}  // namespace tessera::fn
