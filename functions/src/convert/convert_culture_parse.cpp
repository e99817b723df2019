// PARSE(string AS type [USING culture]) and TRY_PARSE: .NET's Parse in the invariant culture or en-US
// (culture_parse.hpp), then SQL Server's conversion of the .NET value into the type. The binder checks the culture
// and passes it as a constant (tessera::fn::kCultureInvariant, kCultureEnUs); `try_null` 1 is TRY_PARSE (NULL for
// text that does not parse or a value out of the type's range), 0 PARSE (Msg 9819, or Msg 8115 / 242 for a value
// out of range).
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/culture_parse.hpp"

using tessera::fn::Clock;
using tessera::fn::CultureParse;
using tessera::fn::kArithmeticOverflow;
using tessera::fn::kCultureEnUs;
using tessera::fn::kCultureInvariant;
using tessera::fn::kDateTimeOutOfRange;
using tessera::fn::kInvalidArgument;
using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::kParseFailed;
using tessera::fn::NumberParse;

namespace {

bool valid_culture(int32_t culture) { return culture == kCultureInvariant || culture == kCultureEnUs; }

// TRY_PARSE: any failure of the text is NULL; a bad constant stays an error.
int32_t finish(int32_t status, int32_t try_null) {
  if (status == kOk || status == kInvalidArgument) return status;
  return try_null != 0 ? kNull : status;
}

template <typename T>
int32_t parse_integer(T* out, const char* s, int32_t n, int32_t culture) {
  char buf[CultureParse::kMaxCanonical];
  bool fraction = false;
  int32_t len = CultureParse::canonical(s, n, CultureParse::kNumber, culture, buf, &fraction);
  if (len < 0 || fraction) return kParseFailed;  // .NET's Int32 takes "100.00", not "100.5"
  for (int32_t k = 0; k < len; ++k)
    if (buf[k] == '.') len = k;
  return NumberParse::integer<T>(buf, len, out) == kOk ? kOk : kParseFailed;  // .NET: overflow is a parse error
}

}  // namespace

TESSERA_ROW_FN int32_t tsf_parse_int(int32_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  return finish(parse_integer<int32_t>(out, s, s_len, culture), try_null);
}

TESSERA_ROW_FN int32_t tsf_parse_bigint(int64_t* out, const char* s, int32_t s_len, int32_t culture,
                                        int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  return finish(parse_integer<int64_t>(out, s, s_len, culture), try_null);
}

// .NET's Decimal, then rounded half away from zero to the scale; too many integer digits is Msg 8115.
TESSERA_ROW_FN int32_t tsf_parse_decimal(int64_t* out, const char* s, int32_t s_len, int32_t precision, int32_t scale,
                                         int32_t culture, int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  char buf[CultureParse::kMaxCanonical];
  bool fraction = false;
  const int32_t len = CultureParse::canonical(s, s_len, CultureParse::kNumber, culture, buf, &fraction);
  if (len < 0) return finish(kParseFailed, try_null);
  const int32_t st = NumberParse::decimal(buf, len, precision, scale, out);
  return finish(st == kOk || st == kArithmeticOverflow || st == kInvalidArgument ? st : kParseFailed, try_null);
}

// .NET's Double, correctly rounded; beyond FLOAT's range is a parse error (.NET Framework's OverflowException).
TESSERA_ROW_FN int32_t tsf_parse_float(double* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  char buf[CultureParse::kMaxCanonical];
  bool fraction = false;
  const int32_t len = CultureParse::canonical(s, s_len, CultureParse::kFloat, culture, buf, &fraction);
  if (len < 0) return finish(kParseFailed, try_null);
  return finish(NumberParse::floating(buf, len, out) == kOk ? kOk : kParseFailed, try_null);
}

// .NET's Decimal with NumberStyles.Currency, rounded to MONEY's four places; outside MONEY's range is Msg 8115.
TESSERA_ROW_FN int32_t tsf_parse_money(int64_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  char buf[CultureParse::kMaxCanonical];
  bool fraction = false;
  const int32_t len = CultureParse::canonical(s, s_len, CultureParse::kCurrency, culture, buf, &fraction);
  if (len < 0) return finish(kParseFailed, try_null);
  const int32_t st = NumberParse::money(buf, len, out);
  return finish(st == kOk || st == kArithmeticOverflow ? st : kParseFailed, try_null);
}

// DATE: the DateTime's date (its time of day dropped).
TESSERA_ROW_FN int32_t tsf_parse_date(int32_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null) {
  if (!valid_culture(culture)) return kInvalidArgument;
  int64_t time_of_day = 0;
  return finish(CultureParse::date_time(s, s_len, out, &time_of_day) ? kOk : kParseFailed, try_null);
}

// DATETIME2(p), DATETIME, SMALLDATETIME (clock.hpp's kind): the DateTime rounded onto the type's grid, Msg 242
// outside its range (DATETIME before 1753, SMALLDATETIME outside 1900..2079-06-06).
TESSERA_ROW_FN int32_t tsf_parse_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind, int32_t culture,
                                          int32_t try_null) {
  if (!valid_culture(culture) || !Clock::valid_kind(to_kind)) return kInvalidArgument;
  int32_t days = 0;
  int64_t time_of_day = 0;
  if (!CultureParse::date_time(s, s_len, &days, &time_of_day)) return finish(kParseFailed, try_null);
  return finish(Clock::normalize(Clock::at(days, time_of_day), to_kind, out) ? kOk : kDateTimeOutOfRange, try_null);
}

// TIME(p): a TimeSpan of less than a day, rounded onto TIME(p)'s grid (23:59:59.9999999 into TIME(0) wraps to
// 00:00:00, as CAST does).
TESSERA_ROW_FN int32_t tsf_parse_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind, int32_t culture,
                                      int32_t try_null) {
  if (!valid_culture(culture) || !Clock::valid_time_kind(to_kind)) return kInvalidArgument;
  int64_t ticks = 0;
  if (!CultureParse::time_span(s, s_len, &ticks)) return finish(kParseFailed, try_null);
  *out = Clock::normalize_time(ticks, to_kind);
  return kOk;
}
