// Back ends: LLVM IR -> native shared library (CPU) and -> PTX / cubin (NVPTX).
#pragma once

#include <memory>
#include <string>

#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace tessera::compiler {

// Registers the X86, NVPTX and AMDGPU targets with LLVM (once).
void initialize_llvm_targets();

// An LLVM target machine for a triple and CPU; FP contraction is off so that
// kernels round exactly as the reference build does.
std::unique_ptr<llvm::TargetMachine> make_target_machine(const std::string& triple, const std::string& cpu,
                                                         const std::string& features, std::string& error);

// Runs LLVM's O3 pipeline for the target machine.
void optimize_module(llvm::Module& module, llvm::TargetMachine& tm);

// Internalises every defined function except `keep(name)`, so O3 can inline
// and drop row functions.
void internalize_except(llvm::Module& module, bool (*keep)(llvm::StringRef));

// The flag compiled user code checks on every loop back edge (CancellationChecks.cpp), and the pass that adds
// the checks: the flag, an i32 in `flag_address_space` (1 on NVPTX: global memory), is defined in `module`.
inline constexpr const char* kCancelFlagSymbol = "__tessera_cancel";
void insert_cancellation_checks(llvm::Module& module, unsigned flag_address_space);

// The (lowered) gpu.module of `module` as a builtin module of its own, with the
// module's llvm.* and dlti.* attributes, ready for LLVM IR translation; null
// with `error` set if there is none.
mlir::OwningOpRef<mlir::ModuleOp> extract_device_module(mlir::ModuleOp module, std::string& error);

// CPU: the lowered host module (llvm dialect) -> O3 -> object -> shared library.
// `ir_after_opt` receives the optimised LLVM IR when non-null.
// `cancellable`: user code, whose loops check the cancellation flag (insert_cancellation_checks).
bool emit_cpu_library(mlir::ModuleOp lowered, llvm::LLVMContext& context, const std::string& so_path,
                      std::string* ir_after_opt, std::string& error, bool cancellable = false);

// NVPTX: the gpu.module of `module` (already lowered to NVVM) -> LLVM IR with
// libm calls mapped to libdevice -> O3 -> PTX text for `sm`.
bool emit_ptx(mlir::ModuleOp module, llvm::LLVMContext& context, const std::string& sm, std::string& ptx,
              std::string* ir_after_opt, std::string& error, bool cancellable = false);

// ptxas, if it can be found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin); "" if not.
std::string find_ptxas();
// Assembles PTX into a cubin with ptxas; returns false with ptxas's output on failure.
bool assemble_cubin(const std::string& ptxas, const std::string& ptx_path, const std::string& sm,
                    const std::string& cubin_path, std::string& error);

}  // namespace tessera::compiler
