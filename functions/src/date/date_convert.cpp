// DATE <-> character data: CAST, CONVERT with a style, TRY_CAST, TRY_CONVERT,
// and ISDATE.
#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_parse.hpp"

using tessera::fn::Calendar;
using tessera::fn::DateParser;
using tessera::fn::DateStyle;
using tessera::fn::DateTarget;
using tessera::fn::DateWriter;
using tessera::fn::kDateConversionFailed;
using tessera::fn::kInvalidStyle;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::SessionContext;

namespace {

bool parse_date(const char* s, int32_t len, int32_t dateformat, const SessionContext* ctx, int32_t* out) {
  const DateParser parser(dateformat, tessera::fn::language_names(ctx->language), DateTarget::Date);
  return parser.parse(s, len, out);
}

}  // namespace

// CAST(date AS varchar): yyyy-mm-dd (style 121's date part).
TESSERA_ROW_FN int32_t tsf_cast_date_to_varchar(char* out, int32_t* out_len, int32_t date) {
  DateWriter w(out);
  DateStyle::format(121, Calendar::from_days(date), tessera::fn::kEnglishNames, w);
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_convert_date_to_varchar(char* out, int32_t* out_len, int32_t date, int32_t style,
                                                   const SessionContext* ctx) {
  DateWriter w(out);
  if (!DateStyle::format(style, Calendar::from_days(date), tessera::fn::language_names(ctx->language), w))
    return kInvalidStyle;
  *out_len = w.size();
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                const SessionContext* ctx) {
  return parse_date(s, s_len, ctx->dateformat, ctx, out) ? kOk : kDateConversionFailed;
}

TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                    const SessionContext* ctx) {
  return parse_date(s, s_len, ctx->dateformat, ctx, out) ? kOk : kNull;
}

// The style fixes the day/month/year order of numeric dates (SET DATEFORMAT
// does not apply); an unknown style is an error even for TRY_CONVERT.
TESSERA_ROW_FN int32_t tsf_convert_varchar_to_date(int32_t* out, const char* s, int32_t s_len, int32_t style,
                                                   const SessionContext* ctx) {
  if (!DateStyle::valid(style)) return kInvalidStyle;
  return parse_date(s, s_len, DateStyle::input_dateformat(style), ctx, out) ? kOk : kDateConversionFailed;
}

TESSERA_ROW_FN int32_t tsf_try_convert_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                       int32_t style, const SessionContext* ctx) {
  if (!DateStyle::valid(style)) return kInvalidStyle;
  return parse_date(s, s_len, DateStyle::input_dateformat(style), ctx, out) ? kOk : kNull;
}

// ISDATE tests for a valid *datetime* (1753-01-01 .. 9999-12-31).
TESSERA_ROW_FN int32_t tsf_isdate(int32_t* out, const char* s, int32_t s_len, uint8_t s_is_null,
                                  const SessionContext* ctx) {
  if (s_is_null) {
    *out = 0;
    return kOk;
  }
  const DateParser parser(ctx->dateformat, tessera::fn::language_names(ctx->language), DateTarget::DateTime);
  int32_t days = 0;
  *out = parser.parse(s, s_len, &days) ? 1 : 0;
  return kOk;
}
