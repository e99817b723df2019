// See Driver.h. The build is a sequence of steps over one Build; each step either goes on, stops because it printed
// the stage --emit asked for, or fails with a message.
#include "tessera/compiler/Driver.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <set>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "tessera/compiler/AmdgpuBackend.h"
#include "tessera/compiler/Backend.h"
#include "tessera/compiler/Frontend.h"
#include "tessera/compiler/KernelBuilder.h"
#include "tessera/compiler/Pipeline.h"
#include "tessera/compiler/UdfSpec.h"
#include "tessera/functions/predicate.hpp"

namespace tessera::compiler {

const std::vector<std::string>& emit_stages() {
  static const std::vector<std::string> stages = {"llvm-ir", "mlir-import", "mlir-simplified", "kernel",
                                                  "cpu-llvm", "cpu-ir",     "gpu",             "nvvm",
                                                  "gpu-ir",   "ptx",        "rocdl",           "amdgpu-asm"};
  return stages;
}

std::string plan_gpu_modules(const std::vector<unsigned>& rows_per_thread, const std::vector<std::string>& mappings,
                             unsigned stage_bytes, std::vector<GpuVariant>& modules) {
  for (unsigned u : rows_per_thread)
    if (u == 0 || u > 16 || (u & (u - 1)) != 0) return "--rows-per-thread takes powers of two up to 16";
  for (const std::string& m : mappings) {
    if (m == "per-thread") {
      for (unsigned u : rows_per_thread) modules.push_back({.rows_per_thread = static_cast<int>(u)});
    } else if (m == "block-staged") {
      if (stage_bytes < 1024 || stage_bytes > 49152) return "--stage-bytes takes 1024 to 49152 (static shared memory of one block)";
      modules.push_back({.rows_per_thread = 1, .staged = true});
    } else {
      return "unknown row mapping '" + m + "' for --mappings (per-thread, block-staged)";
    }
  }
  return "";
}

std::string check_options(DriverOptions& o) {
  if (o.in_order_rows < 1 || o.in_order_rows > 8) return "--in-order-rows takes 1 to 8";
  const std::vector<std::string>& stages = emit_stages();
  if (!o.emit.empty() && std::find(stages.begin(), stages.end(), o.emit) == stages.end())
    return "unknown stage '" + o.emit + "' for --emit";
  if (o.emit.empty() && o.output_dir.empty()) return "no output directory (-o <dir>)";
  if ((o.emit == "rocdl" || o.emit == "amdgpu-asm") && o.amdgpu.empty()) o.amdgpu = "gfx942";
  if (!o.amdgpu.empty() && (o.amdgpu.size() < 4 || o.amdgpu.rfind("gfx", 0) != 0))
    return "--amdgpu takes an AMD GPU processor name such as gfx942, not '" + o.amdgpu + "'";
  if (o.sources.empty()) return "no C++ sources given";
  if (!o.library && o.udf_spec.empty()) return "say what to compile: --library and/or --udf-spec <file>";
  return "";
}

namespace {

enum class Step { Next, Stop, Fail };

struct Build {
  explicit Build(const DriverOptions& options) : o(options) {}
  const DriverOptions& o;
  std::deque<OwnedSpec> udfs;
  std::vector<std::unique_ptr<fn::DerivedPredicate>> udf_predicates;
  std::vector<KernelRecord> records;
  std::string source_errors;
  llvm::LLVMContext llvm_context;
  std::unique_ptr<mlir::MLIRContext> context;  // before `module`: it outlives it
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<std::pair<KernelRecord*, mlir::func::FuncOp>> kernels;
  CatalogInfo info;
  int stop_status = 0;  // the exit status when a step stops

  bool stage_is_cpu() const { return o.emit == "cpu-llvm" || o.emit == "cpu-ir"; }
  bool stage_is_gpu() const { return o.emit == "gpu" || o.emit == "nvvm" || o.emit == "gpu-ir" || o.emit == "ptx"; }
  bool stage_is_amdgpu() const { return o.emit == "rocdl" || o.emit == "amdgpu-asm"; }
};

Step fail(const std::string& message) {
  llvm::errs() << "tessera-cc: error: " << message << "\n";
  return Step::Fail;
}

// Prints with `print` if `stage` is the one asked for; true to stop.
template <typename Print>
bool emit_stage(const Build& b, const std::string& stage, Print print) {
  if (b.o.emit != stage) return false;
  print(llvm::outs());
  llvm::outs().flush();
  return true;
}

// With --time-stages, how long a stage took, on stderr when it ends.
class StageClock {
 public:
  StageClock(const DriverOptions& o, std::string name)
      : on_(o.time_stages), name_(std::move(name)), start_(std::chrono::steady_clock::now()) {}
  ~StageClock() {
    if (!on_) return;
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start_;
    llvm::errs() << llvm::format("tessera-cc: %-32s %8.1f s\n", name_.c_str(), took.count());
  }
  // A part of the stage: the time since the previous part ended (or the stage began).
  void part(const char* what) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    const std::chrono::duration<double> took = now - part_start_;
    part_start_ = now;
    llvm::errs() << llvm::format("tessera-cc:     %-28s %8.1f s\n", what, took.count());
  }

