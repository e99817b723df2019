// Formatting numbers as varchar with SQL Server's CAST/CONVERT styles.
//
//   int/bigint   plain decimal, '-' for negatives.
//   decimal(p,s) all s fraction digits; "0" before the point when |v| < 1.
//   money        style 0: 2 decimals, rounded half away from zero (4235.98);
//                style 1: also commas every three digits (4,235.98);
//                style 2: 4 decimals (4235.9800).
//   float        style 0: at most 6 significant digits, scientific notation
//                (e+006) when the exponent is < -4 or >= 6, like %g with a
//                three-digit exponent; style 1: 8 digits, always scientific;
//                style 2: 16 digits, always scientific.
// Every writer returns the number of bytes written; the bounds below are the
// registry's max_length rules.
#pragma once

#include <cmath>
#include <cstdint>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_double.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn {

class NumberFormat {
 public:
  static constexpr int32_t kMaxInt32Len = 11;     // -2147483648
  static constexpr int32_t kMaxInt64Len = 20;     // -9223372036854775808
  static constexpr int32_t kMaxDecimalLen = 22;   // sign, 19 digits, leading 0, point
  static constexpr int32_t kMaxMoneyLen = 26;     // -922,337,203,685,477.58 (style 1) / .5808 (style 2)
  static constexpr int32_t kMaxFloatLen = 24;     // -1.234567890123457e-308 (style 2)

  // Decimal digits of v, most significant first; returns the count (>= 1).
  static int32_t write_uint(char* out, uint64_t v) {
    char tmp[20];
    int32_t n = 0;
    do {
      tmp[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v != 0);
    for (int32_t i = 0; i < n; ++i) out[i] = tmp[n - 1 - i];
    return n;
  }

  static uint64_t magnitude(int64_t v) { return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v); }

  static int32_t write_int(char* out, int64_t v) {
    int32_t n = 0;
    if (v < 0) out[n++] = '-';
    return n + write_uint(out + n, magnitude(v));
  }

  // Unscaled v at `scale` (0..18), with exactly `scale` fraction digits.
  static int32_t write_decimal(char* out, int64_t v, int32_t scale) {
    int32_t n = 0;
    if (v < 0) out[n++] = '-';
    const uint64_t m = magnitude(v);
    const uint64_t p = static_cast<uint64_t>(Decimal::pow10(scale));
    n += write_uint(out + n, m / p);
    if (scale > 0) {
      out[n++] = '.';
      uint64_t f = m % p;
      for (int32_t i = scale - 1; i >= 0; --i) {
        out[n + i] = static_cast<char>('0' + f % 10);
        f /= 10;
      }
      n += scale;
    }
    return n;
  }

  // MONEY with style 0, 1 or 2 (others: kInvalidStyle).
  static int32_t write_money(char* out, int32_t* len, int64_t v, int32_t style) {
    if (style < 0 || style > 2) return kInvalidStyle;
    const int32_t decimals = style == 2 ? 4 : 2;
    const __int128 r = Decimal::div_pow10_round(v, kMoneyScale - decimals);  // 2 decimals: half away from zero
    const bool neg = r < 0;
    const uint64_t m = static_cast<uint64_t>(neg ? -r : r);
    const uint64_t p = static_cast<uint64_t>(Decimal::pow10(decimals));
    int32_t n = 0;
    if (neg) out[n++] = '-';
    char ip[20];
    const int32_t ni = write_uint(ip, m / p);
    for (int32_t i = 0; i < ni; ++i) {
      if (style == 1 && i > 0 && (ni - i) % 3 == 0) out[n++] = ',';
      out[n++] = ip[i];
    }
    out[n++] = '.';
    uint64_t f = m % p;
    for (int32_t i = decimals - 1; i >= 0; --i) {
      out[n + i] = static_cast<char>('0' + f % 10);
      f /= 10;
    }
    *len = n + decimals;
    return kOk;
  }

  // FLOAT with style 0, 1 or 2 (others: kInvalidStyle).
  static int32_t write_float(char* out, int32_t* len, double v, int32_t style) {
    if (style < 0 || style > 2) return kInvalidStyle;
    if (!DoubleDecimal::is_finite(v)) return kInvalidFloatOperation;
    const int32_t digits = style == 0 ? 6 : style == 1 ? 8 : 16;
    int32_t n = 0;
    if (v < 0) out[n++] = '-';
    char c[17];
    int32_t exp10 = 0;
    if (v == 0) {
      if (style == 0) {
        out[0] = '0';  // also for -0
        *len = 1;
        return kOk;
      }
      for (int32_t i = 0; i < digits; ++i) c[i] = '0';
    } else {
      uint64_t q = 0;
      DoubleDecimal::round_digits(v, digits, &q, &exp10);
      for (int32_t i = digits - 1; i >= 0; --i) {
        c[i] = static_cast<char>('0' + q % 10);
        q /= 10;
      }
    }
    int32_t used = digits;  // style 0 drops trailing zeros, like %g
    if (style == 0)
      while (used > 1 && c[used - 1] == '0') --used;
    if (style != 0 || exp10 < -4 || exp10 >= digits) {
      out[n++] = c[0];
      if (used > 1) {
        out[n++] = '.';
        for (int32_t i = 1; i < used; ++i) out[n++] = c[i];
      }
      out[n++] = 'e';
      out[n++] = exp10 < 0 ? '-' : '+';
      const int32_t ae = exp10 < 0 ? -exp10 : exp10;
      out[n++] = static_cast<char>('0' + ae / 100);
      out[n++] = static_cast<char>('0' + ae / 10 % 10);
      out[n++] = static_cast<char>('0' + ae % 10);
    } else if (exp10 >= 0) {
      for (int32_t i = 0; i <= exp10; ++i) out[n++] = c[i];
      if (used > exp10 + 1) {
        out[n++] = '.';
        for (int32_t i = exp10 + 1; i < used; ++i) out[n++] = c[i];
      }
    } else {
      out[n++] = '0';
      out[n++] = '.';
      for (int32_t i = -1; i > exp10; --i) out[n++] = '0';
      for (int32_t i = 0; i < used; ++i) out[n++] = c[i];
    }
    *len = n;
    return kOk;
  }
};

}  // namespace tessera::fn
