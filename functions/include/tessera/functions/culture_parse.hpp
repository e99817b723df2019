// PARSE / TRY_PARSE's text readers: .NET Framework's Parse as SQL Server calls it through the CLR ("PARSE
// (Transact-SQL)"), for the invariant culture and en-US, written again in row code.
//
//   numbers  NumberStyles.Number (INT, BIGINT, DECIMAL): white space around, a leading or trailing sign, one
//            '.', ',' group separators after the first digit (anywhere in the integer part, as .NET reads
//            them); NumberStyles.Float (FLOAT): a leading sign, '.', an exponent, no groups; NumberStyles.Currency
//            (MONEY): Number's plus parentheses for a negative value and the culture's currency symbol ('$' in
//            en-US, U+00A4 in the invariant culture) before or after the number. The text is rewritten as CAST's
//            plain form ([-]digits[.digits][e[-]digits]) in a stack buffer of kMaxCanonical bytes and read by
//            number_parse.hpp; longer (after leading zeros) fails.
//   dates    .NET's DateTime.Parse for the en-US and invariant cultures (both read numeric dates month first and
//            English month names): an optional leading weekday name (full or three letters, checked against the
//            date, as .NET checks it), then what date_parse.hpp reads under DATEFORMAT mdy.
//   time     TimeSpan.Parse: [ws][-]{d | [d.]hh:mm[:ss[.fffffff]]}[ws], a value in [0, 24h) for TIME.
#pragma once

#include <cstdint>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_parse.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/number_parse.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::fn {

class CultureParse {
 public:
  static constexpr int32_t kMaxCanonical = 320;

  // NumberStyles as SQL Server's table names them for each target type.
  enum Style : int32_t { kNumber = 0, kFloat = 1, kCurrency = 2 };

  // The number's plain form: [-]digits[.digits][e[-]digits], NUL-free, in buf (kMaxCanonical bytes); its length, or
  // -1 when the text is no number of the style in the culture. `fraction_nonzero` tells integers apart (.NET's
  // Int32 accepts "100.00", not "100.5").
  static int32_t canonical(const char* s, int32_t n, int32_t style, int32_t culture, char* buf,
                           bool* fraction_nonzero) {
    int32_t i = 0, e = n;
    while (i < e && is_white(s[i])) ++i;
    while (e > i && is_white(s[e - 1])) --e;
    const bool currency_ok = style == kCurrency;
    const bool groups_ok = style != kFloat;
    bool neg = false, sign = false, paren = false, currency = false;
    // Leading: a sign, '(' (currency) and the currency symbol, in any order, spaces after each.
    for (;;) {
      if (i >= e) return -1;
      if (!sign && !paren && (s[i] == '+' || s[i] == '-')) {
        neg = s[i++] == '-';
        sign = true;
      } else if (currency_ok && !paren && !sign && s[i] == '(') {
        ++i;
        paren = neg = true;
      } else if (int32_t c = currency_ok && !currency ? currency_at(s, i, e, culture) : 0; c > 0) {
        i += c;
        currency = true;
      } else if ((sign || paren || currency) && is_white(s[i])) {
        ++i;
      } else {
        break;
      }
    }
    int32_t len = 0;
    const auto put = [&](char c) {
      if (len < kMaxCanonical) buf[len] = c;
      ++len;
    };
    put('-');  // dropped below when positive
    bool digit = false, point = false, any_integer = false;
    *fraction_nonzero = false;
    for (; i < e; ++i) {
      const char c = s[i];
      if (NumberParse::is_digit(c)) {
        digit = true;
        if (!point) {
          if (c == '0' && !any_integer) continue;  // leading zeros: not kept
          any_integer = true;
        } else if (c != '0') {
          *fraction_nonzero = true;
        }
        put(c);
      } else if (c == '.' && !point) {
        if (!any_integer) put('0');
        put('.');
        point = true;
      } else if (c == ',' && groups_ok && digit && !point) {
        continue;
      } else {
        break;
      }
    }
    if (!digit) return -1;
    if (!any_integer && !point) put('0');
    if (style == kFloat && i < e && (s[i] == 'e' || s[i] == 'E')) {
      int32_t j = i + 1;
      bool eneg = false;
      if (j < e && (s[j] == '+' || s[j] == '-')) eneg = s[j++] == '-';
      if (j < e && NumberParse::is_digit(s[j])) {
        int32_t x = 0;
        for (; j < e && NumberParse::is_digit(s[j]); ++j) x = x < 100000 ? x * 10 + (s[j] - '0') : x;
        put('e');
        if (eneg) put('-');
        char d[8];
        int32_t nd = 0;
        do {
          d[nd++] = static_cast<char>('0' + x % 10);
          x /= 10;
        } while (x > 0);
        while (nd > 0) put(d[--nd]);
        i = j;
      }
    }
    // Trailing: spaces, a sign (not after a leading one or '('), ')' closing a '(', the currency symbol.
    bool closed = false;
    while (i < e) {
      if (is_white(s[i])) {
        ++i;
      } else if (style != kFloat && !sign && !paren && (s[i] == '+' || s[i] == '-')) {
        neg = s[i++] == '-';
        sign = true;
      } else if (paren && !closed && s[i] == ')') {
        ++i;
        closed = true;
      } else if (int32_t c = currency_ok && !currency ? currency_at(s, i, e, culture) : 0; c > 0) {
        i += c;
        currency = true;
      } else {
        return -1;
      }
    }
    if (paren && !closed) return -1;
    if (len > kMaxCanonical) return -1;
    if (!neg) {
      for (int32_t k = 1; k < len; ++k) buf[k - 1] = buf[k];
      --len;
    }
    return len;
  }