 private:
  bool on_;
  std::string name_;
  std::chrono::steady_clock::time_point start_, part_start_ = start_;
};

bool wants(const DriverOptions& o, const fn::FunctionSpec& s) {
  if (o.only.empty()) return true;
  for (const std::string& k : o.only)
    if (k == s.kernel) return true;
  return false;
}

void mark_failed(KernelRecord& r, const std::string& why) {
  if (r.status == "ok") {
    r.status = "failed";
    r.reason = why;
  }
}

// The library's functions and fused predicates, then the user's (a user function's fused predicates after all the
// functions: the runtime reads a predicate's function first).
Step select_functions(Build& b) {
  const DriverOptions& o = b.o;
  if (o.library) {
    for (const fn::FunctionSpec& s : fn::all_functions())
      if (wants(o, s)) b.records.push_back({&s});
    // Fused predicates (predicate.hpp) of the library's functions: CPU, and the default GPU module only.
    if (o.predicates)
      for (const fn::FunctionSpec* p : fn::all_predicates())
        if (wants(o, *p) || wants(o, *p->compared)) b.records.push_back({p});
  }
  if (!o.udf_spec.empty()) {
    std::string error;
    if (!load_udf_spec(o.udf_spec, b.udfs, error)) return fail(error);
    for (OwnedSpec& s : b.udfs)
      if (wants(o, s.spec)) b.records.push_back({.spec = &s.spec, .udf = true});
    if (o.predicates)
      for (OwnedSpec& s : b.udfs)
        if (wants(o, s.spec))
          if (std::unique_ptr<fn::DerivedPredicate> d = fn::derive_predicate(s.spec)) {
            b.records.push_back({.spec = &d->spec, .udf = true});
            b.udf_predicates.push_back(std::move(d));
          }
  }
  if (b.records.empty()) return fail("no functions selected");
  return Step::Next;
}

// clang -> LLVM IR -> MLIR's llvm dialect -> simplified.
Step front_end(Build& b) {
  const DriverOptions& o = b.o;
  // A user function's fused predicate calls the library's comparisons (compare.cpp): compiled with the
  // user's sources unless they are the library's, which hold it already.
  std::vector<std::string> all_sources = o.sources, includes = o.include_dirs;
  if (!b.udf_predicates.empty() &&
      std::none_of(all_sources.begin(), all_sources.end(), [&](const std::string& s) {
        return llvm::sys::fs::equivalent(s, o.predicate_compare_source);
      })) {
    all_sources.push_back(o.predicate_compare_source);
    includes.push_back(o.function_include_dir);
  }
  FrontendOptions frontend{includes, o.defines};
  std::string frontend_error;
  std::unique_ptr<llvm::Module> linked = compile_and_link(all_sources, frontend, b.llvm_context, b.source_errors, frontend_error);
  if (!linked) return fail(frontend_error);
  if (emit_stage(b, "llvm-ir", [&](llvm::raw_ostream& os) { linked->print(os, nullptr); })) return Step::Stop;

  mlir::DialectRegistry registry;
  register_dialects(registry);
  register_passes();
  b.context = std::make_unique<mlir::MLIRContext>(registry);
  b.context->loadAllAvailableDialects();
  b.module = mlir::translateLLVMIRToModule(std::move(linked), b.context.get(), /*emitExpensiveWarnings=*/false);
  if (!b.module) return fail("importing the LLVM IR into MLIR failed");
  if (emit_stage(b, "mlir-import", [&](llvm::raw_ostream& os) { b.module->print(os); })) return Step::Stop;

  std::string error;
  if (!run_pipeline(*b.module, build_simplify_pipeline, error)) return fail("simplification failed:\n" + error);
  drop_unused_local_functions(*b.module);
  if (auto rejected = (*b.module)->getAttrOfType<mlir::DictionaryAttr>("tessera.rejected")) {
    for (KernelRecord& r : b.records)
      if (auto why = rejected.getAs<mlir::StringAttr>(r.spec->symbol))
        mark_failed(r, "'" + std::string(r.spec->symbol) + "' cannot be compiled to a kernel: " + why.str());
  }
  if (emit_stage(b, "mlir-simplified", [&](llvm::raw_ostream& os) { b.module->print(os); })) return Step::Stop;
  return Step::Next;
}

// A column kernel per row function (a fused predicate only where its function's kernel was built).
Step column_kernels(Build& b) {
  for (KernelRecord& r : b.records) {
    if (r.spec->compared)
      for (const KernelRecord& base : b.records)
        if (base.spec == r.spec->compared && base.status != "ok")
          mark_failed(r, "its function's kernel '" + std::string(base.spec->kernel) + "' failed");
    if (r.status != "ok") continue;
    std::string why;
    mlir::func::FuncOp k = build_column_kernel(*b.module, *r.spec, why);
    if (!k) {
      if (!b.source_errors.empty()) why += " (some sources failed to compile: " + b.source_errors + ")";
      mark_failed(r, why);
      continue;
    }
    if (!r.spec->compared)
      if (mlir::Operation* row_fn = b.module->lookupSymbol(llvm::StringRef(r.spec->symbol.data(), r.spec->symbol.size())))
        r.byte_map = row_fn->hasAttr("tessera.byte_map");
    b.kernels.push_back({&r, k});
  }
  if (emit_stage(b, "kernel", [&](llvm::raw_ostream& os) { b.module->print(os); })) return Step::Stop;
  if (b.kernels.empty()) {
    for (const KernelRecord& r : b.records) llvm::errs() << "tessera-cc: " << r.spec->kernel << ": " << r.reason << "\n";
    return fail("no kernel could be built");
  }
  return Step::Next;
}

// The manifest's settings, and the catalog's directories.
Step prepare_catalog(Build& b) {
  const DriverOptions& o = b.o;
  if (!o.tuning.empty()) {
    std::string error;
    if (!load_tuning(o.tuning, b.info.tuned, b.info.tuned_specializations, error)) return fail(error);
  }
  b.info.sources = o.sources;
  b.info.sm = o.sm;
  b.info.block_size = o.block_size;
  if (o.emit.empty()) {
    std::vector<std::string> dirs = {"", "/cpu", "/nvptx"};
    if (!o.amdgpu.empty()) dirs.push_back("/amdgpu");
    for (const std::string& sub : dirs)
      if (std::error_code ec = llvm::sys::fs::create_directories(o.output_dir + sub))
        return fail("cannot create " + o.output_dir + sub + ": " + ec.message());
  }
  return Step::Next;
}

// A user's functions (no --library) get cancellation checks on their loops' back edges, so a statement can stop
// one that never returns; the library's loops are bounded by their inputs and stay as they are.
bool cancellable(const Build& b) { return !b.o.library; }

Step cpu_back_end(Build& b) {
  const DriverOptions& o = b.o;
  if (!o.cpu || b.stage_is_gpu() || b.stage_is_amdgpu()) return Step::Next;
  std::string error;
  mlir::OwningOpRef<mlir::ModuleOp> host(mlir::cast<mlir::ModuleOp>((*b.module)->clone()));
  for (auto& [r, k] : b.kernels) build_cpu_entry(*host, *r->spec, host->lookupSymbol<mlir::func::FuncOp>(k.getSymName()));
  if (!run_pipeline(*host, build_cpu_lowering_pipeline, error)) return fail("CPU lowering failed:\n" + error);
  if (emit_stage(b, "cpu-llvm", [&](llvm::raw_ostream& os) { host->print(os); })) return Step::Stop;
  const std::string so = "cpu/libtessera_kernels.so";
  if (o.emit == "cpu-ir") {
    std::string ir;
    llvm::LLVMContext c;
    llvm::SmallString<128> tmp;
    llvm::sys::fs::createTemporaryFile("tessera-cpu", "so", tmp);
    if (!emit_cpu_library(*host, c, tmp.str().str(), &ir, error, cancellable(b))) return fail(error);
    llvm::sys::fs::remove(tmp);
    llvm::outs() << ir;
    return Step::Stop;
  }
  llvm::LLVMContext c;
  const std::string so_path = o.emit.empty() ? o.output_dir + "/" + so : "/dev/null";
  if (!emit_cpu_library(*host, c, so_path, nullptr, error, cancellable(b))) return fail("CPU back end: " + error);
  b.info.cpu_library = so;
  return Step::Next;
}

// One NVPTX module per planned variant (thread-coarsening factor or row mapping): PTX, and a cubin where ptxas is.
Step nvptx_back_end(Build& b) {
  const DriverOptions& o = b.o;
  if (!o.nvptx || b.stage_is_cpu() || b.stage_is_amdgpu()) return Step::Next;
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) llvm::errs() << "tessera-cc: note: ptxas not found; the catalog has PTX but no cubin\n";
  std::string error;
  int one_row_modules_seen = 0;
  for (size_t vi = 0; vi < o.gpu_modules.size(); ++vi) {
    GpuVariant variant = o.gpu_modules[vi];
    const unsigned u = static_cast<unsigned>(variant.rows_per_thread);
    const unsigned shared = variant.staged ? o.stage_bytes : 0u;
    StageClock clock(o, "  NVPTX module " + (variant.staged ? std::string("staged") : "u" + std::to_string(u)));
    mlir::OwningOpRef<mlir::ModuleOp> device(mlir::cast<mlir::ModuleOp>((*b.module)->clone()));
    // Fused predicates live in some modules only (holds_predicates).
    const bool with_predicates = holds_predicates(o.gpu_modules, vi);
    if (!with_predicates)
      for (auto& [r, k] : b.kernels)
        if (r->spec->compared) device->lookupSymbol<mlir::func::FuncOp>(k.getSymName()).erase();
    // Constant and session specialisations exist on the GPU only.
    for (auto& [r, k] : b.kernels)
      if (with_predicates || !r->spec->compared)
        for (const fn::Specialization& spec_variant : fn::planned_specializations(*r->spec))
          build_specialized_kernel(*device, device->lookupSymbol<mlir::func::FuncOp>(k.getSymName()), *r->spec,
                                   spec_variant);
    clock.part("specialise");
    const unsigned twin_rows = o.in_order_rows;
    if (!run_pipeline(*device, [u, shared, twin_rows](mlir::OpPassManager& pm) {
          build_gpu_outlining_pipeline(pm, u, shared, twin_rows);
        }, error))
      return fail("GPU outlining failed:\n" + error);
    clock.part("outline");
    if (emit_stage(b, "gpu", [&](llvm::raw_ostream& os) { device->print(os); })) return Step::Stop;
    // The in-order twins tessera-map-packed-bytes added: the manifest names a kernel's only when every
    // one-row-per-thread module has it.
    if (u == 1) {
      std::set<std::string> entries;
      for (auto m : device->getOps<mlir::gpu::GPUModuleOp>())
        for (auto f : m.getOps<mlir::gpu::GPUFuncOp>()) entries.insert(f.getName().str());
      for (auto& [r, k] : b.kernels) {
        r->in_order_rows = static_cast<int>(o.in_order_rows);
        r->in_order = (one_row_modules_seen == 0 || r->in_order) && entries.count(kernel_symbol(*r->spec) + fn::kInOrderEntrySuffix);
      }
      ++one_row_modules_seen;
    }
    if (!run_pipeline(*device, build_gpu_lowering_pipeline, error)) return fail("GPU lowering failed:\n" + error);
    clock.part("lower to NVVM");
    if (emit_stage(b, "nvvm", [&](llvm::raw_ostream& os) { device->print(os); })) return Step::Stop;
    llvm::LLVMContext c;
    std::string ptx, ir;
    if (!emit_ptx(*device, c, o.sm, ptx, o.emit == "gpu-ir" ? &ir : nullptr, error, cancellable(b)))
      return fail("NVPTX back end: " + error);
    clock.part("LLVM to PTX");
    if (emit_stage(b, "gpu-ir", [&](llvm::raw_ostream& os) { os << ir; })) return Step::Stop;
    if (emit_stage(b, "ptx", [&](llvm::raw_ostream& os) { os << ptx; })) return Step::Stop;
    const std::string stem = variant.staged ? "nvptx/kernels_staged" : "nvptx/kernels_u" + std::to_string(u);
    variant.ptx = stem + ".ptx";
    {
      std::error_code ec;
      llvm::raw_fd_ostream out(o.output_dir + "/" + variant.ptx, ec);
      if (ec) return fail("cannot write " + variant.ptx + ": " + ec.message());
      out << ptx;
    }
    if (!ptxas.empty()) {
      const std::string cubin = stem + ".cubin";
      if (!assemble_cubin(ptxas, o.output_dir + "/" + variant.ptx, o.sm, o.output_dir + "/" + cubin, error)) return fail(error);
      variant.cubin = cubin;
    }
    clock.part("ptxas");
    b.info.gpu_variants.push_back(variant);
  }
  return Step::Next;
}

