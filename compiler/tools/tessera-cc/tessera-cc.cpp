// tessera-cc: compiles C++ row functions into a kernel catalog.
//
//   tessera-cc --library -I functions/include -o catalog functions/src/**/*.cpp
//   tessera-cc --udf-spec my_udfs.json -I ... -o my_catalog my_udfs.cpp
//   tessera-cc --library --only=year --emit=kernel ...      (print one stage and stop)
//   tessera-cc --library --no-cpu --no-gpu --amdgpu=gfx942 -o dir ...   (AMD code object only)
//
// Back ends: CPU (a shared library), NVPTX (PTX and cubins, one module per
// row mapping) and, with --amdgpu=<chip>, AMDGPU (one code object through
// ROCDL, compile-only: nothing here runs it).
// Stages, in order (any can be printed with --emit): llvm-ir, mlir-import,
// mlir-simplified, kernel, cpu-llvm, cpu-ir, gpu, nvvm, gpu-ir, ptx, rocdl,
// amdgpu-asm.
// The work is the driver's (tessera/compiler/Driver.h): this file maps the command line onto its options.
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "tessera/compiler/Driver.h"

namespace cl = llvm::cl;
using namespace tessera::compiler;

namespace {

cl::OptionCategory category("tessera-cc options");
cl::list<std::string> sources(cl::Positional, cl::desc("<C++ sources>"), cl::cat(category));
cl::list<std::string> include_dirs("I", cl::Prefix, cl::desc("Include directory"), cl::cat(category));
cl::list<std::string> defines("D", cl::Prefix, cl::desc("Preprocessor definition"), cl::cat(category));
cl::opt<std::string> output_dir("o", cl::desc("Catalog directory to write"), cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> use_library("library", cl::desc("Compile the functions of the built-in registry"), cl::cat(category));
cl::opt<std::string> udf_spec("udf-spec", cl::desc("JSON file declaring user-defined row functions"),
                              cl::value_desc("file"), cl::cat(category));
cl::list<std::string> only("only", cl::CommaSeparated, cl::desc("Compile only these kernels"), cl::cat(category));
cl::opt<std::string> emit("emit", cl::desc("Print the IR after a stage and stop: llvm-ir, mlir-import, "
                                           "mlir-simplified, kernel, cpu-llvm, cpu-ir, gpu, nvvm, gpu-ir, ptx, "
                                           "rocdl, amdgpu-asm (the AMD stages use --amdgpu, gfx942 if not given)"),
                          cl::value_desc("stage"), cl::cat(category));
cl::opt<std::string> sm("sm", cl::desc("GPU architecture"), cl::init("sm_90"), cl::cat(category));
cl::opt<bool> no_gpu("no-gpu", cl::desc("Do not build NVPTX (CUDA) kernels"), cl::cat(category));
cl::opt<std::string> amdgpu("amdgpu", cl::desc("Also compile the kernels for this AMD GPU (e.g. gfx942) into "
                                               "amdgpu/kernels_<chip>.o, compile-only"),
                            cl::value_desc("chip"), cl::cat(category));
cl::opt<bool> amdgpu_asm("amdgpu-asm", cl::desc("With --amdgpu, write AMDGPU assembly (amdgpu/kernels_<chip>.s) "
                                                "instead of the code object"),
                         cl::cat(category));
cl::opt<bool> no_cpu("no-cpu", cl::desc("Do not build CPU kernels"), cl::cat(category));
cl::opt<int> block_size("block-size", cl::desc("Threads per block recorded for kernels without a tuning"),
                        cl::init(256), cl::cat(category));
cl::list<unsigned> rows_per_thread("rows-per-thread", cl::CommaSeparated,
                                   cl::desc("Thread-coarsening factors to build GPU modules for (first = default)"),
                                   cl::cat(category));
cl::list<std::string> mappings("mappings", cl::CommaSeparated,
                               cl::desc("Row mappings to build GPU modules for: per-thread (one module per "
                                        "--rows-per-thread factor), block-staged (string bytes through shared "
                                        "memory, one row per thread); first = default"),
                               cl::cat(category));
cl::opt<unsigned> stage_bytes("stage-bytes", cl::desc("Shared memory per block of the block-staged mapping"),
                              cl::init(32768), cl::cat(category));
cl::opt<unsigned> in_order_rows("in-order-rows",
                                cl::desc("Rows a thread of a byte map's in-order twin finishes: its block maps that "
                                         "many times its threads in rows at once (1 to 8; 8, the fastest "
                                         "on the H200, docs/results/kernels-h200-2026-12-05-in-order.md)"),
                                cl::init(8), cl::cat(category));
cl::opt<bool> predicates("predicates", cl::desc("Build the fused predicate kernels (<kernel>__cmp) of the library and the UDFs"),
                          cl::init(true), cl::cat(category));
cl::opt<std::string> tuning("tuning", cl::desc("Autotuner results (JSON) to record in the manifest"),
                            cl::value_desc("file"), cl::cat(category));
cl::opt<bool> time_stages("time-stages", cl::desc("Print each stage's wall time (and each NVPTX module's) to stderr"),
                          cl::cat(category));

int fail(const std::string& message) {
  llvm::errs() << "tessera-cc: error: " << message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  llvm::InitLLVM init(argc, argv);
  // Kernels must round like the reference build: no FMA contraction on NVPTX.
  std::vector<const char*> args(argv, argv + argc);
  args.insert(args.begin() + 1, "-nvptx-fma-level=0");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(static_cast<int>(args.size()), args.data(), "Tessera kernel compiler\n");

  DriverOptions o;
  std::vector<unsigned> factors(rows_per_thread.begin(), rows_per_thread.end());
  if (factors.empty()) factors.push_back(1);
  std::vector<std::string> mapping_names(mappings.begin(), mappings.end());
  if (mapping_names.empty()) mapping_names.push_back("per-thread");
  if (std::string e = plan_gpu_modules(factors, mapping_names, stage_bytes, o.gpu_modules); !e.empty()) return fail(e);
  o.sources.assign(sources.begin(), sources.end());
  o.include_dirs.assign(include_dirs.begin(), include_dirs.end());
  o.defines.assign(defines.begin(), defines.end());
  o.output_dir = output_dir;
  o.library = use_library;
  o.udf_spec = udf_spec;
  o.only.assign(only.begin(), only.end());
  o.emit = emit;
  o.sm = sm;
  o.cpu = !no_cpu;
  o.nvptx = !no_gpu;
  o.amdgpu = amdgpu;
  o.amdgpu_asm = amdgpu_asm;
  o.block_size = block_size;
  o.stage_bytes = stage_bytes;
  o.in_order_rows = in_order_rows;
  o.predicates = predicates;
  o.tuning = tuning;
  o.time_stages = time_stages;
  o.predicate_compare_source = TESSERA_PREDICATE_COMPARE_SOURCE;
  o.function_include_dir = TESSERA_FUNCTION_INCLUDE_DIR;
  if (std::string e = check_options(o); !e.empty()) return fail(e);
  return build_catalog(o);
}
