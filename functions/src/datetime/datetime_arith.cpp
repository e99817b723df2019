// Date-time arithmetic: DATEADD, DATEDIFF, DATEDIFF_BIG and DATE_BUCKET of date-times, DATEADD of a
// TIME (which wraps at midnight), and DATETIME2FROMPARTS / DATETIMEFROMPARTS / TIMEFROMPARTS.
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/datetime_functions.hpp"

using tessera::fn::Calendar;
using tessera::fn::CivilDate;
using tessera::fn::Clock;
using tessera::fn::DateMath;
using tessera::fn::DatePart;
using tessera::fn::kDatediffOverflow;
using tessera::fn::kDateOverflow;
using tessera::fn::kInvalidArgument;
using tessera::fn::kInvalidDatepart;
using tessera::fn::kInvalidDateParts;
using tessera::fn::kOk;
using tessera::fn::kTicksPerDay;

namespace {

// Ticks in one unit of a part of a time of day; 0 for the other parts. Nanoseconds are
// handled by the callers (a tick is 100 ns).
int64_t part_ticks(int32_t part) {
  switch (static_cast<DatePart>(part)) {
    case DatePart::Hour: return tessera::fn::kTicksPerHour;
    case DatePart::Minute: return tessera::fn::kTicksPerMinute;
    case DatePart::Second: return tessera::fn::kTicksPerSecond;
    case DatePart::Millisecond: return tessera::fn::kTicksPerMillisecond;
    case DatePart::Microsecond: return tessera::fn::kTicksPerMicrosecond;
    default: return 0;
  }
}

// DATEADD(nanosecond, n): whole ticks, rounded half up (49 ns adds nothing, 50 ns one tick).
int64_t nanoseconds_to_ticks(int32_t number) { return Clock::floor_div(int64_t(number) + 50, 100); }

constexpr int64_t kSpan = Clock::kMaxTicks - Clock::kMinTicks;

}  // namespace

// Parts of a date move the day (months clamp to the month's end) and keep the time of day; parts of
// a time of day move the ticks. The result lies on the kind's grid (DATEADD(ms, 1, datetime) rounds
// back to the same value, as in SQL Server) and in its range (else Msg 517).
TESSERA_ROW_FN int32_t tsf_dateadd_datetime(int64_t* out, int32_t part, int32_t number, int64_t value, int32_t kind) {
  if (!Clock::valid_kind(kind)) return kInvalidArgument;
  const int32_t day = Clock::day(value);
  const int64_t time_of_day = Clock::time_of_day(value);
  int32_t new_day = day;
  int64_t result = value;
  bool ok = true;
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: ok = DateMath::add_months(day, int64_t(number) * 12, &new_day); break;
    case DatePart::Quarter: ok = DateMath::add_months(day, int64_t(number) * 3, &new_day); break;
    case DatePart::Month: ok = DateMath::add_months(day, number, &new_day); break;
    case DatePart::DayOfYear:
    case DatePart::Day:
    case DatePart::Weekday: ok = DateMath::add_days(day, number, &new_day); break;
    case DatePart::Week: ok = DateMath::add_days(day, int64_t(number) * 7, &new_day); break;
    case DatePart::Microsecond:
    case DatePart::Nanosecond:
      // Not parts of DATETIME or SMALLDATETIME values (Msg 9810).
      if (kind >= tessera::fn::kDateTimeKind) return kInvalidDatepart;
      [[fallthrough]];
    case DatePart::Hour:
    case DatePart::Minute:
    case DatePart::Second:
    case DatePart::Millisecond: {
      const int64_t unit = part_ticks(part);
      if (unit == 0) {
        result = value + nanoseconds_to_ticks(number);
        break;
      }
      if (number > kSpan / unit || number < -kSpan / unit) return kDateOverflow;  // beyond any valid result
      result = value + int64_t(number) * unit;
      break;
    }
    default: return kInvalidDatepart;  // iso_week is not a DATEADD part
  }
  if (!ok) return kDateOverflow;
  if (new_day != day) result = Clock::at(new_day, time_of_day);
  return Clock::normalize(result, kind, out) ? kOk : kDateOverflow;
}

