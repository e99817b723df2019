// Rounding helpers shared by ROUND, FLOOR and CEILING.
//
// ExactRound works on unscaled integers (INT, BIGINT, DECIMAL, MONEY):
// rounding to a multiple of 10^k. FloatRound does ROUND on FLOAT. Both round
// half away from zero, as SQL Server does, or truncate toward zero.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_double.hpp"
#include "tessera/functions/portable_math.hpp"

namespace tessera::fn {

class ExactRound {
 public:
  // 10^k for k in [0, 19] as int128.
  static constexpr __int128 unit(int32_t k) {
    if (k <= 18) return Decimal::pow10(k);
    return static_cast<__int128>(Decimal::pow10(18)) * 10;
  }

  // Rounds v (|v| < 2^63) to a multiple of 10^k; k <= 0 leaves it unchanged.
  static constexpr __int128 to_multiple(__int128 v, int32_t k, bool truncate) {
    if (k <= 0) return v;
    // |v| < 9.3e18, so half of 10^20 or more always exceeds it: the result is 0.
    if (k >= 20) return 0;
    const __int128 u = unit(k);
    const __int128 q = v / u;
    const __int128 r = v % u;
    __int128 rounded = q;
    if (!truncate && (r < 0 ? -r : r) * 2 >= u) rounded = v < 0 ? q - 1 : q + 1;
    return rounded * u;
  }

  // floor(v / 10^k) and ceil(v / 10^k) for k in [0, 19].
  static constexpr __int128 floor_div(__int128 v, int32_t k) {
    const __int128 u = unit(k);
    const __int128 q = v / u;
    return (v % u != 0 && v < 0) ? q - 1 : q;
  }
  static constexpr __int128 ceil_div(__int128 v, int32_t k) {
    const __int128 u = unit(k);
    const __int128 q = v / u;
    return (v % u != 0 && v > 0) ? q + 1 : q;
  }
};

class FloatRound {
 public:
  static double half_away(double v) { return std::round(v); }

  // 10^k for 0 <= k <= 308. Up to 10^22 from the table of exact powers (pmath::pow gives the same values
  // there), so the usual lengths cost one load instead of a pow per row.
  static double pow10(int32_t k) {
    return k <= 22 ? DoubleDecimal::exact_pow10(k) : pmath::pow(10.0, static_cast<double>(k));
  }

  // ROUND(x, length [, truncate]) on FLOAT. Powers of ten beyond the double
  // range leave x unchanged (positive length) or give 0 (negative length).
  static double round(double x, int32_t length, bool truncate) {
    if (length >= 0) {
      if (length > 308) return x;
      const double p = pow10(length);
      const double y = x * p;
      if (std::fabs(y) > std::numeric_limits<double>::max()) return x;
      // Beyond 2^53 a double has no fractional digits left to round.
      if (std::fabs(y) >= 9007199254740992.0) return x;
      return (truncate ? std::trunc(y) : std::round(y)) / p;
    }
    if (length < -308) return 0.0;
    const double p = pow10(-length);
    const double y = x / p;
    return (truncate ? std::trunc(y) : std::round(y)) * p;
  }
};

}  // namespace tessera::fn
