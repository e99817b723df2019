// The date-time family's entries in the function registry: DATETIME2(p), DATETIME, SMALLDATETIME
// (SqlType::DateTime) and TIME(p) (SqlType::Time). Constant arguments named `kind`, `from_kind`
// and `to_kind` are filled by the binder from the argument's or the target's SQL type.
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/datetime_format.hpp"
#include "tessera/functions/datetime_functions.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
// Values that get specialised kernels: the parts and styles reports use most.
constexpr int64_t kCommonParts[] = {0, 2, 4, 8, 9, 10};
constexpr int64_t kCommonStyles[] = {0, 20, 120, 121, 126};

constexpr ArgSpec kPart = {.name = "part", .type = SqlType::Int32, .constant = true, .specialize = kCommonParts};
constexpr ArgSpec kValue = {"value", SqlType::DateTime};
constexpr ArgSpec kTimeValue = {"value", SqlType::Time};
constexpr ArgSpec kNumber = {"number", SqlType::Int32};
constexpr ArgSpec kKind = {.name = "kind", .type = SqlType::Int32, .constant = true};
constexpr ArgSpec kToKind = {.name = "to_kind", .type = SqlType::Int32, .constant = true};
constexpr ArgSpec kFromKind = {.name = "from_kind", .type = SqlType::Int32, .constant = true};
constexpr ArgSpec kStyle = {.name = "style", .type = SqlType::Int32, .constant = true, .specialize = kCommonStyles};
constexpr ArgSpec kText = {"expression", SqlType::String};

constexpr ArgSpec kPartValue[] = {kPart, kValue};
constexpr ArgSpec kPartTime[] = {kPart, kTimeValue};
constexpr ArgSpec kPartNumberValueKind[] = {kPart, kNumber, kValue, kKind};
constexpr ArgSpec kPartNumberTimeKind[] = {kPart, kNumber, kTimeValue, kKind};
constexpr ArgSpec kPartStartEnd[] = {kPart, {"startdate", SqlType::DateTime}, {"enddate", SqlType::DateTime}};
constexpr ArgSpec kPartNumberValue[] = {kPart, kNumber, kValue};
constexpr ArgSpec kPartNumberValueOrigin[] = {kPart, kNumber, kValue, {"origin", SqlType::DateTime}};
constexpr ArgSpec kDateToKind[] = {{"date", SqlType::Date}, kToKind};
constexpr ArgSpec kValueToKind[] = {kValue, kToKind};
constexpr ArgSpec kTimeToKind[] = {kTimeValue, kToKind};
constexpr ArgSpec kValueOnly[] = {kValue};
constexpr ArgSpec kValueFromKind[] = {kValue, kFromKind};
constexpr ArgSpec kValueStyleFromKind[] = {kValue, kStyle, kFromKind};
constexpr ArgSpec kTimeFromKind[] = {kTimeValue, kFromKind};
constexpr ArgSpec kTimeStyleFromKind[] = {kTimeValue, kStyle, kFromKind};
constexpr ArgSpec kTextToKind[] = {kText, kToKind};
constexpr ArgSpec kTextStyleToKind[] = {kText, kStyle, kToKind};
constexpr ArgSpec kDateTime2Parts[] = {{"year", SqlType::Int32},    {"month", SqlType::Int32},
                                       {"day", SqlType::Int32},     {"hour", SqlType::Int32},
                                       {"minute", SqlType::Int32},  {"seconds", SqlType::Int32},
                                       {"fractions", SqlType::Int32},
                                       {.name = "digits", .type = SqlType::Int32, .constant = true}};
constexpr ArgSpec kDateTimeParts[] = {{"year", SqlType::Int32},   {"month", SqlType::Int32},
                                      {"day", SqlType::Int32},    {"hour", SqlType::Int32},
                                      {"minute", SqlType::Int32}, {"seconds", SqlType::Int32},
                                      {"milliseconds", SqlType::Int32}};
constexpr ArgSpec kSmallDateTimeParts[] = {{"year", SqlType::Int32},
                                           {"month", SqlType::Int32},
                                           {"day", SqlType::Int32},
                                           {"hour", SqlType::Int32},
                                           {"minute", SqlType::Int32}};
// The statement's instant and zone offset (100-ns ticks) and the result's grid: constants the binder fills.
constexpr int64_t kCurrentGrids[] = {7, 8};
constexpr ArgSpec kCurrentDateTime[] = {{.name = "instant", .type = SqlType::Int64, .constant = true},
                                        {.name = "offset", .type = SqlType::Int64, .constant = true},
                                        {.name = "grid", .type = SqlType::Int32, .constant = true,
                                         .specialize = kCurrentGrids}};
