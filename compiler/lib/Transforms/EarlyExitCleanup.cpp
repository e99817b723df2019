// tessera-early-exit-cleanup: see Passes.td.
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_EARLYEXITCLEANUP
#include "tessera/compiler/Passes.h.inc"

namespace {

class EarlyExitCleanupPass : public impl::EarlyExitCleanupBase<EarlyExitCleanupPass> {
 public:
  void runOnOperation() override {
    mlir::LLVM::LLVMFuncOp fn = getOperation();
    if (fn.isExternal()) return;
    llvm::SmallVector<mlir::LLVM::ReturnOp> returns;
    fn.walk([&](mlir::LLVM::ReturnOp r) { returns.push_back(r); });
    if (returns.size() < 2) return;

    mlir::Region& body = fn.getBody();
    mlir::Block* exit = new mlir::Block();
    body.push_back(exit);
    llvm::SmallVector<mlir::Location> locs(returns.front().getNumOperands(), fn.getLoc());
    for (auto [type, loc] : llvm::zip(returns.front().getOperandTypes(), locs)) exit->addArgument(type, loc);

    mlir::OpBuilder b(fn.getContext());
    b.setInsertionPointToEnd(exit);
    mlir::LLVM::ReturnOp::create(b, fn.getLoc(), exit->getArguments());
    for (mlir::LLVM::ReturnOp r : returns) {
      b.setInsertionPoint(r);
      mlir::LLVM::BrOp::create(b, r.getLoc(), r.getOperands(), exit);
      r.erase();
    }
  }
};

}  // namespace
}  // namespace tessera::compiler
