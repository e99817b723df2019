// tessera-prune-dead-fields: see Passes.td.
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_PRUNEDEADFIELDS
#include "tessera/compiler/Passes.h.inc"

namespace {

// Collects the ops to erase if every use of `addr` only writes to it.
bool only_written(mlir::Value addr, llvm::SmallVectorImpl<mlir::Operation*>& dead) {
  for (mlir::OpOperand& use : addr.getUses()) {
    mlir::Operation* user = use.getOwner();
    if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(user)) {
      if (store.getValue() == addr || store.getVolatile_()) return false;  // the address escapes
      dead.push_back(user);
    } else if (auto gep = mlir::dyn_cast<mlir::LLVM::GEPOp>(user)) {
      if (!only_written(gep.getResult(), dead)) return false;
      dead.push_back(user);
    } else if (mlir::isa<mlir::LLVM::LifetimeStartOp, mlir::LLVM::LifetimeEndOp>(user)) {
      dead.push_back(user);
    } else {
      return false;
    }
  }
  return true;
}

class PruneDeadFieldsPass : public impl::PruneDeadFieldsBase<PruneDeadFieldsPass> {
 public:
  void runOnOperation() override {
    llvm::SmallVector<mlir::LLVM::AllocaOp> allocas;
    getOperation().walk([&](mlir::LLVM::AllocaOp a) { allocas.push_back(a); });
    for (mlir::LLVM::AllocaOp alloca : allocas) {
      llvm::SmallVector<mlir::Operation*> dead;
      if (!only_written(alloca.getResult(), dead)) continue;
      // Users were collected leaves first (stores before the GEPs they use).
      for (mlir::Operation* op : dead) op->erase();
      alloca.erase();
    }
  }
};

}  // namespace
}  // namespace tessera::compiler
