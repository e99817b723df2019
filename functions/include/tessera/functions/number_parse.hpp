// Parsing numbers from varchar with SQL Server's CAST/CONVERT rules.
//
//   int/bigint  spaces around; optional sign; decimal digits only. '' and a lone
//               sign give 0; '1.5', '1e5' and out-of-range values fail (Msg 245/248).
//   decimal     spaces around; optional sign; digits with one optional '.', at
//               least one digit; no exponent. Extra fraction digits are rounded
//               half away from zero; too many integer digits overflow (Msg 8115).
//   money       spaces around; optional sign and currency symbol (either order);
//               commas anywhere in the integer part; '.'; rounded to 4 places.
//               '' and lone symbols give 0.
//   float       spaces around; optional sign; digits with optional '.', optional
//               exponent e/E[sign]digits; '' gives 0. Correctly rounded (see
//               number_double.hpp).
// ISNUMERIC accepts what converts to at least one numeric type: the money and
// float grammars (float also with a d/D exponent), around whitespace 9-13/32.
#pragma once

#include <climits>
#include <limits>
#include <cstdint>

#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_double.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn {

class NumberParse {
 public:
  static constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static constexpr bool is_blank(char c) { return c == ' '; }
  static constexpr bool is_isnumeric_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

  // Trims spaces (or, with `wide`, whitespace 9-13 too) from both ends of [*b, *e).
  static constexpr void trim(const char* s, int32_t* b, int32_t* e, bool wide = false) {
    while (*b < *e && (wide ? is_isnumeric_space(s[*b]) : is_blank(s[*b]))) ++*b;
    while (*e > *b && (wide ? is_isnumeric_space(s[*e - 1]) : is_blank(s[*e - 1]))) --*e;
  }

