// tessera-amdgpu: compiles the column kernels of tessera-cc for AMD GPUs
// (ROCDL, amdgcn-amd-amdhsa), compile-only, to show that they are portable.
//
//   tessera-amdgpu --library -I functions/include --emit-asm -o lib.s functions/src/**/*.cpp
//   tessera-amdgpu --udf-spec my_udfs.json -I ... -o kernels.hsaco my_udfs.cpp
//
// The flow is tessera-cc's up to the column kernels (clang -> LLVM IR ->
// MLIR -> tessera-simplify -> build_column_kernel), then
// build_rocdl_lowering_pipeline and emit_amdgpu_object. Kernels that still
// call libm (AMD's ocml is not used) are reported and left out.
#include <deque>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "tessera/compiler/AmdgpuBackend.h"
#include "tessera/compiler/Frontend.h"
#include "tessera/compiler/KernelBuilder.h"
#include "tessera/compiler/Pipeline.h"
#include "tessera/compiler/UdfSpec.h"

namespace cl = llvm::cl;
using namespace tessera;
using namespace tessera::compiler;

namespace {

cl::OptionCategory category("tessera-amdgpu options");
cl::list<std::string> sources(cl::Positional, cl::desc("<C++ sources>"), cl::cat(category));
cl::list<std::string> include_dirs("I", cl::Prefix, cl::desc("Include directory"), cl::cat(category));
cl::list<std::string> defines("D", cl::Prefix, cl::desc("Preprocessor definition"), cl::cat(category));
cl::opt<std::string> output("o", cl::desc("Code object (or, with --emit-asm, assembly) to write; - for stdout"),
                            cl::value_desc("file"), cl::init("-"), cl::cat(category));
cl::opt<bool> use_library("library", cl::desc("Compile the functions of the built-in registry"), cl::cat(category));
cl::opt<std::string> udf_spec("udf-spec", cl::desc("JSON file declaring user-defined row functions"),
                              cl::value_desc("file"), cl::cat(category));
cl::list<std::string> only("only", cl::CommaSeparated, cl::desc("Compile only these kernels"), cl::cat(category));
cl::opt<std::string> chip("chip", cl::desc("AMDGPU processor"), cl::init("gfx942"), cl::cat(category));
cl::opt<bool> emit_asm("emit-asm", cl::desc("Write AMDGPU assembly instead of an ELF code object"),
                       cl::cat(category));
cl::opt<bool> emit_rocdl("emit-rocdl", cl::desc("Print the module after the ROCDL lowering and stop"),
                         cl::cat(category));

bool wants(const fn::FunctionSpec& s) {
  if (only.empty()) return true;
  for (const std::string& k : only)
    if (k == s.kernel) return true;
  return false;
}

int fail(const std::string& message) {
  llvm::errs() << "tessera-amdgpu: error: " << message << "\n";
  return 1;
}

struct Selected {
  const fn::FunctionSpec* spec;
  std::string failure;  // "" while it compiles
};

}  // namespace

int main(int argc, char** argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Tessera column kernels for AMD GPUs (compile-only)\n");
  if (sources.empty()) return fail("no C++ sources given");
  if (!use_library && udf_spec.empty()) return fail("say what to compile: --library and/or --udf-spec <file>");

  std::deque<OwnedSpec> udfs;
  std::vector<Selected> selected;
  if (use_library)
    for (const fn::FunctionSpec& s : fn::all_functions())
      if (wants(s)) selected.push_back({&s, ""});
  if (!udf_spec.empty()) {
    std::string error;
    if (!load_udf_spec(udf_spec, udfs, error)) return fail(error);
    for (OwnedSpec& o : udfs)
      if (wants(o.spec)) selected.push_back({&o.spec, ""});
  }
  if (selected.empty()) return fail("no functions selected");

  // ---- front end: clang -> LLVM IR ----
  llvm::LLVMContext llvm_context;
  FrontendOptions frontend{include_dirs, defines};
  std::string source_errors, frontend_error;
  std::unique_ptr<llvm::Module> linked =
      compile_and_link(sources, frontend, llvm_context, source_errors, frontend_error);
  if (!linked) return fail(frontend_error);

  // ---- LLVM IR -> MLIR -> simplified row functions -> column kernels ----
  mlir::DialectRegistry registry;
  register_dialects(registry);
  register_passes();
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::translateLLVMIRToModule(std::move(linked), &context, /*emitExpensiveWarnings=*/false);
  if (!module) return fail("importing the LLVM IR into MLIR failed");
  std::string error;
  if (!run_pipeline(*module, build_simplify_pipeline, error)) return fail("simplification failed:\n" + error);
  drop_unused_local_functions(*module);
  auto rejected = (*module)->getAttrOfType<mlir::DictionaryAttr>("tessera.rejected");
  int built = 0;
  for (Selected& s : selected) {
    if (rejected)
      if (auto why = rejected.getAs<mlir::StringAttr>(s.spec->symbol)) {
        s.failure = "'" + std::string(s.spec->symbol) + "' cannot be compiled to a kernel: " + why.str();
        continue;
      }
    if (!build_column_kernel(*module, *s.spec, s.failure)) continue;
    s.failure.clear();
    ++built;
  }
  if (built == 0) {
    for (const Selected& s : selected) llvm::errs() << "tessera-amdgpu: " << s.spec->kernel << ": " << s.failure << "\n";
    return fail("no kernel could be built");
  }

  // ---- AMDGPU ----
  std::string code, lowered;
  std::vector<AmdgpuUnsupportedCall> dropped;
  const bool ok =
      compile_amdgpu_kernels(*module, chip, emit_asm, code, dropped, error, emit_rocdl ? &lowered : nullptr);
  if (emit_rocdl && !lowered.empty()) {
    llvm::outs() << lowered;
    return ok ? 0 : 1;
  }
  for (const AmdgpuUnsupportedCall& d : dropped)
    for (Selected& s : selected)
      if (kernel_symbol(*s.spec) == d.kernel) {
        s.failure = "calls functions AMDGPU has no device library for here:";
        for (const std::string& f : d.functions) s.failure += " " + f;
      }
  if (!ok) return fail(error);
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(output, ec);
    if (ec) return fail("cannot write " + output + ": " + ec.message());
    out << code;
  }
  int failed = 0;
  for (const Selected& s : selected)
    if (!s.failure.empty()) {
      ++failed;
      llvm::errs() << "tessera-amdgpu: kernel '" << s.spec->kernel << "' (" << s.spec->sql_name
                   << ") failed: " << s.failure << "\n";
    }
  llvm::errs() << "tessera-amdgpu: " << (selected.size() - failed) << " of " << selected.size()
               << " kernels compiled for " << chip << " into " << output << "\n";
  return failed == 0 ? 0 : 2;
}
