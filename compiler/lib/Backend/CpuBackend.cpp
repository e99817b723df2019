// CPU back end: lowered host module -> O3 -> object -> shared library.
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "tessera/compiler/Backend.h"

namespace tessera::compiler {

namespace {
// A portable baseline: the catalog is built on one machine and used on others.
constexpr const char* kCpu = "x86-64-v2";

bool is_kernel_entry(llvm::StringRef name) { return name.starts_with("tk_"); }
}  // namespace

bool emit_cpu_library(mlir::ModuleOp lowered, llvm::LLVMContext& context, const std::string& so_path,
                      std::string* ir_after_opt, std::string& error, bool cancellable) {
  std::unique_ptr<llvm::Module> module = mlir::translateModuleToLLVMIR(lowered, context, "tessera_cpu_kernels");
  if (!module) {
    error = "translation of the lowered host module to LLVM IR failed";
    return false;
  }
  const std::string triple = llvm::sys::getDefaultTargetTriple();
  std::unique_ptr<llvm::TargetMachine> tm = make_target_machine(triple, kCpu, "", error);
  if (!tm) return false;
  module->setTargetTriple(llvm::Triple(triple));
  module->setDataLayout(tm->createDataLayout());
  internalize_except(*module, is_kernel_entry);
  optimize_module(*module, *tm);
  if (cancellable) insert_cancellation_checks(*module, 0);
  if (ir_after_opt) {
    llvm::raw_string_ostream os(*ir_after_opt);
    module->print(os, nullptr);
  }

  const std::string object_path = so_path + ".o";
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(object_path, ec, llvm::sys::fs::OF_None);
    if (ec) {
      error = "cannot write " + object_path + ": " + ec.message();
      return false;
    }
    llvm::legacy::PassManager pm;
    if (tm->addPassesToEmitFile(pm, out, nullptr, llvm::CodeGenFileType::ObjectFile)) {
      error = "the x86 target cannot emit an object file";
      return false;
    }
    pm.run(*module);
  }

  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc) {
    error = "no 'cc' on PATH to link " + so_path;
    return false;
  }
  const std::string tmp_so = so_path + ".tmp";
  llvm::SmallVector<llvm::StringRef> args = {*cc, "-shared", "-o", tmp_so, object_path, "-lm"};
  std::string message;
  const int rc = llvm::sys::ExecuteAndWait(*cc, args, std::nullopt, {}, 0, 0, &message);
  llvm::sys::fs::remove(object_path);
  if (rc != 0) {
    error = "linking " + so_path + " failed: " + message;
    return false;
  }
  // Rename last, so a failed build never leaves a half-written library.
  if (std::error_code ec = llvm::sys::fs::rename(tmp_so, so_path)) {
    error = "cannot move " + tmp_so + " to " + so_path + ": " + ec.message();
    return false;
  }
  return true;
}

}  // namespace tessera::compiler
