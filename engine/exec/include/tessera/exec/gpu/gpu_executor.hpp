// The GPU executor: runs a subtree of the plan whose operators are all placed on the GPU
// (physical::place decides that, never the operators) over device-resident columns, and moves a result to
// host memory at the ToHost edge. Built only with the CUDA toolkit (TESSERA_HAVE_GPU_ENGINE).
#pragma once

#include "tessera/exec/gpu/device_batch.hpp"
#include "tessera/exec/gpu/gpu_context.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec::gpu {

DeviceBatch execute_gpu(const plan::LogicalOp& op, GpuContext& ctx);
// The ToHost transfer: the batch's columns copied into host columns (only `outputs`, in that order).
Batch to_host(const DeviceBatch& batch, const std::vector<plan::OutputColumn>& outputs, GpuContext& ctx);

}  // namespace tessera::exec::gpu
