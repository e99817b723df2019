// Runs a physical plan: each GPU subtree on the GPU executor, its result moved to host memory at its ToHost
// node, then the CPU part on the CPU executor, which finds those results where the GPU subtrees were.
#pragma once

#include "tessera/exec/executor.hpp"
#include "tessera/physical/physical_plan.hpp"

namespace tessera::exec {

namespace gpu {
struct GpuContext;
}

// `gpu` must be set when the plan places anything on the GPU.
Batch execute_physical(const physical::PhysicalPlan& plan, const plan::LogicalOp& root, ExecContext& ctx,
                       gpu::GpuContext* gpu);

}  // namespace tessera::exec