  // int32/int64 from a string (T = int32_t or int64_t).
  template <typename T>
  static int32_t integer(const char* s, int32_t n, T* out) {
    int32_t i = 0, e = n;
    trim(s, &i, &e);
    bool neg = false;
    if (i < e && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    const uint64_t limit = neg ? static_cast<uint64_t>(std::numeric_limits<T>::max()) + 1
                               : static_cast<uint64_t>(std::numeric_limits<T>::max());
    uint64_t mag = 0;
    for (; i < e; ++i) {
      if (!is_digit(s[i])) return kConversionFailed;
      const uint64_t d = static_cast<uint64_t>(s[i] - '0');
      if (mag > (limit - d) / 10) return kConversionFailed;  // Msg 248: the value overflowed the column
      mag = mag * 10 + d;
    }
    *out = neg ? static_cast<T>(0 - mag) : static_cast<T>(mag);
    return kOk;
  }

  // DECIMAL(precision, scale) from a string, as an unscaled int64.
  static int32_t decimal(const char* s, int32_t n, int32_t precision, int32_t scale, int64_t* out) {
    if (precision < 1 || precision > kMaxDecimalPrecision || scale < 0 || scale > precision)
      return kInvalidArgument;
    int32_t i = 0, e = n;
    trim(s, &i, &e);
    bool neg = false;
    if (i < e && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    __int128 v = 0;
    int32_t int_digits = 0, any_digits = 0;
    for (; i < e && is_digit(s[i]); ++i, ++any_digits) {
      if (int_digits == 0 && s[i] == '0') continue;
      if (++int_digits > precision - scale) return kArithmeticOverflow;
      v = v * 10 + (s[i] - '0');
    }
    int32_t frac = 0;
    bool round_up = false;
    if (i < e && s[i] == '.') {
      for (++i; i < e && is_digit(s[i]); ++i, ++any_digits) {
        if (frac < scale) {
          v = v * 10 + (s[i] - '0');
          ++frac;
        } else if (frac == scale) {
          round_up = s[i] >= '5';
          ++frac;
        }
      }
    }
    if (i != e || any_digits == 0) return kNumericConversionFailed;
    for (; frac < scale; ++frac) v *= 10;
    if (round_up) ++v;
    if (!Decimal::fits(v, precision)) return kArithmeticOverflow;
    *out = static_cast<int64_t>(neg ? -v : v);
    return kOk;
  }

  // Length of a currency symbol at s[i] (0 if none): $, and UTF-8 £ ¥ € ¢ ¤.
  static constexpr int32_t currency_at(const char* s, int32_t i, int32_t e) {
    const auto u = [&](int32_t k) { return static_cast<uint8_t>(s[i + k]); };
    if (s[i] == '$') return 1;
    if (i + 1 < e && u(0) == 0xC2 && (u(1) == 0xA2 || u(1) == 0xA3 || u(1) == 0xA4 || u(1) == 0xA5)) return 2;
    if (i + 2 < e && u(0) == 0xE2 && u(1) == 0x82 && u(2) == 0xAC) return 3;
    return 0;
  }

  // MONEY (scaled by 10^4) from a string; `out` may be null (syntax check).
  static int32_t money(const char* s, int32_t n, int64_t* out, bool wide_space = false) {
    int32_t i = 0, e = n;
    trim(s, &i, &e, wide_space);
    bool neg = false, signed_ = false, currency = false;
    for (int32_t k = 0; k < 2 && i < e; ++k) {
      if (!signed_ && (s[i] == '+' || s[i] == '-')) {
        neg = s[i++] == '-';
        signed_ = true;
      } else if (int32_t c = currency_at(s, i, e); !currency && c > 0) {
        i += c;
        currency = true;
      }
    }
    __int128 v = 0;
    for (; i < e && (is_digit(s[i]) || s[i] == ','); ++i) {
      if (s[i] == ',') continue;
      v = v * 10 + (s[i] - '0');
      if (v > (static_cast<__int128>(1) << 64)) v = static_cast<__int128>(1) << 64;  // saturate: overflow
    }
    int32_t frac = 0;
    bool round_up = false;
    if (i < e && s[i] == '.') {
      for (++i; i < e && is_digit(s[i]); ++i) {
        if (frac < kMoneyScale) {
          v = v * 10 + (s[i] - '0');
          ++frac;
        } else if (frac == kMoneyScale) {
          round_up = s[i] >= '5';
          ++frac;
        }
      }
    }
    if (i != e) return kConversionFailed;
    for (; frac < kMoneyScale; ++frac) v *= 10;
    if (round_up) ++v;
    if (neg) v = -v;
    if (!Decimal::fits_money(v)) return kArithmeticOverflow;
    if (out != nullptr) *out = static_cast<int64_t>(v);
    return kOk;
  }

  // A FLOAT literal scanned without converting it: the value is
  // (-1 if neg) D * 10^k, D the first `nd` (<= kMaxDigits) significant digits,
  // `sticky` when non-zero digits were dropped after them.
  struct FloatDigits {
    bool neg = false;
    int32_t nd = 0, k = 0;
    bool sticky = false;
    int32_t mantissa_begin = 0;  // where the digits start (after the sign)
  };

  // Scans the trimmed, non-empty [i, e) with FLOAT's grammar (with
  // `d_exponent`, 'd'/'D' also start an exponent). `keep(j, d)` receives the
  // j-th significant digit for j < kMaxDigits. False on a syntax error.
  template <typename Keep>
  static bool scan_float(const char* s, int32_t i, int32_t e, bool d_exponent, FloatDigits* f, Keep keep) {
    if (s[i] == '+' || s[i] == '-') f->neg = s[i++] == '-';
    f->mantissa_begin = i;
    int32_t mantissa_digits = 0;
    bool seen_point = false;
    for (; i < e; ++i) {
      const char c = s[i];
      if (c == '.') {
        if (seen_point) return false;
        seen_point = true;
        continue;
      }
      if (!is_digit(c)) break;
      ++mantissa_digits;
      const uint8_t d = static_cast<uint8_t>(c - '0');
      if (f->nd == 0 && d == 0) {
        if (seen_point) --f->k;  // leading zero after the point: shifts the value down
        continue;
      }
      if (f->nd < DoubleDecimal::kMaxDigits) {
        keep(f->nd++, d);
        if (seen_point) --f->k;
      } else {
        if (d != 0) f->sticky = true;
        if (!seen_point) ++f->k;
      }
    }
    if (mantissa_digits == 0) return false;
    if (i < e && (s[i] == 'e' || s[i] == 'E' || (d_exponent && (s[i] == 'd' || s[i] == 'D')))) {
      ++i;
      bool eneg = false;
      if (i < e && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
      int32_t ev = 0, edigits = 0;
      for (; i < e && is_digit(s[i]); ++i, ++edigits)
        if (ev < 100000) ev = ev * 10 + (s[i] - '0');
      if (edigits == 0) return false;
      f->k += eneg ? -ev : ev;
    }
    return i == e;
  }

  // FLOAT from a string. With `d_exponent`, 'd'/'D' also start an exponent
  // (ISNUMERIC's grammar); `wide_space` trims whitespace 9-13 as well.
  static int32_t floating(const char* s, int32_t n, double* out, bool d_exponent = false, bool wide_space = false) {
    int32_t i = 0, e = n;
    trim(s, &i, &e, wide_space);
    if (i == e) {
      *out = 0.0;
      return kOk;
    }
    uint8_t digit[DoubleDecimal::kMaxDigits];
    FloatDigits f;
    if (!scan_float(s, i, e, d_exponent, &f, [&digit](int32_t j, uint8_t d) { digit[j] = d; }))
      return kNumericConversionFailed;
    double v = 0.0;
    if (DoubleDecimal::from_digits(digit, f.nd, f.k, f.sticky, &v) != DoubleDecimal::FromDigits::kOk)
      return kNumericConversionFailed;  // Msg 8114: out of float's range
    *out = f.neg ? -v : v;
    return kOk;
  }

  // Whether `floating` would accept a scanned literal, without converting it
  // (nor keeping its digits): from_digits overflows exactly when D * 10^k
  // (+ sticky) reaches DBL_MAX + half an ulp = (2^54 - 1) * 2^970 (a tie
  // rounds to DBL_MAX's odd mantissa's even neighbour, infinity), a 309-digit
  // integer. Only a leading exponent of 308 needs the digits, which are read
  // again from the string and compared with the bound's first 40.
  static bool float_in_range(const char* s, const FloatDigits& f) {
    if (f.nd == 0) return true;
    const int32_t lead = f.nd - 1 + f.k;
    if (lead != 308) return lead < 308;
    constexpr const char* kHalfPastMax = "1797693134862315807937289714053034150799";
    int32_t j = 0;
    for (int32_t p = f.mantissa_begin; j < f.nd; ++p) {
      const char c = s[p];
      if (c == '.' || (j == 0 && c == '0')) continue;
      if (c != kHalfPastMax[j]) return c < kHalfPastMax[j];
      ++j;
    }
    return true;  // equal prefix: the bound's remaining digits are not all zero, so D * 10^k + sticky is below it
  }

  // ISNUMERIC: 1 when the string converts to some numeric type. The FLOAT
  // test scans and range-checks without converting, so no digit buffer or
  // big integer is needed (no stack frame in a GPU kernel).
  static int32_t is_numeric(const char* s, int32_t n) {
    int32_t i = 0, e = n;
    trim(s, &i, &e, true);
    if (i == e) return 0;
    if (money(s, n, nullptr, true) == kOk) return 1;
    FloatDigits f;
    if (!scan_float(s, i, e, /*d_exponent=*/true, &f, [](int32_t, uint8_t) {})) return 0;
    return float_in_range(s, f) ? 1 : 0;
  }
};

}  // namespace tessera::fn
