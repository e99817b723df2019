#include "tessera/compiler/SourceLocation.h"

#include "llvm/Support/Path.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace tessera::compiler {

std::string describe_location(mlir::Location loc) {
  std::string found;
  loc->walk([&](mlir::Location inner) {
    if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(inner)) {
      found = file.getFilename().str() + ":" + std::to_string(file.getLine());
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return found;
}

}  // namespace tessera::compiler