// The default kernels (no specialisations) for an AMD chip, one code object (compile-only).
Step amdgpu_back_end(Build& b) {
  const DriverOptions& o = b.o;
  if (o.amdgpu.empty() || b.stage_is_cpu() || b.stage_is_gpu()) return Step::Next;
  AmdgpuObject object{.chip = o.amdgpu, .object = "amdgpu/kernels_" + o.amdgpu + (o.amdgpu_asm ? ".s" : ".o")};
  std::string code, lowered, error;
  std::vector<AmdgpuUnsupportedCall> dropped;
  const bool ok = compile_amdgpu_kernels(*b.module, o.amdgpu, o.amdgpu_asm || o.emit == "amdgpu-asm", code, dropped,
                                         error, o.emit == "rocdl" ? &lowered : nullptr);
  if (emit_stage(b, "rocdl", [&](llvm::raw_ostream& os) { os << lowered; })) {
    b.stop_status = ok ? 0 : 1;
    return Step::Stop;
  }
  for (AmdgpuUnsupportedCall& d : dropped)
    for (auto& [r, k] : b.kernels)
      if (k.getSymName() == d.kernel) object.left_out[std::string(r->spec->kernel)] = std::move(d.functions);
  for (const auto& [kernel, functions] : object.left_out) {
    llvm::errs() << "tessera-cc: kernel '" << kernel << "' left out of the AMDGPU object: it calls functions "
                 << "AMDGPU has no device library for here:";
    for (const std::string& f : functions) llvm::errs() << " " << f;
    llvm::errs() << "\n";
  }
  if (!ok) return fail("AMDGPU back end: " + error);
  if (emit_stage(b, "amdgpu-asm", [&](llvm::raw_ostream& os) { os << code; })) return Step::Stop;
  std::error_code ec;
  llvm::raw_fd_ostream out(o.output_dir + "/" + object.object, ec);
  if (ec) return fail("cannot write " + object.object + ": " + ec.message());
  out << code;
  b.info.amdgpu.push_back(std::move(object));
  return Step::Next;
}

