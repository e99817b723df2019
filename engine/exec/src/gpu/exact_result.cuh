// Finishing an exact (int128) SUM or AVG to its SQL Server result type on the device, shared by the hash
// aggregate and the window operator (the CPU twin is engine/exec/src/aggregate_result.cpp): AVG rescales to
// the result's scale and truncates toward zero; a result that does not fit its type is Msg 8115.
#pragma once

#include <climits>

#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/decimal128.hpp"
#include "tessera/plan/expr.hpp"

namespace tessera::exec::gpu {

struct ExactResult {
  int in_scale = 0, out_scale = 0;
  plan::TypeId out_id = plan::TypeId::Int64;
  bool wide = false;
  int precision = 0;
  static ExactResult of(const plan::DataType& in, const plan::DataType& out) {
    return {row_ops::scale_of(in), row_ops::scale_of(out), out.id, out.is_wide_decimal(), out.precision};
  }
};

// Writes row `at` of `od`; false when the value overflows the result type (the caller reports the row).
__device__ inline bool store_exact(void* od, int64_t at, __int128 v, unsigned long long count, bool avg, const ExactResult& r) {
  if (avg && count) {
    const __int128 max_times_ten = (static_cast<__int128>(1) << 126) / 5;  // 10 * v must fit an int128
    for (int k = r.in_scale; k < r.out_scale; ++k) {
      if (v >= max_times_ten || v <= -max_times_ten) return false;
      v *= 10;
    }
    v /= static_cast<__int128>(count);  // truncates toward zero, as SQL Server's decimal AVG does
  }
  if (r.out_id == plan::TypeId::Int32) {
    if (v < INT32_MIN || v > INT32_MAX) return false;
    static_cast<int32_t*>(od)[at] = static_cast<int32_t>(v);
    return true;
  }
  if (r.out_id == plan::TypeId::Decimal && !fn::Decimal128::fits(v, r.precision)) return false;
  if (r.wide) {
    static_cast<__int128*>(od)[at] = v;
    return true;
  }
  if (v < INT64_MIN || v > INT64_MAX) return false;
  static_cast<int64_t*>(od)[at] = static_cast<int64_t>(v);
  return true;
}

}  // namespace tessera::exec::gpu
