// The numeric family's entries in the function registry.
//
// Decimal kernels take the precision and scale of each decimal argument as
// trailing constants (see numeric_functions.hpp); the binder derives the
// result type of decimal arithmetic from tessera::fn::result_type().
#include "tessera/functions/numeric_functions.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::fn {
namespace {
using T = SqlType;
constexpr ArgSpec kRandSeed[] = {{"seed", SqlType::Int32}};

// Argument lists.
constexpr ArgSpec kInt[] = {{"x", T::Int32}};
constexpr ArgSpec kBigint[] = {{"x", T::Int64}};
constexpr ArgSpec kFloat[] = {{"x", T::Float64}};
constexpr ArgSpec kMoney[] = {{"x", T::Money}};
constexpr ArgSpec kDecimal[] = {{"x", T::Decimal}, {"p", T::Int32, true}, {"s", T::Int32, true}};

constexpr ArgSpec kRoundInt[] = {{"x", T::Int32}, {"length", T::Int32, true}};
constexpr ArgSpec kRoundIntFn[] = {{"x", T::Int32}, {"length", T::Int32, true}, {"function", T::Int32, true}};
constexpr ArgSpec kRoundBigint[] = {{"x", T::Int64}, {"length", T::Int32, true}};
constexpr ArgSpec kRoundBigintFn[] = {{"x", T::Int64}, {"length", T::Int32, true}, {"function", T::Int32, true}};
constexpr ArgSpec kRoundFloat[] = {{"x", T::Float64}, {"length", T::Int32, true}};
constexpr ArgSpec kRoundFloatFn[] = {{"x", T::Float64}, {"length", T::Int32, true}, {"function", T::Int32, true}};
constexpr ArgSpec kRoundMoney[] = {{"x", T::Money}, {"length", T::Int32, true}};
constexpr ArgSpec kRoundMoneyFn[] = {{"x", T::Money}, {"length", T::Int32, true}, {"function", T::Int32, true}};
constexpr ArgSpec kRoundDecimal[] = {
    {"x", T::Decimal}, {"length", T::Int32, true}, {"p", T::Int32, true}, {"s", T::Int32, true}};
constexpr ArgSpec kRoundDecimalFn[] = {{"x", T::Decimal},
                                       {"length", T::Int32, true},
                                       {"function", T::Int32, true},
                                       {"p", T::Int32, true},
                                       {"s", T::Int32, true}};

constexpr ArgSpec kFloat2[] = {{"x", T::Float64}, {"y", T::Float64}};
constexpr ArgSpec kPowerInt[] = {{"x", T::Int32}, {"y", T::Float64}};
constexpr ArgSpec kPowerBigint[] = {{"x", T::Int64}, {"y", T::Float64}};
constexpr ArgSpec kLogBase[] = {{"x", T::Float64}, {"base", T::Float64}};
constexpr ArgSpec kAtn2[] = {{"y", T::Float64}, {"x", T::Float64}};

constexpr ArgSpec kDecimal2[] = {{"a", T::Decimal},          {"b", T::Decimal},          {"p1", T::Int32, true},
                                 {"s1", T::Int32, true},     {"p2", T::Int32, true},     {"s2", T::Int32, true}};
constexpr ArgSpec kMoney2[] = {{"a", T::Money}, {"b", T::Money}};
// The bit manipulation functions: a value, then a bit offset or shift amount (SQL Server casts it to BIGINT).
constexpr ArgSpec kBitInt[] = {{"expression_value", T::Int32}};
constexpr ArgSpec kBitBigint[] = {{"expression_value", T::Int64}};
constexpr ArgSpec kBitOffsetInt[] = {{"expression_value", T::Int32}, {"bit_offset", T::Int64}};
constexpr ArgSpec kBitOffsetBigint[] = {{"expression_value", T::Int64}, {"bit_offset", T::Int64}};
constexpr ArgSpec kSetBitInt[] = {{"expression_value", T::Int32}, {"bit_offset", T::Int64}, {"bit_value", T::Int32}};
constexpr ArgSpec kSetBitBigint[] = {
    {"expression_value", T::Int64}, {"bit_offset", T::Int64}, {"bit_value", T::Int32}};
constexpr ArgSpec kShiftInt[] = {{"expression_value", T::Int32}, {"shift_amount", T::Int64}};
constexpr ArgSpec kShiftBigint[] = {{"expression_value", T::Int64}, {"shift_amount", T::Int64}};
// The bitwise operators: two operands of one type (the binder converts them to the higher), or one for ~.
constexpr ArgSpec kBit2[] = {{"a", T::Bool}, {"b", T::Bool}};
constexpr ArgSpec kInt2[] = {{"a", T::Int32}, {"b", T::Int32}};
constexpr ArgSpec kBigint2[] = {{"a", T::Int64}, {"b", T::Int64}};
constexpr ArgSpec kBit[] = {{"x", T::Bool}};

const FunctionSpec kNumericFunctions[] = {
    // ABS
    {.sql_name = "ABS", .kernel = "abs_int", .result = T::Int32, .args = kInt,
     .summary = "absolute value; ABS(-2147483648) overflows", TESSERA_ROW(tsf_abs_int)},
    {.sql_name = "ABS", .kernel = "abs_bigint", .result = T::Int64, .args = kBigint,
     .summary = "absolute value; ABS of the minimum bigint overflows", TESSERA_ROW(tsf_abs_bigint)},
    {.sql_name = "ABS", .kernel = "abs_float", .result = T::Float64, .args = kFloat,
     .summary = "absolute value", TESSERA_ROW(tsf_abs_float)},
    {.sql_name = "ABS", .kernel = "abs_decimal", .result = T::Decimal, .args = kDecimal,
     .summary = "absolute value, decimal(p,s) -> decimal(p,s)", TESSERA_ROW(tsf_abs_decimal)},
    {.sql_name = "ABS", .kernel = "abs_money", .result = T::Money, .args = kMoney,
     .summary = "absolute value; ABS of the minimum money overflows", TESSERA_ROW(tsf_abs_money)},
    // SIGN
    {.sql_name = "SIGN", .kernel = "sign_int", .result = T::Int32, .args = kInt,
     .summary = "-1, 0 or 1", TESSERA_ROW(tsf_sign_int)},
    {.sql_name = "SIGN", .kernel = "sign_bigint", .result = T::Int64, .args = kBigint,
     .summary = "-1, 0 or 1", TESSERA_ROW(tsf_sign_bigint)},
    {.sql_name = "SIGN", .kernel = "sign_float", .result = T::Float64, .args = kFloat,
     .summary = "-1.0, 0.0 or 1.0", TESSERA_ROW(tsf_sign_float)},
    {.sql_name = "SIGN", .kernel = "sign_decimal", .result = T::Decimal, .args = kDecimal,
     .summary = "-1, 0 or 1 as decimal(p,s)", TESSERA_ROW(tsf_sign_decimal)},
    {.sql_name = "SIGN", .kernel = "sign_money", .result = T::Money, .args = kMoney,
     .summary = "-1, 0 or 1 as money", TESSERA_ROW(tsf_sign_money)},
    // ROUND
    {.sql_name = "ROUND", .kernel = "round_int", .result = T::Int32, .args = kRoundInt,
     .summary = "round to length digits (negative: tens, hundreds...)", TESSERA_ROW(tsf_round_int)},
    {.sql_name = "ROUND", .kernel = "round_int_fn", .result = T::Int32, .args = kRoundIntFn,
     .summary = "round or (function != 0) truncate", TESSERA_ROW(tsf_round_int_fn)},
    {.sql_name = "ROUND", .kernel = "round_bigint", .result = T::Int64, .args = kRoundBigint,
     .summary = "round to length digits", TESSERA_ROW(tsf_round_bigint)},
    {.sql_name = "ROUND", .kernel = "round_bigint_fn", .result = T::Int64, .args = kRoundBigintFn,
     .summary = "round or (function != 0) truncate", TESSERA_ROW(tsf_round_bigint_fn)},
    {.sql_name = "ROUND", .kernel = "round_float", .result = T::Float64, .args = kRoundFloat,
     .summary = "round half away from zero to length digits", TESSERA_ROW(tsf_round_float)},
    {.sql_name = "ROUND", .kernel = "round_float_fn", .result = T::Float64, .args = kRoundFloatFn,
     .summary = "round or (function != 0) truncate", TESSERA_ROW(tsf_round_float_fn)},
    {.sql_name = "ROUND", .kernel = "round_decimal", .result = T::Decimal, .args = kRoundDecimal,
     .summary = "decimal(p,s) -> decimal(p,s); exceeding p overflows", TESSERA_ROW(tsf_round_decimal)},
    {.sql_name = "ROUND", .kernel = "round_decimal_fn", .result = T::Decimal, .args = kRoundDecimalFn,
     .summary = "round or (function != 0) truncate decimal(p,s)", TESSERA_ROW(tsf_round_decimal_fn)},
    {.sql_name = "ROUND", .kernel = "round_money", .result = T::Money, .args = kRoundMoney,
     .summary = "round money to length digits", TESSERA_ROW(tsf_round_money)},
    {.sql_name = "ROUND", .kernel = "round_money_fn", .result = T::Money, .args = kRoundMoneyFn,
     .summary = "round or (function != 0) truncate money", TESSERA_ROW(tsf_round_money_fn)},
    // {fn TRUNCATE(x, length)} (ODBC only)
    {.sql_name = "TRUNCATE", .kernel = "truncate_int", .result = T::Int32, .args = kRoundInt,
     .summary = "x truncated to length digits (ROUND(x, length, 1))", .odbc_only = true, TESSERA_ROW(tsf_truncate_int)},
    {.sql_name = "TRUNCATE", .kernel = "truncate_bigint", .result = T::Int64, .args = kRoundBigint,
     .summary = "x truncated to length digits", .odbc_only = true, TESSERA_ROW(tsf_truncate_bigint)},
    {.sql_name = "TRUNCATE", .kernel = "truncate_float", .result = T::Float64, .args = kRoundFloat,
     .summary = "x truncated to length digits", .odbc_only = true, TESSERA_ROW(tsf_truncate_float)},
    {.sql_name = "TRUNCATE", .kernel = "truncate_decimal", .result = T::Decimal, .args = kRoundDecimal,
     .summary = "decimal(p,s) truncated to length digits, decimal(p,s)", .odbc_only = true,
     TESSERA_ROW(tsf_truncate_decimal)},
    {.sql_name = "TRUNCATE", .kernel = "truncate_money", .result = T::Money, .args = kRoundMoney,
     .summary = "money truncated to length digits", .odbc_only = true, TESSERA_ROW(tsf_truncate_money)},
    // FLOOR / CEILING
    {.sql_name = "FLOOR", .kernel = "floor_int", .result = T::Int32, .args = kInt,
     .summary = "largest integer <= x", TESSERA_ROW(tsf_floor_int)},
    {.sql_name = "FLOOR", .kernel = "floor_bigint", .result = T::Int64, .args = kBigint,
     .summary = "largest integer <= x", TESSERA_ROW(tsf_floor_bigint)},
    {.sql_name = "FLOOR", .kernel = "floor_float", .result = T::Float64, .args = kFloat,
     .summary = "largest integer <= x", TESSERA_ROW(tsf_floor_float)},
    {.sql_name = "FLOOR", .kernel = "floor_decimal", .result = T::Decimal, .args = kDecimal,
     .summary = "decimal(p,s) -> decimal(p,0)", TESSERA_ROW(tsf_floor_decimal)},
    {.sql_name = "FLOOR", .kernel = "floor_money", .result = T::Money, .args = kMoney,
     .summary = "largest whole money amount <= x", TESSERA_ROW(tsf_floor_money)},
    {.sql_name = "CEILING", .kernel = "ceiling_int", .result = T::Int32, .args = kInt,
     .summary = "smallest integer >= x", TESSERA_ROW(tsf_ceiling_int)},
    {.sql_name = "CEILING", .kernel = "ceiling_bigint", .result = T::Int64, .args = kBigint,
     .summary = "smallest integer >= x", TESSERA_ROW(tsf_ceiling_bigint)},
    {.sql_name = "CEILING", .kernel = "ceiling_float", .result = T::Float64, .args = kFloat,
     .summary = "smallest integer >= x", TESSERA_ROW(tsf_ceiling_float)},
    {.sql_name = "CEILING", .kernel = "ceiling_decimal", .result = T::Decimal, .args = kDecimal,
     .summary = "decimal(p,s) -> decimal(p,0)", TESSERA_ROW(tsf_ceiling_decimal)},
    {.sql_name = "CEILING", .kernel = "ceiling_money", .result = T::Money, .args = kMoney,
     .summary = "smallest whole money amount >= x", TESSERA_ROW(tsf_ceiling_money)},
    // Float functions
    {.sql_name = "POWER", .kernel = "power_float", .result = T::Float64, .args = kFloat2,
     .summary = "x to the power y", TESSERA_ROW(tsf_power_float)},
    {.sql_name = "POWER", .kernel = "power_int", .result = T::Int32, .args = kPowerInt,
     .summary = "x to the power y, truncated to int", TESSERA_ROW(tsf_power_int)},
    {.sql_name = "POWER", .kernel = "power_bigint", .result = T::Int64, .args = kPowerBigint,
     .summary = "x to the power y, truncated to bigint", TESSERA_ROW(tsf_power_bigint)},
    {.sql_name = "SQRT", .kernel = "sqrt", .result = T::Float64, .args = kFloat,
     .summary = "square root; negative is an invalid floating point operation", TESSERA_ROW(tsf_sqrt)},
    {.sql_name = "SQUARE", .kernel = "square", .result = T::Float64, .args = kFloat,
     .summary = "x * x", TESSERA_ROW(tsf_square)},
    {.sql_name = "EXP", .kernel = "exp", .result = T::Float64, .args = kFloat,
     .summary = "e to the power x", TESSERA_ROW(tsf_exp)},
    {.sql_name = "LOG", .kernel = "log", .result = T::Float64, .args = kFloat,
     .summary = "natural logarithm", TESSERA_ROW(tsf_log)},
    {.sql_name = "LOG", .kernel = "log_base", .result = T::Float64, .args = kLogBase,
     .summary = "logarithm to a base", TESSERA_ROW(tsf_log_base)},
    {.sql_name = "RAND", .kernel = "rand", .result = T::Float64, .args = kRandSeed,
     .summary = "a FLOAT in [0, 1) from the seed (RAND(): the binder's seed, one per statement)", TESSERA_ROW(tsf_rand)},
    {.sql_name = "LOG10", .kernel = "log10", .result = T::Float64, .args = kFloat,
     .summary = "base-10 logarithm", TESSERA_ROW(tsf_log10)},
    {.sql_name = "PI", .kernel = "pi", .result = T::Float64, .args = {},
     .summary = "the constant pi", TESSERA_ROW(tsf_pi)},
    {.sql_name = "SIN", .kernel = "sin", .result = T::Float64, .args = kFloat,
     .summary = "sine (radians)", TESSERA_ROW(tsf_sin)},
    {.sql_name = "COS", .kernel = "cos", .result = T::Float64, .args = kFloat,
     .summary = "cosine (radians)", TESSERA_ROW(tsf_cos)},
    {.sql_name = "TAN", .kernel = "tan", .result = T::Float64, .args = kFloat,
     .summary = "tangent (radians)", TESSERA_ROW(tsf_tan)},
    {.sql_name = "COT", .kernel = "cot", .result = T::Float64, .args = kFloat,
     .summary = "cotangent (radians)", TESSERA_ROW(tsf_cot)},
    {.sql_name = "ASIN", .kernel = "asin", .result = T::Float64, .args = kFloat,
     .summary = "arcsine in radians", TESSERA_ROW(tsf_asin)},
    {.sql_name = "ACOS", .kernel = "acos", .result = T::Float64, .args = kFloat,
     .summary = "arccosine in radians", TESSERA_ROW(tsf_acos)},
    {.sql_name = "ATAN", .kernel = "atan", .result = T::Float64, .args = kFloat,
     .summary = "arctangent in radians", TESSERA_ROW(tsf_atan)},
    {.sql_name = "ATN2", .kernel = "atn2", .result = T::Float64, .args = kAtn2,
     .summary = "angle of the point (x, y) in radians", TESSERA_ROW(tsf_atn2)},
    {.sql_name = "DEGREES", .kernel = "degrees", .result = T::Float64, .args = kFloat,
     .summary = "radians to degrees", TESSERA_ROW(tsf_degrees)},
    {.sql_name = "RADIANS", .kernel = "radians", .result = T::Float64, .args = kFloat,
     .summary = "degrees to radians", TESSERA_ROW(tsf_radians)},
    // DECIMAL / MONEY arithmetic
    {.sql_name = "+", .kernel = "decimal_add", .result = T::Decimal, .args = kDecimal2,
     .summary = "decimal addition (result type: numeric_decimal_arith.hpp)", TESSERA_ROW(tsf_decimal_add)},
    {.sql_name = "-", .kernel = "decimal_sub", .result = T::Decimal, .args = kDecimal2,
     .summary = "decimal subtraction", TESSERA_ROW(tsf_decimal_sub)},
    {.sql_name = "*", .kernel = "decimal_mul", .result = T::Decimal, .args = kDecimal2,
     .summary = "decimal multiplication", TESSERA_ROW(tsf_decimal_mul)},
    {.sql_name = "/", .kernel = "decimal_div", .result = T::Decimal, .args = kDecimal2,
     .summary = "decimal division (truncates at the result scale)", TESSERA_ROW(tsf_decimal_div)},
    {.sql_name = "%", .kernel = "decimal_mod", .result = T::Decimal, .args = kDecimal2,
     .summary = "decimal remainder (sign of the dividend)", TESSERA_ROW(tsf_decimal_mod)},
    {.sql_name = "+", .kernel = "money_add", .result = T::Money, .args = kMoney2,
     .summary = "money addition", TESSERA_ROW(tsf_money_add)},
    {.sql_name = "-", .kernel = "money_sub", .result = T::Money, .args = kMoney2,
     .summary = "money subtraction", TESSERA_ROW(tsf_money_sub)},
    {.sql_name = "*", .kernel = "money_mul", .result = T::Money, .args = kMoney2,
     .summary = "money multiplication, rounded to 4 decimals", TESSERA_ROW(tsf_money_mul)},
    {.sql_name = "/", .kernel = "money_div", .result = T::Money, .args = kMoney2,
     .summary = "money division, rounded to 4 decimals", TESSERA_ROW(tsf_money_div)},
    // Bit manipulation (SQL Server 2022), INT and BIGINT at their widths; the binder refuses other types.
    {.sql_name = "BIT_COUNT", .kernel = "bit_count_int", .result = T::Int64, .args = kBitInt,
     .summary = "bits set to 1 in an INT's 32", TESSERA_ROW(tsf_bit_count_int)},
    {.sql_name = "BIT_COUNT", .kernel = "bit_count_bigint", .result = T::Int64, .args = kBitBigint,
     .summary = "bits set to 1 in a BIGINT's 64", TESSERA_ROW(tsf_bit_count_bigint)},
    {.sql_name = "GET_BIT", .kernel = "get_bit_int", .result = T::Bool, .args = kBitOffsetInt,
     .summary = "bit bit_offset (0: least significant) of an INT", TESSERA_ROW(tsf_get_bit_int)},
    {.sql_name = "GET_BIT", .kernel = "get_bit_bigint", .result = T::Bool, .args = kBitOffsetBigint,
     .summary = "bit bit_offset (0: least significant) of a BIGINT", TESSERA_ROW(tsf_get_bit_bigint)},
    {.sql_name = "SET_BIT", .kernel = "set_bit_int", .result = T::Int32, .args = kBitOffsetInt,
     .summary = "an INT with bit bit_offset set to 1", TESSERA_ROW(tsf_set_bit_int)},
    {.sql_name = "SET_BIT", .kernel = "set_bit_bigint", .result = T::Int64, .args = kBitOffsetBigint,
     .summary = "a BIGINT with bit bit_offset set to 1", TESSERA_ROW(tsf_set_bit_bigint)},
    {.sql_name = "SET_BIT", .kernel = "set_bit_value_int", .result = T::Int32, .args = kSetBitInt,
     .summary = "an INT with bit bit_offset set to bit_value (0 or 1)", TESSERA_ROW(tsf_set_bit_value_int)},
    {.sql_name = "SET_BIT", .kernel = "set_bit_value_bigint", .result = T::Int64, .args = kSetBitBigint,
     .summary = "a BIGINT with bit bit_offset set to bit_value (0 or 1)", TESSERA_ROW(tsf_set_bit_value_bigint)},
    {.sql_name = "LEFT_SHIFT", .kernel = "left_shift_int", .result = T::Int32, .args = kShiftInt,
     .summary = "an INT's bits shifted left (right for a negative amount)", TESSERA_ROW(tsf_left_shift_int)},
    {.sql_name = "LEFT_SHIFT", .kernel = "left_shift_bigint", .result = T::Int64, .args = kShiftBigint,
     .summary = "a BIGINT's bits shifted left (right for a negative amount)", TESSERA_ROW(tsf_left_shift_bigint)},
    {.sql_name = "RIGHT_SHIFT", .kernel = "right_shift_int", .result = T::Int32, .args = kShiftInt,
     .summary = "an INT's bits shifted right, 0s in (logical)", TESSERA_ROW(tsf_right_shift_int)},
    {.sql_name = "RIGHT_SHIFT", .kernel = "right_shift_bigint", .result = T::Int64, .args = kShiftBigint,
     .summary = "a BIGINT's bits shifted right, 0s in (logical)", TESSERA_ROW(tsf_right_shift_bigint)},
    // The bitwise operators & | ^ ~ on BIT, INT and BIGINT (the binder picks the kernel by the operands' type).
    {.sql_name = "&", .kernel = "bitwise_and_bit", .result = T::Bool, .args = kBit2,
     .summary = "bitwise AND of two BITs", TESSERA_ROW(tsf_bitwise_and_bit)},
    {.sql_name = "&", .kernel = "bitwise_and_int", .result = T::Int32, .args = kInt2,
     .summary = "bitwise AND of two INTs", TESSERA_ROW(tsf_bitwise_and_int)},
    {.sql_name = "&", .kernel = "bitwise_and_bigint", .result = T::Int64, .args = kBigint2,
     .summary = "bitwise AND of two BIGINTs", TESSERA_ROW(tsf_bitwise_and_bigint)},
    {.sql_name = "|", .kernel = "bitwise_or_bit", .result = T::Bool, .args = kBit2,
     .summary = "bitwise OR of two BITs", TESSERA_ROW(tsf_bitwise_or_bit)},
    {.sql_name = "|", .kernel = "bitwise_or_int", .result = T::Int32, .args = kInt2,
     .summary = "bitwise OR of two INTs", TESSERA_ROW(tsf_bitwise_or_int)},
    {.sql_name = "|", .kernel = "bitwise_or_bigint", .result = T::Int64, .args = kBigint2,
     .summary = "bitwise OR of two BIGINTs", TESSERA_ROW(tsf_bitwise_or_bigint)},
    {.sql_name = "^", .kernel = "bitwise_xor_bit", .result = T::Bool, .args = kBit2,
     .summary = "bitwise exclusive OR of two BITs", TESSERA_ROW(tsf_bitwise_xor_bit)},
    {.sql_name = "^", .kernel = "bitwise_xor_int", .result = T::Int32, .args = kInt2,
     .summary = "bitwise exclusive OR of two INTs", TESSERA_ROW(tsf_bitwise_xor_int)},
    {.sql_name = "^", .kernel = "bitwise_xor_bigint", .result = T::Int64, .args = kBigint2,
     .summary = "bitwise exclusive OR of two BIGINTs", TESSERA_ROW(tsf_bitwise_xor_bigint)},
    {.sql_name = "~", .kernel = "bitwise_not_bit", .result = T::Bool, .args = kBit,
     .summary = "bitwise NOT of a BIT (~1 is 0)", TESSERA_ROW(tsf_bitwise_not_bit)},
    {.sql_name = "~", .kernel = "bitwise_not_int", .result = T::Int32, .args = kInt,
     .summary = "bitwise NOT of an INT", TESSERA_ROW(tsf_bitwise_not_int)},
    {.sql_name = "~", .kernel = "bitwise_not_bigint", .result = T::Int64, .args = kBigint,
     .summary = "bitwise NOT of a BIGINT", TESSERA_ROW(tsf_bitwise_not_bigint)},
};
}  // namespace

std::span<const FunctionSpec> numeric_functions() { return kNumericFunctions; }

}  // namespace tessera::fn
