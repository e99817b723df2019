// tessera-strip-lifetime-markers: see Passes.td.
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_STRIPLIFETIMEMARKERS
#include "tessera/compiler/Passes.h.inc"

namespace {

class StripLifetimeMarkersPass : public impl::StripLifetimeMarkersBase<StripLifetimeMarkersPass> {
 public:
  void runOnOperation() override {
    llvm::SmallVector<mlir::Operation*> markers;
    getOperation().walk([&](mlir::Operation* op) {
      if (mlir::isa<mlir::LLVM::LifetimeStartOp, mlir::LLVM::LifetimeEndOp>(op)) {
        markers.push_back(op);
      } else if (auto call = mlir::dyn_cast<mlir::LLVM::CallIntrinsicOp>(op)) {
        if (call.getIntrin().starts_with("llvm.lifetime.")) markers.push_back(op);
      }
    });
    for (mlir::Operation* op : markers) op->erase();
  }
};

}  // namespace
}  // namespace tessera::compiler
