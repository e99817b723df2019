// The front end: clang (in-process) compiles C++ row functions to LLVM IR.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

namespace tessera::compiler {

struct FrontendOptions {
  std::vector<std::string> include_dirs;
  std::vector<std::string> defines;
};

// One source file's outcome: a module, or clang's diagnostics explaining why not.
struct FrontendResult {
  std::string source;
  std::unique_ptr<llvm::Module> module;
  std::string diagnostics;  // clang's messages (errors and warnings), file:line:col
};

// Compiles one C++ file for the host target at -O1 with LLVM passes disabled
// (so that MLIR does the simplification and no `noinline` is added), with
// line tables for diagnostics, exceptions enabled (so that `throw` reaches the
// translatability check instead of failing the whole file) and no FP
// contraction (so kernels round as the g++-built reference does).
FrontendResult compile_cpp(const std::string& path, const FrontendOptions& options, llvm::LLVMContext& context);

// Links several modules into the first one. Returns an error message or "".
std::string link_modules(llvm::Module& into, std::vector<std::unique_ptr<llvm::Module>> others);

// Compiles every source (clang's diagnostics go to stderr) and links the
// modules that compiled into one. Sources that fail are listed with their
// diagnostics in `source_errors`; the result is null, with `error` set, when
// none compiled or linking failed.
std::unique_ptr<llvm::Module> compile_and_link(const std::vector<std::string>& sources,
                                               const FrontendOptions& options, llvm::LLVMContext& context,
                                               std::string& source_errors, std::string& error);

}  // namespace tessera::compiler
