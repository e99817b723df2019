// The kernel compiler's driver: what tessera-cc does once its options are parsed. It selects the functions (the
// library's registry, a user's JSON spec, or both; --only), compiles their C++ sources to LLVM IR, imports and
// simplifies them in MLIR, builds a column kernel per function, lowers them through each back end (CPU shared
// library, NVPTX modules and cubins, an AMDGPU code object) and writes the catalog's manifest, or prints one stage
// and stops (--emit). tools/tessera-cc/tessera-cc.cpp maps its command line onto DriverOptions.
#pragma once

#include <string>
#include <vector>

#include "tessera/compiler/Catalog.h"

namespace tessera::compiler {

// The stages --emit can print, in pipeline order.
const std::vector<std::string>& emit_stages();

struct DriverOptions {
  std::vector<std::string> sources, include_dirs, defines;
  std::string output_dir;         // the catalog directory ("" only with emit)
  bool library = false;           // the built-in registry's functions
  std::string udf_spec;           // a JSON file of user functions, or ""
  std::vector<std::string> only;  // kernels to compile (empty: all)
  std::string emit;               // a stage of emit_stages() to print, then stop; "" builds the catalog
  std::string sm = "sm_90";
  bool cpu = true, nvptx = true;
  std::string amdgpu;             // an AMD chip (gfx942) to compile for too, or ""
  bool amdgpu_asm = false;        // write AMDGPU assembly instead of the code object
  int block_size = 256;           // threads per block recorded for kernels without a tuning
  std::vector<GpuVariant> gpu_modules;  // NVPTX modules to build, the default first (plan_gpu_modules)
  unsigned stage_bytes = 32768;   // shared memory per block of the block-staged mapping
  unsigned in_order_rows = 8;     // rows a thread of a byte map's in-order twin finishes
  bool predicates = true;         // build the fused predicates (<kernel>__cmp)
  std::string tuning;             // autotuner results (JSON) to record, or ""
  bool time_stages = false;       // print each stage's wall time to stderr (where a catalog build's time goes)
  // The library's comparisons (compiled with a user's sources when their fused predicates need them) and the
  // library's include directory.
  std::string predicate_compare_source, function_include_dir;
};

// The NVPTX modules for --rows-per-thread factors and --mappings (per-thread: one module per factor;
// block-staged: one); "" or what is wrong.
std::string plan_gpu_modules(const std::vector<unsigned>& rows_per_thread, const std::vector<std::string>& mappings,
                             unsigned stage_bytes, std::vector<GpuVariant>& modules);

// "" when the options make sense together, else what is wrong (an unknown stage, no output directory, no sources,
// nothing to compile, a malformed AMD chip name). Fills in gfx942 for the AMD stages when no chip is given.
std::string check_options(DriverOptions& o);

// Builds the catalog (or prints o.emit's stage); errors and the summary go to stderr, a stage to stdout. The
// process's exit status: 0 all built (or the stage printed), 1 an error, 2 some kernels failed or were left out of
// the AMDGPU object.
int build_catalog(const DriverOptions& o);

}  // namespace tessera::compiler
