// The date family's entries in the function registry.
#include "tessera/functions/date_format.hpp"
#include "tessera/functions/date_functions.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
// Values that get specialised kernels (DatePart: year..iso_week; the CONVERT styles TPC-H-like reports use).
constexpr int64_t kCommonParts[] = {0, 1, 2, 3, 4, 5, 6, 7};
constexpr int64_t kCommonStyles[] = {1, 23, 101, 103, 104, 110, 111, 112, 120, 126};
constexpr ArgSpec kDate[] = {{"date", SqlType::Date}};
constexpr ArgSpec kPartDate[] = {{.name = "part", .type = SqlType::Int32, .constant = true, .specialize = kCommonParts},
                                 {.name = "date", .type = SqlType::Date}};
constexpr ArgSpec kPartNumberDate[] = {{.name = "part", .type = SqlType::Int32, .constant = true, .specialize = kCommonParts},
                                       {.name = "number", .type = SqlType::Int32},
                                       {.name = "date", .type = SqlType::Date}};
constexpr ArgSpec kPartNumberDateOrigin[] = {{.name = "part", .type = SqlType::Int32, .constant = true, .specialize = kCommonParts},
                                             {.name = "number", .type = SqlType::Int32},
                                             {.name = "date", .type = SqlType::Date},
                                             {.name = "origin", .type = SqlType::Date}};
constexpr ArgSpec kPartStartEnd[] = {{.name = "part", .type = SqlType::Int32, .constant = true, .specialize = kCommonParts},
                                     {.name = "startdate", .type = SqlType::Date},
                                     {.name = "enddate", .type = SqlType::Date}};
constexpr ArgSpec kDateMonths[] = {{"start_date", SqlType::Date}, {"month_to_add", SqlType::Int32}};
constexpr ArgSpec kYearMonthDay[] = {{"year", SqlType::Int32}, {"month", SqlType::Int32}, {"day", SqlType::Int32}};
constexpr ArgSpec kDateStyle[] = {{.name = "date", .type = SqlType::Date},
                                  {.name = "style", .type = SqlType::Int32, .constant = true, .specialize = kCommonStyles}};
constexpr ArgSpec kString[] = {{"expression", SqlType::String}};
constexpr ArgSpec kStringStyle[] = {{.name = "expression", .type = SqlType::String},
                                    {.name = "style", .type = SqlType::Int32, .constant = true, .specialize = kCommonStyles}};

// DATENAME: a month or weekday name, otherwise at most 4 digits (year 9999).
int64_t datename_length(const LengthInputs& in) {
  const int64_t part = in.value[0];
  if (part == int64_t(DatePart::Month) || part == int64_t(DatePart::Weekday)) return kMaxDateNameBytes;
  return 4;
}
int64_t cast_date_length(const LengthInputs&) { return 10; }
int64_t convert_date_length(const LengthInputs& in) {
  const int64_t style = in.value[1];
  return style < INT32_MIN || style > INT32_MAX ? 0 : DateStyle::max_length(static_cast<int32_t>(style));
}

