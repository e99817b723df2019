// Builds the column kernel of a registered function: a func.func with the
// kernel ABI's parameters (kernel_abi.hpp) whose scf.parallel loop over rows
// loads each row's arguments, propagates NULLs, calls the row function and
// stores its result, validity and error status.
#pragma once

#include <string>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/registry.hpp"

namespace tessera::compiler {

std::string kernel_symbol(const fn::FunctionSpec& spec);      // "tk_<kernel>"
std::string cpu_entry_symbol(const fn::FunctionSpec& spec);   // "tk_<kernel>_cpu"

// Adds the kernel for `spec` to `module`, which must contain the row function.
// On failure returns nullptr and sets `error`.
mlir::func::FuncOp build_column_kernel(mlir::ModuleOp module, const fn::FunctionSpec& spec, std::string& error);

// Adds a copy of `kernel` named tk_<kernel><suffix> in which the parameters the
// specialisation removes are constants (sunk into the body) and gone from the
// signature. Returns the new kernel.
mlir::func::FuncOp build_specialized_kernel(mlir::ModuleOp module, mlir::func::FuncOp kernel,
                                            const fn::FunctionSpec& spec, const fn::Specialization& s);

// Adds `void tk_<kernel>_cpu(const uint64_t* params, int64 begin, int64 end)`,
// which unpacks one 64-bit slot per kernel parameter (except begin/end) and
// calls the kernel: a single C signature the CPU runtime can call for all.
void build_cpu_entry(mlir::ModuleOp module, const fn::FunctionSpec& spec, mlir::func::FuncOp kernel);

}  // namespace tessera::compiler
