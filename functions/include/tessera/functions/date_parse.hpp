// Text -> date and time of day: SQL Server's string literal formats for DATE, DATETIME2, DATETIME
// (ISDATE) and TIME, in one pass without allocation.
//
// Accepted (leading/trailing white space allowed):
//   numeric    m/d/y with one separator repeated ('/', '-' or '.'); the order
//              of day, month and year follows SET DATEFORMAT (or the CONVERT
//              style); a first field of 3-4 digits is the year (y-m-d).
//   unseparated yyyymmdd, yymmdd, yyyy (January 1)
//   alphabetic  a month name or abbreviation of the session language with one
//              or two numbers in any order (Apr 15 2024, 15 April 2024,
//              April 15, 2024, 2024 Apr 15, Apr 2024); separators are spaces,
//              commas, '-', '/', '.'
//   an optional time of day after the date: hh:mi[:ss[.fffffff]][ AM|PM], hhAM,
//   hh:mi:ss:mmm (milliseconds after a colon), and ISO 8601
//   yyyy-mm-ddThh:mi:ss[.fffffff][Z|+hh:mm] (the offset is read and ignored, as
//   SQL Server does converting to a type without one); a time alone means 1900-01-01.
// Two-digit years follow the two-digit year cutoff 2049 (49 -> 2049, 50 -> 1950).
#pragma once

#include <cstdint>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/session_context.hpp"

namespace tessera::fn {

// DATE and DATETIME2 (also TIME, SMALLDATETIME, whose ranges the caller checks) accept
// 0001-01-01 .. 9999-12-31, read yyyy-mm-dd as y-m-d under any DATEFORMAT and up to 7
// fractional digits; DATETIME (ISDATE) starts at 1753-01-01, reads year-first numeric
// dates as y-d-m under DATEFORMAT ydm, and allows at most 3 fractional digits.
enum class DateTarget : uint8_t { Date, DateTime, DateTime2 };

class DateParser {
 public:
  DateParser(int32_t dateformat, const LanguageNames& names, DateTarget target)
      : dateformat_(dateformat), names_(names), target_(target) {}

  bool parse(const char* s, int32_t len, int32_t* days) const {
    int64_t time_of_day = 0;
    return parse(s, len, days, &time_of_day);
  }

