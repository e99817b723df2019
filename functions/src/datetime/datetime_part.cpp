// DATEPART, DATENAME, DATETRUNC of a date-time, and DATEPART of a TIME: the date's fields under
// the session's DATEFIRST and LANGUAGE, and the fields of the time of day.
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/datetime_functions.hpp"

using tessera::fn::Calendar;
using tessera::fn::CivilDate;
using tessera::fn::Clock;
using tessera::fn::DateMath;
using tessera::fn::DatePart;
using tessera::fn::DateWriter;
using tessera::fn::kInvalidDatepart;
using tessera::fn::kOk;
using tessera::fn::SessionContext;
using tessera::fn::TimeOfDay;

namespace {

// DATEPART of a time of day; false for a part of a date. Milliseconds, microseconds and
// nanoseconds all count from the start of the second (DATEPART(ns) of .1234567 is 123456700).
bool time_part(int32_t part, int64_t time_of_day, int32_t* out) {
  const TimeOfDay t = Clock::split(time_of_day);
  switch (static_cast<DatePart>(part)) {
    case DatePart::Hour: *out = t.hour; return true;
    case DatePart::Minute: *out = t.minute; return true;
    case DatePart::Second: *out = t.second; return true;
    case DatePart::Millisecond: *out = t.fraction / static_cast<int32_t>(tessera::fn::kTicksPerMillisecond); return true;
    case DatePart::Microsecond: *out = t.fraction / static_cast<int32_t>(tessera::fn::kTicksPerMicrosecond); return true;
    case DatePart::Nanosecond: *out = t.fraction * 100; return true;
    default: return false;
  }
}

bool datetime_part(int32_t part, int64_t value, int32_t datefirst, int32_t* out) {
  return DateMath::part(part, Clock::day(value), datefirst, out) || time_part(part, Clock::time_of_day(value), out);
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_datepart_datetime(int32_t* out, int32_t part, int64_t value, const SessionContext* ctx) {
  return datetime_part(part, value, ctx->datefirst, out) ? kOk : kInvalidDatepart;
}

TESSERA_ROW_FN int32_t tsf_datepart_time(int32_t* out, int32_t part, int64_t value) {
  return time_part(part, value, out) ? kOk : kInvalidDatepart;  // a TIME has no year, month, ...
}

// A part of the date: DATENAME of the date (month and weekday names in the session language); a part of
// the time of day: its number as text.
TESSERA_ROW_FN int32_t tsf_datename_datetime(char* out, int32_t* out_len, int32_t part, int64_t value,
                                             const SessionContext* ctx) {
  int32_t v = 0;
  if (!time_part(part, Clock::time_of_day(value), &v)) return tsf_datename(out, out_len, part, Clock::day(value), ctx);
  DateWriter w(out);
  w.number(v);
  *out_len = w.size();
  return kOk;
}

// DATETRUNC (SQL Server 2022): the start of the part that holds the value.
TESSERA_ROW_FN int32_t tsf_datetrunc_datetime(int64_t* out, int32_t part, int64_t value, const SessionContext* ctx) {
  const int32_t day = Clock::day(value);
  const CivilDate c = Calendar::from_days(day);
  int64_t unit = 0;  // ticks, for the parts of a time of day
  int64_t first_day = day;
  switch (static_cast<DatePart>(part)) {
    case DatePart::Year: first_day = Calendar::to_days(c.year, 1, 1); break;
    case DatePart::Quarter: first_day = Calendar::to_days(c.year, (DateMath::quarter(c.month) - 1) * 3 + 1, 1); break;
    case DatePart::Month: first_day = Calendar::to_days(c.year, c.month, 1); break;
    case DatePart::DayOfYear:
    case DatePart::Day: break;
    case DatePart::Week: first_day = int64_t(day) - (DateMath::weekday(day, ctx->datefirst) - 1); break;
    case DatePart::IsoWeek: first_day = int64_t(day) - (Calendar::iso_weekday(day) - 1); break;
    case DatePart::Hour: unit = tessera::fn::kTicksPerHour; break;
    case DatePart::Minute: unit = tessera::fn::kTicksPerMinute; break;
    case DatePart::Second: unit = tessera::fn::kTicksPerSecond; break;
    case DatePart::Millisecond: unit = tessera::fn::kTicksPerMillisecond; break;
    case DatePart::Microsecond: unit = tessera::fn::kTicksPerMicrosecond; break;
    default: return kInvalidDatepart;  // weekday and nanosecond are not DATETRUNC parts
  }
  if (unit != 0) {
    *out = Clock::floor_div(value, unit) * unit;
    return kOk;
  }
  if (!Calendar::in_range(first_day)) return tessera::fn::kDateOverflow;
  *out = int64_t(first_day) * tessera::fn::kTicksPerDay;
  return kOk;
}
