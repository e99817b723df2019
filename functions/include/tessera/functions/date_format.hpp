// Date -> text: the CONVERT styles of SQL Server for the DATE type, and a
// small writer for fixed-width fields. Used by CONVERT/CAST and DATENAME.
#pragma once

#include <cstddef>
#include <cstdint>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/session_context.hpp"

namespace tessera::fn {

class DateWriter {
 public:
  explicit DateWriter(char* out) : out_(out) {}
  void ch(char c) { out_[n_++] = c; }
  // `width` digits, zero-padded (v >= 0).
  void digits(int32_t v, int32_t width) {
    for (int32_t i = width - 1; i >= 0; --i) {
      out_[n_ + i] = static_cast<char>('0' + v % 10);
      v /= 10;
    }
    n_ += width;
  }
  // Two characters, a space instead of a leading zero (style 0: "Jan  1 2000").
  void space_padded2(int32_t v) {
    ch(v < 10 ? ' ' : static_cast<char>('0' + v / 10));
    ch(static_cast<char>('0' + v % 10));
  }
  // Minimal decimal digits (v >= 0).
  void number(int32_t v) {
    int32_t width = 1;
    for (int32_t t = v; t >= 10; t /= 10) ++width;
    digits(v, width);
  }
  void text(const DateName& s) {
    __builtin_memcpy(out_ + n_, s.text, static_cast<size_t>(s.len));
    n_ += s.len;
  }
  int32_t size() const { return n_; }

 private:
  char* out_;
  int32_t n_ = 0;
};

// CONVERT styles for DATE <-> character data (date part only: the styles that
// carry a time of day print just the date for the DATE type).
class DateStyle {
 public:
  static constexpr bool valid(int32_t style) { return max_length(style) > 0; }

  // Upper bound on the bytes `format` writes; 0 for an unsupported style.
  static constexpr int32_t max_length(int32_t style) {
    switch (style) {
      case 0: case 100: return kMaxShortMonthBytes + 8;    // mon dd yyyy
      case 6: return kMaxShortMonthBytes + 6;               // dd mon yy
      case 106: return kMaxShortMonthBytes + 8;             // dd mon yyyy
      case 7: return kMaxShortMonthBytes + 7;               // mon dd, yy
      case 107: return kMaxShortMonthBytes + 9;             // mon dd, yyyy
      case 1: case 2: case 3: case 4: case 5: case 10: case 11: return 8;  // xx?xx?yy
      case 101: case 102: case 103: case 104: case 105: case 110: case 111: return 10;
      case 12: return 6;                                    // yymmdd
      case 112: return 8;                                   // yyyymmdd
      case 20: case 21: case 23: case 120: case 121: case 126: case 127: return 10;  // yyyy-mm-dd
      default: return 0;
    }
  }

  // The day/month/year order a style implies when parsing strings.
  static constexpr int32_t input_dateformat(int32_t style) {
    switch (style) {
      case 0: case 100: case 1: case 101: case 7: case 107: case 10: case 110: return kMdy;
      case 3: case 103: case 4: case 104: case 5: case 105: case 6: case 106: return kDmy;
      default: return kYmd;
    }
  }

  // Writes the date in the style; false for an unsupported style.
  static bool format(int32_t style, const CivilDate& c, const LanguageNames& names, DateWriter& w) {
    const int32_t yy = c.year % 100;
    switch (style) {
      case 0: case 100:
        w.text(names.short_months[c.month - 1]);
        w.ch(' ');
        w.space_padded2(c.day);
        w.ch(' ');
        w.digits(c.year, 4);
        return true;
      case 1: case 101: mdy(w, c, '/', style == 1); return true;
      case 10: case 110: mdy(w, c, '-', style == 10); return true;
      case 3: case 103: dmy(w, c, '/', style == 3); return true;
      case 4: case 104: dmy(w, c, '.', style == 4); return true;
      case 5: case 105: dmy(w, c, '-', style == 5); return true;
      case 2: case 102: ymd(w, c, '.', style == 2); return true;
      case 11: case 111: ymd(w, c, '/', style == 11); return true;
      case 20: case 21: case 23: case 120: case 121: case 126: case 127: ymd(w, c, '-', false); return true;
      case 6: case 106:
        w.digits(c.day, 2);
        w.ch(' ');
        w.text(names.short_months[c.month - 1]);
        w.ch(' ');
        year(w, c, style == 6);
        return true;
      case 7: case 107:
        w.text(names.short_months[c.month - 1]);
        w.ch(' ');
        w.digits(c.day, 2);
        w.ch(',');
        w.ch(' ');
        year(w, c, style == 7);
        return true;
      case 12:
        w.digits(yy, 2);
        w.digits(c.month, 2);
        w.digits(c.day, 2);
        return true;
      case 112:
        w.digits(c.year, 4);
        w.digits(c.month, 2);
        w.digits(c.day, 2);
        return true;
      default: return false;
    }
  }

 private:
  static void year(DateWriter& w, const CivilDate& c, bool two_digit) {
    if (two_digit) w.digits(c.year % 100, 2);
    else w.digits(c.year, 4);
  }
  static void mdy(DateWriter& w, const CivilDate& c, char sep, bool yy) {
    w.digits(c.month, 2);
    w.ch(sep);
    w.digits(c.day, 2);
    w.ch(sep);
    year(w, c, yy);
  }
  static void dmy(DateWriter& w, const CivilDate& c, char sep, bool yy) {
    w.digits(c.day, 2);
    w.ch(sep);
    w.digits(c.month, 2);
    w.ch(sep);
    year(w, c, yy);
  }
  static void ymd(DateWriter& w, const CivilDate& c, char sep, bool yy) {
    year(w, c, yy);
    w.ch(sep);
    w.digits(c.month, 2);
    w.ch(sep);
    w.digits(c.day, 2);
  }
};

}  // namespace tessera::fn
