// Row functions of the numeric family (SQL Server semantics). See row_abi.hpp.
//
// Convention: a DECIMAL argument is an int64 scaled by 10^scale; every decimal
// kernel takes the precision and scale of its decimal arguments as trailing
// constant int32 arguments, after the SQL arguments (`p, s` or `p1, s1, p2, s2`).
// MONEY is an int64 scaled by 10^4. FLOAT never holds NaN or infinity: a
// domain error is kInvalidFloatOperation, an infinite result kArithmeticOverflow.
#pragma once

#include "tessera/functions/row_abi.hpp"

// ABS(x): same type; ABS of the most negative int/bigint/money overflows.
TESSERA_ROW_FN int32_t tsf_abs_int(int32_t* out, int32_t x);
TESSERA_ROW_FN int32_t tsf_abs_bigint(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_abs_float(double* out, double x);
TESSERA_ROW_FN int32_t tsf_abs_decimal(int64_t* out, int64_t x, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_abs_money(int64_t* out, int64_t x);

// SIGN(x): -1, 0 or +1 in the argument's type (decimal(p,s), money keep their scale).
TESSERA_ROW_FN int32_t tsf_sign_int(int32_t* out, int32_t x);
TESSERA_ROW_FN int32_t tsf_sign_bigint(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_sign_float(double* out, double x);
TESSERA_ROW_FN int32_t tsf_sign_decimal(int64_t* out, int64_t x, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_sign_money(int64_t* out, int64_t x);

// ROUND(x, length [, function]): half away from zero, or truncation when
// function != 0. The result has the argument's type; exceeding its precision
// (ROUND(748.58, -3) as decimal(5,2)) is kArithmeticOverflow.
TESSERA_ROW_FN int32_t tsf_round_int(int32_t* out, int32_t x, int32_t length);
TESSERA_ROW_FN int32_t tsf_round_int_fn(int32_t* out, int32_t x, int32_t length, int32_t function);
TESSERA_ROW_FN int32_t tsf_round_bigint(int64_t* out, int64_t x, int32_t length);
TESSERA_ROW_FN int32_t tsf_round_bigint_fn(int64_t* out, int64_t x, int32_t length, int32_t function);
TESSERA_ROW_FN int32_t tsf_round_float(double* out, double x, int32_t length);
TESSERA_ROW_FN int32_t tsf_round_float_fn(double* out, double x, int32_t length, int32_t function);
TESSERA_ROW_FN int32_t tsf_round_decimal(int64_t* out, int64_t x, int32_t length, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_round_decimal_fn(int64_t* out, int64_t x, int32_t length, int32_t function, int32_t p,
                                            int32_t s);
TESSERA_ROW_FN int32_t tsf_round_money(int64_t* out, int64_t x, int32_t length);
TESSERA_ROW_FN int32_t tsf_round_money_fn(int64_t* out, int64_t x, int32_t length, int32_t function);
// {fn TRUNCATE(x, length)} (ODBC): ROUND(x, length, 1)
TESSERA_ROW_FN int32_t tsf_truncate_int(int32_t* out, int32_t x, int32_t length);
TESSERA_ROW_FN int32_t tsf_truncate_bigint(int64_t* out, int64_t x, int32_t length);
TESSERA_ROW_FN int32_t tsf_truncate_float(double* out, double x, int32_t length);
TESSERA_ROW_FN int32_t tsf_truncate_decimal(int64_t* out, int64_t x, int32_t length, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_truncate_money(int64_t* out, int64_t x, int32_t length);

// FLOOR(x), CEILING(x): decimal(p,s) gives decimal(p,0) (the unscaled integer),
// money gives money, int/bigint are unchanged.
TESSERA_ROW_FN int32_t tsf_floor_int(int32_t* out, int32_t x);
TESSERA_ROW_FN int32_t tsf_floor_bigint(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_floor_float(double* out, double x);
TESSERA_ROW_FN int32_t tsf_floor_decimal(int64_t* out, int64_t x, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_floor_money(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_ceiling_int(int32_t* out, int32_t x);
TESSERA_ROW_FN int32_t tsf_ceiling_bigint(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_ceiling_float(double* out, double x);
TESSERA_ROW_FN int32_t tsf_ceiling_decimal(int64_t* out, int64_t x, int32_t p, int32_t s);
TESSERA_ROW_FN int32_t tsf_ceiling_money(int64_t* out, int64_t x);

// Float functions.
TESSERA_ROW_FN int32_t tsf_power_float(double* out, double x, double y);
TESSERA_ROW_FN int32_t tsf_power_int(int32_t* out, int32_t x, double y);
TESSERA_ROW_FN int32_t tsf_power_bigint(int64_t* out, int64_t x, double y);
TESSERA_ROW_FN int32_t tsf_sqrt(double* out, double x);
TESSERA_ROW_FN int32_t tsf_square(double* out, double x);
TESSERA_ROW_FN int32_t tsf_exp(double* out, double x);
TESSERA_ROW_FN int32_t tsf_log(double* out, double x);
TESSERA_ROW_FN int32_t tsf_log_base(double* out, double x, double base);
// RAND(seed) (numeric_rand.cpp): [0, 1), the same value for the same seed; RAND()'s seed is the binder's.
TESSERA_ROW_FN int32_t tsf_rand(double* out, int32_t seed);
TESSERA_ROW_FN int32_t tsf_log10(double* out, double x);
TESSERA_ROW_FN int32_t tsf_pi(double* out);
TESSERA_ROW_FN int32_t tsf_sin(double* out, double x);
TESSERA_ROW_FN int32_t tsf_cos(double* out, double x);
TESSERA_ROW_FN int32_t tsf_tan(double* out, double x);
TESSERA_ROW_FN int32_t tsf_cot(double* out, double x);
TESSERA_ROW_FN int32_t tsf_asin(double* out, double x);
TESSERA_ROW_FN int32_t tsf_acos(double* out, double x);
TESSERA_ROW_FN int32_t tsf_atan(double* out, double x);
TESSERA_ROW_FN int32_t tsf_atn2(double* out, double y, double x);
TESSERA_ROW_FN int32_t tsf_degrees(double* out, double x);
TESSERA_ROW_FN int32_t tsf_radians(double* out, double x);

// DECIMAL(p1,s1) op DECIMAL(p2,s2): the result type is
// tessera::fn::result_type() in numeric_decimal_arith.hpp.
TESSERA_ROW_FN int32_t tsf_decimal_add(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2);
TESSERA_ROW_FN int32_t tsf_decimal_sub(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2);
TESSERA_ROW_FN int32_t tsf_decimal_mul(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2);
TESSERA_ROW_FN int32_t tsf_decimal_div(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2);
TESSERA_ROW_FN int32_t tsf_decimal_mod(int64_t* out, int64_t a, int64_t b, int32_t p1, int32_t s1, int32_t p2,
                                       int32_t s2);

// MONEY op MONEY -> MONEY.
TESSERA_ROW_FN int32_t tsf_money_add(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_money_sub(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_money_mul(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_money_div(int64_t* out, int64_t a, int64_t b);

// ---- bit manipulation (numeric_bits.cpp), SQL Server 2022: on INT and BIGINT, at their widths ----
// BIT_COUNT(x): set bits, BIGINT. GET_BIT(x, offset): BIT. SET_BIT(x, offset [, bit_value]): x's type.
// LEFT_SHIFT(x, n), RIGHT_SHIFT(x, n): logical shifts, the other way for a negative n, 0 past the width. An offset
// outside the type's bits or a bit_value other than 0 and 1 is kInvalidArgument.
TESSERA_ROW_FN int32_t tsf_bit_count_int(int64_t* out, int32_t x);
TESSERA_ROW_FN int32_t tsf_bit_count_bigint(int64_t* out, int64_t x);
TESSERA_ROW_FN int32_t tsf_get_bit_int(uint8_t* out, int32_t x, int64_t offset);
TESSERA_ROW_FN int32_t tsf_get_bit_bigint(uint8_t* out, int64_t x, int64_t offset);
TESSERA_ROW_FN int32_t tsf_set_bit_int(int32_t* out, int32_t x, int64_t offset);
TESSERA_ROW_FN int32_t tsf_set_bit_bigint(int64_t* out, int64_t x, int64_t offset);
TESSERA_ROW_FN int32_t tsf_set_bit_value_int(int32_t* out, int32_t x, int64_t offset, int32_t bit_value);
TESSERA_ROW_FN int32_t tsf_set_bit_value_bigint(int64_t* out, int64_t x, int64_t offset, int32_t bit_value);
TESSERA_ROW_FN int32_t tsf_left_shift_int(int32_t* out, int32_t x, int64_t n);
TESSERA_ROW_FN int32_t tsf_left_shift_bigint(int64_t* out, int64_t x, int64_t n);
TESSERA_ROW_FN int32_t tsf_right_shift_int(int32_t* out, int32_t x, int64_t n);
TESSERA_ROW_FN int32_t tsf_right_shift_bigint(int64_t* out, int64_t x, int64_t n);

// ---- the bitwise operators & | ^ ~ (numeric_bitwise.cpp) on BIT (0/1), INT and BIGINT ----
// Both operands of one type (the binder converts them to the higher); the result has that type.
TESSERA_ROW_FN int32_t tsf_bitwise_and_bit(uint8_t* out, uint8_t a, uint8_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_and_int(int32_t* out, int32_t a, int32_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_and_bigint(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_or_bit(uint8_t* out, uint8_t a, uint8_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_or_int(int32_t* out, int32_t a, int32_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_or_bigint(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_xor_bit(uint8_t* out, uint8_t a, uint8_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_xor_int(int32_t* out, int32_t a, int32_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_xor_bigint(int64_t* out, int64_t a, int64_t b);
TESSERA_ROW_FN int32_t tsf_bitwise_not_bit(uint8_t* out, uint8_t a);
TESSERA_ROW_FN int32_t tsf_bitwise_not_int(int32_t* out, int32_t a);
TESSERA_ROW_FN int32_t tsf_bitwise_not_bigint(int64_t* out, int64_t a);
