// The named stages of tessera-cc and the pass pipelines between them.
#pragma once

#include <functional>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace tessera::compiler {

// Dialects, interfaces and IR translations the compiler uses (nothing else).
void register_dialects(mlir::DialectRegistry& registry);
// The upstream passes the pipelines use, the custom passes, and the named
// pipelines (tessera-simplify, tessera-lower-cpu, tessera-lower-gpu).
void register_passes();

// Row-function simplification: translatability check, inlining, mem2reg,
// store-load forwarding, dead-field pruning, early-exit clean-up, SCCP, CSE
// and canonicalisation. MLIR's `sroa` is left out: in MLIR 22 it splits an
// array that is indexed dynamically (`parts[i]`) and keeps only element 0,
// which the differential test caught on CONCAT_WS; LLVM's SROA runs in the
// O3 stage of both back ends instead (docs/ARCHITECTURE.md).
void build_simplify_pipeline(mlir::OpPassManager& pm);
// Column kernels (func + scf + arith + llvm) -> llvm dialect for the host.
void build_cpu_lowering_pipeline(mlir::OpPassManager& pm);
// Retarget for NVPTX, outline into gpu.func, lower the gpu.module to NVVM. With `stage_bytes` > 0
// (and one row per thread) string kernels move their bytes through that much shared memory per block
// (tessera-stage-string-rows): the "block-staged" row mapping. `in_order_rows`: rows a thread of a byte map's
// in-order twin finishes (tessera-map-packed-bytes{in-order-rows}).
void build_gpu_outlining_pipeline(mlir::OpPassManager& pm, unsigned rows_per_thread = 1, unsigned stage_bytes = 0,
                                  unsigned in_order_rows = 1);
void build_gpu_lowering_pipeline(mlir::OpPassManager& pm);

// Runs `build` on `module`; on failure returns false with MLIR's diagnostics in `error`.
bool run_pipeline(mlir::ModuleOp module, const std::function<void(mlir::OpPassManager&)>& build, std::string& error);

// Removes defined functions with non-external linkage that nothing refers to
// (inlined helpers), so later stages do not compile them again.
void drop_unused_local_functions(mlir::ModuleOp module);

}  // namespace tessera::compiler
