// The convert family's entries in the function registry: CAST, CONVERT,
// TRY_CAST and ISNUMERIC between varchar and the numeric types.
#include "tessera/functions/convert_functions.hpp"
#include "tessera/functions/number_format.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
constexpr ArgSpec kStr[] = {{"value", SqlType::String}};
constexpr ArgSpec kStrPS[] = {{"value", SqlType::String},
                              {"precision", SqlType::Int32, true},
                              {"scale", SqlType::Int32, true}};
constexpr ArgSpec kInt[] = {{"value", SqlType::Int32}};
constexpr ArgSpec kIntTry[] = {{"value", SqlType::Int32}, {"try_null", SqlType::Int32, true}};
constexpr ArgSpec kMoneyTry[] = {{"value", SqlType::Money}, {"try_null", SqlType::Int32, true}};
constexpr ArgSpec kBig[] = {{"value", SqlType::Int64}};
constexpr ArgSpec kFloat[] = {{"value", SqlType::Float64}};
constexpr ArgSpec kMoney[] = {{"value", SqlType::Money}};
constexpr ArgSpec kDecS[] = {{"value", SqlType::Decimal}, {"scale", SqlType::Int32, true}};
constexpr ArgSpec kFloatStyle[] = {{"value", SqlType::Float64}, {"style", SqlType::Int32, true}};
constexpr ArgSpec kMoneyStyle[] = {{"value", SqlType::Money}, {"style", SqlType::Int32, true}};
constexpr ArgSpec kFloatPS[] = {{"value", SqlType::Float64},
                                {"precision", SqlType::Int32, true},
                                {"scale", SqlType::Int32, true}};
constexpr ArgSpec kMoneyPS[] = {{"value", SqlType::Money},
                                {"precision", SqlType::Int32, true},
                                {"scale", SqlType::Int32, true}};
constexpr ArgSpec kIntPS[] = {{"value", SqlType::Int32},
                              {"precision", SqlType::Int32, true},
                              {"scale", SqlType::Int32, true}};
constexpr ArgSpec kBigPS[] = {{"value", SqlType::Int64},
                              {"precision", SqlType::Int32, true},
                              {"scale", SqlType::Int32, true}};
constexpr ArgSpec kDecToDec[] = {{"value", SqlType::Decimal},
                                 {"from_scale", SqlType::Int32, true},
                                 {"precision", SqlType::Int32, true},
                                 {"scale", SqlType::Int32, true}};

// PARSE / TRY_PARSE: the culture (kCultureInvariant, kCultureEnUs) and try_null are constants the binder fills.
constexpr ArgSpec kParseCulture = {"culture", SqlType::Int32, true};
constexpr ArgSpec kParseTry = {"try_null", SqlType::Int32, true};
constexpr ArgSpec kParse[] = {{"value", SqlType::String}, kParseCulture, kParseTry};
constexpr ArgSpec kParseDecimal[] = {{"value", SqlType::String},
                                     {"precision", SqlType::Int32, true},
                                     {"scale", SqlType::Int32, true},
                                     kParseCulture,
                                     kParseTry};
constexpr ArgSpec kParseKind[] = {{"value", SqlType::String}, {"to_kind", SqlType::Int32, true}, kParseCulture, kParseTry};

int64_t int32_len(const LengthInputs&) { return NumberFormat::kMaxInt32Len; }
int64_t int64_len(const LengthInputs&) { return NumberFormat::kMaxInt64Len; }
int64_t decimal_len(const LengthInputs&) { return NumberFormat::kMaxDecimalLen; }
int64_t float_len(const LengthInputs&) { return NumberFormat::kMaxFloatLen; }
int64_t money_len(const LengthInputs&) { return NumberFormat::kMaxMoneyLen; }

