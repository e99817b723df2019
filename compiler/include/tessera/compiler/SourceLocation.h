// Turns an MLIR location (imported from clang's line tables) into "file:line".
#pragma once

#include <string>

#include "mlir/IR/Location.h"

namespace tessera::compiler {

// The first file:line:col inside a (fused, named or call-site) location, or "".
std::string describe_location(mlir::Location loc);

}  // namespace tessera::compiler
