// Date-time and time of day -> text: CAST and the CONVERT styles of SQL Server for DATETIME2(p),
// DATETIME, SMALLDATETIME and TIME(p) (clock.hpp's kinds). The date-only styles print the date
// part (date_format.hpp); the styles with a time of day:
//   0, 100   mon dd yyyy hh:miAM          9, 109   mon dd yyyy hh:mi:ss:mmmAM
//   13, 113  dd mon yyyy hh:mi:ss:mmm     20, 120  yyyy-mm-dd hh:mi:ss
//   21, 25, 121  yyyy-mm-dd hh:mi:ss.mmm  126, 127 yyyy-mm-ddThh:mi:ss.mmm (no fraction when it is 0;
//                                                   no Z: these types carry no offset)
//   8, 24, 108  hh:mi:ss                  14, 114  hh:mi:ss:mmm
//   22       mm/dd/yy hh:mi:ss AM
// DATETIME and SMALLDATETIME show milliseconds (":mmm" in 9/13/14/109/113/114, ".mmm" in 21/121/126);
// DATETIME2(p) shows p digits after a '.' (none for p = 0) in all of them. TIME prints only its
// time of day in the styles that carry one, and refuses the date-only styles.
#pragma once

#include <cstdint>

#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_format.hpp"

namespace tessera::fn {

class DateTimeStyle {
 public:
  // Upper bound on the bytes `format` writes for a date-time; 0 for an unsupported style.
  static constexpr int32_t max_length(int32_t style) {
    switch (style) {
      case 0: case 100: return kMaxShortMonthBytes + 16;
      case 9: case 109: return kMaxShortMonthBytes + 27;
      case 13: case 113: return kMaxShortMonthBytes + 25;
      case 20: case 120: return 19;
      case 21: case 25: case 121: case 126: case 127: return 27;
      case 8: case 24: case 108: return 8;
      case 14: case 114: return 16;
      case 22: return 20;
      default: return DateStyle::max_length(style);
    }
  }
  static constexpr bool valid(int32_t style) { return max_length(style) > 0; }

  // CAST(... AS varchar): DATETIME and SMALLDATETIME use style 0; DATETIME2(p) yyyy-mm-dd hh:mi:ss.f{p}.
  static constexpr int32_t cast_length(int32_t kind) {
    return kind >= kDateTimeKind ? max_length(0) : 19 + (kind > 0 ? 1 + kind : 0);
  }
  static void cast(int64_t ticks, int32_t kind, const LanguageNames& names, DateWriter& w) {
    if (kind >= kDateTimeKind) {
      format(0, ticks, kind, names, w);
      return;
    }
    const CivilDate c = Calendar::from_days(Clock::day(ticks));
    ymd(w, c);
    w.ch(' ');
    hms(w, Clock::split(Clock::time_of_day(ticks)));
    fraction(w, Clock::split(Clock::time_of_day(ticks)).fraction, kind, '.');
  }

  // Writes the value in the style; false for an unsupported style.
  static bool format(int32_t style, int64_t ticks, int32_t kind, const LanguageNames& names, DateWriter& w) {
    const CivilDate c = Calendar::from_days(Clock::day(ticks));
    const TimeOfDay t = Clock::split(Clock::time_of_day(ticks));
    switch (style) {
      case 0: case 100: case 9: case 109:
        w.text(names.short_months[c.month - 1]);
        w.ch(' ');
        w.space_padded2(c.day);
        w.ch(' ');
        w.digits(c.year, 4);
        w.ch(' ');
        twelve_hour(w, t, kind, style == 9 || style == 109);
        return true;
      case 13: case 113:
        w.digits(c.day, 2);
        w.ch(' ');
        w.text(names.short_months[c.month - 1]);
        w.ch(' ');
        w.digits(c.year, 4);
        w.ch(' ');
        hms(w, t);
        milliseconds(w, t, kind);
        return true;
      case 20: case 120: case 21: case 25: case 121: case 126: case 127:
        ymd(w, c);
        w.ch(style >= 126 ? 'T' : ' ');
        hms(w, t);
        if (style == 20 || style == 120) return true;
        if (style >= 126 && t.fraction == 0) return true;
        fraction(w, t.fraction, kind == kSmallDateTimeKind ? kDateTimeKind : kind, '.');
        return true;
      case 8: case 24: case 108:
        hms(w, t);
        return true;
      case 14: case 114:
        hms(w, t);
        milliseconds(w, t, kind);
        return true;
      case 22:
        us_twelve_hour(c, t, w);
        return true;
      default:
        return DateStyle::format(style, c, names, w);
    }
  }

