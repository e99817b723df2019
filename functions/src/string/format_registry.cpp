// STR and FORMAT's entries in the function registry (string_format.cpp). FORMAT is bound by kernel id
// (Binder::bind_variadic): the binder picks the kernel by the value's type and turns the culture into a constant.
#include <cstdint>

#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
// STR(x) is STR(x, 10, 0): those constants get a specialised GPU kernel.
constexpr int64_t kDefaultLength[] = {10};
constexpr int64_t kDefaultDecimal[] = {0};
constexpr ArgSpec kStr[] = {{"float_expression", SqlType::Float64},
                            {.name = "length", .type = SqlType::Int32, .constant = true, .specialize = kDefaultLength},
                            {.name = "decimal", .type = SqlType::Int32, .constant = true, .specialize = kDefaultDecimal}};
// The format is per row (a column or a constant string); the name `format` makes the differential test draw
// format strings for it. The culture: kCultureInvariant or kCultureEnUs.
#define TESSERA_FORMAT_ARGS(value_type, ...)                                                      \
  {{"value", value_type}, __VA_ARGS__ {"format", SqlType::String},                                 \
   {.name = "culture", .type = SqlType::Int32, .constant = true}}
constexpr ArgSpec kFormatInt[] = TESSERA_FORMAT_ARGS(SqlType::Int32, );
constexpr ArgSpec kFormatBigint[] = TESSERA_FORMAT_ARGS(SqlType::Int64, );
constexpr ArgSpec kFormatDecimal[] =
    TESSERA_FORMAT_ARGS(SqlType::Decimal, {.name = "scale", .type = SqlType::Int32, .constant = true}, );
constexpr ArgSpec kFormatMoney[] = TESSERA_FORMAT_ARGS(SqlType::Money, );
constexpr ArgSpec kFormatFloat[] = TESSERA_FORMAT_ARGS(SqlType::Float64, );
constexpr ArgSpec kFormatDate[] = TESSERA_FORMAT_ARGS(SqlType::Date, );
constexpr ArgSpec kFormatDateTime[] =
    TESSERA_FORMAT_ARGS(SqlType::DateTime, {.name = "kind", .type = SqlType::Int32, .constant = true}, );
constexpr ArgSpec kFormatTime[] =
    TESSERA_FORMAT_ARGS(SqlType::Time, {.name = "kind", .type = SqlType::Int32, .constant = true}, );
#undef TESSERA_FORMAT_ARGS

// STR: `length` characters (NULL when it is not 1..8000).
int64_t str_length(const LengthInputs& in) {
  const int64_t n = in.value[1];
  return n < 0 ? 0 : n > kStrMaxLength ? kStrMaxLength : n;
}
// FORMAT, by the format's length f. Numbers: a format character writes at most 4 bytes (a digit and a group
// separator per '0', two digits and a separator per '%'), beside the value's digits written at once (an Int64's 19 or
// a Decimal's 18 with their separators, a precision of at most 99: C99, N99, P99, D99, X99, E99); a Double's
// integer part has up to 309 digits (1E308 with N99: 309 digits, 102 separators and 99 decimals).
// The format is argument 1 (value, format, culture), a DECIMAL's argument 2 (value, scale, format, culture).
int64_t format_exact_number_length(const LengthInputs& in) { return 4 * in.length[1] + 160; }
int64_t format_decimal_length(const LengthInputs& in) { return 4 * in.length[2] + 160; }
int64_t format_float_length(const LengthInputs& in) { return 4 * in.length[1] + 640; }
// Dates (value, format, culture; DATETIME and TIME: value, kind, format, culture): a format character writes at most 4 bytes ('g' is A.D., "dddd" a day's 9-letter name), a standard format
// (one character) at most 42 ("Wednesday, September 30, 2020 12:00:00 AM").
int64_t format_date_length(const LengthInputs& in) { return 4 * in.length[1] + 48; }
int64_t format_datetime_length(const LengthInputs& in) { return 4 * in.length[2] + 48; }
// TimeSpan: at most two bytes a format character (a lone h, m or s is two digits: "hmshms"), "G" 18 bytes.
int64_t format_time_length(const LengthInputs& in) { return 2 * in.length[2] + 24; }

