// DECIMAL(p,s) and MONEY as scaled 64-bit integers (precision <= 18).
//
// The domain rules shared by conversions and arithmetic: powers of ten, the
// largest magnitude a precision allows, and rescaling with SQL Server's
// rounding (half away from zero). MONEY is DECIMAL(19,4) in range
// [-922337203685477.5808, 922337203685477.5807], i.e. a full int64 at scale 4.
#pragma once

#include <cstdint>

#include "tessera/functions/status.hpp"

namespace tessera::fn {

inline constexpr int32_t kMaxDecimalPrecision = 18;
inline constexpr int32_t kMoneyScale = 4;

#ifdef __CUDACC__
// For the engine's GPU operators (CUDA code): a device table, instead of a local array rebuilt per call.
// tessera-cc compiles the library as host C++ and never sees this.
static __device__ constexpr int64_t kDecimalPow10Device[19] = {
    1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL, 1000000000LL,
    10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL, 100000000000000LL, 1000000000000000LL,
    10000000000000000LL, 100000000000000000LL, 1000000000000000000LL};
#endif

class Decimal {
 public:
  static constexpr int64_t pow10(int32_t n) {
#ifdef __CUDA_ARCH__
    if (!__builtin_is_constant_evaluated()) return kDecimalPow10Device[n];
#endif
    constexpr int64_t kPow10[19] = {1LL,
                                    10LL,
                                    100LL,
                                    1000LL,
                                    10000LL,
                                    100000LL,
                                    1000000LL,
                                    10000000LL,
                                    100000000LL,
                                    1000000000LL,
                                    10000000000LL,
                                    100000000000LL,
                                    1000000000000LL,
                                    10000000000000LL,
                                    100000000000000LL,
                                    1000000000000000LL,
                                    10000000000000000LL,
                                    100000000000000000LL,
                                    1000000000000000000LL};
    return kPow10[n];
  }

  // Largest unscaled magnitude of DECIMAL(p, s): 10^p - 1.
  static constexpr int64_t max_unscaled(int32_t precision) { return pow10(precision) - 1; }

  static constexpr bool fits(__int128 unscaled, int32_t precision) {
    const __int128 m = max_unscaled(precision);
    return unscaled >= -m && unscaled <= m;
  }

  // Divides by 10^n rounding half away from zero (n in [0, 36]).
  static constexpr __int128 div_pow10_round(__int128 v, int32_t n) {
    if (n == 0) return v;
    __int128 p = 1;
    for (int32_t i = 0; i < n; ++i) p *= 10;
    const __int128 q = v / p;
    const __int128 r = v % p;
    const __int128 twice = (r < 0 ? -r : r) * 2;
    if (twice >= p) return v < 0 ? q - 1 : q + 1;
    return q;
  }

  // MONEY has no precision limit below int64: check it with fits_money().
  static constexpr bool fits_money(__int128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

  // Changes the scale of an unscaled value, rounding when digits are dropped,
  // and checks the result against the target precision.
  static constexpr int32_t rescale(int64_t v, int32_t from_scale, int32_t to_scale, int32_t to_precision,
                                   int64_t* out) {
    __int128 r = v;
    if (to_scale >= from_scale) {
      for (int32_t i = from_scale; i < to_scale; ++i) {
        r *= 10;
        if (!fits(r, 18)) return kArithmeticOverflow;
      }
    } else {
      r = div_pow10_round(r, from_scale - to_scale);
    }
    if (!fits(r, to_precision)) return kArithmeticOverflow;
    *out = static_cast<int64_t>(r);
    return kOk;
  }
};

}  // namespace tessera::fn
