// CAST(float AS DECIMAL(p, s)): the general rule, for every precision up to 38.
//
// SQL Server limits float -> numeric conversion to 17 significant digits: the
// double is first rounded to its correctly rounded 17 significant digits (half
// to even, what printf's %.16e gives), then to `scale` decimals half away from
// zero. The catalog kernels (convert_numeric.cpp) and the engine's 38-digit
// CAST (engine/exec) both call this, so the two cannot drift apart.
#pragma once

#include <cstdint>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_double.hpp"

namespace tessera::fn {

// round(v * 10^scale) half away from zero, through v's 17 significant digits.
// False when v is not finite or the result reaches 10^38 in magnitude (it then
// fits no DECIMAL).
inline bool float_scaled(double v, int32_t scale, __int128* out) {
  if (!DoubleDecimal::is_finite(v)) return false;
  if (v == 0) {
    *out = 0;
    return true;
  }
  uint64_t q = 0;  // 10^16 <= q < 10^17
  int32_t exp10 = 0;
  DoubleDecimal::round_digits(v, 17, &q, &exp10);
  const int32_t shift = exp10 - 16 + scale;
  __int128 r = q;
  if (shift > 21) return false;  // q * 10^shift >= 10^37 * 10 = 10^38
  if (shift >= 0) {
    for (int32_t i = 0; i < shift; ++i) r *= 10;
    constexpr __int128 kLimit = static_cast<__int128>(Decimal::pow10(18)) * Decimal::pow10(18) * 100;  // 10^38
    if (r >= kLimit) return false;
  } else {
    r = -shift > 17 ? 0 : Decimal::div_pow10_round(r, -shift);
  }
  *out = v < 0 ? -r : r;
  return true;
}

}  // namespace tessera::fn
