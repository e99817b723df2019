// The kernel catalog's manifest: what tessera-cc built, where, and what failed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tessera/functions/registry.hpp"

namespace tessera::compiler {

struct KernelRecord {
  const fn::FunctionSpec* spec;
  bool udf = false;
  std::string status = "ok";  // "ok" or "failed"
  std::string reason;         // why it failed (file:line, function, construct)
  // Its row function is a byte map (tessera-detect-byte-maps), so its one-row-per-thread GPU kernels map
  // packed bytes where the output's offsets are the input's (tessera-map-packed-bytes).
  bool byte_map = false;
  // Every one-row-per-thread GPU module holds its kernel's in-order twin "<entry>__in_order"
  // (fn::kInOrderEntrySuffix), which trusts the first argument's row order instead of checking it.
  bool in_order = false;
  // Rows a thread of that twin finishes (tessera-cc --in-order-rows): the runtime launches it with a grid
  // this many times smaller.
  int in_order_rows = 1;
};

// One compiled GPU module: every kernel with one row mapping: a thread-coarsening factor (per-thread), or
// one row per thread with string bytes staged through shared memory (block-staged).
struct GpuVariant {
  int rows_per_thread = 1;
  bool staged = false;
  std::string ptx;    // relative to the catalog directory
  std::string cubin;  // relative, "" if ptxas was not found
};

// The GPU modules a fused predicate (<kernel>__cmp) is built into: the default one (index 0), 4 rows per
// thread, and block-staged. Each further module costs CI minutes of compile time for 186 more kernels.
inline bool holds_predicates(const std::vector<GpuVariant>& modules, size_t i) {
  return i == 0 || modules[i].staged || modules[i].rows_per_thread == 4;
}

// The autotuner's choice for a kernel (from --tuning).
struct LaunchChoice {
  int rows_per_thread = 1;
  int block_size = 256;
  bool staged = false;
};

// The manifest's name of a row mapping ("mapping" of modules and kernels).
inline const char* mapping_name(bool staged) { return staged ? "block-staged" : "per-thread"; }

// The AMDGPU back end's output (tessera-cc --amdgpu=<chip>): one code object of the default kernels,
// compile-only (the runtime loads NVPTX modules only). Kernels that still call libm after O3 are left out.
struct AmdgpuObject {
  std::string chip;                                         // e.g. "gfx942"
  std::string object;                                       // relative to the catalog directory
  std::map<std::string, std::vector<std::string>> left_out;  // kernel -> the functions it calls
};

struct CatalogInfo {
  std::string cpu_library;  // relative to the catalog directory, "" if not built
  std::vector<GpuVariant> gpu_variants;
  std::vector<AmdgpuObject> amdgpu;  // empty unless --amdgpu
  std::map<std::string, LaunchChoice> tuned;  // kernel -> autotuned launch; others get the defaults
  // specialisation entry (tk_datepart__...) -> its own autotuned launch; others launch as their kernel
  std::map<std::string, LaunchChoice> tuned_specializations;
  std::string sm = "sm_90";
  int block_size = 256;
  std::vector<std::string> sources;
};

// Reads the autotuner's JSON ({"kernels": {"year": {"rows_per_thread": 4, "block_size": 256}, ...}}; a
// kernel's "mapping": "block-staged" chooses the staged module; a kernel's "specializations": {entry:
// {rows_per_thread, block_size, mapping}} tunes its GPU specialisations one by one).
bool load_tuning(const std::string& path, std::map<std::string, LaunchChoice>& kernels,
                 std::map<std::string, LaunchChoice>& specializations, std::string& error);

// Writes <dir>/manifest.json atomically (temporary file, then rename).
bool write_manifest(const std::string& dir, const CatalogInfo& info, const std::vector<KernelRecord>& kernels,
                    std::string& error);

}  // namespace tessera::compiler
