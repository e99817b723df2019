// Declarations of the custom passes (generated from Passes.td).
#pragma once

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessera::compiler {

#define GEN_PASS_DECL
#include "tessera/compiler/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tessera/compiler/Passes.h.inc"

}  // namespace tessera::compiler
