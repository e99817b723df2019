// AMDGPU back end: gpu.module (lowered to ROCDL) -> LLVM IR -> O3 -> HSA code object / assembly.
//
// Compile-only (issue 4): it shows that the kernels of the NVPTX path are
// portable. AMD's device libraries (ocml, ockl) are not available, so
//   * the two ockl queries the ROCDL lowering calls (__ockl_get_local_size,
//     __ockl_get_num_groups) are defined here from the HSA dispatch packet;
//   * a kernel that still calls libm (or any other external function) after
//     O3 is an error that names the kernel and the functions.
#include <functional>
#include <map>
#include <set>

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "tessera/compiler/AmdgpuBackend.h"
#include "tessera/compiler/Backend.h"
#include "tessera/compiler/Pipeline.h"
#include "tessera/compiler/RocdlPipeline.h"

namespace tessera::compiler {

namespace {

constexpr unsigned kPrivateAddressSpace = 5;   // allocas (data layout A5)

bool is_kernel_entry(llvm::StringRef name) { return name.starts_with("tk_"); }

// The host compile put allocas in address space 0 (generic); AMDGPU wants
// them in the private address space 5. Rewrites each into an alloca in
// address space 5 and an addrspacecast to generic pointers, which
// InferAddressSpaces (O3) folds away where it can.
void move_allocas_to_private(llvm::Module& module) {
  for (llvm::Function& f : module) {
    llvm::SmallVector<llvm::AllocaInst*> generic;
    for (llvm::Instruction& i : llvm::instructions(f))
      if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && a->getAddressSpace() != kPrivateAddressSpace)
        generic.push_back(a);
    for (llvm::AllocaInst* a : generic) {
      auto* fresh = new llvm::AllocaInst(a->getAllocatedType(), kPrivateAddressSpace, a->getArraySize(),
                                         a->getAlign(), a->getName(), a->getIterator());
      auto* cast = new llvm::AddrSpaceCastInst(fresh, a->getType(), "", a->getIterator());
      a->replaceAllUsesWith(cast);
      a->eraseFromParent();
    }
  }
}

// Defines the ockl queries the ROCDL lowering of gpu.block_dim / gpu.grid_dim
// calls, from the HSA kernel dispatch packet (hsa_kernel_dispatch_packet_t:
// workgroup_size_{x,y,z} are u16 at byte 4, 6, 8; grid_size_{x,y,z} u32 at
// 12, 16, 20). The local size is the full work-group size (CUDA blockDim):
// the kernel's row is begin + block_id * block_dim + thread_id.
void define_ockl_queries(llvm::Module& module) {
  llvm::LLVMContext& c = module.getContext();
  auto define = [&](llvm::StringRef name, bool num_groups) {
    llvm::Function* f = module.getFunction(name);
    if (!f || !f->isDeclaration() || f->arg_size() != 1 || !f->getArg(0)->getType()->isIntegerTy() ||
        !f->getReturnType()->isIntegerTy())
      return;
    f->setLinkage(llvm::GlobalValue::InternalLinkage);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "entry", f));
    llvm::Value* dim = b.CreateZExtOrTrunc(f->getArg(0), b.getInt64Ty());
    llvm::Value* packet = b.CreateIntrinsic(llvm::Intrinsic::amdgcn_dispatch_ptr, {});
    auto load = [&](uint64_t base, uint64_t stride, llvm::Type* type) {
      llvm::Value* offset = b.CreateAdd(b.getInt64(base), b.CreateMul(dim, b.getInt64(stride)));
      llvm::Value* p = b.CreateGEP(b.getInt8Ty(), packet, offset);
      llvm::LoadInst* v = b.CreateAlignedLoad(type, p, llvm::Align(stride));
      v->setMetadata(llvm::LLVMContext::MD_invariant_load, llvm::MDNode::get(c, {}));
      return b.CreateZExt(v, b.getInt64Ty());
    };
    llvm::Value* group = load(4, 2, b.getInt16Ty());
    llvm::Value* result = group;
    if (num_groups) {  // ceil(grid_size / workgroup_size)
      llvm::Value* grid = load(12, 4, b.getInt32Ty());
      result = b.CreateUDiv(b.CreateAdd(grid, b.CreateSub(group, b.getInt64(1))), group);
    }
    b.CreateRet(b.CreateZExtOrTrunc(result, f->getReturnType()));
  };
  define("__ockl_get_local_size", false);
  define("__ockl_get_num_groups", true);
}

