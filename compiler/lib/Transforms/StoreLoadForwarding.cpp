// tessera-store-load-forwarding: see Passes.td.
#include "llvm/ADT/DenseMap.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_STORELOADFORWARDING
#include "tessera/compiler/Passes.h.inc"

namespace {

// True when `op` may write memory (or its effects are unknown).
bool may_write(mlir::Operation* op) {
  auto effects = mlir::dyn_cast<mlir::MemoryEffectOpInterface>(op);
  if (!effects) return !op->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>() || op->getNumRegions() > 0;
  return effects.hasEffect<mlir::MemoryEffects::Write>() || effects.hasEffect<mlir::MemoryEffects::Free>();
}

class StoreLoadForwardingPass : public impl::StoreLoadForwardingBase<StoreLoadForwardingPass> {
 public:
  void runOnOperation() override {
    for (mlir::Block& block : getOperation().getBody()) forward_in_block(block);
  }

 private:
  static void forward_in_block(mlir::Block& block) {
    llvm::DenseMap<mlir::Value, mlir::Value> known;  // address -> value last stored there
    for (mlir::Operation& op : llvm::make_early_inc_range(block)) {
      if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(op)) {
        known.clear();  // the store may alias any other known address
        if (!store.getVolatile_() && store.getOrdering() == mlir::LLVM::AtomicOrdering::not_atomic)
          known[store.getAddr()] = store.getValue();
        continue;
      }
      if (auto load = mlir::dyn_cast<mlir::LLVM::LoadOp>(op)) {
        auto it = known.find(load.getAddr());
        if (it != known.end() && it->second.getType() == load.getType() && !load.getVolatile_()) {
          load.getResult().replaceAllUsesWith(it->second);
          load.erase();
        }
        continue;
      }
      if (may_write(&op)) known.clear();
    }
  }
};

}  // namespace
}  // namespace tessera::compiler