  // The date and the time of day in ticks (0 when the text has none), exact: rounding onto a
  // type's grid is the caller's (Clock::normalize).
  bool parse(const char* s, int32_t len, int32_t* days, int64_t* time_of_day) const {
    *time_of_day = 0;
    const char* p = s;
    const char* end = s + (len > 0 ? len : 0);
    while (p < end && is_space(*p)) ++p;
    while (end > p && is_space(end[-1])) --end;
    if (p == end) return false;

    Token tok[3] = {};
    char sep[2] = {0, 0};
    int32_t nt = 0;
    int32_t month_tokens = 0;
    bool has_time = false;
    bool iso_t = false;
    while (p < end) {
      if (nt == 3) {
        if (*p == 'T' || *p == 't') {
          ++p;
          iso_t = true;
        } else {
          if (!is_space(*p)) return false;
          while (p < end && is_space(*p)) ++p;
        }
        has_time = true;
        break;
      }
      if (nt > 0) {
        char kind = 0;
        int32_t n = 0;
        while (p < end && (is_space(*p) || *p == ',' || *p == '-' || *p == '/' || *p == '.')) {
          kind = *p;
          ++n;
          ++p;
        }
        sep[nt - 1] = n == 0 ? 0 : (n == 1 && (kind == '-' || kind == '/' || kind == '.')) ? kind : ' ';
        if (p == end) return false;
      }
      if (is_digit(*p)) {
        const char* q = p;
        while (q < end && is_digit(*q)) ++q;
        if (q < end && *q == ':') {  // hh:... starts the time of day
          has_time = true;
          break;
        }
        const char* r = q;
        while (r < end && is_space(*r)) ++r;
        if (ampm_at(r, end) != 0) {  // 10AM, 10 PM
          has_time = true;
          break;
        }
        const int32_t nd = static_cast<int32_t>(q - p);
        if (nd > 8) return false;
        int32_t v = 0;
        for (const char* d = p; d < q; ++d) v = v * 10 + (*d - '0');
        tok[nt++] = Token{false, v, nd};
        p = q;
      } else if (is_letter(*p)) {
        const char* q = p;
        while (q < end && is_letter(*q)) ++q;
        const int32_t m = month_from_name(p, static_cast<int32_t>(q - p));
        if (m == 0) return false;
        tok[nt++] = Token{true, m, 0};
        ++month_tokens;
        p = q;
      } else {
        return false;
      }
    }

    if (has_time) {
      const char* q = p;
      if (!parse_time(q, end, iso_t, time_of_day)) return false;
      if (q != end) return false;
    }

    int32_t y = 0, m = 0, d = 0;
    if (nt == 0) {
      if (!has_time) return false;
      y = 1900, m = 1, d = 1;
    } else if (month_tokens > 1) {
      return false;
    } else if (month_tokens == 1) {
      if (iso_t) return false;
      Token num[2] = {};
      int32_t k = 0;
      for (int32_t i = 0; i < nt; ++i) {
        if (tok[i].is_month) m = tok[i].value;
        else num[k++] = tok[i];
      }
      if (k == 1) {
        if (num[0].digits < 3 || num[0].digits > 4) return false;
        y = num[0].value, d = 1;
      } else if (k == 2) {
        const Token& yt = num[0].digits >= 3 ? num[0] : num[1];
        const Token& dt = num[0].digits >= 3 ? num[1] : num[0];
        if (dt.digits > 2 || yt.digits > 4) return false;
        y = full_year(yt), d = dt.value;
      } else {
        return false;
      }
    } else if (nt == 1) {
      if (iso_t) return false;
      const int32_t v = tok[0].value;
      switch (tok[0].digits) {
        case 8: y = v / 10000, m = v / 100 % 100, d = v % 100; break;
        case 6: y = full_year(Token{false, v / 10000, 2}), m = v / 100 % 100, d = v % 100; break;
        case 4: y = v, m = 1, d = 1; break;
        default: return false;
      }
    } else if (nt == 3) {
      if (sep[0] != sep[1] || sep[0] == 0 || sep[0] == ' ') return false;
      if (tok[0].digits >= 3) {  // year first
        if (tok[0].digits > 4 || tok[1].digits > 2 || tok[2].digits > 2) return false;
        if (iso_t && (sep[0] != '-' || tok[0].digits != 4)) return false;
        const bool ydm = target_ == DateTarget::DateTime && dateformat_ == kYdm && !iso_t;
        y = tok[0].value;
        m = ydm ? tok[2].value : tok[1].value;
        d = ydm ? tok[1].value : tok[2].value;
      } else {
        if (iso_t) return false;
        int32_t yi = 2, mi = 0, di = 1;  // kMdy
        switch (dateformat_) {
          case kDmy: yi = 2, mi = 1, di = 0; break;
          case kYmd: yi = 0, mi = 1, di = 2; break;
          case kYdm: yi = 0, mi = 2, di = 1; break;
          case kMyd: yi = 1, mi = 0, di = 2; break;
          case kDym: yi = 1, mi = 2, di = 0; break;
          default: break;
        }
        if (tok[mi].digits > 2 || tok[di].digits > 2 || tok[yi].digits > 4) return false;
        y = full_year(tok[yi]), m = tok[mi].value, d = tok[di].value;
      }
    } else {
      return false;
    }

    if (!Calendar::valid(y, m, d)) return false;
    if (target_ == DateTarget::DateTime && y < 1753) return false;
    *days = Calendar::to_days(y, m, d);
    return true;
  }

 private:
  struct Token {
    bool is_month;
    int32_t value;   // the number, or the month 1..12
    int32_t digits;  // digits written (numbers)
  };

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_letter(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
  }
  static unsigned char fold(unsigned char c) { return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c + 32) : c; }

  // Two-digit years: cutoff 2049.
  static int32_t full_year(const Token& t) {
    if (t.digits > 2) return t.value;
    return t.value < 50 ? 2000 + t.value : 1900 + t.value;
  }

