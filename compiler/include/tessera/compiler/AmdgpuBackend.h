// AMDGPU back end: the gpu.module of a module lowered by
// build_rocdl_lowering_pipeline -> LLVM IR -> O3 -> ELF code object (HSA) or
// AMDGPU assembly for one chip (gfx942). Compile-only: nothing here loads or
// runs the code object.
#pragma once

#include <string>
#include <vector>

#include "llvm/IR/LLVMContext.h"
#include "mlir/IR/BuiltinOps.h"

namespace tessera::compiler {

// A kernel that still calls a function the AMDGPU target cannot provide:
// libm (exp, log, pow, sin ...; AMD's ocml device library is not used) or
// any other external function.
struct AmdgpuUnsupportedCall {
  std::string kernel;                  // "tk_<kernel>"
  std::vector<std::string> functions;  // the callees, e.g. "exp", "llvm.pow.f64"
};

// Compiles the gpu.module of `module` (already lowered to ROCDL) for
// amdgcn-amd-amdhsa / `chip`: an ELF code object in `object_or_asm`, or the
// assembly text when `assembly`. `ir_after_opt` receives the optimised LLVM
// IR when non-null. Fails, with the kernels and functions listed in `error`
// (and in `unsupported` when non-null), if any kernel still calls a libm or
// other external function after O3.
bool emit_amdgpu_object(mlir::ModuleOp module, llvm::LLVMContext& context, const std::string& chip,
                        std::string& object_or_asm, bool assembly, std::string* ir_after_opt, std::string& error,
                        std::vector<AmdgpuUnsupportedCall>* unsupported = nullptr);

// Removes the named kernels (and row functions only they used) from the
// gpu.module of `module`, so that the rest can be compiled after
// emit_amdgpu_object reported them.
void drop_gpu_kernels(mlir::ModuleOp module, const std::vector<std::string>& kernels);

// The whole AMDGPU path for a module of column kernels (as build_column_kernel
// leaves them; it is cloned, not changed): build_rocdl_lowering_pipeline, then
// emit_amdgpu_object. Kernels that call functions AMDGPU cannot provide are
// dropped and listed in `dropped`, and the rest are compiled; fails when a
// stage fails or no kernel is left. `lowered_mlir` receives the module after
// the ROCDL lowering when non-null. For tessera-cc --amdgpu.
bool compile_amdgpu_kernels(mlir::ModuleOp kernels, const std::string& chip, bool assembly, std::string& object_or_asm,
                            std::vector<AmdgpuUnsupportedCall>& dropped, std::string& error,
                            std::string* lowered_mlir = nullptr);

}  // namespace tessera::compiler
