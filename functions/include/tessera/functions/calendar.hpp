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

  // Civil date of a day number in the DATE range. Counts from 0000-03-01 (so
  // that the leap day ends the computational year) with unsigned arithmetic:
  // 4-century cycles of 146097 days, 4-year cycles of 1461 days, and months of
  // 153 days per 5 months from March; the divisions by constants become
  // multiplications, and there is no branch but the January/February wrap.
  static constexpr CivilDate from_days(int32_t days) {
    const uint32_t z = static_cast<uint32_t>(days + 719468);  // days since 0000-03-01, > 0 in range
    const uint32_t n1 = 4 * z + 3;
    const uint32_t century = n1 / 146097;
    const uint32_t day_of_century = (n1 % 146097) / 4;
    const uint32_t n2 = 4 * day_of_century + 3;
    const uint32_t year_of_century = n2 / 1461;
    const uint32_t day_of_year = (n2 % 1461) / 4;  // from March 1
    const uint32_t n3 = 5 * day_of_year + 461;
    const uint32_t month = n3 / 153;                // 3..14
    const uint32_t day = (n3 % 153) / 5 + 1;
    const uint32_t year = 100 * century + year_of_century;
    const bool next_year = month > 12;
    return CivilDate{static_cast<int32_t>(year + next_year), static_cast<int32_t>(next_year ? month - 12 : month),
                     static_cast<int32_t>(day)};
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