  // Case-insensitive for ASCII and for the Latin-1 letters U+00C0..U+00DE.
  static bool same_name(const char* p, int32_t n, const DateName& name) {
    if (n != name.len) return false;
    for (int32_t i = 0; i < n; ++i) {
      unsigned char a = static_cast<unsigned char>(p[i]);
      unsigned char b = static_cast<unsigned char>(name.text[i]);
      if (i > 0 && static_cast<unsigned char>(p[i - 1]) == 0xC3 &&
          static_cast<unsigned char>(name.text[i - 1]) == 0xC3) {
        if (a >= 0x80 && a <= 0x9E && a != 0x97) a = static_cast<unsigned char>(a + 0x20);
        if (b >= 0x80 && b <= 0x9E && b != 0x97) b = static_cast<unsigned char>(b + 0x20);
      } else {
        a = fold(a);
        b = fold(b);
      }
      if (a != b) return false;
    }
    return true;
  }

  int32_t month_from_name(const char* p, int32_t n) const {
    for (int32_t i = 0; i < 12; ++i)
      if (same_name(p, n, names_.months[i]) || same_name(p, n, names_.short_months[i])) return i + 1;
    return 0;
  }

  // 1 for AM, 2 for PM when p starts with AM/PM not followed by a letter.
  static int32_t ampm_at(const char* p, const char* end) {
    if (end - p < 2) return 0;
    const unsigned char a = fold(static_cast<unsigned char>(p[0]));
    if ((a != 'a' && a != 'p') || fold(static_cast<unsigned char>(p[1])) != 'm') return 0;
    if (end - p > 2 && is_letter(p[2])) return 0;
    return a == 'a' ? 1 : 2;
  }

  // Reads 1..max digits; false if none or too many.
  static bool read_number(const char*& p, const char* end, int32_t max_digits, int32_t* value) {
    int32_t n = 0, v = 0;
    while (p < end && is_digit(*p)) {
      if (++n > max_digits) return false;
      v = v * 10 + (*p - '0');
      ++p;
    }
    *value = v;
    return n > 0;
  }

  bool parse_time(const char*& p, const char* end, bool allow_zone, int64_t* time_of_day) const {
    int32_t h = 0, mi = 0, s = 0;
    int64_t fraction = 0;  // ticks
    if (!read_number(p, end, 2, &h)) return false;
    bool colon = false;
    if (p < end && *p == ':') {
      colon = true;
      ++p;
      if (!read_number(p, end, 2, &mi)) return false;
      if (p < end && *p == ':') {
        ++p;
        if (!read_number(p, end, 2, &s)) return false;
        if (p < end && (*p == '.' || *p == ':')) {
          const bool milliseconds = *p == ':';  // hh:mi:ss:mmm counts milliseconds
          ++p;
          int32_t frac = 0;
          int64_t digits = 0;
          while (p < end && is_digit(*p)) digits = digits * 10 + (*p++ - '0'), ++frac;
          if (frac == 0 || frac > (target_ == DateTarget::DateTime || milliseconds ? 3 : kMaxFractionDigits))
            return false;
          if (milliseconds) {
            fraction = digits * kTicksPerMillisecond;
          } else {
            fraction = digits;
            for (int32_t i = frac; i < kMaxFractionDigits; ++i) fraction *= 10;
          }
        }
      }
    }
    const char* q = p;
    while (q < end && is_space(*q)) ++q;
    const int32_t ampm = ampm_at(q, end);
    if (ampm != 0) p = q + 2;
    if (!colon && ampm == 0) return false;
    if (ampm != 0 ? h > 12 : h > 23) return false;
    if (mi > 59 || s > 59) return false;
    if (ampm == 1 && h == 12) h = 0;        // 12 AM is midnight
    else if (ampm == 2 && h != 12) h += 12;  // 1 PM is 13:00
    *time_of_day = h * kTicksPerHour + mi * kTicksPerMinute + s * kTicksPerSecond + fraction;
    if (allow_zone && target_ != DateTarget::DateTime && p < end) {
      if (*p == 'Z' || *p == 'z') {
        ++p;
      } else if (*p == '+' || *p == '-') {
        ++p;
        int32_t zh = 0, zm = 0;
        if (!read_number(p, end, 2, &zh) || p >= end || *p != ':') return false;
        ++p;
        if (!read_number(p, end, 2, &zm) || zh > 14 || zm > 59) return false;
      }
    }
    return true;
  }

  int32_t dateformat_;
  const LanguageNames& names_;
  DateTarget target_;
};

}  // namespace tessera::fn