namespace {

// The number of `part` boundaries crossed from start to end; false for iso_week.
bool datetime_diff(int32_t part, int64_t start, int64_t end, int64_t* out) {
  if (DateMath::diff(part, Clock::day(start), Clock::day(end), out)) return true;
  if (part == static_cast<int32_t>(DatePart::Nanosecond)) {
    const int64_t d = end - start;
    if (d > INT64_MAX / 100 || d < INT64_MIN / 100) return false;
    *out = d * 100;
    return true;
  }
  const int64_t unit = part_ticks(part);
  if (unit == 0) return false;
  *out = Clock::floor_div(end, unit) - Clock::floor_div(start, unit);
  return true;
}

// Why datetime_diff failed: an unknown part, or nanoseconds beyond a BIGINT.
int32_t diff_failure(int32_t part) {
  return part == static_cast<int32_t>(DatePart::Nanosecond) ? kDatediffOverflow : kInvalidDatepart;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_datediff_datetime(int32_t* out, int32_t part, int64_t start, int64_t end) {
  int64_t d = 0;
  if (!datetime_diff(part, start, end, &d)) return diff_failure(part);
  if (d < INT32_MIN || d > INT32_MAX) return kDatediffOverflow;
  *out = static_cast<int32_t>(d);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_datediff_big_datetime(int64_t* out, int32_t part, int64_t start, int64_t end) {
  return datetime_diff(part, start, end, out) ? kOk : diff_failure(part);
}

// DATE_BUCKET: the start of the `number`-wide bucket, counted from origin, that holds the value.
// Buckets of months keep the origin's day and time of day (clamped to a month's end).
TESSERA_ROW_FN int32_t tsf_date_bucket_datetime_origin(int64_t* out, int32_t part, int32_t number, int64_t value,
                                                       int64_t origin) {
  if (number <= 0) return kInvalidArgument;
  int64_t months = 0;
  int64_t unit = part_ticks(part);
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: months = 12; break;
    case DatePart::Quarter: months = 3; break;
    case DatePart::Month: months = 1; break;
    case DatePart::Week: unit = 7 * kTicksPerDay; break;
    case DatePart::Day: unit = kTicksPerDay; break;
    case DatePart::Hour:
    case DatePart::Minute:
    case DatePart::Second:
    case DatePart::Millisecond: break;
    default: return kInvalidDatepart;
  }
  if (months == 0) {
    if (number > kSpan / unit) {  // one bucket wider than the whole range
      if (value < origin) return kDateOverflow;
      *out = origin;
      return kOk;
    }
    const int64_t width = int64_t(number) * unit;
    const int64_t start = origin + Clock::floor_div(value - origin, width) * width;
    if (start < Clock::kMinTicks || start > Clock::kMaxTicks) return kDateOverflow;
    *out = start;
    return kOk;
  }
  const int64_t width = months * number;
  const CivilDate v = Calendar::from_days(Clock::day(value));
  const CivilDate o = Calendar::from_days(Clock::day(origin));
  const int64_t elapsed = (int64_t(v.year) * 12 + v.month) - (int64_t(o.year) * 12 + o.month);
  int64_t k = Clock::floor_div(elapsed, width);
  int32_t day = 0;
  // Month arithmetic from an origin late in its month (or late in its day) can land after the value.
  if (!DateMath::add_months(Clock::day(origin), k * width, &day) || Clock::at(day, Clock::time_of_day(origin)) > value) {
    --k;
    if (!DateMath::add_months(Clock::day(origin), k * width, &day)) return kDateOverflow;
  }
  *out = Clock::at(day, Clock::time_of_day(origin));
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_date_bucket_datetime(int64_t* out, int32_t part, int32_t number, int64_t value) {
  return tsf_date_bucket_datetime_origin(out, part, number, value, Clock::at(Calendar::to_days(1900, 1, 1), 0));
}

namespace {

bool valid_clock(int32_t hour, int32_t minute, int32_t seconds) {
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && seconds >= 0 && seconds <= 59;
}

// `fractions` in units of 10^-precision s as ticks; false unless 0 <= fractions < 10^precision.
bool fraction_ticks(int32_t fractions, int32_t precision, int64_t* out) {
  if (precision < 0 || precision > tessera::fn::kMaxFractionDigits || fractions < 0) return false;
  int64_t limit = 1, scale = 1;
  for (int32_t i = 0; i < precision; ++i) limit *= 10;
  for (int32_t i = precision; i < tessera::fn::kMaxFractionDigits; ++i) scale *= 10;
  if (fractions >= limit) return false;
  *out = fractions * scale;
  return true;
}

int64_t clock_ticks(int32_t hour, int32_t minute, int32_t seconds) {
  return hour * tessera::fn::kTicksPerHour + minute * tessera::fn::kTicksPerMinute + seconds * tessera::fn::kTicksPerSecond;
}

}  // namespace

// Msg 289 when a field is out of range or fractions does not fit the precision.
TESSERA_ROW_FN int32_t tsf_datetime2fromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                              int32_t minute, int32_t seconds, int32_t fractions, int32_t precision) {
  int64_t fraction = 0;
  if (!Calendar::valid(year, month, day) || !valid_clock(hour, minute, seconds) ||
      !fraction_ticks(fractions, precision, &fraction))
    return kInvalidDateParts;
  *out = Clock::at(Calendar::to_days(year, month, day), clock_ticks(hour, minute, seconds) + fraction);
  return kOk;
}

// Milliseconds are rounded onto DATETIME's 1/300 s grid; a value before 1753 is Msg 289.
TESSERA_ROW_FN int32_t tsf_datetimefromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                             int32_t minute, int32_t seconds, int32_t milliseconds) {
  if (!Calendar::valid(year, month, day) || !valid_clock(hour, minute, seconds) || milliseconds < 0 ||
      milliseconds > 999)
    return kInvalidDateParts;
  const int64_t ticks = Clock::at(Calendar::to_days(year, month, day),
                                  clock_ticks(hour, minute, seconds) + milliseconds * tessera::fn::kTicksPerMillisecond);
  return Clock::normalize(ticks, tessera::fn::kDateTimeKind, out) ? kOk : kInvalidDateParts;
}

// SYSDATETIME(), SYSUTCDATETIME(), GETDATE(), GETUTCDATE(), CURRENT_TIMESTAMP: the statement's instant (UTC ticks)
// shifted by the host zone's offset at that instant (0 for the UTC ones), both taken once when the statement starts
// and passed by the binder as constants, so every row and reference of a statement sees one value; rounded onto
// the result type's grid (`grid` a kind: 7 DATETIME2(7), 8 DATETIME). An instant or offset out of range (never
// the binder's) is Msg 242.
TESSERA_ROW_FN int32_t tsf_current_datetime(int64_t* out, int64_t instant, int64_t offset, int32_t grid) {
  if (!Clock::valid_kind(grid)) return kInvalidArgument;
  if (instant < Clock::kMinTicks || instant > Clock::kMaxTicks || offset < -kTicksPerDay || offset > kTicksPerDay)
    return tessera::fn::kDateTimeOutOfRange;
  return Clock::normalize(instant + offset, grid, out) ? kOk : tessera::fn::kDateTimeOutOfRange;
}

// GETDATE() and CURRENT_TIMESTAMP: the local instant as a DATETIME (rounded to its 1/300 s ticks); GETUTCDATE():
// the UTC instant as a DATETIME; SYSUTCDATETIME(): the UTC instant as a DATETIME2(7). Each its own kernel, over the
// same constants as SYSDATETIME's.
TESSERA_ROW_FN int32_t tsf_getdate(int64_t* out, int64_t instant, int64_t offset) {
  return tsf_current_datetime(out, instant, offset, tessera::fn::kDateTimeKind);
}
TESSERA_ROW_FN int32_t tsf_current_timestamp(int64_t* out, int64_t instant, int64_t offset) {
  return tsf_current_datetime(out, instant, offset, tessera::fn::kDateTimeKind);
}
TESSERA_ROW_FN int32_t tsf_getutcdate(int64_t* out, int64_t instant) {
  return tsf_current_datetime(out, instant, 0, tessera::fn::kDateTimeKind);
}
TESSERA_ROW_FN int32_t tsf_sysutcdatetime(int64_t* out, int64_t instant) {
  return tsf_current_datetime(out, instant, 0, tessera::fn::kMaxFractionDigits);
}

// CURRENT_DATE (SQL Server 2025): the date of the statement's local instant.
TESSERA_ROW_FN int32_t tsf_current_date(int32_t* out, int64_t instant, int64_t offset) {
  if (instant < Clock::kMinTicks || instant > Clock::kMaxTicks || offset < -kTicksPerDay || offset > kTicksPerDay)
    return tessera::fn::kDateTimeOutOfRange;
  const int64_t local = instant + offset;
  if (local < Clock::kMinTicks || local > Clock::kMaxTicks) return tessera::fn::kDateTimeOutOfRange;
  *out = Clock::day(local);
  return kOk;
}

// SMALLDATETIMEFROMPARTS(year, month, day, hour, minute): Msg 289 for a field out of range or a value outside
// SMALLDATETIME's 1900-01-01 to 2079-06-06 23:59.
TESSERA_ROW_FN int32_t tsf_smalldatetimefromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                                  int32_t minute) {
  if (!Calendar::valid(year, month, day) || !valid_clock(hour, minute, 0)) return kInvalidDateParts;
  const int64_t ticks = Clock::at(Calendar::to_days(year, month, day), clock_ticks(hour, minute, 0));
  return Clock::normalize(ticks, tessera::fn::kSmallDateTimeKind, out) ? kOk : kInvalidDateParts;
}

