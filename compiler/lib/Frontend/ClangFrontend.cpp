#include "tessera/compiler/Frontend.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace tessera::compiler {

FrontendResult compile_cpp(const std::string& path, const FrontendOptions& options, llvm::LLVMContext& context) {
  FrontendResult result;
  result.source = path;

  std::vector<std::string> args = {TESSERA_CLANG_EXECUTABLE,
                                   "-std=c++20",
                                   "-O1",
                                   "-Xclang",
                                   "-disable-llvm-passes",
                                   "-Xclang",
                                   "-disable-lifetime-markers",
                                   "-gline-tables-only",
                                   "-fexceptions",
                                   "-fcxx-exceptions",
                                   "-ffp-contract=off",
                                   "-fno-math-errno",
                                   "-fno-stack-protector",
                                   "-fno-asynchronous-unwind-tables",
                                   "-DTESSERA_KERNEL_COMPILE=1",
                                   "-Wno-unused-command-line-argument"};
  for (const std::string& dir : options.include_dirs) args.push_back("-I" + dir);
  for (const std::string& def : options.defines) args.push_back("-D" + def);
  args.push_back(path);

  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());

  std::string diag_text;
  llvm::raw_string_ostream diag_stream(diag_text);
  clang::DiagnosticOptions diag_options;
  auto* printer = new clang::TextDiagnosticPrinter(diag_stream, diag_options);
  auto vfs = llvm::vfs::getRealFileSystem();
  auto diags = clang::CompilerInstance::createDiagnostics(*vfs, diag_options, printer, /*ShouldOwnClient=*/true);

  clang::CreateInvocationOptions invocation_options;
  invocation_options.Diags = diags;
  invocation_options.VFS = vfs;
  std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(argv, invocation_options);
  if (!invocation) {
    result.diagnostics = diag_text.empty() ? "clang: could not build a compiler invocation" : diag_text;
    return result;
  }
  // The driver adds -disable-free (a one-shot clang process leaves its AST, Sema and code generator to the
  // OS); here every source's would stay allocated until tessera-cc exits (the library build compiles ~100).
  invocation->getFrontendOpts().DisableFree = false;

  clang::CompilerInstance instance(invocation);
  instance.createDiagnostics(printer, /*ShouldOwnClient=*/false);
  clang::EmitLLVMOnlyAction action(&context);
  const bool ok = instance.ExecuteAction(action);
  diag_stream.flush();
  result.diagnostics = diag_text;
  if (ok) result.module = action.takeModule();
  if (!result.module && result.diagnostics.empty()) result.diagnostics = "clang: compilation failed";
  return result;
}

std::string link_modules(llvm::Module& into, std::vector<std::unique_ptr<llvm::Module>> others) {
  llvm::Linker linker(into);
  for (auto& m : others) {
    const std::string name = m->getSourceFileName();
    if (linker.linkInModule(std::move(m))) return "linking " + name + " failed (duplicate symbol?)";
  }
  return "";
}

std::unique_ptr<llvm::Module> compile_and_link(const std::vector<std::string>& sources,
                                               const FrontendOptions& options, llvm::LLVMContext& context,
                                               std::string& source_errors, std::string& error) {
  std::unique_ptr<llvm::Module> linked;
  std::vector<std::unique_ptr<llvm::Module>> others;
  for (const std::string& src : sources) {
    FrontendResult r = compile_cpp(src, options, context);
    llvm::errs() << r.diagnostics;
    if (!r.module) {
      source_errors += src + ": " + r.diagnostics;
      continue;
    }
    if (!linked) linked = std::move(r.module);
    else others.push_back(std::move(r.module));
  }
  if (!linked) {
    error = "no source compiled";
    return nullptr;
  }
  if (std::string e = link_modules(*linked, std::move(others)); !e.empty()) {
    error = e;
    return nullptr;
  }
  return linked;
}

}  // namespace tessera::compiler
