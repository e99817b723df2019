// Expression evaluation on the device, over whole columns (the GPU twin of exec::evaluate): the dispatcher
// (expr_eval.cpp) and one file per family -- comparison and IN (expr_compare.cu), three-valued logic and
// IS NULL (expr_logic.cu), arithmetic (expr_arithmetic.cu), numeric casts (expr_cast.cu), catalog kernels
// (expr_call.cpp). Row semantics are exec::row_ops and the library's constexpr decimal arithmetic, shared
// with the CPU; a failing row raises ExecError with the CPU's message.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "device_ops.hpp"
#include "tessera/plan/expr.hpp"

namespace tessera::exec::gpu {

DeviceDatum evaluate(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx);
DeviceColumnPtr evaluate_column(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx);

// Families (rows: the batch's row count).
DeviceDatum compare(plan::Op o, const DeviceDatum& a, const DeviceDatum& b, const DataType& t, int64_t rows,
                    GpuContext& ctx);
DeviceDatum in_list(const plan::Expr& e, const DeviceDatum& v, int64_t rows, GpuContext& ctx);
DeviceDatum logic(plan::Op o, const DeviceDatum& a, const DeviceDatum& b, int64_t rows, GpuContext& ctx);
DeviceDatum logic_not(const DeviceDatum& a, int64_t rows, GpuContext& ctx);
DeviceDatum is_null(const DeviceDatum& a, bool negated, int64_t rows, GpuContext& ctx);
DeviceDatum arithmetic(const plan::Expr& e, const DeviceDatum& a, const DeviceDatum& b, int64_t rows, GpuContext& ctx);
// is_try (TRY_CAST): a row the target cannot hold is NULL instead of an error.
// A number's text into CHAR/VARCHAR/NCHAR/NVARCHAR(n) (Op::Cast between strings): unchanged when it fits, else
// Msg 8115 naming e.name; TRY_ makes those rows NULL. The CPU's fit_text, on the device.
DeviceDatum fit_text(const plan::Expr& e, const DeviceDatum& a, int64_t rows, GpuContext& ctx);
DeviceDatum cast_numeric(const DataType& from, const DataType& to, const DeviceDatum& a, int64_t rows, GpuContext& ctx,
                         bool is_try);
DeviceDatum call_kernel(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx);
// KEY_PARTITION(key, parts) (expr_key_partition.cu): the CPU's partition of each key, NULL where the key is NULL.
DeviceDatum key_partition(const DeviceDatum& key, int32_t parts, int64_t rows, GpuContext& ctx);
DeviceDatum case_when(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx);  // expr_case.cu
// out[i] = values[choice[i]][i] (a device array of choices), NULL where choice[i] < 0 or that value is NULL.
DeviceDatum choose(const std::vector<DeviceDatum>& values, const int32_t* choice, const DataType& t, int64_t rows,
                   GpuContext& ctx);
DeviceDatum coalesce(const plan::Expr& e, const DeviceBatch& batch, GpuContext& ctx);
// An uncorrelated scalar subquery: its plan runs once on the GPU, its one value is a constant.
plan::Value subquery_value(const plan::Expr& e, GpuContext& ctx);

// Raises the CPU evaluator's error for a packed error slot (no-op for fn::kNoError).
void raise_row_error(int64_t slot, const DataType& t);

}  // namespace tessera::exec::gpu
