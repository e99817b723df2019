// Row functions of the date-time family (SQL Server semantics): DATETIME2(p), DATETIME,
// SMALLDATETIME as int64 ticks since 1970-01-01 and TIME(p) as int64 ticks since midnight
// (clock.hpp). `kind` arguments name the SQL type (0..7 the precision, 8 DATETIME,
// 9 SMALLDATETIME) and are constants the binder fills from the argument's or the target's
// type; `part` is a DatePart (date_part.hpp), `style` a CONVERT style (datetime_format.hpp).
#pragma once

#include "tessera/functions/row_abi.hpp"

// DATEPART(part, datetime), DATENAME(part, datetime), DATETRUNC(part, datetime)
TESSERA_ROW_FN int32_t tsf_datepart_datetime(int32_t* out, int32_t part, int64_t value,
                                             const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_datename_datetime(char* out, int32_t* out_len, int32_t part, int64_t value,
                                             const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_datetrunc_datetime(int64_t* out, int32_t part, int64_t value,
                                              const tessera::fn::SessionContext* ctx);

// DATEADD(part, number, datetime), DATEDIFF(part, start, end), DATEDIFF_BIG
TESSERA_ROW_FN int32_t tsf_dateadd_datetime(int64_t* out, int32_t part, int32_t number, int64_t value, int32_t kind);
TESSERA_ROW_FN int32_t tsf_datediff_datetime(int32_t* out, int32_t part, int64_t start, int64_t end);
TESSERA_ROW_FN int32_t tsf_datediff_big_datetime(int64_t* out, int32_t part, int64_t start, int64_t end);

// DATE_BUCKET(part, number, datetime [, origin]): origin 1900-01-01 00:00 by default
TESSERA_ROW_FN int32_t tsf_date_bucket_datetime(int64_t* out, int32_t part, int32_t number, int64_t value);
TESSERA_ROW_FN int32_t tsf_date_bucket_datetime_origin(int64_t* out, int32_t part, int32_t number, int64_t value,
                                                       int64_t origin);

// DATETIME2FROMPARTS, DATETIMEFROMPARTS, TIMEFROMPARTS
TESSERA_ROW_FN int32_t tsf_datetime2fromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                              int32_t minute, int32_t seconds, int32_t fractions, int32_t precision);
TESSERA_ROW_FN int32_t tsf_datetimefromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                             int32_t minute, int32_t seconds, int32_t milliseconds);
// SYSDATETIME & co.: the statement's instant (UTC ticks) plus the zone offset, on the grid of `grid` (a kind);
// CURRENT_DATE: its day.
TESSERA_ROW_FN int32_t tsf_current_datetime(int64_t* out, int64_t instant, int64_t offset, int32_t grid);
TESSERA_ROW_FN int32_t tsf_current_date(int32_t* out, int64_t instant, int64_t offset);
// GETDATE(), CURRENT_TIMESTAMP (DATETIME, local), GETUTCDATE() (DATETIME, UTC), SYSUTCDATETIME() (DATETIME2(7), UTC).
TESSERA_ROW_FN int32_t tsf_getdate(int64_t* out, int64_t instant, int64_t offset);
TESSERA_ROW_FN int32_t tsf_current_timestamp(int64_t* out, int64_t instant, int64_t offset);
TESSERA_ROW_FN int32_t tsf_getutcdate(int64_t* out, int64_t instant);
TESSERA_ROW_FN int32_t tsf_sysutcdatetime(int64_t* out, int64_t instant);

// The ODBC escape's date and time functions (datetime_odbc.cpp; `{fn ...}` only). CURDATE: CURRENT_DATE's day;
// CURRENT_TIME(digits), CURTIME(): the time of day of GETDATE()'s value as a TIME(digits) (CURTIME: TIME(7)).
TESSERA_ROW_FN int32_t tsf_curdate(int32_t* out, int64_t instant, int64_t offset);
TESSERA_ROW_FN int32_t tsf_current_time(int64_t* out, int64_t instant, int64_t offset, int32_t digits);
TESSERA_ROW_FN int32_t tsf_curtime(int64_t* out, int64_t instant, int64_t offset);
// DAYNAME, MONTHNAME: the names in the session language (as DATENAME); DAYOFMONTH 1..31; DAYOFWEEK 1..7 from Sunday
// whatever SET DATEFIRST says; QUARTER 1..4; WEEK 1..53, weeks from Sunday, week 1 holding January 1.
TESSERA_ROW_FN int32_t tsf_dayname(char* out, int32_t* out_len, int32_t date, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_monthname(char* out, int32_t* out_len, int32_t date, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_dayofmonth(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_dayofweek(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_quarter(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_week(int32_t* out, int32_t date);
// HOUR, MINUTE, SECOND of a date-time's or a TIME's time of day.
TESSERA_ROW_FN int32_t tsf_hour_datetime(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_hour_time(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_minute_datetime(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_minute_time(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_second_datetime(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_second_time(int32_t* out, int64_t value);
// CURRENT_TIMEZONE(), CURRENT_TIMEZONE_ID() (datetime_timezone.cpp): the server's zone from its UTC offset in minutes
// (a constant, -840..840): 0 is SQL Server's UTC answer.
inline constexpr int32_t kMaxTimeZoneNameBytes = 32;  // "(UTC) Coordinated Universal Time"
TESSERA_ROW_FN int32_t tsf_current_timezone(char* out, int32_t* out_len, int32_t offset_minutes);
TESSERA_ROW_FN int32_t tsf_current_timezone_id(char* out, int32_t* out_len, int32_t offset_minutes);
TESSERA_ROW_FN int32_t tsf_smalldatetimefromparts(int64_t* out, int32_t year, int32_t month, int32_t day, int32_t hour,
                                                  int32_t minute);
TESSERA_ROW_FN int32_t tsf_timefromparts(int64_t* out, int32_t hour, int32_t minute, int32_t seconds,
                                         int32_t fractions, int32_t precision);

// TIME(p): DATEPART(part, time) and DATEADD(part, number, time), which wraps at midnight
TESSERA_ROW_FN int32_t tsf_datepart_time(int32_t* out, int32_t part, int64_t value);
TESSERA_ROW_FN int32_t tsf_dateadd_time(int64_t* out, int32_t part, int32_t number, int64_t value, int32_t kind);

// Conversions between DATE, the date-time kinds and TIME (CAST / TRY_CAST)
TESSERA_ROW_FN int32_t tsf_cast_date_to_datetime(int64_t* out, int32_t date, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_try_cast_date_to_datetime(int64_t* out, int32_t date, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_datetime(int64_t* out, int64_t value, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_try_cast_datetime_to_datetime(int64_t* out, int64_t value, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_date(int32_t* out, int64_t value);
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_time(int64_t* out, int64_t value, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_cast_time_to_datetime(int64_t* out, int64_t value, int32_t to_kind);
TESSERA_ROW_FN int32_t tsf_cast_time_to_time(int64_t* out, int64_t value, int32_t to_kind);

// Date-time / time -> text: CAST and CONVERT(varchar, value, style)
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t from_kind);
TESSERA_ROW_FN int32_t tsf_convert_datetime_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t style,
                                                       int32_t from_kind, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_cast_time_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t from_kind);
TESSERA_ROW_FN int32_t tsf_convert_time_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t style,
                                                   int32_t from_kind);

// Text -> date-time / time: CAST, TRY_CAST, CONVERT, TRY_CONVERT
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                    const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                        const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_convert_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t style,
                                                       int32_t to_kind, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_try_convert_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t style,
                                                           int32_t to_kind, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                    const tessera::fn::SessionContext* ctx);