const FunctionSpec kDateFunctions[] = {
    {.sql_name = "YEAR", .kernel = "year", .result = SqlType::Int32, .args = kDate,
     .summary = "year of a date", TESSERA_ROW(tsf_year)},
    {.sql_name = "MONTH", .kernel = "month", .result = SqlType::Int32, .args = kDate,
     .summary = "month (1-12) of a date", TESSERA_ROW(tsf_month)},
    {.sql_name = "DAY", .kernel = "day", .result = SqlType::Int32, .args = kDate,
     .summary = "day of the month of a date", TESSERA_ROW(tsf_day)},
    {.sql_name = "DATEPART", .kernel = "datepart", .result = SqlType::Int32, .args = kPartDate,
     .uses_context = true, .summary = "an integer part of a date (week and weekday follow DATEFIRST)",
     TESSERA_ROW(tsf_datepart)},
    {.sql_name = "DATENAME", .kernel = "datename", .result = SqlType::String, .args = kPartDate,
     .uses_context = true, .max_length = datename_length,
     .summary = "a part of a date as text (month and weekday names in the session language)",
     TESSERA_ROW(tsf_datename)},
    {.sql_name = "DATETRUNC", .kernel = "datetrunc", .result = SqlType::Date, .args = kPartDate,
     .uses_context = true, .summary = "the first day of the year/quarter/month/week holding a date",
     TESSERA_ROW(tsf_datetrunc)},
    {.sql_name = "DATEADD", .kernel = "dateadd", .result = SqlType::Date, .args = kPartNumberDate,
     .summary = "a date plus a number of parts (month ends clamp)", TESSERA_ROW(tsf_dateadd)},
    {.sql_name = "DATEDIFF", .kernel = "datediff", .result = SqlType::Int32, .args = kPartStartEnd,
     .summary = "part boundaries crossed between two dates", TESSERA_ROW(tsf_datediff)},
    {.sql_name = "DATEDIFF_BIG", .kernel = "datediff_big", .result = SqlType::Int64, .args = kPartStartEnd,
     .summary = "part boundaries crossed between two dates, as bigint", TESSERA_ROW(tsf_datediff_big)},
    {.sql_name = "EOMONTH", .kernel = "eomonth", .result = SqlType::Date, .args = kDate,
     .summary = "last day of the month of a date", TESSERA_ROW(tsf_eomonth)},
    {.sql_name = "EOMONTH", .kernel = "eomonth_add", .result = SqlType::Date, .args = kDateMonths,
     .summary = "last day of the month a number of months after a date", TESSERA_ROW(tsf_eomonth_add)},
    {.sql_name = "DATEFROMPARTS", .kernel = "datefromparts", .result = SqlType::Date, .args = kYearMonthDay,
     .summary = "the date with the given year, month and day", TESSERA_ROW(tsf_datefromparts)},
    {.sql_name = "DATE_BUCKET", .kernel = "date_bucket", .result = SqlType::Date, .args = kPartNumberDate,
     .summary = "start of the bucket holding a date (origin 1900-01-01)", TESSERA_ROW(tsf_date_bucket)},
    {.sql_name = "DATE_BUCKET", .kernel = "date_bucket_origin", .result = SqlType::Date,
     .args = kPartNumberDateOrigin, .summary = "start of the bucket holding a date, from an origin",
     TESSERA_ROW(tsf_date_bucket_origin)},
    {.sql_name = "CAST", .kernel = "cast_date_to_varchar", .result = SqlType::String, .args = kDate,
     .max_length = cast_date_length, .summary = "date as yyyy-mm-dd", TESSERA_ROW(tsf_cast_date_to_varchar)},
    {.sql_name = "CONVERT", .kernel = "convert_date_to_varchar", .result = SqlType::String, .args = kDateStyle,
     .uses_context = true, .max_length = convert_date_length, .summary = "date as text in a CONVERT style",
     TESSERA_ROW(tsf_convert_date_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_date", .result = SqlType::Date, .args = kString,
     .uses_context = true, .summary = "string to date (SET DATEFORMAT, LANGUAGE)",
     TESSERA_ROW(tsf_cast_varchar_to_date)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_date", .result = SqlType::Date, .args = kString,
     .uses_context = true, .summary = "string to date, NULL when it does not parse",
     TESSERA_ROW(tsf_try_cast_varchar_to_date)},
    {.sql_name = "CONVERT", .kernel = "convert_varchar_to_date", .result = SqlType::Date, .args = kStringStyle,
     .uses_context = true, .summary = "string to date in a CONVERT style",
     TESSERA_ROW(tsf_convert_varchar_to_date)},
    {.sql_name = "TRY_CONVERT", .kernel = "try_convert_varchar_to_date", .result = SqlType::Date,
     .args = kStringStyle, .uses_context = true,
     .summary = "string to date in a CONVERT style, NULL when it does not parse",
     TESSERA_ROW(tsf_try_convert_varchar_to_date)},
    {.sql_name = "ISDATE", .kernel = "isdate", .result = SqlType::Int32, .args = kString,
     .nulls = NullRule::Custom, .uses_context = true, .summary = "1 if a string is a valid datetime, else 0",
     TESSERA_ROW(tsf_isdate)},
};
}  // namespace

std::span<const FunctionSpec> date_functions() { return kDateFunctions; }

}  // namespace tessera::fn
