// Row functions of the CONVERT family for numbers (SQL Server CAST, CONVERT,
// TRY_CAST, TRY_CONVERT, ISNUMERIC). See row_abi.hpp for the conventions,
// number_parse.hpp / number_format.hpp for the grammar and styles.
// DECIMAL values are int64 scaled by 10^scale; precision and scale are
// constant arguments. MONEY is int64 scaled by 10^4. TRY_ twins return kNull
// where the plain function returns an error.
#pragma once

#include "tessera/functions/row_abi.hpp"

// ---- varchar -> number ----
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_int(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_int(int32_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_bigint(int64_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_bigint(int64_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_decimal(int64_t* out, const char* s, int32_t s_len, int32_t precision,
                                                   int32_t scale);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_decimal(int64_t* out, const char* s, int32_t s_len,
                                                       int32_t precision, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_float(double* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_float(double* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_money(int64_t* out, const char* s, int32_t s_len);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_money(int64_t* out, const char* s, int32_t s_len);
// ISNUMERIC(varchar): NULL gives 0.
TESSERA_ROW_FN int32_t tsf_isnumeric(int32_t* out, const char* s, int32_t s_len, uint8_t s_is_null);

// ---- number -> varchar ----
TESSERA_ROW_FN int32_t tsf_cast_int_to_varchar(char* out, int32_t* out_len, int32_t v);
TESSERA_ROW_FN int32_t tsf_cast_bigint_to_varchar(char* out, int32_t* out_len, int64_t v);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_varchar(char* out, int32_t* out_len, int64_t v, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_float_to_varchar(char* out, int32_t* out_len, double v);
TESSERA_ROW_FN int32_t tsf_convert_float_to_varchar(char* out, int32_t* out_len, double v, int32_t style);
TESSERA_ROW_FN int32_t tsf_cast_money_to_varchar(char* out, int32_t* out_len, int64_t v);
TESSERA_ROW_FN int32_t tsf_convert_money_to_varchar(char* out, int32_t* out_len, int64_t v, int32_t style);

// ---- number -> number ----
// The ranges of TINYINT, SMALLINT and SMALLMONEY (kept as INT and MONEY); try_null = 1: NULL when outside.
TESSERA_ROW_FN int32_t tsf_range_tinyint(int32_t* out, int32_t v, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_range_smallint(int32_t* out, int32_t v, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_range_smallmoney(int64_t* out, int64_t v, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_cast_float_to_int(int32_t* out, double v);
TESSERA_ROW_FN int32_t tsf_cast_float_to_bigint(int64_t* out, double v);
TESSERA_ROW_FN int32_t tsf_cast_float_to_decimal(int64_t* out, double v, int32_t precision, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_float_to_money(int64_t* out, double v);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_decimal(int64_t* out, int64_t v, int32_t from_scale, int32_t precision,
                                                   int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_int(int32_t* out, int64_t v, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_bigint(int64_t* out, int64_t v, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_money(int64_t* out, int64_t v, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_decimal_to_float(double* out, int64_t v, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_money_to_int(int32_t* out, int64_t v);
TESSERA_ROW_FN int32_t tsf_cast_money_to_bigint(int64_t* out, int64_t v);
TESSERA_ROW_FN int32_t tsf_cast_money_to_decimal(int64_t* out, int64_t v, int32_t precision, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_money_to_float(double* out, int64_t v);
TESSERA_ROW_FN int32_t tsf_cast_int_to_decimal(int64_t* out, int32_t v, int32_t precision, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_bigint_to_decimal(int64_t* out, int64_t v, int32_t precision, int32_t scale);
TESSERA_ROW_FN int32_t tsf_cast_int_to_money(int64_t* out, int32_t v);
TESSERA_ROW_FN int32_t tsf_cast_bigint_to_money(int64_t* out, int64_t v);

// ---- PARSE / TRY_PARSE (convert_culture_parse.cpp) ----
// PARSE(s AS type USING culture): culture kCultureInvariant or kCultureEnUs (format_functions.hpp), try_null 1 for
// TRY_PARSE. A DECIMAL's precision and scale, a date-time's kind (clock.hpp) are constants.
TESSERA_ROW_FN int32_t tsf_parse_int(int32_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_bigint(int64_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_decimal(int64_t* out, const char* s, int32_t s_len, int32_t precision, int32_t scale,
                                         int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_float(double* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_money(int64_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_date(int32_t* out, const char* s, int32_t s_len, int32_t culture, int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_datetime(int64_t* out, const char* s, int32_t s_len, int32_t to_kind, int32_t culture,
                                          int32_t try_null);
TESSERA_ROW_FN int32_t tsf_parse_time(int64_t* out, const char* s, int32_t s_len, int32_t to_kind, int32_t culture,
                                      int32_t try_null);
