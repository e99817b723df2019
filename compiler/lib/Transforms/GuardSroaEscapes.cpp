// tessera-guard-sroa-escapes: see Passes.td.
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_GUARDSROAESCAPES
#include "tessera/compiler/Passes.h.inc"

namespace {

// Whether a pointer computed from `ptr` by GEPs (not `ptr` itself) is stored to memory as a value.
bool derived_pointer_stored(mlir::Value ptr, bool derived) {
  for (mlir::OpOperand& use : ptr.getUses()) {
    mlir::Operation* user = use.getOwner();
    if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(user)) {
      if (derived && store.getValue() == ptr) return true;
    } else if (auto gep = mlir::dyn_cast<mlir::LLVM::GEPOp>(user)) {
      if (gep.getBase() == ptr && derived_pointer_stored(gep.getResult(), true)) return true;
    }
  }
  return false;
}

class GuardSroaEscapesPass : public impl::GuardSroaEscapesBase<GuardSroaEscapesPass> {
 public:
  void runOnOperation() override {
    llvm::SmallVector<mlir::LLVM::AllocaOp> guarded;
    getOperation().walk([&](mlir::LLVM::AllocaOp alloca) {
      if (derived_pointer_stored(alloca.getResult(), false)) guarded.push_back(alloca);
    });
    for (mlir::LLVM::AllocaOp alloca : guarded) {
      mlir::OpBuilder b(alloca->getContext());
      b.setInsertionPointAfter(alloca);
      mlir::LLVM::PtrToIntOp::create(b, alloca.getLoc(), b.getI64Type(), alloca.getResult());
    }
  }
};

}  // namespace
}  // namespace tessera::compiler