constexpr ArgSpec kCurrentDate[] = {{.name = "instant", .type = SqlType::Int64, .constant = true},
                                    {.name = "offset", .type = SqlType::Int64, .constant = true}};
// GETDATE & co. and the ODBC escape's CURDATE, CURTIME: the instant and offset only; GETUTCDATE and SYSUTCDATETIME
// the instant only (UTC); CURRENT_TIME also the result's fractional digits (its TIME(p)).
constexpr ArgSpec kCurrentInstant[] = {{.name = "instant", .type = SqlType::Int64, .constant = true}};
constexpr ArgSpec kCurrentTime[] = {{.name = "instant", .type = SqlType::Int64, .constant = true},
                                    {.name = "offset", .type = SqlType::Int64, .constant = true},
                                    {.name = "digits", .type = SqlType::Int32, .constant = true}};
constexpr ArgSpec kDateOnly[] = {{"date", SqlType::Date}};
constexpr ArgSpec kTimeOnly[] = {kTimeValue};
constexpr ArgSpec kTimeZoneOffset[] = {{.name = "offset_minutes", .type = SqlType::Int32, .constant = true}};
constexpr ArgSpec kTimeParts[] = {{"hour", SqlType::Int32},
                                  {"minute", SqlType::Int32},
                                  {"seconds", SqlType::Int32},
                                  {"fractions", SqlType::Int32},
                                  {.name = "digits", .type = SqlType::Int32, .constant = true}};

// DATENAME: a month or weekday name, otherwise DATEPART's number (at most 9 digits: nanoseconds).
int64_t timezone_length(const LengthInputs&) { return kMaxTimeZoneNameBytes; }
int64_t datename_length(const LengthInputs& in) {
  const int64_t part = in.value[0];
  if (part == int64_t(DatePart::Month) || part == int64_t(DatePart::Weekday)) return kMaxDateNameBytes;
  return 9;
}
int64_t date_name_length(const LengthInputs&) { return kMaxDateNameBytes; }
int32_t as_int(int64_t v) { return v < INT32_MIN || v > INT32_MAX ? -1 : static_cast<int32_t>(v); }
int64_t cast_datetime_length(const LengthInputs& in) {
  const int32_t kind = as_int(in.value[1]);
  return kind < 0 || kind >= kTimeKindCount ? 0 : DateTimeStyle::cast_length(kind);
}
int64_t convert_datetime_length(const LengthInputs& in) { return DateTimeStyle::max_length(as_int(in.value[1])); }
int64_t cast_time_length(const LengthInputs& in) {
  const int32_t kind = as_int(in.value[1]);
  return kind < 0 || kind > kMaxFractionDigits ? 0 : 8 + (kind > 0 ? 1 + kind : 0);
}
int64_t convert_time_length(const LengthInputs& in) { return DateTimeStyle::time_max_length(as_int(in.value[1])); }

