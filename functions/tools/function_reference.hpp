// The function reference (docs/FUNCTION_REFERENCE.md), generated from the registry so that it cannot drift from
// what the binder and the compiler see: one section per SQL name with its overloads, then the names the binder
// maps onto other names' kernels or onto expressions.
#pragma once

#include <string>
#include <string_view>

namespace tessera::fn {

// The whole reference as markdown.
std::string function_reference_markdown();

// The command that regenerates the committed file, for messages.
inline constexpr std::string_view kFunctionReferenceCommand =
    "ninja -C build tessera-function-reference && build/functions/tessera-function-reference -o docs/FUNCTION_REFERENCE.md";

}  // namespace tessera::fn
