#include "tessera/exec/physical_executor.hpp"

#ifdef TESSERA_HAVE_GPU_ENGINE
#include "tessera/exec/gpu/gpu_executor.hpp"
#endif

namespace tessera::exec {

Batch execute_physical(const physical::PhysicalPlan& plan, const plan::LogicalOp& root, ExecContext& ctx,
                       gpu::GpuContext* gpu) {
  if (plan.to_host.empty()) return execute(root, ctx);
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (!gpu) throw internal_error("a plan with GPU operators and no GPU context");
  // The CPU walk runs each GPU subtree where it reaches it (ExecContext::GpuSubtrees): the ToHost operator.
  ExecContext::GpuSubtrees subtrees;
  for (const auto& [subtree, transfer] : plan.to_host) subtrees.roots.insert(subtree);
  subtrees.run = [gpu](const plan::LogicalOp& subtree) {
    gpu::DeviceBatch d = gpu::execute_gpu(subtree, *gpu);
    return gpu::to_host(d, subtree.outputs, *gpu);
  };
  auto* previous = ctx.from_gpu;
  ctx.from_gpu = &subtrees;
  try {
    Batch b = execute(root, ctx);
    ctx.from_gpu = previous;
    return b;
  } catch (...) {
    ctx.from_gpu = previous;
    throw;
  }
#else
  (void)gpu;
  throw internal_error("GPU operators placed in a build without the GPU engine");
#endif
}

}  // namespace tessera::exec
