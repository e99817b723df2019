// The convert family's entries in the function registry.
#include "tessera/functions/registry.hpp"

namespace tessera::fn {

std::span<const FunctionSpec> convert_functions() { return {}; }

}  // namespace tessera::fn
