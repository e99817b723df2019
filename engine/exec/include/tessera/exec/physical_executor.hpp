// Runs a physical plan: the CPU part on the CPU executor, which runs each GPU subtree on the GPU executor where
// it reaches it and moves its result to host memory there (its ToHost node).
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
