// CAST/CONVERT(int | bigint | decimal | float | money AS varchar).
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/decimal.hpp"
#include "tessera/functions/number_format.hpp"

using tessera::fn::kInvalidArgument;
using tessera::fn::kMaxDecimalPrecision;
using tessera::fn::kOk;
using tessera::fn::NumberFormat;

TESSERA_ROW_FN int32_t tsf_cast_int_to_varchar(char* out, int32_t* out_len, int32_t v) {
  *out_len = NumberFormat::write_int(out, v);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_bigint_to_varchar(char* out, int32_t* out_len, int64_t v) {
  *out_len = NumberFormat::write_int(out, v);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_decimal_to_varchar(char* out, int32_t* out_len, int64_t v, int32_t scale) {
  if (scale < 0 || scale > kMaxDecimalPrecision) return kInvalidArgument;
  *out_len = NumberFormat::write_decimal(out, v, scale);
  return kOk;
}

TESSERA_ROW_FN int32_t tsf_cast_float_to_varchar(char* out, int32_t* out_len, double v) {
  return NumberFormat::write_float(out, out_len, v, 0);
}

TESSERA_ROW_FN int32_t tsf_convert_float_to_varchar(char* out, int32_t* out_len, double v, int32_t style) {
  return NumberFormat::write_float(out, out_len, v, style);
}

TESSERA_ROW_FN int32_t tsf_cast_money_to_varchar(char* out, int32_t* out_len, int64_t v) {
  return NumberFormat::write_money(out, out_len, v, 0);
}

TESSERA_ROW_FN int32_t tsf_convert_money_to_varchar(char* out, int32_t* out_len, int64_t v, int32_t style) {
  return NumberFormat::write_money(out, out_len, v, style);
}
