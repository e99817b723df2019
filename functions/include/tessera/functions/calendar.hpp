// Proleptic Gregorian calendar arithmetic on day numbers (days since
// 1970-01-01), the domain type behind every DATE function. SQL Server's DATE
// covers 0001-01-01 .. 9999-12-31.
#pragma once

#include <cstdint>

namespace tessera::fn {

struct CivilDate {
  int32_t year;
  int32_t month;  // 1..12
  int32_t day;    // 1..31
};

class Calendar {
 public:
  static constexpr int32_t kMinDay = -719162;  // 0001-01-01
  static constexpr int32_t kMaxDay = 2932896;  // 9999-12-31

  static constexpr bool is_leap(int32_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

  static constexpr int32_t days_in_month(int32_t y, int32_t m) {
    constexpr int8_t kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && is_leap(y) ? 29 : kDays[m - 1];
  }

  static constexpr bool in_range(int64_t day) { return day >= kMinDay && day <= kMaxDay; }

  static constexpr bool valid(int32_t y, int32_t m, int32_t d) {
    return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= days_in_month(y, m);
  }

  // Day number of a civil date (any year; shifts the year to start in March so
  // that the leap day is last, then counts 400-year eras).
  static constexpr int32_t to_days(int32_t y, int32_t m, int32_t d) {
    const int32_t yy = m <= 2 ? y - 1 : y;
    const int32_t era = (yy >= 0 ? yy : yy - 399) / 400;
    const int32_t yoe = yy - era * 400;                                   // [0, 399]
    const int32_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;   // [0, 365]
    const int32_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;            // [0, 146096]
    return era * 146097 + doe - 719468;
  }

  static constexpr CivilDate from_days(int32_t days) {
    const int32_t z = days + 719468;
    const int32_t era = (z >= 0 ? z : z - 146096) / 146097;
    const int32_t doe = z - era * 146097;
    const int32_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int32_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int32_t mp = (5 * doy + 2) / 153;
    const int32_t d = doy - (153 * mp + 2) / 5 + 1;
    const int32_t m = mp < 10 ? mp + 3 : mp - 9;
    return CivilDate{yoe + era * 400 + (m <= 2 ? 1 : 0), m, d};
  }

  // ISO weekday: 1 = Monday ... 7 = Sunday. 1970-01-01 was a Thursday.
  static constexpr int32_t iso_weekday(int32_t days) {
    const int32_t r = (days + 3) % 7;
    return (r < 0 ? r + 7 : r) + 1;
  }

  static constexpr int32_t day_of_year(int32_t days) {
    const CivilDate c = from_days(days);
    return days - to_days(c.year, 1, 1) + 1;
  }
};

static_assert(Calendar::to_days(1970, 1, 1) == 0);
static_assert(Calendar::to_days(1, 1, 1) == Calendar::kMinDay);
static_assert(Calendar::to_days(9999, 12, 31) == Calendar::kMaxDay);
static_assert(Calendar::from_days(Calendar::kMinDay).year == 1);
static_assert(Calendar::iso_weekday(0) == 4);

}  // namespace tessera::fn
