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
#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "tessera/compiler/AmdgpuBackend.h"
#include "tessera/compiler/Backend.h"
#include "tessera/compiler/Catalog.h"
#include "tessera/compiler/Frontend.h"
#include "tessera/compiler/KernelBuilder.h"
#include "tessera/compiler/Pipeline.h"
#include "tessera/compiler/UdfSpec.h"
#include "tessera/functions/predicate.hpp"

namespace cl = llvm::cl;
using namespace tessera;
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

const std::vector<std::string> kStages = {"llvm-ir", "mlir-import", "mlir-simplified", "kernel",
                                          "cpu-llvm", "cpu-ir",      "gpu",             "nvvm",
                                          "gpu-ir",   "ptx",         "rocdl",           "amdgpu-asm"};

// Prints `text` if `stage` is the one asked for; returns true to stop.
template <typename Print>
bool emit_stage(const std::string& stage, Print print) {
  if (emit != stage) return false;
  print(llvm::outs());
  llvm::outs().flush();
  return true;
}

bool wants(const fn::FunctionSpec& s) {
  if (only.empty()) return true;
  for (const std::string& k : only)
    if (k == s.kernel) return true;
  return false;
}

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

  if (rows_per_thread.empty()) rows_per_thread.push_back(1);
  for (unsigned u : rows_per_thread)
    if (u == 0 || u > 16 || (u & (u - 1)) != 0) return fail("--rows-per-thread takes powers of two up to 16");
  if (mappings.empty()) mappings.push_back("per-thread");
  // The GPU modules to build, in order (the first is the default launch).
  if (in_order_rows < 1 || in_order_rows > 8) return fail("--in-order-rows takes 1 to 8");
  std::vector<GpuVariant> planned;
  for (const std::string& m : mappings) {
    if (m == "per-thread") {
      for (unsigned u : rows_per_thread) planned.push_back({.rows_per_thread = static_cast<int>(u)});
    } else if (m == "block-staged") {
      if (stage_bytes < 1024 || stage_bytes > 49152)
        return fail("--stage-bytes takes 1024 to 49152 (static shared memory of one block)");
      planned.push_back({.rows_per_thread = 1, .staged = true});
    } else {
      return fail("unknown row mapping '" + m + "' for --mappings (per-thread, block-staged)");
    }
  }
  if (!emit.empty() && std::find(kStages.begin(), kStages.end(), emit.getValue()) == kStages.end())
    return fail("unknown stage '" + emit + "' for --emit");
  if (emit.empty() && output_dir.empty()) return fail("no output directory (-o <dir>)");
  const bool stage_is_amdgpu = emit == "rocdl" || emit == "amdgpu-asm";
  if (stage_is_amdgpu && amdgpu.empty()) amdgpu = "gfx942";
  if (!amdgpu.empty() && (amdgpu.size() < 4 || amdgpu.getValue().rfind("gfx", 0) != 0))
    return fail("--amdgpu takes an AMD GPU processor name such as gfx942, not '" + amdgpu + "'");
  if (sources.empty()) return fail("no C++ sources given");
  if (!use_library && udf_spec.empty()) return fail("say what to compile: --library and/or --udf-spec <file>");

  // ---- which functions ----
  std::deque<OwnedSpec> udfs;
  std::vector<std::unique_ptr<fn::DerivedPredicate>> udf_predicates;
  std::vector<KernelRecord> records;
  if (use_library) {
    for (const fn::FunctionSpec& s : fn::all_functions())
      if (wants(s)) records.push_back({&s});
    // Fused predicates (predicate.hpp) of the library's functions: CPU, and the default GPU module only.
    if (predicates)
      for (const fn::FunctionSpec* p : fn::all_predicates())
        if (wants(*p) || wants(*p->compared)) records.push_back({p});
  }
  if (!udf_spec.empty()) {
    std::string error;
    if (!load_udf_spec(udf_spec, udfs, error)) return fail(error);
    for (OwnedSpec& o : udfs)
      if (wants(o.spec)) records.push_back({.spec = &o.spec, .udf = true});
    // A user function's fused predicates, after all the functions: the runtime reads a predicate's
    // function first.
    if (predicates)
      for (OwnedSpec& o : udfs)
        if (wants(o.spec))
          if (std::unique_ptr<fn::DerivedPredicate> d = fn::derive_predicate(o.spec)) {
            records.push_back({.spec = &d->spec, .udf = true});
            udf_predicates.push_back(std::move(d));
          }
  }
  if (records.empty()) return fail("no functions selected");
  auto mark_failed = [&](KernelRecord& r, const std::string& why) {
    if (r.status == "ok") {
      r.status = "failed";
      r.reason = why;
    }
  };

  // ---- front end: clang -> LLVM IR ----
  llvm::LLVMContext llvm_context;
  // A user function's fused predicate calls the library's comparisons (compare.cpp): compiled with the
  // user's sources unless they are the library's, which hold it already.
  std::vector<std::string> all_sources(sources.begin(), sources.end());
  std::vector<std::string> includes(include_dirs.begin(), include_dirs.end());
  const bool udf_predicates_wanted = !udf_predicates.empty();
  if (udf_predicates_wanted &&
      std::none_of(all_sources.begin(), all_sources.end(),
                   [](const std::string& s) { return llvm::sys::fs::equivalent(s, TESSERA_PREDICATE_COMPARE_SOURCE); })) {
    all_sources.push_back(TESSERA_PREDICATE_COMPARE_SOURCE);
    includes.push_back(TESSERA_FUNCTION_INCLUDE_DIR);
  }
  FrontendOptions frontend{includes, defines};
  std::string source_errors, frontend_error;
  std::unique_ptr<llvm::Module> linked =
      compile_and_link(all_sources, frontend, llvm_context, source_errors, frontend_error);
  if (!linked) return fail(frontend_error);
  if (emit_stage("llvm-ir", [&](llvm::raw_ostream& os) { linked->print(os, nullptr); })) return 0;

  // ---- LLVM IR -> MLIR (llvm dialect) ----
  mlir::DialectRegistry registry;
  register_dialects(registry);
  register_passes();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::translateLLVMIRToModule(std::move(linked), &context, /*emitExpensiveWarnings=*/false);
  if (!module) return fail("importing the LLVM IR into MLIR failed");
  if (emit_stage("mlir-import", [&](llvm::raw_ostream& os) { module->print(os); })) return 0;

  // ---- simplification ----
  std::string error;
  if (!run_pipeline(*module, build_simplify_pipeline, error)) return fail("simplification failed:\n" + error);
  drop_unused_local_functions(*module);
  if (auto rejected = (*module)->getAttrOfType<mlir::DictionaryAttr>("tessera.rejected")) {
    for (KernelRecord& r : records)
      if (auto why = rejected.getAs<mlir::StringAttr>(r.spec->symbol))
        mark_failed(r, "'" + std::string(r.spec->symbol) + "' cannot be compiled to a kernel: " + why.str());
  }
  if (emit_stage("mlir-simplified", [&](llvm::raw_ostream& os) { module->print(os); })) return 0;

  // ---- column kernels ----
  std::vector<std::pair<KernelRecord*, mlir::func::FuncOp>> kernels;
  for (KernelRecord& r : records) {
    // A fused predicate goes with its function (listed before it): the runtime finds it through it.
    if (r.spec->compared)
      for (const KernelRecord& base : records)
        if (base.spec == r.spec->compared && base.status != "ok")
          mark_failed(r, "its function's kernel '" + std::string(base.spec->kernel) + "' failed");
    if (r.status != "ok") continue;
    std::string why;
    mlir::func::FuncOp k = build_column_kernel(*module, *r.spec, why);
    if (!k) {
      if (!source_errors.empty()) why += " (some sources failed to compile: " + source_errors + ")";
      mark_failed(r, why);
      continue;
    }
    if (!r.spec->compared)
      if (mlir::Operation* row_fn = module->lookupSymbol(llvm::StringRef(r.spec->symbol.data(), r.spec->symbol.size())))
        r.byte_map = row_fn->hasAttr("tessera.byte_map");
    kernels.push_back({&r, k});
  }
  if (emit_stage("kernel", [&](llvm::raw_ostream& os) { module->print(os); })) return 0;
  if (kernels.empty()) {
    for (const KernelRecord& r : records) llvm::errs() << "tessera-cc: " << r.spec->kernel << ": " << r.reason << "\n";
    return fail("no kernel could be built");
  }

  CatalogInfo info;
  if (!tuning.empty()) {
    std::string tuning_error;
    if (!load_tuning(tuning, info.tuned, info.tuned_specializations, tuning_error)) return fail(tuning_error);
  }
  info.sources = sources;
  info.sm = sm;
  info.block_size = block_size;
  if (emit.empty()) {
    std::vector<std::string> dirs = {"", "/cpu", "/nvptx"};
    if (!amdgpu.empty()) dirs.push_back("/amdgpu");
    for (const std::string& sub : dirs)
      if (std::error_code ec = llvm::sys::fs::create_directories(output_dir + sub))
        return fail("cannot create " + output_dir + sub + ": " + ec.message());
  }
  const bool stage_is_cpu = emit == "cpu-llvm" || emit == "cpu-ir";
  // A user's functions (no --library) get cancellation checks on their loops' back edges, so a statement can stop
  // one that never returns; the library's loops are bounded by their inputs and stay as they are.
  const bool cancellable = !use_library;
  const bool stage_is_gpu = emit == "gpu" || emit == "nvvm" || emit == "gpu-ir" || emit == "ptx";

  // ---- CPU back end ----
  if (!no_cpu && !stage_is_gpu && !stage_is_amdgpu) {
    mlir::OwningOpRef<mlir::ModuleOp> host(mlir::cast<mlir::ModuleOp>((*module)->clone()));
    for (auto& [r, k] : kernels)
      build_cpu_entry(*host, *r->spec, host->lookupSymbol<mlir::func::FuncOp>(k.getSymName()));
    if (!run_pipeline(*host, build_cpu_lowering_pipeline, error)) return fail("CPU lowering failed:\n" + error);
    if (emit_stage("cpu-llvm", [&](llvm::raw_ostream& os) { host->print(os); })) return 0;
    std::string ir;
    const std::string so = "cpu/libtessera_kernels.so";
    const std::string so_path = emit.empty() ? output_dir + "/" + so : "/dev/null";
    if (emit == "cpu-ir") {
      llvm::LLVMContext c;
      std::string tmp_dir = "/tmp";
      llvm::SmallString<128> tmp;
      llvm::sys::fs::createTemporaryFile("tessera-cpu", "so", tmp);
      if (!emit_cpu_library(*host, c, tmp.str().str(), &ir, error, cancellable)) return fail(error);
      llvm::sys::fs::remove(tmp);
      llvm::outs() << ir;
      return 0;
    }
    llvm::LLVMContext c;
    if (!emit_cpu_library(*host, c, so_path, nullptr, error, cancellable)) return fail("CPU back end: " + error);
    info.cpu_library = so;
  }

  // ---- GPU back end: one module per thread-coarsening factor ----
  if (!no_gpu && !stage_is_cpu && !stage_is_amdgpu) {
    const std::string ptxas = find_ptxas();
    if (ptxas.empty()) llvm::errs() << "tessera-cc: note: ptxas not found; the catalog has PTX but no cubin\n";
    int one_row_modules_seen = 0;
    for (size_t vi = 0; vi < planned.size(); ++vi) {
      GpuVariant variant = planned[vi];
      const unsigned u = static_cast<unsigned>(variant.rows_per_thread);
      const unsigned shared = variant.staged ? unsigned(stage_bytes) : 0u;
      mlir::OwningOpRef<mlir::ModuleOp> device(mlir::cast<mlir::ModuleOp>((*module)->clone()));
      // Fused predicates live in some modules only (holds_predicates).
      const bool with_predicates = holds_predicates(planned, vi);
      if (!with_predicates)
        for (auto& [r, k] : kernels)
          if (r->spec->compared) device->lookupSymbol<mlir::func::FuncOp>(k.getSymName()).erase();
      // Constant and session specialisations exist on the GPU only.
      for (auto& [r, k] : kernels)
        if (with_predicates || !r->spec->compared)
          for (const fn::Specialization& spec_variant : fn::planned_specializations(*r->spec))
            build_specialized_kernel(*device, device->lookupSymbol<mlir::func::FuncOp>(k.getSymName()), *r->spec,
                                     spec_variant);
      const unsigned twin_rows = in_order_rows;
      if (!run_pipeline(*device, [u, shared, twin_rows](mlir::OpPassManager& pm) {
            build_gpu_outlining_pipeline(pm, u, shared, twin_rows);
          }, error))
        return fail("GPU outlining failed:\n" + error);
      if (emit_stage("gpu", [&](llvm::raw_ostream& os) { device->print(os); })) return 0;
      // The in-order twins tessera-map-packed-bytes added: the manifest names a kernel's only when every
      // one-row-per-thread module has it.
      if (u == 1) {
        std::set<std::string> entries;
        for (auto m : device->getOps<mlir::gpu::GPUModuleOp>())
          for (auto f : m.getOps<mlir::gpu::GPUFuncOp>()) entries.insert(f.getName().str());
        for (auto& [r, k] : kernels) {
          r->in_order_rows = static_cast<int>(in_order_rows);
          r->in_order = (one_row_modules_seen == 0 || r->in_order) &&
                        entries.count(kernel_symbol(*r->spec) + fn::kInOrderEntrySuffix);
        }
        ++one_row_modules_seen;
      }
      if (!run_pipeline(*device, build_gpu_lowering_pipeline, error)) return fail("GPU lowering failed:\n" + error);
      if (emit_stage("nvvm", [&](llvm::raw_ostream& os) { device->print(os); })) return 0;
      llvm::LLVMContext c;
      std::string ptx, ir;
      if (!emit_ptx(*device, c, sm, ptx, emit == "gpu-ir" ? &ir : nullptr, error, cancellable))
        return fail("NVPTX back end: " + error);
      if (emit_stage("gpu-ir", [&](llvm::raw_ostream& os) { os << ir; })) return 0;
      if (emit_stage("ptx", [&](llvm::raw_ostream& os) { os << ptx; })) return 0;
      const std::string stem = variant.staged ? "nvptx/kernels_staged" : "nvptx/kernels_u" + std::to_string(u);
      variant.ptx = stem + ".ptx";
      {
        std::error_code ec;
        llvm::raw_fd_ostream out(output_dir + "/" + variant.ptx, ec);
        if (ec) return fail("cannot write " + variant.ptx + ": " + ec.message());
        out << ptx;
      }
      if (!ptxas.empty()) {
        const std::string cubin = stem + ".cubin";
        if (!assemble_cubin(ptxas, output_dir + "/" + variant.ptx, sm, output_dir + "/" + cubin, error))
          return fail(error);
        variant.cubin = cubin;
      }
      info.gpu_variants.push_back(variant);
    }
  }

  // ---- AMDGPU back end: the default kernels (no specialisations), one code object ----
  if (!amdgpu.empty() && !stage_is_cpu && !stage_is_gpu) {
    AmdgpuObject object{.chip = amdgpu, .object = "amdgpu/kernels_" + amdgpu + (amdgpu_asm ? ".s" : ".o")};
    std::string code, lowered;
    std::vector<AmdgpuUnsupportedCall> dropped;
    const bool ok = compile_amdgpu_kernels(*module, amdgpu, amdgpu_asm || emit == "amdgpu-asm", code, dropped, error,
                                           emit == "rocdl" ? &lowered : nullptr);
    if (emit_stage("rocdl", [&](llvm::raw_ostream& os) { os << lowered; })) return ok ? 0 : 1;
    for (AmdgpuUnsupportedCall& d : dropped)
      for (auto& [r, k] : kernels)
        if (k.getSymName() == d.kernel) object.left_out[std::string(r->spec->kernel)] = std::move(d.functions);
    for (const auto& [kernel, functions] : object.left_out) {
      llvm::errs() << "tessera-cc: kernel '" << kernel << "' left out of the AMDGPU object: it calls functions "
                   << "AMDGPU has no device library for here:";
      for (const std::string& f : functions) llvm::errs() << " " << f;
      llvm::errs() << "\n";
    }
    if (!ok) return fail("AMDGPU back end: " + error);
    if (emit_stage("amdgpu-asm", [&](llvm::raw_ostream& os) { os << code; })) return 0;
    std::error_code ec;
    llvm::raw_fd_ostream out(output_dir + "/" + object.object, ec);
    if (ec) return fail("cannot write " + object.object + ": " + ec.message());
    out << code;
    info.amdgpu.push_back(std::move(object));
  }

  std::map<std::string, LaunchChoice> every_tuning = info.tuned;
  every_tuning.insert(info.tuned_specializations.begin(), info.tuned_specializations.end());
  for (const auto& [kernel, choice] : every_tuning) {
    bool built = info.gpu_variants.empty();
    for (const GpuVariant& v : info.gpu_variants)
      built |= v.rows_per_thread == choice.rows_per_thread && v.staged == choice.staged;
    if (!built)
      return fail("--tuning chooses " + std::string(choice.staged ? "the block-staged mapping" : std::to_string(choice.rows_per_thread) + " rows per thread") +
                  " for '" + kernel + "', but no GPU module was built for it (see --rows-per-thread, --mappings)");
  }
  if (!write_manifest(output_dir, info, records, error)) return fail(error);
  int failed = 0;
  for (const KernelRecord& r : records)
    if (r.status != "ok") {
      ++failed;
      llvm::errs() << "tessera-cc: kernel '" << r.spec->kernel << "' (" << r.spec->sql_name << ") failed: " << r.reason
                   << "\n";
    }
  llvm::errs() << "tessera-cc: " << (records.size() - failed) << " of " << records.size() << " kernels built into "
               << output_dir;
  const size_t amdgpu_left_out = info.amdgpu.empty() ? 0 : info.amdgpu.front().left_out.size();
  if (!info.amdgpu.empty())
    llvm::errs() << " (" << (records.size() - failed - amdgpu_left_out) << " of them for " << amdgpu << ")";
  llvm::errs() << "\n";
  return failed == 0 && amdgpu_left_out == 0 ? 0 : 2;
}
