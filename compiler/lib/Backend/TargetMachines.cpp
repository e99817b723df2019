#include <mutex>

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "tessera/compiler/Backend.h"

extern "C" {
void LLVMInitializeX86TargetInfo();
void LLVMInitializeX86Target();
void LLVMInitializeX86TargetMC();
void LLVMInitializeX86AsmPrinter();
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

namespace tessera::compiler {

void initialize_llvm_targets() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

std::unique_ptr<llvm::TargetMachine> make_target_machine(const std::string& triple, const std::string& cpu,
                                                         const std::string& features, std::string& error) {
  initialize_llvm_targets();
  const llvm::Triple tt(triple);
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(tt, error);
  if (!target) return nullptr;
  llvm::TargetOptions options;
  options.AllowFPOpFusion = llvm::FPOpFusion::Strict;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      tt, cpu, features, options, llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  if (!tm) error = "cannot create a target machine for " + triple + " / " + cpu;
  return tm;
}

void optimize_module(llvm::Module& module, llvm::TargetMachine& tm) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(module, mam);
}

mlir::OwningOpRef<mlir::ModuleOp> extract_device_module(mlir::ModuleOp module, std::string& error) {
  mlir::gpu::GPUModuleOp gpu_module;
  module.walk([&](mlir::gpu::GPUModuleOp m) { gpu_module = m; });
  if (!gpu_module) {
    error = "no gpu.module to compile";
    return nullptr;
  }
  mlir::OpBuilder b(module.getContext());
  mlir::OwningOpRef<mlir::ModuleOp> device = mlir::ModuleOp::create(b.getUnknownLoc());
  for (mlir::NamedAttribute attr : module->getAttrs())
    if (attr.getName().getValue().starts_with("llvm.") || attr.getName().getValue().starts_with("dlti."))
      (*device)->setAttr(attr.getName(), attr.getValue());
  b.setInsertionPointToEnd(device->getBody());
  for (mlir::Operation& op : gpu_module.getBody()->getOperations()) b.clone(op);
  return device;
}

void internalize_except(llvm::Module& module, bool (*keep)(llvm::StringRef)) {
  for (llvm::Function& f : module)
    if (!f.isDeclaration() && !keep(f.getName())) f.setLinkage(llvm::GlobalValue::InternalLinkage);
  for (llvm::GlobalVariable& g : module.globals())
    if (!g.isDeclaration()) g.setLinkage(llvm::GlobalValue::InternalLinkage);
}

}  // namespace tessera::compiler