// libm functions (and their llvm.* intrinsics) AMDGPU can only get from ocml.
const llvm::StringSet<>& libm_names() {
  static const llvm::StringSet<> names = {
      "exp",  "exp2", "exp10", "expm1", "log",  "log2",  "log10", "log1p", "pow",   "powi",  "sin",
      "cos",  "tan",  "asin",  "acos",  "atan", "atan2", "sinh",  "cosh",  "tanh",  "asinh", "acosh",
      "atanh", "cbrt", "hypot", "fmod", "erf",  "erfc",  "tgamma", "lgamma", "sincos", "modf", "remainder",
      "lround", "llround", "lrint", "llrint", "nextafter"};
  return names;
}

// Whether a call to the declared function `f` cannot be compiled to a
// self-contained code object.
bool unsupported_callee(const llvm::Function& f) {
  llvm::StringRef name = f.getName();
  if (!f.isIntrinsic()) return true;  // an external function: libm, libc, ...
  if (!name.consume_front("llvm.")) return false;
  llvm::StringRef base = name.split('.').first;
  if (!libm_names().contains(base)) return false;
  // The AMDGPU back end expands these for f32 itself (v_exp_f32, v_log_f32,
  // v_sin_f32 ...); everything else, and all of f64, is a libcall.
  static const llvm::StringSet<> native_f32 = {"exp", "exp2", "exp10", "log", "log2", "log10", "sin", "cos"};
  return !(name.ends_with(".f32") && native_f32.contains(base));
}

// For each kernel, the unsupported functions it reaches through calls.
std::vector<AmdgpuUnsupportedCall> find_unsupported_calls(llvm::Module& module) {
  std::vector<AmdgpuUnsupportedCall> found;
  for (llvm::Function& kernel : module) {
    if (kernel.isDeclaration() || !is_kernel_entry(kernel.getName())) continue;
    std::set<std::string> bad;
    std::set<const llvm::Function*> seen;
    std::vector<const llvm::Function*> work = {&kernel};
    while (!work.empty()) {
      const llvm::Function* f = work.back();
      work.pop_back();
      if (!seen.insert(f).second) continue;
      for (const llvm::Instruction& i : llvm::instructions(*f)) {
        // Direct calls, and functions whose address is taken (called indirectly).
        for (const llvm::Value* op : i.operands()) {
          const auto* callee = llvm::dyn_cast<llvm::Function>(op->stripPointerCasts());
          if (!callee) continue;
          if (!callee->isDeclaration()) work.push_back(callee);
          else if (unsupported_callee(*callee)) bad.insert(callee->getName().str());
        }
      }
    }
    if (!bad.empty()) found.push_back({kernel.getName().str(), {bad.begin(), bad.end()}});
  }
  return found;
}

// Collects the errors LLVM reports while generating code instead of letting
// the default handler exit the process.
struct CollectingDiagnosticHandler : llvm::DiagnosticHandler {
  std::string* errors;
  explicit CollectingDiagnosticHandler(std::string* e) : errors(e) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
    if (info.getSeverity() != llvm::DS_Error) return false;  // warnings and remarks: the default printing
    llvm::raw_string_ostream os(*errors);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    os << "\n";
    return true;
  }
};

}  // namespace