  // A date and time of day as DateTime.Parse reads it in en-US or the invariant culture.
  static bool date_time(const char* s, int32_t n, int32_t* days, int64_t* time_of_day) {
    int32_t i = 0, e = n;
    while (i < e && is_white(s[i])) ++i;
    int32_t weekday = -1;
    int32_t j = i;
    while (j < e && is_letter(s[j])) ++j;
    for (int32_t w = 0; w < 7 && j > i; ++w) {
      const DateName& full = kEnglishNames.weekdays[w];
      if (same_ascii(s + i, j - i, full.text, full.len) || same_ascii(s + i, j - i, full.text, 3)) weekday = w;
    }
    if (weekday >= 0) {
      i = j;
      while (i < e && (is_white(s[i]) || s[i] == ',')) ++i;
    }
    const DateParser parser(kMdy, kEnglishNames, DateTarget::DateTime2);
    if (!parser.parse(s + i, e - i, days, time_of_day)) return false;
    // 1970-01-01 (day 0) was a Thursday: ISO weekday index 3.
    if (weekday >= 0 && ((*days % 7 + 7 + 3) % 7) != weekday) return false;
    return true;
  }

  // A TimeSpan in [0, 1 day) as TimeSpan.Parse reads it, in ticks. A day or more (or a negative value) is a
  // TimeSpan but no TIME: false.
  static bool time_span(const char* s, int32_t n, int64_t* ticks) {
    int32_t i = 0, e = n;
    while (i < e && is_white(s[i])) ++i;
    while (e > i && is_white(s[e - 1])) --e;
    bool neg = false;
    if (i < e && s[i] == '-') neg = true, ++i;
    int64_t first = 0, days = 0, h = 0, m = 0, sec = 0, fraction = 0;
    if (!read_int(s, &i, e, &first)) return false;
    if (i == e) {
      days = first;  // "d" alone is days
    } else {
      if (s[i] == '.') {
        days = first;
        ++i;
        if (!read_int(s, &i, e, &h)) return false;
      } else {
        h = first;
      }
      if (i >= e || s[i] != ':') return false;
      ++i;
      if (!read_int(s, &i, e, &m)) return false;
      if (i < e && s[i] == ':') {
        ++i;
        if (!read_int(s, &i, e, &sec)) return false;
        if (i < e && s[i] == '.') {
          ++i;
          int32_t nf = 0;
          for (; i < e && NumberParse::is_digit(s[i]); ++i, ++nf) {
            if (nf >= kMaxFractionDigits) return false;
            fraction = fraction * 10 + (s[i] - '0');
          }
          if (nf == 0) return false;
          for (; nf < kMaxFractionDigits; ++nf) fraction *= 10;
        }
      }
      if (i != e || h > 23 || m > 59 || sec > 59) return false;
    }
    if (days != 0) return false;
    const int64_t t = h * kTicksPerHour + m * kTicksPerMinute + sec * kTicksPerSecond + fraction;
    if (neg && t != 0) return false;
    *ticks = t;
    return true;
  }

  static constexpr bool is_white(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

 private:
  static constexpr bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
  static constexpr char fold(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

  static bool same_ascii(const char* p, int32_t n, const char* name, int32_t len) {
    if (n != len) return false;
    for (int32_t k = 0; k < n; ++k)
      if (fold(p[k]) != fold(name[k])) return false;
    return true;
  }

  // The culture's currency symbol at s[i]: '$' (en-US) or U+00A4 (the invariant culture); its length or 0.
  static int32_t currency_at(const char* s, int32_t i, int32_t e, int32_t culture) {
    if (culture == kCultureEnUs) return s[i] == '$' ? 1 : 0;
    return i + 1 < e && static_cast<uint8_t>(s[i]) == 0xC2 && static_cast<uint8_t>(s[i + 1]) == 0xA4 ? 2 : 0;
  }

  // Digits as a number (saturating past 10 digits, which no field allows); false when there are none.
  static bool read_int(const char* s, int32_t* i, int32_t e, int64_t* v) {
    *v = 0;
    int32_t digits = 0;
    for (; *i < e && NumberParse::is_digit(s[*i]); ++*i, ++digits) *v = *v < 10'000'000'000 ? *v * 10 + (s[*i] - '0') : *v;
    return digits > 0;
  }
};

}  // namespace tessera::fn
