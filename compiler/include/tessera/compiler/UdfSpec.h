// User-defined functions: a JSON file that declares C++ row functions the way
// the built-in registry declares the library's (see docs/UDF.md).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "tessera/compiler/Catalog.h"
#include "tessera/functions/registry.hpp"

namespace tessera::compiler {

struct OwnedSpec {
  std::string sql_name, kernel, symbol, summary;
  std::vector<std::string> arg_names;
  std::vector<fn::ArgSpec> args;
  std::deque<std::vector<int64_t>> specialize;  // per argument; deque keeps spans valid
  fn::FunctionSpec spec{};
  LengthRule length;
};

// Parses `path`; on error returns false with "path: what is wrong" in `error`.
bool load_udf_spec(const std::string& path, std::deque<OwnedSpec>& out, std::string& error);

}  // namespace tessera::compiler
