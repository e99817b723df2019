// A user's row functions built natively (the host compiler, a shared library) and called through libffi with
// the C parameter list the row ABI gives their spec (fn::expected_c_signature): the differential test's
// reference for user functions, whose specs come from a manifest and have no compiled-in invoker.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tessera/functions/registry.hpp"

namespace tessera::test {

class NativeFunctions {
 public:
  // nullptr with "<path>: why" in `error` when the library cannot be loaded.
  static std::unique_ptr<NativeFunctions> open(const std::string& path, std::string& error);
  ~NativeFunctions();
  NativeFunctions(const NativeFunctions&) = delete;
  NativeFunctions& operator=(const NativeFunctions&) = delete;

  // Finds `spec.symbol` in the library and prepares calls of it; false with `error` if it is not there.
  bool add(const fn::FunctionSpec& spec, std::string& error);
  bool has(const fn::FunctionSpec& spec) const { return calls_.count(&spec) != 0; }
  // Calls the row function of an added spec with its parameters one per 64-bit slot, as fn::RowInvoker does
  // (pointers and integers as their value, doubles by bit pattern).
  int32_t call(const fn::FunctionSpec& spec, const uint64_t* slots) const;

 private:
  struct Call;
  NativeFunctions() = default;
  void* library_ = nullptr;
  std::string path_;
  std::map<const fn::FunctionSpec*, std::unique_ptr<Call>> calls_;
};

}  // namespace tessera::test
