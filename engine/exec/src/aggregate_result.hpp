// Finishing an aggregate to its SQL Server result type, shared by the hash aggregate and the window
// operator: exact int128 sums of integers, DECIMAL and MONEY become SUM / AVG of the result type (AVG
// rescales, then truncates toward zero as SQL Server's decimal AVG does); overflow is Msg 8115.
#pragma once

#include <cstdint>

#include "tessera/exec/batch.hpp"

namespace tessera::exec {

[[noreturn]] void aggregate_overflow(const DataType& t);
// The value of an exactly summed argument (BIT, INT, BIGINT, DECIMAL, MONEY) as a scaled int128.
__int128 exact_value(const rt::Column& arg, int64_t row);
// Row `at` of `out` (out_type) := SUM (avg = false) or AVG of `count` values of in_type summing to `sum`.
void store_exact(rt::Column& out, int64_t at, __int128 sum, int64_t count, bool avg, const DataType& in_type,
                 const DataType& out_type);
// Row `at` of `out` := a COUNT (INT: checked, BIGINT).
void store_count(rt::Column& out, int64_t at, int64_t count, const DataType& out_type);

}  // namespace tessera::exec
