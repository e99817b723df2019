// DATEPART's part argument and the calendar arithmetic the date functions
// share: weeks under SET DATEFIRST, ISO weeks, month arithmetic with
// month-end clamping, Sunday-based week numbers for DATEDIFF.
#pragma once

#include <cstdint>
#include <string_view>

#include "tessera/functions/calendar.hpp"

namespace tessera::fn {

// The datepart argument of DATEPART, DATENAME, DATEADD, DATEDIFF, DATETRUNC,
// DATE_BUCKET. The binder turns the SQL keyword (or abbreviation) into one of
// these values and passes it as a constant int32 argument; a value outside
// the enum makes the function return kInvalidDatepart.
enum class DatePart : int32_t {
  Year = 0,
  Quarter = 1,
  Month = 2,
  DayOfYear = 3,
  Day = 4,
  Week = 5,
  Weekday = 6,
  IsoWeek = 7,
  // Parts of a time of day (DATETIME2, DATETIME, SMALLDATETIME, TIME; DATEDIFF of dates).
  Hour = 8,
  Minute = 9,
  Second = 10,
  Millisecond = 11,
  Microsecond = 12,
  Nanosecond = 13,
};
constexpr int32_t kDatePartCount = 8;      // the parts of a DATE
constexpr int32_t kDateTimePartCount = 14;  // and of a date-time

// Keyword or abbreviation (case-insensitive) -> DatePart; false if unknown.
// Host helper for the binder (SQL Server's datepart table).
constexpr bool parse_datepart(std::string_view name, DatePart& out) {
  struct Alias {
    std::string_view name;
    DatePart part;
  };
  constexpr Alias kAliases[] = {
      {"year", DatePart::Year},         {"yy", DatePart::Year},         {"yyyy", DatePart::Year},
      {"quarter", DatePart::Quarter},   {"qq", DatePart::Quarter},      {"q", DatePart::Quarter},
      {"month", DatePart::Month},       {"mm", DatePart::Month},        {"m", DatePart::Month},
      {"dayofyear", DatePart::DayOfYear}, {"dy", DatePart::DayOfYear},  {"y", DatePart::DayOfYear},
      {"day", DatePart::Day},           {"dd", DatePart::Day},          {"d", DatePart::Day},
      {"week", DatePart::Week},         {"wk", DatePart::Week},         {"ww", DatePart::Week},
      {"weekday", DatePart::Weekday},   {"dw", DatePart::Weekday},      {"w", DatePart::Weekday},
      {"iso_week", DatePart::IsoWeek},  {"isowk", DatePart::IsoWeek},   {"isoww", DatePart::IsoWeek},
      {"hour", DatePart::Hour},         {"hh", DatePart::Hour},
      {"minute", DatePart::Minute},     {"mi", DatePart::Minute},       {"n", DatePart::Minute},
      {"second", DatePart::Second},     {"ss", DatePart::Second},       {"s", DatePart::Second},
      {"millisecond", DatePart::Millisecond}, {"ms", DatePart::Millisecond},
      {"microsecond", DatePart::Microsecond}, {"mcs", DatePart::Microsecond},
      {"nanosecond", DatePart::Nanosecond},   {"ns", DatePart::Nanosecond},
  };
  for (const Alias& a : kAliases) {
    if (a.name.size() != name.size()) continue;
    bool same = true;
    for (size_t i = 0; i < name.size(); ++i) {
      char c = name[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
      if (c != a.name[i]) {
        same = false;
        break;
      }
    }
    if (same) {
      out = a.part;
      return true;
    }
  }
  return false;
}

class DateMath {
 public:
  static constexpr int64_t floor_div(int64_t a, int64_t b) {
    const int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }

  static constexpr bool valid_part(int32_t part) { return part >= 0 && part < kDatePartCount; }

  static constexpr int32_t quarter(int32_t month) { return (month - 1) / 3 + 1; }

  // DATEPART(weekday): 1 is the SET DATEFIRST day (1 = Monday ... 7 = Sunday).
  static constexpr int32_t weekday(int32_t days, int32_t datefirst) {
    return (Calendar::iso_weekday(days) - datefirst + 14) % 7 + 1;
  }

  // DATEPART(week): week 1 contains January 1; weeks start on the DATEFIRST day.
  static constexpr int32_t week(int32_t days, int32_t datefirst) {
    const CivilDate c = Calendar::from_days(days);
    const int32_t jan1 = Calendar::to_days(c.year, 1, 1);
    return (days - jan1 + weekday(jan1, datefirst) - 1) / 7 + 1;
  }

  // ISO 8601 week: weeks start on Monday; week 1 holds the year's first Thursday.
  static constexpr int32_t iso_week(int32_t days) {
    const int32_t thursday = days - Calendar::iso_weekday(days) + 4;
    const CivilDate c = Calendar::from_days(thursday);
    return (thursday - Calendar::to_days(c.year, 1, 1)) / 7 + 1;
  }

  // Week number counting Sunday-started weeks (DATEDIFF(week) ignores DATEFIRST).
  static constexpr int64_t sunday_week(int32_t days) { return floor_div(int64_t(days) + 4, 7); }

  // The integer DATEPART returns for a part of a date; false for an unknown part or a part of
  // a time of day.
  static constexpr bool part(int32_t part, int32_t date, int32_t datefirst, int32_t* out) {
    const CivilDate c = Calendar::from_days(date);
    switch (static_cast<DatePart>(part)) {
      case DatePart::Year: *out = c.year; return true;
      case DatePart::Quarter: *out = quarter(c.month); return true;
      case DatePart::Month: *out = c.month; return true;
      case DatePart::DayOfYear: *out = date - Calendar::to_days(c.year, 1, 1) + 1; return true;
      case DatePart::Day: *out = c.day; return true;
      case DatePart::Week: *out = week(date, datefirst); return true;
      case DatePart::Weekday: *out = weekday(date, datefirst); return true;
      case DatePart::IsoWeek: *out = iso_week(date); return true;
      default: return false;
    }
  }

  // DATEDIFF of dates: the number of `part` boundaries crossed from start to end; false for
  // iso_week and the parts of a time of day.
  static constexpr bool diff(int32_t part, int32_t start, int32_t end, int64_t* out) {
    const CivilDate a = Calendar::from_days(start);
    const CivilDate b = Calendar::from_days(end);
    switch (static_cast<DatePart>(part)) {
      case DatePart::Year: *out = int64_t(b.year) - a.year; return true;
      case DatePart::Quarter:
        *out = (int64_t(b.year) * 4 + quarter(b.month)) - (int64_t(a.year) * 4 + quarter(a.month));
        return true;
      case DatePart::Month: *out = (int64_t(b.year) * 12 + b.month) - (int64_t(a.year) * 12 + a.month); return true;
      case DatePart::DayOfYear:
      case DatePart::Day:
      case DatePart::Weekday: *out = int64_t(end) - start; return true;
      case DatePart::Week: *out = sunday_week(end) - sunday_week(start); return true;
      default: return false;
    }
  }

  // Adds months, clamping the day to the last day of the target month.
  // False if the result leaves 0001-01-01 .. 9999-12-31.
  static constexpr bool add_months(int32_t days, int64_t months, int32_t* out) {
    const CivilDate c = Calendar::from_days(days);
    const int64_t total = int64_t(c.year) * 12 + (c.month - 1) + months;
    const int64_t y = floor_div(total, 12);
    if (y < 1 || y > 9999) return false;
    const int32_t m = static_cast<int32_t>(total - y * 12) + 1;
    const int32_t dim = Calendar::days_in_month(static_cast<int32_t>(y), m);
    *out = Calendar::to_days(static_cast<int32_t>(y), m, c.day < dim ? c.day : dim);
    return true;
  }

  static constexpr bool add_days(int32_t days, int64_t n, int32_t* out) {
    const int64_t r = int64_t(days) + n;
    if (!Calendar::in_range(r)) return false;
    *out = static_cast<int32_t>(r);
    return true;
  }

  // Last day of the month `months` after the month of `days`.
  static constexpr bool end_of_month(int32_t days, int64_t months, int32_t* out) {
    const CivilDate c = Calendar::from_days(days);
    const int64_t total = int64_t(c.year) * 12 + (c.month - 1) + months;
    const int64_t y = floor_div(total, 12);
    if (y < 1 || y > 9999) return false;
    const int32_t m = static_cast<int32_t>(total - y * 12) + 1;
    *out = Calendar::to_days(static_cast<int32_t>(y), m, Calendar::days_in_month(static_cast<int32_t>(y), m));
    return true;
  }
};

static_assert(DateMath::weekday(Calendar::to_days(1999, 1, 1), 7) == 6);  // SET DATEFIRST example
static_assert(DateMath::weekday(Calendar::to_days(1999, 1, 1), 3) == 3);
static_assert(DateMath::iso_week(Calendar::to_days(2005, 1, 1)) == 53);

}  // namespace tessera::fn
