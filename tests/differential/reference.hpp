// The differential test's reference results: the original C++ row function called directly (built by the host
// compiler), as the CPU reference engine calls it, and a fused predicate's comparison after it.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "native_functions.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/runtime/kernel_call.hpp"

namespace tessera::test {

struct Expected {
  int32_t status = fn::kOk;  // kOk, kNull (also NULL input) or an error
  uint64_t fixed = 0;
  std::string text;
};

// The user functions' native builds (--native), for their specs, which have no compiled-in invoker; null: none.
void use_native_functions(const NativeFunctions* native);

// Calls the row function of `spec` directly on row `row` of `args` (a string result into `capacity` bytes);
// `problem` says what was wrong with the call itself (a result longer than the length rule allows).
Expected reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                   const fn::SessionContext& session, int64_t capacity, std::string& problem);
// A fused predicate's reference: the compared function's reference result, then the comparison
// (predicate.hpp's tsf_compare_*, host-compiled) with the operand; NULL where the function's result is.
Expected predicate_reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                             const fn::SessionContext& session, std::string& problem);

// A fixed-width result's bits, and whether two are the same value of type `t` (NaNs alike).
uint64_t fixed_bits(const rt::Column& c, int64_t row);
bool same_fixed(fn::SqlType t, uint64_t a, uint64_t b);
// Row `row`'s arguments as text, for a mismatch's report.
std::string render(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row);

}  // namespace tessera::test
