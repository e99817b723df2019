// The kernel catalog's manifest: what tessera-cc built, where, and what failed.
#pragma once

#include <string>
#include <vector>

#include "tessera/functions/registry.hpp"

namespace tessera::compiler {

// How a UDF bounds its string output: constant + the byte lengths of some arguments.
struct LengthRule {
  int64_t constant = 0;
  std::vector<int32_t> plus_arg_lengths;
};

struct KernelRecord {
  const fn::FunctionSpec* spec;
  LengthRule udf_length;   // only for UDFs (library functions have a C++ rule)
  bool udf = false;
  std::string status = "ok";  // "ok" or "failed"
  std::string reason;         // why it failed (file:line, function, construct)
};

struct CatalogInfo {
  std::string cpu_library;  // relative to the catalog directory, "" if not built
  std::string ptx;          // relative, "" if not built
  std::string cubin;        // relative, "" if not built (no ptxas)
  std::string sm = "sm_90";
  int block_size = 256;
  std::vector<std::string> sources;
};

// Writes <dir>/manifest.json atomically (temporary file, then rename).
bool write_manifest(const std::string& dir, const CatalogInfo& info, const std::vector<KernelRecord>& kernels,
                    std::string& error);

}  // namespace tessera::compiler