const FunctionSpec kDateTimeFunctions[] = {
    {.sql_name = "DATEPART", .kernel = "datepart_datetime", .result = SqlType::Int32, .args = kPartValue,
     .uses_context = true, .summary = "an integer part of a date-time (week and weekday follow DATEFIRST)",
     TESSERA_ROW(tsf_datepart_datetime)},
    {.sql_name = "DATEPART", .kernel = "datepart_time", .result = SqlType::Int32, .args = kPartTime,
     .summary = "an integer part of a time of day", TESSERA_ROW(tsf_datepart_time)},
    {.sql_name = "DATENAME", .kernel = "datename_datetime", .result = SqlType::String, .args = kPartValue,
     .uses_context = true, .max_length = datename_length,
     .summary = "a part of a date-time as text (month and weekday names in the session language)",
     TESSERA_ROW(tsf_datename_datetime)},
    {.sql_name = "DATETRUNC", .kernel = "datetrunc_datetime", .result = SqlType::DateTime, .args = kPartValue,
     .uses_context = true, .summary = "the start of the year ... microsecond holding a date-time",
     TESSERA_ROW(tsf_datetrunc_datetime)},
    {.sql_name = "DATEADD", .kernel = "dateadd_datetime", .result = SqlType::DateTime, .args = kPartNumberValueKind,
     .summary = "a date-time plus a number of parts, on its type's grid", TESSERA_ROW(tsf_dateadd_datetime)},
    {.sql_name = "DATEADD", .kernel = "dateadd_time", .result = SqlType::Time, .args = kPartNumberTimeKind,
     .summary = "a time plus a number of hours ... nanoseconds, wrapping at midnight", TESSERA_ROW(tsf_dateadd_time)},
    {.sql_name = "DATEDIFF", .kernel = "datediff_datetime", .result = SqlType::Int32, .args = kPartStartEnd,
     .summary = "part boundaries crossed between two date-times", TESSERA_ROW(tsf_datediff_datetime)},
    {.sql_name = "DATEDIFF_BIG", .kernel = "datediff_big_datetime", .result = SqlType::Int64, .args = kPartStartEnd,
     .summary = "part boundaries crossed between two date-times, as bigint", TESSERA_ROW(tsf_datediff_big_datetime)},
    {.sql_name = "DATE_BUCKET", .kernel = "date_bucket_datetime", .result = SqlType::DateTime, .args = kPartNumberValue,
     .summary = "start of the bucket holding a date-time (origin 1900-01-01 00:00)", TESSERA_ROW(tsf_date_bucket_datetime)},
    {.sql_name = "DATE_BUCKET", .kernel = "date_bucket_datetime_origin", .result = SqlType::DateTime,
     .args = kPartNumberValueOrigin, .summary = "start of the bucket holding a date-time, from an origin",
     TESSERA_ROW(tsf_date_bucket_datetime_origin)},
    {.sql_name = "DATETIME2FROMPARTS", .kernel = "datetime2fromparts", .result = SqlType::DateTime,
     .args = kDateTime2Parts, .summary = "the DATETIME2(digits) with the given fields",
     TESSERA_ROW(tsf_datetime2fromparts)},
    {.sql_name = "DATETIMEFROMPARTS", .kernel = "datetimefromparts", .result = SqlType::DateTime,
     .args = kDateTimeParts, .summary = "the DATETIME with the given fields", TESSERA_ROW(tsf_datetimefromparts)},
    // SYSDATETIME, SYSUTCDATETIME, GETDATE, GETUTCDATE, CURRENT_TIMESTAMP: bound by kernel (bind_variadic.cpp).
    {.sql_name = "SYSDATETIME", .kernel = "current_datetime", .result = SqlType::DateTime, .args = kCurrentDateTime,
     .summary = "the statement's instant (local or UTC) as DATETIME2(7) or DATETIME", TESSERA_ROW(tsf_current_datetime)},
    {.sql_name = "GETDATE", .kernel = "getdate", .result = SqlType::DateTime, .args = kCurrentDate,
     .summary = "the statement's local instant as a DATETIME (1/300 s)", TESSERA_ROW(tsf_getdate)},
    {.sql_name = "CURRENT_TIMESTAMP", .kernel = "current_timestamp", .result = SqlType::DateTime, .args = kCurrentDate,
     .summary = "the statement's local instant as a DATETIME (GETDATE)", TESSERA_ROW(tsf_current_timestamp)},
    {.sql_name = "GETUTCDATE", .kernel = "getutcdate", .result = SqlType::DateTime, .args = kCurrentInstant,
     .summary = "the statement's UTC instant as a DATETIME", TESSERA_ROW(tsf_getutcdate)},
    {.sql_name = "SYSUTCDATETIME", .kernel = "sysutcdatetime", .result = SqlType::DateTime, .args = kCurrentInstant,
     .summary = "the statement's UTC instant as a DATETIME2(7)", TESSERA_ROW(tsf_sysutcdatetime)},
    // The ODBC escape's date and time functions ({fn ...} only): datetime_odbc.cpp.
    {.sql_name = "CURDATE", .kernel = "curdate", .result = SqlType::Date, .args = kCurrentDate,
     .summary = "the date of the statement's local instant (CURRENT_DATE)", .odbc_only = true,
     TESSERA_ROW(tsf_curdate)},
    {.sql_name = "CURRENT_TIME", .kernel = "current_time", .result = SqlType::Time, .args = kCurrentTime,
     .summary = "the time of day of GETDATE()'s value as a TIME(digits)", .odbc_only = true,
     TESSERA_ROW(tsf_current_time)},
    {.sql_name = "CURTIME", .kernel = "curtime", .result = SqlType::Time, .args = kCurrentDate,
     .summary = "the time of day of GETDATE()'s value as a TIME(7)", .odbc_only = true, TESSERA_ROW(tsf_curtime)},
    {.sql_name = "DAYNAME", .kernel = "dayname", .result = SqlType::String, .args = kDateOnly, .uses_context = true,
     .max_length = date_name_length, .summary = "the weekday's name in the session language", .odbc_only = true,
     TESSERA_ROW(tsf_dayname)},
    {.sql_name = "MONTHNAME", .kernel = "monthname", .result = SqlType::String, .args = kDateOnly,
     .uses_context = true, .max_length = date_name_length, .summary = "the month's name in the session language",
     .odbc_only = true, TESSERA_ROW(tsf_monthname)},
    {.sql_name = "DAYOFMONTH", .kernel = "dayofmonth", .result = SqlType::Int32, .args = kDateOnly,
     .summary = "the day of the month, 1..31", .odbc_only = true, TESSERA_ROW(tsf_dayofmonth)},
    {.sql_name = "DAYOFWEEK", .kernel = "dayofweek", .result = SqlType::Int32, .args = kDateOnly,
     .summary = "the day of the week, 1 (Sunday) .. 7, whatever SET DATEFIRST says", .odbc_only = true,
     TESSERA_ROW(tsf_dayofweek)},
    {.sql_name = "QUARTER", .kernel = "quarter", .result = SqlType::Int32, .args = kDateOnly,
     .summary = "the quarter, 1..4", .odbc_only = true, TESSERA_ROW(tsf_quarter)},
    {.sql_name = "WEEK", .kernel = "week", .result = SqlType::Int32, .args = kDateOnly,
     .summary = "the week of the year, 1..53 (weeks from Sunday; week 1 holds January 1)", .odbc_only = true,
     TESSERA_ROW(tsf_week)},
    {.sql_name = "HOUR", .kernel = "hour_datetime", .result = SqlType::Int32, .args = kValueOnly,
     .summary = "the hour of a date-time, 0..23", .odbc_only = true, TESSERA_ROW(tsf_hour_datetime)},
    {.sql_name = "HOUR", .kernel = "hour_time", .result = SqlType::Int32, .args = kTimeOnly,
     .summary = "the hour of a time, 0..23", .odbc_only = true, TESSERA_ROW(tsf_hour_time)},
    {.sql_name = "MINUTE", .kernel = "minute_datetime", .result = SqlType::Int32, .args = kValueOnly,
     .summary = "the minute of a date-time, 0..59", .odbc_only = true, TESSERA_ROW(tsf_minute_datetime)},
    {.sql_name = "MINUTE", .kernel = "minute_time", .result = SqlType::Int32, .args = kTimeOnly,
     .summary = "the minute of a time, 0..59", .odbc_only = true, TESSERA_ROW(tsf_minute_time)},
    {.sql_name = "SECOND", .kernel = "second_datetime", .result = SqlType::Int32, .args = kValueOnly,
     .summary = "the second of a date-time, 0..59", .odbc_only = true, TESSERA_ROW(tsf_second_datetime)},
    {.sql_name = "SECOND", .kernel = "second_time", .result = SqlType::Int32, .args = kTimeOnly,
     .summary = "the second of a time, 0..59", .odbc_only = true, TESSERA_ROW(tsf_second_time)},
    {.sql_name = "CURRENT_TIMEZONE", .kernel = "current_timezone", .result = SqlType::String, .args = kTimeZoneOffset,
     .max_length = timezone_length, .summary = "the server's time zone ('(UTC) Coordinated Universal Time')",
     TESSERA_ROW(tsf_current_timezone)},
    {.sql_name = "CURRENT_TIMEZONE_ID", .kernel = "current_timezone_id", .result = SqlType::String,
     .args = kTimeZoneOffset, .max_length = timezone_length, .summary = "the server's time zone id ('UTC')",
     TESSERA_ROW(tsf_current_timezone_id)},
    {.sql_name = "CURRENT_DATE", .kernel = "current_date", .result = SqlType::Date, .args = kCurrentDate,
     .summary = "the date of the statement's local instant", TESSERA_ROW(tsf_current_date)},
    {.sql_name = "SMALLDATETIMEFROMPARTS", .kernel = "smalldatetimefromparts", .result = SqlType::DateTime,
     .args = kSmallDateTimeParts, .summary = "the SMALLDATETIME with the given fields",
     TESSERA_ROW(tsf_smalldatetimefromparts)},
    {.sql_name = "TIMEFROMPARTS", .kernel = "timefromparts", .result = SqlType::Time, .args = kTimeParts,
     .summary = "the TIME(digits) with the given fields", TESSERA_ROW(tsf_timefromparts)},
    {.sql_name = "CAST", .kernel = "cast_date_to_datetime", .result = SqlType::DateTime, .args = kDateToKind,
     .summary = "date as a date-time at midnight", TESSERA_ROW(tsf_cast_date_to_datetime)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_date_to_datetime", .result = SqlType::DateTime, .args = kDateToKind,
     .summary = "date as a date-time, NULL outside the type's range", TESSERA_ROW(tsf_try_cast_date_to_datetime)},
    {.sql_name = "CAST", .kernel = "cast_datetime_to_datetime", .result = SqlType::DateTime, .args = kValueToKind,
     .summary = "date-time rounded onto another date-time type", TESSERA_ROW(tsf_cast_datetime_to_datetime)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_datetime_to_datetime", .result = SqlType::DateTime,
     .args = kValueToKind, .summary = "date-time onto another date-time type, NULL outside its range",
     TESSERA_ROW(tsf_try_cast_datetime_to_datetime)},
    {.sql_name = "CAST", .kernel = "cast_datetime_to_date", .result = SqlType::Date, .args = kValueOnly,
     .summary = "the date of a date-time", TESSERA_ROW(tsf_cast_datetime_to_date)},
    {.sql_name = "CAST", .kernel = "cast_datetime_to_time", .result = SqlType::Time, .args = kValueToKind,
     .summary = "the time of day of a date-time", TESSERA_ROW(tsf_cast_datetime_to_time)},
    {.sql_name = "CAST", .kernel = "cast_time_to_datetime", .result = SqlType::DateTime, .args = kTimeToKind,
     .summary = "a time of day on 1900-01-01", TESSERA_ROW(tsf_cast_time_to_datetime)},
    {.sql_name = "CAST", .kernel = "cast_time_to_time", .result = SqlType::Time, .args = kTimeToKind,
     .summary = "a time rounded to another precision", TESSERA_ROW(tsf_cast_time_to_time)},
    {.sql_name = "CAST", .kernel = "cast_datetime_to_varchar", .result = SqlType::String, .args = kValueFromKind,
     .max_length = cast_datetime_length,
     .summary = "date-time as text (DATETIME: mon dd yyyy hh:miAM; DATETIME2: yyyy-mm-dd hh:mi:ss.f)",
     TESSERA_ROW(tsf_cast_datetime_to_varchar)},
    {.sql_name = "CONVERT", .kernel = "convert_datetime_to_varchar", .result = SqlType::String,
     .args = kValueStyleFromKind, .uses_context = true, .max_length = convert_datetime_length,
     .summary = "date-time as text in a CONVERT style", TESSERA_ROW(tsf_convert_datetime_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_time_to_varchar", .result = SqlType::String, .args = kTimeFromKind,
     .max_length = cast_time_length, .summary = "time as hh:mi:ss.f", TESSERA_ROW(tsf_cast_time_to_varchar)},
    {.sql_name = "CONVERT", .kernel = "convert_time_to_varchar", .result = SqlType::String,
     .args = kTimeStyleFromKind, .max_length = convert_time_length, .summary = "time as text in a CONVERT style",
     TESSERA_ROW(tsf_convert_time_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_datetime", .result = SqlType::DateTime, .args = kTextToKind,
     .uses_context = true, .summary = "string to date-time (SET DATEFORMAT, LANGUAGE)",
     TESSERA_ROW(tsf_cast_varchar_to_datetime)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_datetime", .result = SqlType::DateTime,
     .args = kTextToKind, .uses_context = true, .summary = "string to date-time, NULL when it does not convert",
     TESSERA_ROW(tsf_try_cast_varchar_to_datetime)},
    {.sql_name = "CONVERT", .kernel = "convert_varchar_to_datetime", .result = SqlType::DateTime,
     .args = kTextStyleToKind, .uses_context = true, .summary = "string to date-time in a CONVERT style",
     TESSERA_ROW(tsf_convert_varchar_to_datetime)},
    {.sql_name = "TRY_CONVERT", .kernel = "try_convert_varchar_to_datetime", .result = SqlType::DateTime,
     .args = kTextStyleToKind, .uses_context = true,
     .summary = "string to date-time in a CONVERT style, NULL when it does not convert",
     TESSERA_ROW(tsf_try_convert_varchar_to_datetime)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_time", .result = SqlType::Time, .args = kTextToKind,
     .uses_context = true, .summary = "string to time of day", TESSERA_ROW(tsf_cast_varchar_to_time)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_time", .result = SqlType::Time, .args = kTextToKind,
     .uses_context = true, .summary = "string to time of day, NULL when it does not convert",
     TESSERA_ROW(tsf_try_cast_varchar_to_time)},
};
}  // namespace

std::span<const FunctionSpec> datetime_functions() { return kDateTimeFunctions; }

}  // namespace tessera::fn
