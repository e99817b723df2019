// The logical family's entries in the function registry: GREATEST and LEAST for each type the binder may
// convert their arguments to (logical_functions.hpp).
#include <algorithm>

#include "tessera/functions/logical_functions.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {

constexpr ArgSpec kTwoBool[] = {{"a", SqlType::Bool}, {"b", SqlType::Bool}};
constexpr ArgSpec kTwoInt32[] = {{"a", SqlType::Int32}, {"b", SqlType::Int32}};
constexpr ArgSpec kTwoInt64[] = {{"a", SqlType::Int64}, {"b", SqlType::Int64}};
constexpr ArgSpec kTwoFloat64[] = {{"a", SqlType::Float64}, {"b", SqlType::Float64}};
constexpr ArgSpec kTwoDecimal[] = {{"a", SqlType::Decimal}, {"b", SqlType::Decimal}};
constexpr ArgSpec kTwoMoney[] = {{"a", SqlType::Money}, {"b", SqlType::Money}};
constexpr ArgSpec kTwoDate[] = {{"a", SqlType::Date}, {"b", SqlType::Date}};
constexpr ArgSpec kTwoDateTime[] = {{"a", SqlType::DateTime}, {"b", SqlType::DateTime}};
constexpr ArgSpec kTwoTime[] = {{"a", SqlType::Time}, {"b", SqlType::Time}};
constexpr ArgSpec kTwoString[] = {{"a", SqlType::String}, {"b", SqlType::String}};

// The longer of the two strings.
int64_t longer_length(const LengthInputs& in) { return std::max(in.length[0], in.length[1]); }

const FunctionSpec kLogicalFunctions[] = {
    {.sql_name = "GREATEST", .kernel = "greatest_bool", .result = SqlType::Bool, .args = kTwoBool,
     .nulls = NullRule::Custom, .summary = "the larger of two BIT values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_b)},
    {.sql_name = "GREATEST", .kernel = "greatest_int", .result = SqlType::Int32, .args = kTwoInt32,
     .nulls = NullRule::Custom, .summary = "the larger of two INT values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_i)},
    {.sql_name = "GREATEST", .kernel = "greatest_bigint", .result = SqlType::Int64, .args = kTwoInt64,
     .nulls = NullRule::Custom, .summary = "the larger of two BIGINT values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_l)},
    {.sql_name = "GREATEST", .kernel = "greatest_float", .result = SqlType::Float64, .args = kTwoFloat64,
     .nulls = NullRule::Custom, .summary = "the larger of two FLOAT values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_d)},
    {.sql_name = "GREATEST", .kernel = "greatest_decimal", .result = SqlType::Decimal, .args = kTwoDecimal,
     .nulls = NullRule::Custom, .summary = "the larger of two DECIMAL (one scale) values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_l)},
    {.sql_name = "GREATEST", .kernel = "greatest_money", .result = SqlType::Money, .args = kTwoMoney,
     .nulls = NullRule::Custom, .summary = "the larger of two MONEY values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_l)},
    {.sql_name = "GREATEST", .kernel = "greatest_date", .result = SqlType::Date, .args = kTwoDate,
     .nulls = NullRule::Custom, .summary = "the larger of two DATE values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_i)},
    {.sql_name = "GREATEST", .kernel = "greatest_datetime", .result = SqlType::DateTime, .args = kTwoDateTime,
     .nulls = NullRule::Custom, .summary = "the larger of two DATETIME2/DATETIME/SMALLDATETIME values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_l)},
    {.sql_name = "GREATEST", .kernel = "greatest_time", .result = SqlType::Time, .args = kTwoTime,
     .nulls = NullRule::Custom, .summary = "the larger of two TIME values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_l)},
    {.sql_name = "GREATEST", .kernel = "greatest_string", .result = SqlType::String, .args = kTwoString,
     .nulls = NullRule::Custom, .uses_context = true, .max_length = longer_length, .summary = "the larger of two VARCHAR values, NULLs ignored",
     TESSERA_ROW(tsf_greatest_s)},
    {.sql_name = "LEAST", .kernel = "least_bool", .result = SqlType::Bool, .args = kTwoBool,
     .nulls = NullRule::Custom, .summary = "the smaller of two BIT values, NULLs ignored",
     TESSERA_ROW(tsf_least_b)},
    {.sql_name = "LEAST", .kernel = "least_int", .result = SqlType::Int32, .args = kTwoInt32,
     .nulls = NullRule::Custom, .summary = "the smaller of two INT values, NULLs ignored",
     TESSERA_ROW(tsf_least_i)},
    {.sql_name = "LEAST", .kernel = "least_bigint", .result = SqlType::Int64, .args = kTwoInt64,
     .nulls = NullRule::Custom, .summary = "the smaller of two BIGINT values, NULLs ignored",
     TESSERA_ROW(tsf_least_l)},
    {.sql_name = "LEAST", .kernel = "least_float", .result = SqlType::Float64, .args = kTwoFloat64,
     .nulls = NullRule::Custom, .summary = "the smaller of two FLOAT values, NULLs ignored",
     TESSERA_ROW(tsf_least_d)},
    {.sql_name = "LEAST", .kernel = "least_decimal", .result = SqlType::Decimal, .args = kTwoDecimal,
     .nulls = NullRule::Custom, .summary = "the smaller of two DECIMAL (one scale) values, NULLs ignored",
     TESSERA_ROW(tsf_least_l)},
    {.sql_name = "LEAST", .kernel = "least_money", .result = SqlType::Money, .args = kTwoMoney,
     .nulls = NullRule::Custom, .summary = "the smaller of two MONEY values, NULLs ignored",
     TESSERA_ROW(tsf_least_l)},
    {.sql_name = "LEAST", .kernel = "least_date", .result = SqlType::Date, .args = kTwoDate,
     .nulls = NullRule::Custom, .summary = "the smaller of two DATE values, NULLs ignored",
     TESSERA_ROW(tsf_least_i)},
    {.sql_name = "LEAST", .kernel = "least_datetime", .result = SqlType::DateTime, .args = kTwoDateTime,
     .nulls = NullRule::Custom, .summary = "the smaller of two DATETIME2/DATETIME/SMALLDATETIME values, NULLs ignored",
     TESSERA_ROW(tsf_least_l)},
    {.sql_name = "LEAST", .kernel = "least_time", .result = SqlType::Time, .args = kTwoTime,
     .nulls = NullRule::Custom, .summary = "the smaller of two TIME values, NULLs ignored",
     TESSERA_ROW(tsf_least_l)},
    {.sql_name = "LEAST", .kernel = "least_string", .result = SqlType::String, .args = kTwoString,
     .nulls = NullRule::Custom, .uses_context = true, .max_length = longer_length, .summary = "the smaller of two VARCHAR values, NULLs ignored",
     TESSERA_ROW(tsf_least_s)},
};
}  // namespace

std::span<const FunctionSpec> logical_functions() { return kLogicalFunctions; }

}  // namespace tessera::fn
