#include "tessera/compiler/Pipeline.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"
#include "tessera/compiler/Passes.h"
#include "tessera/compiler/SourceLocation.h"

namespace tessera::compiler {

void register_dialects(mlir::DialectRegistry& registry) {
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect, mlir::DLTIDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::index::IndexDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect,
                  mlir::scf::SCFDialect>();
  mlir::LLVM::registerInlinerInterface(registry);
  mlir::func::registerInlinerExtension(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::registerROCDLDialectTranslation(registry);
}

namespace {
void parse_into(mlir::OpPassManager& pm, llvm::StringRef text) {
  std::string error;
  llvm::raw_string_ostream os(error);
  if (mlir::failed(mlir::parsePassPipeline(text, pm, os))) llvm::report_fatal_error(llvm::Twine("bad pipeline: ") + error);
}
}  // namespace

void build_simplify_pipeline(mlir::OpPassManager& pm) {
  parse_into(pm,
             "tessera-check-translatable{erase=true},"
             "inline,"
             "llvm.func(tessera-strip-lifetime-markers,tessera-guard-sroa-escapes,sroa,mem2reg,tessera-store-load-forwarding,tessera-prune-dead-fields,"
             "tessera-early-exit-cleanup,canonicalize,cse),"
             "sccp,canonicalize,tessera-detect-byte-maps");
}

void build_cpu_lowering_pipeline(mlir::OpPassManager& pm) {
  parse_into(pm,
             "convert-scf-to-cf,convert-arith-to-llvm,convert-index-to-llvm,"
             "convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,canonicalize");
}

void build_gpu_outlining_pipeline(mlir::OpPassManager& pm, unsigned rows_per_thread, unsigned stage_bytes,
                                  unsigned in_order_rows) {
  std::string text = "tessera-retarget,tessera-map-rows-to-gpu{rows-per-thread=" + std::to_string(rows_per_thread) + "}";
  // Byte maps (tessera-detect-byte-maps) over their block's packed bytes; coarsened kernels keep their rows.
  if (rows_per_thread == 1)
    text += ",gpu.module(tessera-map-packed-bytes{in-order-rows=" + std::to_string(in_order_rows) + "})";
  if (stage_bytes > 0) text += ",gpu.module(tessera-stage-string-rows{bytes=" + std::to_string(stage_bytes) + "})";
  parse_into(pm, text);
}

void build_gpu_lowering_pipeline(mlir::OpPassManager& pm) {
  // convert-cf-to-llvm is a module pass; it reaches into the gpu.module.
  parse_into(pm,
             "gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm{index-bitwidth=64},convert-arith-to-llvm,"
             "convert-index-to-llvm),"
             "convert-cf-to-llvm,"
             "gpu.module(reconcile-unrealized-casts,canonicalize)");
}

void register_passes() {
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  mlir::registerGPUPasses();
  mlir::registerSCFPasses();
  mlir::LLVM::registerLLVMPasses();
  registerTesseraPasses();
  static mlir::PassPipelineRegistration<> simplify("tessera-simplify", "Simplify imported row functions",
                                                   [](mlir::OpPassManager& pm) { build_simplify_pipeline(pm); });
  static mlir::PassPipelineRegistration<> cpu("tessera-lower-cpu", "Lower column kernels for the host",
                                              [](mlir::OpPassManager& pm) { build_cpu_lowering_pipeline(pm); });
  static mlir::PassPipelineRegistration<> gpu("tessera-lower-gpu", "Outline and lower column kernels to NVVM",
                                              [](mlir::OpPassManager& pm) {
                                                build_gpu_outlining_pipeline(pm);
                                                build_gpu_lowering_pipeline(pm);
                                              });
}

bool run_pipeline(mlir::ModuleOp module, const std::function<void(mlir::OpPassManager&)>& build, std::string& error) {
  mlir::PassManager pm(module->getContext());
  build(pm);
  std::string messages;
  llvm::raw_string_ostream os(messages);
  mlir::ScopedDiagnosticHandler handler(module->getContext(), [&](mlir::Diagnostic& d) {
    std::string where = describe_location(d.getLocation());
    if (where.empty()) where = "<unknown>";
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
      os << where << ": error: " << d << "\n";
    else
      llvm::errs() << where << ": warning: " << d << "\n";
    return mlir::success();
  });
  if (mlir::failed(pm.run(module))) {
    error = messages.empty() ? "pass pipeline failed" : messages;
    return false;
  }
  return true;
}

void drop_unused_local_functions(mlir::ModuleOp module) {
  // One walk per round collects every referenced symbol (asking symbolKnownUseEmpty per function walked the
  // whole module for each one: quadratic, about four minutes of the library's build); a round that erases
  // functions may leave more unreferenced, so repeat until none goes.
  bool changed = true;
  while (changed) {
    std::optional<mlir::SymbolTable::UseRange> uses = mlir::SymbolTable::getSymbolUses(module);
    if (!uses) return;  // an operation whose symbol uses are unknown: keep everything, as a per-function query would
    llvm::DenseSet<mlir::StringAttr> used;
    for (const mlir::SymbolTable::SymbolUse& use : *uses) used.insert(use.getSymbolRef().getRootReference());
    llvm::SmallVector<mlir::LLVM::LLVMFuncOp> dead;
    for (auto fn : module.getOps<mlir::LLVM::LLVMFuncOp>()) {
      if (fn.isExternal() || fn.getLinkage() == mlir::LLVM::Linkage::External) continue;
      if (!used.contains(fn.getSymNameAttr())) dead.push_back(fn);
    }
    for (auto fn : dead) fn.erase();
    changed = !dead.empty();
  }
}

}  // namespace tessera::compiler
