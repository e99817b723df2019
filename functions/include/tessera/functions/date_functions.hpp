// Row functions of the date family (SQL Server semantics). See row_abi.hpp.
// `part` arguments are DatePart values (date_part.hpp), `style` arguments
// CONVERT styles (date_format.hpp); both are constant arguments.
#pragma once

#include "tessera/functions/row_abi.hpp"


// YEAR(date), MONTH(date), DAY(date)
TESSERA_ROW_FN int32_t tsf_year(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_month(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_day(int32_t* out, int32_t date);

// DATEPART(part, date), DATENAME(part, date), DATETRUNC(part, date)
TESSERA_ROW_FN int32_t tsf_datepart(int32_t* out, int32_t part, int32_t date, const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_datename(char* out, int32_t* out_len, int32_t part, int32_t date,
                                    const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_datetrunc(int32_t* out, int32_t part, int32_t date, const tessera::fn::SessionContext* ctx);

// DATEADD(part, number, date), DATEDIFF(part, start, end), DATEDIFF_BIG
TESSERA_ROW_FN int32_t tsf_dateadd(int32_t* out, int32_t part, int32_t number, int32_t date);
TESSERA_ROW_FN int32_t tsf_datediff(int32_t* out, int32_t part, int32_t start, int32_t end);
TESSERA_ROW_FN int32_t tsf_datediff_big(int64_t* out, int32_t part, int32_t start, int32_t end);

// EOMONTH(date), EOMONTH(date, months_to_add), DATEFROMPARTS(year, month, day)
TESSERA_ROW_FN int32_t tsf_eomonth(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_eomonth_add(int32_t* out, int32_t date, int32_t months);
TESSERA_ROW_FN int32_t tsf_datefromparts(int32_t* out, int32_t year, int32_t month, int32_t day);

// DATE_BUCKET(part, number, date [, origin])
TESSERA_ROW_FN int32_t tsf_date_bucket(int32_t* out, int32_t part, int32_t number, int32_t date);
TESSERA_ROW_FN int32_t tsf_date_bucket_origin(int32_t* out, int32_t part, int32_t number, int32_t date,
                                              int32_t origin);

// CAST(date AS varchar), CONVERT(varchar, date, style)
TESSERA_ROW_FN int32_t tsf_cast_date_to_varchar(char* out, int32_t* out_len, int32_t date);
TESSERA_ROW_FN int32_t tsf_convert_date_to_varchar(char* out, int32_t* out_len, int32_t date, int32_t style,
                                                   const tessera::fn::SessionContext* ctx);

// CAST / TRY_CAST (varchar AS date), CONVERT / TRY_CONVERT (date, varchar, style)
TESSERA_ROW_FN int32_t tsf_cast_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_try_cast_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                    const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_convert_varchar_to_date(int32_t* out, const char* s, int32_t s_len, int32_t style,
                                                   const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_try_convert_varchar_to_date(int32_t* out, const char* s, int32_t s_len,
                                                       int32_t style, const tessera::fn::SessionContext* ctx);

// ISDATE(varchar): 1 if the string is a valid datetime, else 0 (NULL -> 0)
TESSERA_ROW_FN int32_t tsf_isdate(int32_t* out, const char* s, int32_t s_len, uint8_t s_is_null,
                                  const tessera::fn::SessionContext* ctx);
