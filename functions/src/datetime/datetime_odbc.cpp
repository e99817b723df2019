// The date and time functions of ODBC's scalar-function escape `{fn ...}`, as SQL Server documents them ("ODBC
// Scalar Functions (Transact-SQL)"): CURDATE, CURRENT_TIME, CURTIME, DAYNAME, DAYOFMONTH, DAYOFWEEK, HOUR, MINUTE,
// MONTHNAME, QUARTER, SECOND, WEEK. The parser and binder accept them only inside the escape (docs/FUNCTIONS.md).
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/datetime_functions.hpp"

using tessera::fn::Calendar;
using tessera::fn::Clock;
using tessera::fn::DateMath;
using tessera::fn::DateWriter;
using tessera::fn::kDateTimeKind;
using tessera::fn::kOk;
using tessera::fn::kTicksPerDay;
using tessera::fn::SessionContext;
using tessera::fn::TimeOfDay;

namespace {

// ODBC numbers the days of the week from Sunday (1) to Saturday (7), whatever SET DATEFIRST says.
constexpr int32_t kOdbcFirstDay = 7;

// The statement's local instant as GETDATE() has it: on DATETIME's 1/300 s grid. False when out of range.
bool local_datetime(int64_t instant, int64_t offset, int64_t* out) {
  if (instant < Clock::kMinTicks || instant > Clock::kMaxTicks || offset < -kTicksPerDay || offset > kTicksPerDay)
    return false;
  return Clock::normalize(instant + offset, kDateTimeKind, out);
}

// CURRENT_TIME and CURTIME: the time of day of GETDATE()'s value, as a TIME(digits).
int32_t current_time(int64_t* out, int64_t instant, int64_t offset, int32_t digits) {
  if (!Clock::valid_time_kind(digits)) return tessera::fn::kInvalidArgument;
  int64_t now = 0;
  if (!local_datetime(instant, offset, &now)) return tessera::fn::kDateTimeOutOfRange;
  *out = Clock::normalize_time(Clock::time_of_day(now), digits);
  return kOk;
}

TimeOfDay clock_of(int64_t ticks) { return Clock::split(Clock::time_of_day(ticks)); }

}  // namespace

TESSERA_ROW_FN int32_t tsf_curdate(int32_t* out, int64_t instant, int64_t offset) {
  return tsf_current_date(out, instant, offset);
}

TESSERA_ROW_FN int32_t tsf_current_time(int64_t* out, int64_t instant, int64_t offset, int32_t digits) {
  return current_time(out, instant, offset, digits);
}

TESSERA_ROW_FN int32_t tsf_curtime(int64_t* out, int64_t instant, int64_t offset) {
  return current_time(out, instant, offset, tessera::fn::kMaxFractionDigits);
}

TESSERA_ROW_FN int32_t tsf_dayname(char* out, int32_t* out_len, int32_t date, const SessionContext* ctx) {
  DateWriter w(out);
  w.text(tessera::fn::language_names(ctx->language).weekdays[Calendar::iso_weekday(date) - 1]);
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_monthname(char* out, int32_t* out_len, int32_t date, const SessionContext* ctx) {
  DateWriter w(out);
  w.text(tessera::fn::language_names(ctx->language).months[Calendar::from_days(date).month - 1]);
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_dayofmonth(int32_t* out, int32_t date) {
  *out = Calendar::from_days(date).day;
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_dayofweek(int32_t* out, int32_t date) {
  *out = DateMath::weekday(date, kOdbcFirstDay);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_quarter(int32_t* out, int32_t date) {
  *out = DateMath::quarter(Calendar::from_days(date).month);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_week(int32_t* out, int32_t date) {
  *out = DateMath::week(date, kOdbcFirstDay);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_hour_datetime(int32_t* out, int64_t value) {
  *out = clock_of(value).hour;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_hour_time(int32_t* out, int64_t value) {
  *out = clock_of(value).hour;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_minute_datetime(int32_t* out, int64_t value) {
  *out = clock_of(value).minute;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_minute_time(int32_t* out, int64_t value) {
  *out = clock_of(value).minute;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_second_datetime(int32_t* out, int64_t value) {
  *out = clock_of(value).second;
  return kOk;
}
TESSERA_ROW_FN int32_t tsf_second_time(int32_t* out, int64_t value) {
  *out = clock_of(value).second;
  return kOk;
}