bool emit_amdgpu_object(mlir::ModuleOp module, llvm::LLVMContext& context, const std::string& chip,
                        std::string& object_or_asm, bool assembly, std::string* ir_after_opt, std::string& error,
                        std::vector<AmdgpuUnsupportedCall>* unsupported) {
  mlir::OwningOpRef<mlir::ModuleOp> device = extract_device_module(module, error);
  if (!device) return false;

  // Verified below, once the allocas are in the private address space.
  std::unique_ptr<llvm::Module> llvm_module =
      mlir::translateModuleToLLVMIR(*device, context, "tessera_amdgpu_kernels", /*disableVerification=*/true);
  if (!llvm_module) {
    error = "translation of the gpu.module to LLVM IR failed";
    return false;
  }
  std::unique_ptr<llvm::TargetMachine> tm = make_target_machine(kAmdgpuTriple, chip, "", error);
  if (!tm) return false;
  llvm_module->setTargetTriple(llvm::Triple(kAmdgpuTriple));
  llvm_module->setDataLayout(tm->createDataLayout());
  llvm::StripDebugInfo(*llvm_module);
  move_allocas_to_private(*llvm_module);
  define_ockl_queries(*llvm_module);
  {
    std::string messages;
    llvm::raw_string_ostream os(messages);
    if (llvm::verifyModule(*llvm_module, &os)) {
      error = "the AMDGPU LLVM IR does not verify:\n" + messages;
      return false;
    }
  }
  internalize_except(*llvm_module, is_kernel_entry);
  optimize_module(*llvm_module, *tm);
  if (ir_after_opt) {
    llvm::raw_string_ostream os(*ir_after_opt);
    llvm_module->print(os, nullptr);
  }

  std::vector<AmdgpuUnsupportedCall> bad = find_unsupported_calls(*llvm_module);
  if (!bad.empty()) {
    std::set<std::string> all;
    for (const AmdgpuUnsupportedCall& k : bad) all.insert(k.functions.begin(), k.functions.end());
    error = "AMDGPU has no device math library here (ocml is not linked); ";
    error += std::to_string(bad.size()) + " kernel(s) still call:";
    for (const std::string& f : all) error += " " + f;
    for (const AmdgpuUnsupportedCall& k : bad) {
      error += "\n  " + k.kernel + ":";
      for (const std::string& f : k.functions) error += " " + f;
    }
    if (unsupported) *unsupported = std::move(bad);
    return false;
  }

  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, out, nullptr,
                              assembly ? llvm::CodeGenFileType::AssemblyFile : llvm::CodeGenFileType::ObjectFile)) {
    error = std::string("the AMDGPU target cannot emit ") + (assembly ? "assembly" : "an object file");
    return false;
  }
  std::string codegen_errors;
  std::unique_ptr<llvm::DiagnosticHandler> previous = context.getDiagnosticHandler();
  context.setDiagnosticHandler(std::make_unique<CollectingDiagnosticHandler>(&codegen_errors));
  pm.run(*llvm_module);
  context.setDiagnosticHandler(std::move(previous));
  if (!codegen_errors.empty()) {
    error = "AMDGPU code generation for " + chip + " failed:\n" + codegen_errors;
    return false;
  }
  object_or_asm.assign(buffer.begin(), buffer.end());
  return true;
}

void drop_gpu_kernels(mlir::ModuleOp module, const std::vector<std::string>& kernels) {
  module.walk([&](mlir::gpu::GPUModuleOp gpu_module) {
    mlir::SymbolTable table(gpu_module);
    for (const std::string& k : kernels)
      if (mlir::Operation* op = table.lookup(k)) op->erase();
    // Row functions only the dropped kernels used: O3 would drop them too
    // (they are internal), but the MLIR stays readable for --emit.
    bool changed = true;
    while (changed) {
      changed = false;
      llvm::SmallVector<mlir::Operation*> dead;
      for (mlir::Operation& op : gpu_module.getBody()->getOperations()) {
        auto fn = mlir::dyn_cast<mlir::LLVM::LLVMFuncOp>(op);
        if (!fn || fn.isExternal() || fn.getLinkage() == mlir::LLVM::Linkage::External) continue;
        if (mlir::SymbolTable::symbolKnownUseEmpty(fn, gpu_module)) dead.push_back(fn);
      }
      for (mlir::Operation* op : dead) op->erase();
      changed = !dead.empty();
    }
  });
}

bool compile_amdgpu_kernels(mlir::ModuleOp kernels, const std::string& chip, bool assembly, std::string& object_or_asm,
                            std::vector<AmdgpuUnsupportedCall>& dropped, std::string& error,
                            std::string* lowered_mlir) {
  dropped.clear();
  mlir::OwningOpRef<mlir::ModuleOp> device(mlir::cast<mlir::ModuleOp>(kernels->clone()));
  if (!run_pipeline(*device, build_rocdl_lowering_pipeline, error)) {
    error = "ROCDL lowering failed:\n" + error;
    return false;
  }
  if (lowered_mlir) {
    llvm::raw_string_ostream os(*lowered_mlir);
    device->print(os);
  }
  for (;;) {
    llvm::LLVMContext context;
    std::vector<AmdgpuUnsupportedCall> bad;
    std::string why;
    if (emit_amdgpu_object(*device, context, chip, object_or_asm, assembly, nullptr, why, &bad)) return true;
    if (bad.empty()) {
      error = why;
      return false;
    }
    std::vector<std::string> names;
    for (AmdgpuUnsupportedCall& k : bad) {
      names.push_back(k.kernel);
      dropped.push_back(std::move(k));
    }
    drop_gpu_kernels(*device, names);
    bool any_left = false;
    device->walk([&](mlir::LLVM::LLVMFuncOp fn) {
      if (is_kernel_entry(fn.getSymName()) && !fn.isExternal()) any_left = true;
    });
    if (!any_left) {
      error = "no kernel is left for AMDGPU: " + why;
      return false;
    }
  }
}

}  // namespace tessera::compiler
