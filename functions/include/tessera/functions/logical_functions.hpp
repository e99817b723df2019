// Row functions of the logical family (SQL Server's "logical functions"): GREATEST and LEAST (2022). See
// row_abi.hpp for the conventions.
//
// Each takes two values of one type and ignores a NULL one (NULL only when both are); the binder converts
// 1..254 arguments to the type of the highest precedence and chains these (GREATEST(a, b, c) is
// greatest(greatest(a, b), c)). Of equal values the first is kept, so a chain keeps the leftmost. DECIMAL,
// MONEY, DATETIME2/DATETIME/SMALLDATETIME and TIME take the int64 forms, DATE the int32 one: both sides
// have one type (and scale) by then, so their stored integers order as their values. Strings compare as
// the engine does: trailing spaces ignored, and under a case-insensitive collation by their upper case.
#pragma once

#include "tessera/functions/row_abi.hpp"

// ---- GREATEST / LEAST (logical_extremes.cpp) ----
TESSERA_ROW_FN int32_t tsf_greatest_b(uint8_t* out, uint8_t a, uint8_t a_null, uint8_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_greatest_i(int32_t* out, int32_t a, uint8_t a_null, int32_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_greatest_l(int64_t* out, int64_t a, uint8_t a_null, int64_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_greatest_d(double* out, double a, uint8_t a_null, double b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_greatest_s(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                      const char* b, int32_t b_len, uint8_t b_null,
                                      const tessera::fn::SessionContext* ctx);
TESSERA_ROW_FN int32_t tsf_least_b(uint8_t* out, uint8_t a, uint8_t a_null, uint8_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_least_i(int32_t* out, int32_t a, uint8_t a_null, int32_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_least_l(int64_t* out, int64_t a, uint8_t a_null, int64_t b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_least_d(double* out, double a, uint8_t a_null, double b, uint8_t b_null);
TESSERA_ROW_FN int32_t tsf_least_s(char* out, int32_t* out_len, const char* a, int32_t a_len, uint8_t a_null,
                                   const char* b, int32_t b_len, uint8_t b_null,
                                   const tessera::fn::SessionContext* ctx);