TESSERA_ROW_FN int32_t tsf_timefromparts(int64_t* out, int32_t hour, int32_t minute, int32_t seconds,
                                         int32_t fractions, int32_t precision) {
  int64_t fraction = 0;
  if (!valid_clock(hour, minute, seconds) || !fraction_ticks(fractions, precision, &fraction)) return kInvalidDateParts;
  *out = clock_ticks(hour, minute, seconds) + fraction;
  return kOk;
}

// DATEADD of a TIME: only the parts of a time of day (Msg 9810 otherwise); the result wraps
// around midnight (DATEADD(hour, 25, '10:00') is 11:00) and lies on TIME(p)'s grid.
TESSERA_ROW_FN int32_t tsf_dateadd_time(int64_t* out, int32_t part, int32_t number, int64_t value, int32_t kind) {
  if (!Clock::valid_time_kind(kind)) return kInvalidArgument;
  int64_t delta = 0;
  if (part == static_cast<int32_t>(DatePart::Nanosecond)) {
    delta = nanoseconds_to_ticks(number) % kTicksPerDay;
  } else {
    const int64_t unit = part_ticks(part);
    if (unit == 0) return kInvalidDatepart;
    delta = int64_t(number) % (kTicksPerDay / unit) * unit;  // less than a day: no overflow
  }
  int64_t r = (value + delta) % kTicksPerDay;
  if (r < 0) r += kTicksPerDay;
  *out = Clock::normalize_time(r, kind);
  return kOk;
}