  // TIME(p): CAST gives hh:mi:ss[.f{p}]; the styles with a time of day give it as above.
  static constexpr int32_t time_max_length(int32_t style) {
    switch (style) {
      case 0: case 100: return 7;
      case 9: case 109: return 18;
      case 8: case 24: case 108: case 20: case 120: return 8;
      case 13: case 113: case 14: case 114: case 21: case 25: case 121: case 126: case 127: return 16;
      default: return 0;
    }
  }
  static void cast_time(int64_t time_of_day, int32_t kind, DateWriter& w) {
    const TimeOfDay t = Clock::split(time_of_day);
    hms(w, t);
    fraction(w, t.fraction, kind, '.');
  }
  static bool format_time(int32_t style, int64_t time_of_day, int32_t kind, DateWriter& w) {
    const TimeOfDay t = Clock::split(time_of_day);
    switch (style) {
      case 0: case 100: case 9: case 109: twelve_hour(w, t, kind, style == 9 || style == 109); return true;
      case 8: case 24: case 108: case 20: case 120: hms(w, t); return true;
      case 13: case 113: case 14: case 114: case 21: case 25: case 121: case 126: case 127:
        cast_time(time_of_day, kind, w);
        return true;
      default: return false;
    }
  }

 private:
  // Style 22: mm/dd/yy hh:mi:ss AM.
  static void us_twelve_hour(const CivilDate& c, const TimeOfDay& t, DateWriter& w) {
    w.digits(c.month, 2);
    w.ch('/');
    w.digits(c.day, 2);
    w.ch('/');
    w.digits(c.year % 100, 2);
    w.ch(' ');
    const int32_t h12 = t.hour % 12 == 0 ? 12 : t.hour % 12;
    w.digits(h12, 2);
    w.ch(':');
    w.digits(t.minute, 2);
    w.ch(':');
    w.digits(t.second, 2);
    w.ch(' ');
    w.ch(t.hour < 12 ? 'A' : 'P');
    w.ch('M');
  }
  static void ymd(DateWriter& w, const CivilDate& c) {
    w.digits(c.year, 4);
    w.ch('-');
    w.digits(c.month, 2);
    w.ch('-');
    w.digits(c.day, 2);
  }
  static void hms(DateWriter& w, const TimeOfDay& t) {
    w.digits(t.hour, 2);
    w.ch(':');
    w.digits(t.minute, 2);
    w.ch(':');
    w.digits(t.second, 2);
  }
  // `digits` fractional digits of a second after `sep` (none for 0 digits).
  static void fraction(DateWriter& w, int32_t ticks, int32_t kind, char sep) {
    const int32_t digits = Clock::fraction_digits(kind);
    if (digits == 0) return;
    int32_t v = ticks;
    for (int32_t i = digits; i < kMaxFractionDigits; ++i) v /= 10;
    w.ch(sep);
    w.digits(v, digits);
  }
  // ":mmm" for DATETIME and SMALLDATETIME, ".f{p}" for DATETIME2(p) and TIME(p).
  static void milliseconds(DateWriter& w, const TimeOfDay& t, int32_t kind) {
    if (kind >= kDateTimeKind) fraction(w, t.fraction, kDateTimeKind, ':');
    else fraction(w, t.fraction, kind, '.');
  }
  // hh:mi[:ss:mmm]AM with the hour space-padded (styles 0, 9, 100, 109).
  static void twelve_hour(DateWriter& w, const TimeOfDay& t, int32_t kind, bool seconds) {
    const int32_t h12 = t.hour % 12 == 0 ? 12 : t.hour % 12;
    w.space_padded2(h12);
    w.ch(':');
    w.digits(t.minute, 2);
    if (seconds) {
      w.ch(':');
      w.digits(t.second, 2);
      milliseconds(w, t, kind);
    }
    w.ch(t.hour < 12 ? 'A' : 'P');
    w.ch('M');
  }

};

}  // namespace tessera::fn