// Every tuning's choice must name a module that was built.
Step check_tunings_built(Build& b) {
  std::map<std::string, LaunchChoice> every_tuning = b.info.tuned;
  every_tuning.insert(b.info.tuned_specializations.begin(), b.info.tuned_specializations.end());
  for (const auto& [kernel, choice] : every_tuning) {
    bool built = b.info.gpu_variants.empty();
    for (const GpuVariant& v : b.info.gpu_variants) built |= v.rows_per_thread == choice.rows_per_thread && v.staged == choice.staged;
    if (!built)
      return fail("--tuning chooses " +
                  std::string(choice.staged ? "the block-staged mapping" : std::to_string(choice.rows_per_thread) + " rows per thread") +
                  " for '" + kernel + "', but no GPU module was built for it (see --rows-per-thread, --mappings)");
  }
  return Step::Next;
}

// The manifest, and what failed; the exit status.
int finish(Build& b) {
  std::string error;
  if (!write_manifest(b.o.output_dir, b.info, b.records, error)) {
    fail(error);
    return 1;
  }
  int failed = 0;
  for (const KernelRecord& r : b.records)
    if (r.status != "ok") {
      ++failed;
      llvm::errs() << "tessera-cc: kernel '" << r.spec->kernel << "' (" << r.spec->sql_name << ") failed: " << r.reason << "\n";
    }
  llvm::errs() << "tessera-cc: " << (b.records.size() - failed) << " of " << b.records.size() << " kernels built into "
               << b.o.output_dir;
  const size_t amdgpu_left_out = b.info.amdgpu.empty() ? 0 : b.info.amdgpu.front().left_out.size();
  if (!b.info.amdgpu.empty())
    llvm::errs() << " (" << (b.records.size() - failed - amdgpu_left_out) << " of them for " << b.o.amdgpu << ")";
  llvm::errs() << "\n";
  return failed == 0 && amdgpu_left_out == 0 ? 0 : 2;
}

}  // namespace

int build_catalog(const DriverOptions& o) {
  Build b(o);
  struct Named {
    const char* name;
    Step (*run)(Build&);
  };
  for (Named step : {Named{"select", select_functions}, {"front end", front_end}, {"column kernels", column_kernels},
                     {"prepare", prepare_catalog}, {"CPU back end", cpu_back_end}, {"NVPTX back end", nvptx_back_end},
                     {"AMDGPU back end", amdgpu_back_end}, {"tunings", check_tunings_built}}) {
    StageClock clock(o, step.name);
    const Step s = step.run(b);
    if (s == Step::Fail) return 1;
    if (s == Step::Stop) return b.stop_status;
  }
  return finish(b);
}

}  // namespace tessera::compiler
