// NVPTX back end: gpu.module (lowered to NVVM) -> LLVM IR -> libdevice -> O3 -> PTX -> cubin.
#include <cstdlib>

#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "tessera/compiler/Backend.h"

namespace tessera::compiler {

namespace {

constexpr const char* kTriple = "nvptx64-nvidia-cuda";

bool is_kernel_entry(llvm::StringRef name) { return name.starts_with("tk_"); }

std::string cuda_home() {
  if (const char* env = std::getenv("CUDA_HOME")) return env;
  if (const char* env = std::getenv("CUDA_PATH")) return env;
  return "/usr/local/cuda";
}

// The libdevice function that implements a libm call or LLVM math intrinsic
// NVPTX cannot lower natively; "" when none is needed.
std::string libdevice_name(const llvm::Function& f) {
  static const char* kMath[] = {"exp",  "exp2", "expm1", "log",  "log2", "log10", "log1p", "pow",
                                "sin",  "cos",  "tan",   "asin", "acos", "atan",  "atan2", "sinh",
                                "cosh", "tanh", "cbrt",  "hypot", "fmod"};
  llvm::StringRef name = f.getName();
  llvm::StringRef base = name;
  if (name.starts_with("llvm.")) {
    base = name.drop_front(5);
    if (!base.consume_back(".f64")) {
      if (base.consume_back(".f32")) return "";  // float math: not used by the library
      return "";
    }
  }
  for (const char* m : kMath)
    if (base == m) return std::string("__nv_") + m;
  return "";
}

// Replaces libm calls and math intrinsics by libdevice functions; returns
// whether any were used.
bool map_math_to_libdevice(llvm::Module& module) {
  bool used = false;
  llvm::SmallVector<llvm::Function*> replaced;
  for (llvm::Function& f : module) {
    if (!f.isDeclaration()) continue;
    const std::string nv = libdevice_name(f);
    if (nv.empty()) continue;
    llvm::FunctionCallee target = module.getOrInsertFunction(nv, f.getFunctionType());
    f.replaceAllUsesWith(target.getCallee());
    replaced.push_back(&f);
    used = true;
  }
  for (llvm::Function* f : replaced) f->eraseFromParent();
  return used;
}

bool link_libdevice(llvm::Module& module, std::string& error) {
  const std::string path = cuda_home() + "/nvvm/libdevice/libdevice.10.bc";
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> libdevice = llvm::parseIRFile(path, diag, module.getContext());
  if (!libdevice) {
    error = "cannot read libdevice (" + path + "): " + diag.getMessage().str() +
            "; set CUDA_HOME to the CUDA toolkit";
    return false;
  }
  libdevice->setTargetTriple(module.getTargetTriple());
  libdevice->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(libdevice), llvm::Linker::Flags::LinkOnlyNeeded)) {
    error = "linking libdevice failed";
    return false;
  }
  return true;
}

// NVPTX prints each global after the globals its initializer uses, which it finds through a set keyed by
// pointer: unless those come earlier in the module already, their order in the PTX changes from run to run
// (DATENAME's name tables and their strings). Putting every global after the ones it uses (otherwise in
// module order) leaves the printer nothing to order, so the same sources give the same PTX.
void order_globals_after_their_uses(llvm::Module& module) {
  std::vector<llvm::GlobalVariable*> order;
  llvm::SmallPtrSet<const llvm::GlobalVariable*, 32> placed;
  llvm::SmallPtrSet<const llvm::Constant*, 32> walked;
  std::function<void(llvm::GlobalVariable*)> place;
  std::function<void(const llvm::Constant*)> walk = [&](const llvm::Constant* c) {
    if (!walked.insert(c).second) return;
    for (const llvm::Use& u : c->operands()) {
      if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(u.get())) place(g);
      else if (auto* k = llvm::dyn_cast<llvm::Constant>(u.get()); k && !llvm::isa<llvm::GlobalValue>(k)) walk(k);
    }
  };
  place = [&](llvm::GlobalVariable* g) {
    if (!placed.insert(g).second) return;  // placed, or being placed (a cycle)
    if (g->hasInitializer()) walk(g->getInitializer());
    order.push_back(g);
  };
  for (llvm::GlobalVariable& g : module.globals()) place(&g);
  for (llvm::GlobalVariable* g : order) {
    g->removeFromParent();
    module.insertGlobalVariable(g);
  }
}

}  // namespace