// FORMATMESSAGE (string_message.cpp): a link of the binder's chain, the message and six parameters as text (NULL
// prints as (null)); flags: how many parameters are real, plus kFormatMessageLast on the last link.
constexpr ArgSpec kFormatMessage[] = {{"msg_string", SqlType::String},   {"param_value1", SqlType::String},
                                      {"param_value2", SqlType::String}, {"param_value3", SqlType::String},
                                      {"param_value4", SqlType::String}, {"param_value5", SqlType::String},
                                      {"param_value6", SqlType::String},
                                      {.name = "formatmessage_flags", .type = SqlType::Int32, .constant = true}};
// A link that is not the last: the message, each parameter written twice over (% doubled), each placeholder
// padded to at most kFormatMessageMaxChars characters (a width or zeros) plus a sign and a prefix. The last: a
// placeholder of k bytes writes at most 10^(k-2) - 1 characters of padding (at most kFormatMessageMaxChars), so
// under 342 bytes a format byte, and never more than kFormatMessageLastCap bytes (2,048 characters or more are
// cut).
int64_t formatmessage_length(const LengthInputs& in) {
  int64_t n = in.length[0];
  for (int i = 1; i <= kFormatMessageMaxParams; ++i) n += 2 * in.length[i] + kFormatMessageMaxChars + 32;
  if ((in.value[7] & kFormatMessageLast) == 0) return n;
  const int64_t last = 342 * in.length[0] + n;
  return last < kFormatMessageLastCap ? last : kFormatMessageLastCap;
}

const FunctionSpec kFormatFunctions[] = {
    {.sql_name = "STR", .kernel = "str", .result = SqlType::String, .args = kStr, .max_length = str_length,
     .summary = "a FLOAT right-justified in length characters with decimal places", TESSERA_ROW(tsf_str)},
    {.sql_name = "FORMATMESSAGE", .kernel = "formatmessage", .result = SqlType::String, .args = kFormatMessage,
     .nulls = NullRule::Custom, .max_length = formatmessage_length,
     .summary = "a message from a msg_string with RAISERROR's placeholders (six parameters a link of the binder's chain)",
     TESSERA_ROW(tsf_formatmessage)},
    {.sql_name = "FORMAT", .kernel = "format_int", .result = SqlType::String, .args = kFormatInt,
     .max_length = format_exact_number_length, .summary = "an INT by a .NET format string", TESSERA_ROW(tsf_format_int)},
    {.sql_name = "FORMAT", .kernel = "format_bigint", .result = SqlType::String, .args = kFormatBigint,
     .max_length = format_exact_number_length, .summary = "a BIGINT by a .NET format string",
     TESSERA_ROW(tsf_format_bigint)},
    {.sql_name = "FORMAT", .kernel = "format_decimal", .result = SqlType::String, .args = kFormatDecimal,
     .max_length = format_decimal_length, .summary = "a DECIMAL by a .NET format string",
     TESSERA_ROW(tsf_format_decimal)},
    {.sql_name = "FORMAT", .kernel = "format_money", .result = SqlType::String, .args = kFormatMoney,
     .max_length = format_exact_number_length, .summary = "a MONEY by a .NET format string",
     TESSERA_ROW(tsf_format_money)},
    {.sql_name = "FORMAT", .kernel = "format_float", .result = SqlType::String, .args = kFormatFloat,
     .max_length = format_float_length, .summary = "a FLOAT by a .NET format string", TESSERA_ROW(tsf_format_float)},
    {.sql_name = "FORMAT", .kernel = "format_date", .result = SqlType::String, .args = kFormatDate,
     .max_length = format_date_length, .summary = "a DATE by a .NET format string", TESSERA_ROW(tsf_format_date)},
    {.sql_name = "FORMAT", .kernel = "format_datetime", .result = SqlType::String, .args = kFormatDateTime,
     .max_length = format_datetime_length, .summary = "a DATETIME2/DATETIME/SMALLDATETIME by a .NET format string",
     TESSERA_ROW(tsf_format_datetime)},
    {.sql_name = "FORMAT", .kernel = "format_time", .result = SqlType::String, .args = kFormatTime,
     .max_length = format_time_length, .summary = "a TIME by a .NET TimeSpan format string",
     TESSERA_ROW(tsf_format_time)},
};
}  // namespace

std::span<const FunctionSpec> format_functions() { return kFormatFunctions; }

}  // namespace tessera::fn