const FunctionSpec kConvertFunctions[] = {
    // varchar -> number
    {.sql_name = "CAST", .kernel = "cast_varchar_to_int", .result = SqlType::Int32, .args = kStr,
     .summary = "CAST(varchar AS int)", TESSERA_ROW(tsf_cast_varchar_to_int)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_int", .result = SqlType::Int32, .args = kStr,
     .summary = "TRY_CAST(varchar AS int): NULL when it does not convert", TESSERA_ROW(tsf_try_cast_varchar_to_int)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_bigint", .result = SqlType::Int64, .args = kStr,
     .summary = "CAST(varchar AS bigint)", TESSERA_ROW(tsf_cast_varchar_to_bigint)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_bigint", .result = SqlType::Int64, .args = kStr,
     .summary = "TRY_CAST(varchar AS bigint)", TESSERA_ROW(tsf_try_cast_varchar_to_bigint)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_decimal", .result = SqlType::Decimal, .args = kStrPS,
     .summary = "CAST(varchar AS decimal(p,s))", TESSERA_ROW(tsf_cast_varchar_to_decimal)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_decimal", .result = SqlType::Decimal, .args = kStrPS,
     .summary = "TRY_CAST(varchar AS decimal(p,s))", TESSERA_ROW(tsf_try_cast_varchar_to_decimal)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_float", .result = SqlType::Float64, .args = kStr,
     .summary = "CAST(varchar AS float), correctly rounded", TESSERA_ROW(tsf_cast_varchar_to_float)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_float", .result = SqlType::Float64, .args = kStr,
     .summary = "TRY_CAST(varchar AS float)", TESSERA_ROW(tsf_try_cast_varchar_to_float)},
    {.sql_name = "CAST", .kernel = "cast_varchar_to_money", .result = SqlType::Money, .args = kStr,
     .summary = "CAST(varchar AS money): currency symbol and commas allowed", TESSERA_ROW(tsf_cast_varchar_to_money)},
    {.sql_name = "TRY_CAST", .kernel = "try_cast_varchar_to_money", .result = SqlType::Money, .args = kStr,
     .summary = "TRY_CAST(varchar AS money)", TESSERA_ROW(tsf_try_cast_varchar_to_money)},
    {.sql_name = "ISNUMERIC", .kernel = "isnumeric", .result = SqlType::Int32, .args = kStr,
     .nulls = NullRule::Custom, .summary = "1 when the string converts to some numeric type; ISNUMERIC(NULL) = 0",
     TESSERA_ROW(tsf_isnumeric)},
    // PARSE(s AS type [USING culture]), TRY_PARSE: bound by kernel (bind_parse.cpp)
    {.sql_name = "PARSE", .kernel = "parse_int", .result = SqlType::Int32, .args = kParse,
     .summary = "PARSE(s AS int USING culture): .NET Int32.Parse, NumberStyles.Number", TESSERA_ROW(tsf_parse_int)},
    {.sql_name = "PARSE", .kernel = "parse_bigint", .result = SqlType::Int64, .args = kParse,
     .summary = "PARSE(s AS bigint USING culture): .NET Int64.Parse, NumberStyles.Number", TESSERA_ROW(tsf_parse_bigint)},
    {.sql_name = "PARSE", .kernel = "parse_decimal", .result = SqlType::Decimal, .args = kParseDecimal,
     .summary = "PARSE(s AS decimal(p,s) USING culture): .NET Decimal.Parse, NumberStyles.Number",
     TESSERA_ROW(tsf_parse_decimal)},
    {.sql_name = "PARSE", .kernel = "parse_float", .result = SqlType::Float64, .args = kParse,
     .summary = "PARSE(s AS float USING culture): .NET Double.Parse, NumberStyles.Float", TESSERA_ROW(tsf_parse_float)},
    {.sql_name = "PARSE", .kernel = "parse_money", .result = SqlType::Money, .args = kParse,
     .summary = "PARSE(s AS money USING culture): .NET Decimal.Parse, NumberStyles.Currency", TESSERA_ROW(tsf_parse_money)},
    {.sql_name = "PARSE", .kernel = "parse_date", .result = SqlType::Date, .args = kParse,
     .summary = "PARSE(s AS date USING culture): .NET DateTime.Parse, the date", TESSERA_ROW(tsf_parse_date)},
    {.sql_name = "PARSE", .kernel = "parse_datetime", .result = SqlType::DateTime, .args = kParseKind,
     .summary = "PARSE(s AS datetime2 | datetime | smalldatetime USING culture): .NET DateTime.Parse",
     TESSERA_ROW(tsf_parse_datetime)},
    {.sql_name = "PARSE", .kernel = "parse_time", .result = SqlType::Time, .args = kParseKind,
     .summary = "PARSE(s AS time USING culture): .NET TimeSpan.Parse, less than a day", TESSERA_ROW(tsf_parse_time)},
    // number -> varchar
    {.sql_name = "CAST", .kernel = "cast_int_to_varchar", .result = SqlType::String, .args = kInt,
     .max_length = int32_len, .summary = "CAST(int AS varchar)", TESSERA_ROW(tsf_cast_int_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_bigint_to_varchar", .result = SqlType::String, .args = kBig,
     .max_length = int64_len, .summary = "CAST(bigint AS varchar)", TESSERA_ROW(tsf_cast_bigint_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_varchar", .result = SqlType::String, .args = kDecS,
     .max_length = decimal_len, .summary = "CAST(decimal(p,s) AS varchar): s fraction digits",
     TESSERA_ROW(tsf_cast_decimal_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_float_to_varchar", .result = SqlType::String, .args = kFloat,
     .max_length = float_len, .summary = "CAST(float AS varchar): style 0, up to 6 significant digits",
     TESSERA_ROW(tsf_cast_float_to_varchar)},
    {.sql_name = "CONVERT", .kernel = "convert_float_to_varchar", .result = SqlType::String, .args = kFloatStyle,
     .max_length = float_len, .summary = "CONVERT(varchar, float, style 0|1|2)",
     TESSERA_ROW(tsf_convert_float_to_varchar)},
    {.sql_name = "CAST", .kernel = "cast_money_to_varchar", .result = SqlType::String, .args = kMoney,
     .max_length = money_len, .summary = "CAST(money AS varchar): style 0, two decimals",
     TESSERA_ROW(tsf_cast_money_to_varchar)},
    {.sql_name = "CONVERT", .kernel = "convert_money_to_varchar", .result = SqlType::String, .args = kMoneyStyle,
     .max_length = money_len, .summary = "CONVERT(varchar, money, style 0|1|2)",
     TESSERA_ROW(tsf_convert_money_to_varchar)},
    // number -> number
    {.sql_name = "CAST", .kernel = "cast_float_to_int", .result = SqlType::Int32, .args = kFloat,
     .summary = "CAST(float AS int): truncates", TESSERA_ROW(tsf_cast_float_to_int)},
    {.sql_name = "CAST", .kernel = "cast_float_to_bigint", .result = SqlType::Int64, .args = kFloat,
     .summary = "CAST(float AS bigint): truncates", TESSERA_ROW(tsf_cast_float_to_bigint)},
    {.sql_name = "CAST", .kernel = "cast_float_to_decimal", .result = SqlType::Decimal, .args = kFloatPS,
     .summary = "CAST(float AS decimal(p,s)): rounds", TESSERA_ROW(tsf_cast_float_to_decimal)},
    {.sql_name = "CAST", .kernel = "cast_float_to_money", .result = SqlType::Money, .args = kFloat,
     .summary = "CAST(float AS money): rounds", TESSERA_ROW(tsf_cast_float_to_money)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_decimal", .result = SqlType::Decimal, .args = kDecToDec,
     .summary = "CAST(decimal(., from_scale) AS decimal(p,s)): rounds", TESSERA_ROW(tsf_cast_decimal_to_decimal)},
    {.sql_name = "CAST", .kernel = "range_tinyint", .result = SqlType::Int32, .args = kIntTry,
     .summary = "CAST(int AS TINYINT): 0..255 or Msg 220 (try_null = 1: NULL)", TESSERA_ROW(tsf_range_tinyint)},
    {.sql_name = "CAST", .kernel = "range_smallint", .result = SqlType::Int32, .args = kIntTry,
     .summary = "CAST(int AS SMALLINT): -32768..32767 or Msg 220 (try_null = 1: NULL)", TESSERA_ROW(tsf_range_smallint)},
    {.sql_name = "CAST", .kernel = "range_smallmoney", .result = SqlType::Money, .args = kMoneyTry,
     .summary = "CAST(money AS SMALLMONEY): +-214748.3647 or Msg 8115 (try_null = 1: NULL)",
     TESSERA_ROW(tsf_range_smallmoney)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_int", .result = SqlType::Int32, .args = kDecS,
     .summary = "CAST(decimal AS int): truncates", TESSERA_ROW(tsf_cast_decimal_to_int)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_bigint", .result = SqlType::Int64, .args = kDecS,
     .summary = "CAST(decimal AS bigint): truncates", TESSERA_ROW(tsf_cast_decimal_to_bigint)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_money", .result = SqlType::Money, .args = kDecS,
     .summary = "CAST(decimal AS money): rounds", TESSERA_ROW(tsf_cast_decimal_to_money)},
    {.sql_name = "CAST", .kernel = "cast_decimal_to_float", .result = SqlType::Float64, .args = kDecS,
     .summary = "CAST(decimal AS float), correctly rounded", TESSERA_ROW(tsf_cast_decimal_to_float)},
    {.sql_name = "CAST", .kernel = "cast_money_to_int", .result = SqlType::Int32, .args = kMoney,
     .summary = "CAST(money AS int): rounds", TESSERA_ROW(tsf_cast_money_to_int)},
    {.sql_name = "CAST", .kernel = "cast_money_to_bigint", .result = SqlType::Int64, .args = kMoney,
     .summary = "CAST(money AS bigint): rounds", TESSERA_ROW(tsf_cast_money_to_bigint)},
    {.sql_name = "CAST", .kernel = "cast_money_to_decimal", .result = SqlType::Decimal, .args = kMoneyPS,
     .summary = "CAST(money AS decimal(p,s)): rounds", TESSERA_ROW(tsf_cast_money_to_decimal)},
    {.sql_name = "CAST", .kernel = "cast_money_to_float", .result = SqlType::Float64, .args = kMoney,
     .summary = "CAST(money AS float)", TESSERA_ROW(tsf_cast_money_to_float)},
    {.sql_name = "CAST", .kernel = "cast_int_to_decimal", .result = SqlType::Decimal, .args = kIntPS,
     .summary = "CAST(int AS decimal(p,s))", TESSERA_ROW(tsf_cast_int_to_decimal)},
    {.sql_name = "CAST", .kernel = "cast_bigint_to_decimal", .result = SqlType::Decimal, .args = kBigPS,
     .summary = "CAST(bigint AS decimal(p,s))", TESSERA_ROW(tsf_cast_bigint_to_decimal)},
    {.sql_name = "CAST", .kernel = "cast_int_to_money", .result = SqlType::Money, .args = kInt,
     .summary = "CAST(int AS money)", TESSERA_ROW(tsf_cast_int_to_money)},
    {.sql_name = "CAST", .kernel = "cast_bigint_to_money", .result = SqlType::Money, .args = kBig,
     .summary = "CAST(bigint AS money)", TESSERA_ROW(tsf_cast_bigint_to_money)},
};
}  // namespace

std::span<const FunctionSpec> convert_functions() { return kConvertFunctions; }

}  // namespace tessera::fn
