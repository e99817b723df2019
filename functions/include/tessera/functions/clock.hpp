// Date-times and times of day as 100-nanosecond ticks: the domain of DATETIME2(p), DATETIME,
// SMALLDATETIME and TIME(p). A date-time is ticks since 1970-01-01 00:00:00 (negative before it), so
// its day is Calendar's day number; a time of day is ticks since midnight. One int64 covers
// 0001-01-01 .. 9999-12-31 23:59:59.9999999 (about 3.2e18 ticks).
//
// The SQL types differ only in the grid their values lie on and their range, named by a "kind":
//   0..7  DATETIME2(p) / TIME(p): p fractional digits of a second
//   8     DATETIME: 1/300 s, held as its displayed milliseconds (.000, .003, .007; SQL Server
//         before compatibility level 130: CAST(datetime AS datetime2) keeps .0070000)
//   9     SMALLDATETIME: whole minutes, 1900-01-01 .. 2079-06-06 23:59
#pragma once

#include <cstdint>

#include "tessera/functions/calendar.hpp"

namespace tessera::fn {

inline constexpr int64_t kTicksPerMicrosecond = 10;
inline constexpr int64_t kTicksPerMillisecond = 10'000;
inline constexpr int64_t kTicksPerSecond = 10'000'000;
inline constexpr int64_t kTicksPerMinute = 60 * kTicksPerSecond;
inline constexpr int64_t kTicksPerHour = 60 * kTicksPerMinute;
inline constexpr int64_t kTicksPerDay = 24 * kTicksPerHour;

inline constexpr int32_t kMaxFractionDigits = 7;  // DATETIME2(7), TIME(7)
inline constexpr int32_t kDateTimeKind = 8;
inline constexpr int32_t kSmallDateTimeKind = 9;
inline constexpr int32_t kTimeKindCount = 10;

struct TimeOfDay {
  int32_t hour;
  int32_t minute;
  int32_t second;
  int32_t fraction;  // ticks within the second, 0 .. 9,999,999
};

class Clock {
 public:
  static constexpr int64_t kMinTicks = int64_t(Calendar::kMinDay) * kTicksPerDay;
  static constexpr int64_t kMaxTicks = (int64_t(Calendar::kMaxDay) + 1) * kTicksPerDay - 1;

  static constexpr bool valid_kind(int32_t kind) { return kind >= 0 && kind < kTimeKindCount; }
  static constexpr bool valid_time_kind(int32_t kind) { return kind >= 0 && kind <= kMaxFractionDigits; }

  static constexpr int64_t floor_div(int64_t a, int64_t b) {
    const int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }
  static constexpr int32_t day(int64_t ticks) { return static_cast<int32_t>(floor_div(ticks, kTicksPerDay)); }
  static constexpr int64_t time_of_day(int64_t ticks) { return ticks - int64_t(day(ticks)) * kTicksPerDay; }
  static constexpr int64_t at(int32_t day, int64_t time_of_day) { return int64_t(day) * kTicksPerDay + time_of_day; }

  static constexpr TimeOfDay split(int64_t time_of_day) {
    const int64_t seconds = time_of_day / kTicksPerSecond;
    return TimeOfDay{static_cast<int32_t>(seconds / 3600), static_cast<int32_t>(seconds / 60 % 60),
                     static_cast<int32_t>(seconds % 60), static_cast<int32_t>(time_of_day % kTicksPerSecond)};
  }

  // The fractional digits a kind shows (DATETIME 3, SMALLDATETIME none).
  static constexpr int32_t fraction_digits(int32_t kind) {
    return kind == kDateTimeKind ? 3 : kind == kSmallDateTimeKind ? 0 : kind;
  }

  // A time of day (>= 0) rounded half up onto the kind's grid; may reach kTicksPerDay (the next day).
  static constexpr int64_t round_time(int64_t tod, int32_t kind) {
    if (kind == kDateTimeKind || kind == kSmallDateTimeKind) {
      const int64_t n = (tod * 3 + 50'000) / 100'000;  // 1/300 s units
      const int64_t ms = (n * 10 + 1) / 3;              // .000, .003, .007, .010, ...
      const int64_t r = ms * kTicksPerMillisecond;
      if (kind == kDateTimeKind) return r;
      // SMALLDATETIME: a value on DATETIME's grid at 30 s or more into its minute rounds up
      // (29.998 s rounds down, 29.999 s up, as SQL Server documents).
      return (r + 30 * kTicksPerSecond) / kTicksPerMinute * kTicksPerMinute;
    }
    int64_t unit = 1;
    for (int32_t i = kind; i < kMaxFractionDigits; ++i) unit *= 10;
    return (tod + unit / 2) / unit * unit;
  }

  // A date-time rounded onto the kind's grid (a time of day may carry into the next day).
  static constexpr int64_t round(int64_t ticks, int32_t kind) {
    const int32_t d = day(ticks);
    return int64_t(d) * kTicksPerDay + round_time(ticks - int64_t(d) * kTicksPerDay, kind);
  }

  // The range of each kind (values already on its grid).
  static constexpr bool in_range(int64_t ticks, int32_t kind) {
    if (kind == kDateTimeKind)
      return ticks >= at(Calendar::to_days(1753, 1, 1), 0) && ticks <= kMaxTicks;
    if (kind == kSmallDateTimeKind)
      return ticks >= at(Calendar::to_days(1900, 1, 1), 0) &&
             ticks <= at(Calendar::to_days(2079, 6, 6), 23 * kTicksPerHour + 59 * kTicksPerMinute);
    return ticks >= kMinTicks && ticks <= kMaxTicks;
  }

  // Rounds onto the kind's grid; false when the result leaves the kind's range.
  static constexpr bool normalize(int64_t ticks, int32_t kind, int64_t* out) {
    if (ticks < kMinTicks - kTicksPerDay || ticks > kMaxTicks + kTicksPerDay) return false;
    const int64_t r = round(ticks, kind);
    if (!in_range(r, kind)) return false;
    *out = r;
    return true;
  }

  // A time of day rounded onto TIME(p)'s grid; 24:00 wraps to midnight, as SQL Server's TIME does.
  static constexpr int64_t normalize_time(int64_t tod, int32_t kind) {
    const int64_t r = round_time(tod, kind);
    return r >= kTicksPerDay ? r - kTicksPerDay : r;
  }
};

static_assert(Clock::day(-1) == -1 && Clock::time_of_day(-1) == kTicksPerDay - 1);
static_assert(Clock::round_time(70'000, kDateTimeKind) == 70'000);            // .007 stays
static_assert(Clock::round_time(50'000, kDateTimeKind) == 70'000);            // .005 -> .007
static_assert(Clock::round_time(10'000, kDateTimeKind) == 0);                 // .001 -> .000
static_assert(Clock::round_time(299'980'000, kSmallDateTimeKind) == 0);       // 29.998 s -> down
static_assert(Clock::round_time(299'990'000, kSmallDateTimeKind) == kTicksPerMinute);  // 29.999 s -> up
static_assert(Clock::round_time(5'000'000, 0) == kTicksPerSecond);

}  // namespace tessera::fn