bool emit_ptx(mlir::ModuleOp module, llvm::LLVMContext& context, const std::string& sm, std::string& ptx,
              std::string* ir_after_opt, std::string& error, bool cancellable) {
  mlir::OwningOpRef<mlir::ModuleOp> device = extract_device_module(module, error);
  if (!device) return false;

  std::unique_ptr<llvm::Module> llvm_module = mlir::translateModuleToLLVMIR(*device, context, "tessera_gpu_kernels");
  if (!llvm_module) {
    error = "translation of the gpu.module to LLVM IR failed";
    return false;
  }
  std::unique_ptr<llvm::TargetMachine> tm = make_target_machine(kTriple, sm, "+ptx80", error);
  if (!tm) return false;
  llvm_module->setTargetTriple(llvm::Triple(kTriple));
  llvm_module->setDataLayout(tm->createDataLayout());
  // Line tables serve host diagnostics; PTX would otherwise say ".target sm_90, debug".
  llvm::StripDebugInfo(*llvm_module);
  if (map_math_to_libdevice(*llvm_module) && !link_libdevice(*llvm_module, error)) return false;
  // libdevice asks, through __nvvm_reflect, whether denormals flush: they do not.
  llvm_module->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", uint32_t(0));
  internalize_except(*llvm_module, is_kernel_entry);
  optimize_module(*llvm_module, *tm);
  if (cancellable) insert_cancellation_checks(*llvm_module, 1);
  order_globals_after_their_uses(*llvm_module);
  if (ir_after_opt) {
    llvm::raw_string_ostream os(*ir_after_opt);
    llvm_module->print(os, nullptr);
  }

  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, out, nullptr, llvm::CodeGenFileType::AssemblyFile)) {
    error = "the NVPTX target cannot emit assembly";
    return false;
  }
  pm.run(*llvm_module);
  ptx.assign(buffer.begin(), buffer.end());
  return true;
}

std::string find_ptxas() {
  if (llvm::ErrorOr<std::string> p = llvm::sys::findProgramByName("ptxas")) return *p;
  const std::string candidate = cuda_home() + "/bin/ptxas";
  if (llvm::sys::fs::can_execute(candidate)) return candidate;
  return "";
}

namespace {

// Whether this ptxas takes --split-compile (CUDA 12.8 and later list it in --help).
bool splits_compile(const std::string& ptxas) {
  static std::map<std::string, bool> known;
  if (auto it = known.find(ptxas); it != known.end()) return it->second;
  llvm::SmallString<128> help;
  bool yes = false;
  if (!llvm::sys::fs::createTemporaryFile("tessera-ptxas-help", "txt", help)) {
    std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(help), llvm::StringRef(help)};
    llvm::sys::ExecuteAndWait(ptxas, {ptxas, "--help"}, std::nullopt, redirects);
    if (auto text = llvm::MemoryBuffer::getFile(help)) yes = (*text)->getBuffer().contains("--split-compile");
    llvm::sys::fs::remove(help);
  }
  return known[ptxas] = yes;
}

}  // namespace

bool assemble_cubin(const std::string& ptxas, const std::string& ptx_path, const std::string& sm,
                    const std::string& cubin_path, std::string& error) {
  const std::string log_path = cubin_path + ".log";
  const std::string arch = "-arch=" + sm;
  llvm::SmallVector<llvm::StringRef> args = {ptxas, arch, ptx_path, "-o", cubin_path};
  // The library's module holds hundreds of kernels, and ptxas took two thirds of a module's build on one
  // thread; split across the machine's cores it writes the same code (every section but ptxas's own
  // command-line note compared equal on the 4-rows-per-thread module).
  if (splits_compile(ptxas)) args.append({"--split-compile", "0"});
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log_path), llvm::StringRef(log_path)};
  std::string message;
  const int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0, &message);
  if (rc != 0) {
    auto log = llvm::MemoryBuffer::getFile(log_path);
    error = "ptxas " + arch + " rejected " + ptx_path + ": " + (log ? (*log)->getBuffer().str() : message);
  }
  llvm::sys::fs::remove(log_path);
  return rc == 0;
}

}  // namespace tessera::compiler
