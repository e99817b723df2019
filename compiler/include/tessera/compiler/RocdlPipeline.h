// The AMD GPU (ROCDL) pipeline: the same column kernels as the NVPTX path,
// outlined by tessera-map-rows-to-gpu and lowered to ROCDL for amdgcn-amd-amdhsa.
#pragma once

#include "mlir/Pass/PassManager.h"

namespace tessera::compiler {

// The amdgcn-amd-amdhsa triple and the data layout LLVM 22 uses for it.
extern const char* const kAmdgpuTriple;
extern const char* const kAmdgpuDataLayout;

// Column kernels (func + scf + arith + llvm, as build_column_kernel leaves
// them) -> retarget for amdgcn-amd-amdhsa -> gpu.module @tessera_kernels ->
// ROCDL (llvm dialect) for gfx942. Runs on the builtin module.
void build_rocdl_lowering_pipeline(mlir::OpPassManager& pm);

// Registers the pipeline as `tessera-lower-rocdl` (for tessera-opt); call
// after register_passes().
void register_rocdl_pipeline();

}  // namespace tessera::compiler
