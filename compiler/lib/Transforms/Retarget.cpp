// tessera-retarget: see Passes.td.
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/Error.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "tessera/compiler/Passes.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_RETARGET
#include "tessera/compiler/Passes.h.inc"

namespace {

class RetargetPass : public impl::RetargetBase<RetargetPass> {
 public:
  using RetargetBase::RetargetBase;

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    auto dl_name = mlir::LLVM::LLVMDialect::getDataLayoutAttrName();
    if (auto host = module->getAttrOfType<mlir::StringAttr>(dl_name)) {
      llvm::Expected<llvm::DataLayout> layout = llvm::DataLayout::parse(host.getValue());
      if (!layout) {
        llvm::consumeError(layout.takeError());
        module.emitError() << "tessera-retarget: cannot parse the host data layout '" << host.getValue() << "'";
        return signalPassFailure();
      }
      if (layout->getPointerSizeInBits() != 64 || layout->isBigEndian()) {
        module.emitError() << "tessera-retarget: the host data layout must be 64-bit little-endian, got '"
                           << host.getValue() << "'";
        return signalPassFailure();
      }
    }
    llvm::Expected<llvm::DataLayout> target = llvm::DataLayout::parse(dataLayout);
    if (!target) {
      llvm::consumeError(target.takeError());
      module.emitError() << "tessera-retarget: invalid target data layout '" << dataLayout << "'";
      return signalPassFailure();
    }
    mlir::Builder b(module.getContext());
    module->setAttr(dl_name, b.getStringAttr(dataLayout));
    module->setAttr(mlir::LLVM::LLVMDialect::getTargetTripleAttrName(), b.getStringAttr(triple));
    module->setAttr(mlir::DLTIDialect::kDataLayoutAttrName, mlir::translateDataLayout(*target, module.getContext()));

    module.walk([&](mlir::LLVM::LLVMFuncOp fn) {
      fn.removeTargetCpuAttr();
      fn.removeTargetFeaturesAttr();
      fn.removeTuneCpuAttr();
      if (auto passthrough = fn.getPassthroughAttr()) {
        llvm::SmallVector<mlir::Attribute> kept;
        for (mlir::Attribute a : passthrough) {
          auto pair = mlir::dyn_cast<mlir::ArrayAttr>(a);
          auto key = pair ? mlir::dyn_cast<mlir::StringAttr>(pair[0]) : mlir::dyn_cast<mlir::StringAttr>(a);
          if (key && (key.getValue().starts_with("target-") || key.getValue() == "tune-cpu" ||
                      key.getValue() == "stack-protector-buffer-size"))
            continue;
          kept.push_back(a);
        }
        fn.setPassthroughAttr(b.getArrayAttr(kept));
      }
    });
  }
};

}  // namespace
}  // namespace tessera::compiler
