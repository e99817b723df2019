// Conversions of the date-time family: between DATE, DATETIME2(p), DATETIME, SMALLDATETIME and
// TIME(p) (rounding onto the target's grid, Msg 242 outside its range), to text (CAST and the
// CONVERT styles) and from text (SET DATEFORMAT and LANGUAGE, or the CONVERT style's order).
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_parse.hpp"
#include "tessera/functions/datetime_format.hpp"
#include "tessera/functions/datetime_functions.hpp"

using tessera::fn::Calendar;
using tessera::fn::Clock;
using tessera::fn::DateParser;
using tessera::fn::DateStyle;
using tessera::fn::DateTarget;
using tessera::fn::DateTimeStyle;
using tessera::fn::DateWriter;
using tessera::fn::kDateConversionFailed;
using tessera::fn::kDateTimeOutOfRange;
using tessera::fn::kInvalidArgument;
using tessera::fn::kInvalidStyle;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::SessionContext;

namespace {

// TRY_ forms: a value that does not convert is NULL; an invalid argument stays an error.
int32_t or_null(int32_t status) { return status == kDateTimeOutOfRange || status == kDateConversionFailed ? kNull : status; }

int32_t date_to_datetime(int64_t* out, int32_t date, int32_t to_kind) {
  if (!Clock::valid_kind(to_kind)) return kInvalidArgument;
  return Clock::normalize(Clock::at(date, 0), to_kind, out) ? kOk : kDateTimeOutOfRange;
}

int32_t datetime_to_datetime(int64_t* out, int64_t value, int32_t to_kind) {
  if (!Clock::valid_kind(to_kind)) return kInvalidArgument;
  return Clock::normalize(value, to_kind, out) ? kOk : kDateTimeOutOfRange;
}

// DATETIME and SMALLDATETIME read strings as DATETIME does (from 1753, at most 3 fractional
// digits, y-d-m under DATEFORMAT ydm); DATETIME2 and TIME as DATETIME2.
int32_t text_to_datetime(int64_t* out, const char* s, int32_t len, int32_t dateformat, int32_t to_kind,
                         const SessionContext* ctx) {
  if (!Clock::valid_kind(to_kind)) return kInvalidArgument;
  const DateTarget target = to_kind >= tessera::fn::kDateTimeKind ? DateTarget::DateTime : DateTarget::DateTime2;
  const DateParser parser(dateformat, tessera::fn::language_names(ctx->language), target);
  int32_t days = 0;
  int64_t time_of_day = 0;
  if (!parser.parse(s, len, &days, &time_of_day)) return kDateConversionFailed;
  return Clock::normalize(Clock::at(days, time_of_day), to_kind, out) ? kOk : kDateTimeOutOfRange;
}

int32_t text_to_time(int64_t* out, const char* s, int32_t len, int32_t to_kind, const SessionContext* ctx) {
  if (!Clock::valid_time_kind(to_kind)) return kInvalidArgument;
  const DateParser parser(ctx->dateformat, tessera::fn::language_names(ctx->language), DateTarget::DateTime2);
  int32_t days = 0;
  int64_t time_of_day = 0;
  if (!parser.parse(s, len, &days, &time_of_day)) return kDateConversionFailed;
  *out = Clock::normalize_time(time_of_day, to_kind);
  return kOk;
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_cast_date_to_datetime(int64_t* out, int32_t date, int32_t to_kind) {
  return date_to_datetime(out, date, to_kind);
}
TESSERA_ROW_FN int32_t tsf_try_cast_date_to_datetime(int64_t* out, int32_t date, int32_t to_kind) {
  return or_null(date_to_datetime(out, date, to_kind));
}
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_datetime(int64_t* out, int64_t value, int32_t to_kind) {
  return datetime_to_datetime(out, value, to_kind);
}
TESSERA_ROW_FN int32_t tsf_try_cast_datetime_to_datetime(int64_t* out, int64_t value, int32_t to_kind) {
  return or_null(datetime_to_datetime(out, value, to_kind));
}

TESSERA_ROW_FN int32_t tsf_cast_datetime_to_date(int32_t* out, int64_t value) {
  *out = Clock::day(value);
  return kOk;
}

// The time of day, rounded onto TIME(p)'s grid (23:59:59.9999999 AS TIME(0) wraps to 00:00:00).
TESSERA_ROW_FN int32_t tsf_cast_datetime_to_time(int64_t* out, int64_t value, int32_t to_kind) {
  if (!Clock::valid_time_kind(to_kind)) return kInvalidArgument;
  *out = Clock::normalize_time(Clock::time_of_day(value), to_kind);
  return kOk;
}

// A TIME becomes that time on 1900-01-01 (inside every kind's range).
TESSERA_ROW_FN int32_t tsf_cast_time_to_datetime(int64_t* out, int64_t value, int32_t to_kind) {
  return datetime_to_datetime(out, Clock::at(Calendar::to_days(1900, 1, 1), value), to_kind);
}

TESSERA_ROW_FN int32_t tsf_cast_time_to_time(int64_t* out, int64_t value, int32_t to_kind) {
  if (!Clock::valid_time_kind(to_kind)) return kInvalidArgument;
  *out = Clock::normalize_time(value, to_kind);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_datetime_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t from_kind) {
  if (!Clock::valid_kind(from_kind)) return kInvalidArgument;
  DateWriter w(out);
  DateTimeStyle::cast(value, from_kind, tessera::fn::kEnglishNames, w);
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_convert_datetime_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t style,
                                                       int32_t from_kind, const SessionContext* ctx) {
  if (!Clock::valid_kind(from_kind)) return kInvalidArgument;
  DateWriter w(out);
  if (!DateTimeStyle::format(style, value, from_kind, tessera::fn::language_names(ctx->language), w))
    return kInvalidStyle;
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_time_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t from_kind) {
  if (!Clock::valid_time_kind(from_kind)) return kInvalidArgument;
  DateWriter w(out);
  DateTimeStyle::cast_time(value, from_kind, w);
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_convert_time_to_varchar(char* out, int32_t* out_len, int64_t value, int32_t style,
                                                   int32_t from_kind) {
  if (!Clock::valid_time_kind(from_kind)) return kInvalidArgument;
  DateWriter w(out);
  if (!DateTimeStyle::format_time(style, value, from_kind, w)) return kInvalidStyle;
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                    const SessionContext* ctx) {
  return text_to_datetime(out, s, s_len, ctx->dateformat, to_kind, ctx);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                        const SessionContext* ctx) {
  return or_null(text_to_datetime(out, s, s_len, ctx->dateformat, to_kind, ctx));
}

// The style fixes the day/month/year order of numeric dates; an unknown style is an error even for
// TRY_CONVERT.
TESSERA_ROW_FN int32_t tsf_convert_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t style,
                                                       int32_t to_kind, const SessionContext* ctx) {
  if (!DateTimeStyle::valid(style)) return kInvalidStyle;
  return text_to_datetime(out, s, s_len, DateStyle::input_dateformat(style), to_kind, ctx);
}
TESSERA_ROW_FN int32_t tsf_try_convert_varchar_to_datetime(int64_t* out, const char* s, int32_t s_len, int32_t style,
                                                           int32_t to_kind, const SessionContext* ctx) {
  if (!DateTimeStyle::valid(style)) return kInvalidStyle;
  return or_null(text_to_datetime(out, s, s_len, DateStyle::input_dateformat(style), to_kind, ctx));
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                const SessionContext* ctx) {
  return text_to_time(out, s, s_len, to_kind, ctx);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind,
                                                    const SessionContext* ctx) {
  return or_null(text_to_time(out, s, s_len, to_kind, ctx));
}
