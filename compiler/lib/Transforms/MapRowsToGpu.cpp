// tessera-map-rows-to-gpu: see Passes.td.
#include "llvm/ADT/SetVector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_MAPROWSTOGPU
#include "tessera/compiler/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kGpuModuleName = "tessera_kernels";

// Clones every symbol `root` refers to (transitively) from `from` into `into`.
void clone_referenced_symbols(mlir::Operation* root, mlir::ModuleOp from, mlir::gpu::GPUModuleOp into) {
  mlir::SymbolTable into_table(into);
  llvm::SmallVector<mlir::Operation*> work = {root};
  while (!work.empty()) {
    mlir::Operation* op = work.pop_back_val();
    op->walk([&](mlir::Operation* inner) {
      for (mlir::NamedAttribute attr : inner->getAttrs()) {
        auto ref = mlir::dyn_cast<mlir::FlatSymbolRefAttr>(attr.getValue());
        if (!ref || into_table.lookup(ref.getValue())) continue;
        mlir::Operation* def = from.lookupSymbol(ref.getValue());
        if (!def) continue;
        mlir::Operation* copy = def->clone();
        if (auto fn = mlir::dyn_cast<mlir::LLVM::LLVMFuncOp>(copy); fn && !fn.isExternal())
          fn.setLinkage(mlir::LLVM::Linkage::Internal);
        if (auto global = mlir::dyn_cast<mlir::LLVM::GlobalOp>(copy))
          global.setLinkage(mlir::LLVM::Linkage::Internal);
        into_table.insert(copy);
        work.push_back(copy);
      }
    });
  }
}

class MapRowsToGpuPass : public impl::MapRowsToGpuBase<MapRowsToGpuPass> {
 public:
  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    llvm::SmallVector<mlir::func::FuncOp> kernels;
    module.walk([&](mlir::func::FuncOp fn) {
      if (fn->hasAttr("tessera.kernel")) kernels.push_back(fn);
    });
    if (kernels.empty()) return;

    mlir::OpBuilder b(module.getContext());
    auto gpu_module = module.lookupSymbol<mlir::gpu::GPUModuleOp>(kGpuModuleName);
    if (!gpu_module) {
      b.setInsertionPointToEnd(module.getBody());
      gpu_module = mlir::gpu::GPUModuleOp::create(b, module.getLoc(), kGpuModuleName);
      module->setAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName(), b.getUnitAttr());
    }
    for (mlir::func::FuncOp kernel : kernels)
      if (mlir::failed(outline(kernel, module, gpu_module))) return signalPassFailure();
  }

 private:
  static mlir::LogicalResult outline(mlir::func::FuncOp kernel, mlir::ModuleOp module,
                                     mlir::gpu::GPUModuleOp gpu_module) {
    mlir::Block& entry = kernel.getBody().front();
    mlir::scf::ParallelOp loop;
    for (mlir::Operation& op : entry)
      if (auto p = mlir::dyn_cast<mlir::scf::ParallelOp>(op)) loop = p;
    if (!loop || loop.getNumLoops() != 1)
      return kernel.emitError("tessera-map-rows-to-gpu: kernel needs one 1-d scf.parallel row loop in its entry block");

    mlir::OpBuilder b(kernel.getContext());
    b.setInsertionPointToEnd(gpu_module.getBody());
    auto gpu_fn = mlir::gpu::GPUFuncOp::create(b, kernel.getLoc(), kernel.getSymName(), kernel.getFunctionType());
    gpu_fn->setAttr(mlir::gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
    if (auto spec = kernel->getAttr("tessera.spec")) gpu_fn->setAttr("tessera.spec", spec);

    mlir::IRMapping map;
    for (auto [from, to] : llvm::zip(kernel.getArguments(), gpu_fn.getArguments())) map.map(from, to);
    b.setInsertionPointToStart(&gpu_fn.getBody().front());
    // Per-thread set-up (constants, the session-context struct): cloned, so
    // constants are sunk into the kernel rather than passed.
    for (mlir::Operation& op : entry) {
      if (&op == loop.getOperation()) break;
      b.clone(op, map);
    }
    const mlir::Location loc = loop.getLoc();
    mlir::Value block = mlir::gpu::BlockIdOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value threads = mlir::gpu::BlockDimOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value thread = mlir::gpu::ThreadIdOp::create(b, loc, mlir::gpu::Dimension::x);
    mlir::Value offset = mlir::arith::AddIOp::create(
        b, loc, mlir::arith::MulIOp::create(b, loc, block, threads), thread);
    mlir::Value row = mlir::arith::AddIOp::create(b, loc, map.lookupOrDefault(loop.getLowerBound()[0]), offset);
    mlir::Value in_range = mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::slt, row,
                                                       map.lookupOrDefault(loop.getUpperBound()[0]));
    auto guard = mlir::scf::IfOp::create(b, loc, in_range, /*withElseRegion=*/false);
    b.setInsertionPointToStart(&guard.getThenRegion().front());
    map.map(loop.getInductionVars()[0], row);
    for (mlir::Operation& op : loop.getBody()->without_terminator()) b.clone(op, map);
    b.setInsertionPointToEnd(&gpu_fn.getBody().front());
    mlir::gpu::ReturnOp::create(b, kernel.getLoc());

    clone_referenced_symbols(gpu_fn, module, gpu_module);
    return mlir::success();
  }
};

}  // namespace
}  // namespace tessera::compiler
