// The GPU operators, one per file, each the twin of the CPU operator of the same name in engine/exec/src:
// filter.cpp, hash_join.cu, aggregate.cu, sort.cu, union_all.cu, window.cu, fetch.cpp; scan, project and limit are a few lines in gpu_executor.cpp.
#pragma once

#include "expr_eval.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec::gpu {

// The rows of `input` that satisfy every predicate, restricted to `outputs`.
DeviceBatch filter(DeviceBatch input, const std::vector<plan::ExprPtr>& predicates,
                   const std::vector<plan::OutputColumn>& outputs, GpuContext& ctx);
DeviceBatch aggregate(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx);
// Inner, left, semi, anti and null-aware anti joins on equality keys, with a residual.
DeviceBatch hash_join(const plan::LogicalOp& op, const DeviceBatch& left, const DeviceBatch& right, GpuContext& ctx);
// ORDER BY, and top-N when limit >= 0.
DeviceBatch sort(const plan::LogicalOp& op, const DeviceBatch& input, int64_t limit, GpuContext& ctx);
// Window functions (the CPU twin's subset that gpu_capabilities.cpp admits).
DeviceBatch window(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx);
// Late materialisation: the input's rows with the table columns op.fetch_columns names read at their positions.
DeviceBatch fetch(const plan::LogicalOp& op, const DeviceBatch& input, GpuContext& ctx);
// UNION ALL: the inputs' rows one after another (string bytes packed into one buffer).
DeviceBatch union_all(const plan::LogicalOp& op, const std::vector<DeviceBatch>& inputs, GpuContext& ctx);
// The inputs' columns `outputs` (the same ids in each), rows one input after the other.
DeviceBatch concat_batches(const std::vector<DeviceBatch>& inputs, const std::vector<plan::OutputColumn>& outputs,
                           GpuContext& ctx);

}  // namespace tessera::exec::gpu
