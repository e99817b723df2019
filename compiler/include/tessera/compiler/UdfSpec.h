// User-defined functions: a JSON file that declares C++ row functions the way
// the built-in registry declares the library's (see docs/UDF.md).
//
// The reader is a library of its own (tessera_udf_spec, no LLVM or MLIR): tessera-cc links it, and so does
// the sanitizer build's fuzz target (fuzz/spec_fuzz.cpp).
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/compiler/Catalog.h"
#include "tessera/functions/registry.hpp"

namespace tessera::compiler {

// How a UDF bounds its string output: constant + the byte lengths of some arguments.
struct LengthRule {
  int64_t constant = 0;
  std::vector<int32_t> plus_arg_lengths;
};

struct OwnedSpec {
  std::string sql_name, kernel, symbol, summary;
  std::vector<std::string> arg_names;
  std::vector<fn::ArgSpec> args;
  std::deque<std::vector<int64_t>> specialize;  // per argument; deque keeps spans valid
  fn::FunctionSpec spec{};
  LengthRule length;
  fn::SumLengthRule sum_length;  // spec.sum_length for a string result: a view of `length`
};

// Reads and parses `path`; on error returns false with "path: what is wrong" in `error`.
bool load_udf_spec(const std::string& path, std::deque<OwnedSpec>& out, std::string& error);

// Parses the text of a spec file (load_udf_spec after reading it), appending one OwnedSpec per function;
// `path` only names the file in errors. Any text is either a list of specs that satisfy docs/UDF.md's
// rules or false with "path: what is wrong" in `error` (never an exception or an abort).
bool parse_udf_spec(std::string_view text, const std::string& path, std::deque<OwnedSpec>& out,
                    std::string& error);

}  // namespace tessera::compiler
