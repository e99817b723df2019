// CAST/TRY_CAST(varchar AS int | bigint | decimal | float | money) and ISNUMERIC.
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/number_parse.hpp"

using tessera::fn::kNull;
using tessera::fn::kOk;
using tessera::fn::NumberParse;

namespace {
// TRY_CAST: every failure (syntax, range, bad arguments) is a NULL result.
constexpr int32_t to_try(int32_t status) { return status == kOk ? kOk : kNull; }
}  // namespace

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_int(int32_t* out, const char* s, int32_t s_len) {
  return NumberParse::integer<int32_t>(s, s_len, out);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_int(int32_t* out, const char* s, int32_t s_len) {
  return to_try(NumberParse::integer<int32_t>(s, s_len, out));
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_bigint(int64_t* out, const char* s, int32_t s_len) {
  return NumberParse::integer<int64_t>(s, s_len, out);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_bigint(int64_t* out, const char* s, int32_t s_len) {
  return to_try(NumberParse::integer<int64_t>(s, s_len, out));
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_decimal(int64_t* out, const char* s, int32_t s_len, int32_t precision,
                                                   int32_t scale) {
  return NumberParse::decimal(s, s_len, precision, scale, out);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_decimal(int64_t* out, const char* s, int32_t s_len,
                                                       int32_t precision, int32_t scale) {
  return to_try(NumberParse::decimal(s, s_len, precision, scale, out));
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_float(double* out, const char* s, int32_t s_len) {
  return NumberParse::floating(s, s_len, out);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_float(double* out, const char* s, int32_t s_len) {
  return to_try(NumberParse::floating(s, s_len, out));
}

TESSERA_ROW_FN int32_t tsf_cast_varchar_to_money(int64_t* out, const char* s, int32_t s_len) {
  return NumberParse::money(s, s_len, out);
}
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_money(int64_t* out, const char* s, int32_t s_len) {
  return to_try(NumberParse::money(s, s_len, out));
}

TESSERA_ROW_FN int32_t tsf_isnumeric(int32_t* out, const char* s, int32_t s_len, uint8_t s_is_null) {
  *out = s_is_null ? 0 : NumberParse::is_numeric(s, s_len);
  return kOk;
}
