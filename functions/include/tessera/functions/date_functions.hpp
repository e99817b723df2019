// Row functions of the date family (SQL Server semantics). See row_abi.hpp.
#pragma once

#include "tessera/functions/row_abi.hpp"

// YEAR(date), MONTH(date), DAY(date)
TESSERA_ROW_FN int32_t tsf_year(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_month(int32_t* out, int32_t date);
TESSERA_ROW_FN int32_t tsf_day(int32_t* out, int32_t date);
