// tessera-check-translatable: see Passes.td.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "tessera/compiler/Passes.h"
#include "tessera/compiler/SourceLocation.h"

namespace tessera::compiler {
#define GEN_PASS_DEF_CHECKTRANSLATABLE
#include "tessera/compiler/Passes.h.inc"

namespace {

using mlir::LLVM::LLVMFuncOp;

// libm functions the back ends map to native instructions or libdevice.
const llvm::StringSet<>& supported_math() {
  static const llvm::StringSet<> kNames = {
      "sqrt", "exp",   "exp2",  "log",   "log2", "log10", "pow",  "sin",   "cos",   "tan",
      "asin", "acos",  "atan",  "atan2", "sinh", "cosh",  "tanh", "floor", "ceil",  "trunc",
      "round", "rint", "fabs",  "fmod",  "cbrt", "hypot", "expm1", "log1p", "nearbyint", "copysign",
      "fmin", "fmax",  "memcpy", "memset", "memmove"};
  return kNames;
}

// Classifies a call to a function without a definition; "" if it is fine.
std::string classify_external_call(llvm::StringRef name) {
  if (supported_math().contains(name)) return "";
  if (name.starts_with("__cxa_guard")) return "function-local static with run-time initialisation";
  if (name.starts_with("__cxa_") || name == "_Unwind_Resume" || name.starts_with("__gxx_personality"))
    return "exception handling";
  if (name.starts_with("_Znw") || name.starts_with("_Zna") || name.starts_with("_Zdl") ||
      name.starts_with("_Zda") || name == "malloc" || name == "calloc" || name == "realloc" || name == "free" ||
      name == "aligned_alloc" || name == "posix_memalign")
    return "heap allocation";
  static const llvm::StringSet<> kIo = {"printf", "fprintf", "sprintf", "snprintf", "puts",  "fputs",
                                        "putchar", "fopen",  "fclose",  "fwrite",   "fread", "fflush",
                                        "write",   "read",   "open",    "close",    "scanf", "fscanf"};
  if (kIo.contains(name) || name.contains("basic_ostream") || name.contains("basic_istream"))
    return "I/O";
  return "call to a function with no definition";
}

// libm functions whose last bit differs between libm (CPU) and libdevice (GPU): they compile, with a
// warning, because the CPU and GPU kernels of a function that calls them may disagree.
bool is_inexact_math(llvm::StringRef name) {
  static const llvm::StringSet<> kNames = {"exp",  "exp2", "log",  "log2", "log10", "pow",   "sin",   "cos",
                                           "tan",  "asin", "acos", "atan", "atan2", "sinh",  "cosh",  "tanh",
                                           "cbrt", "hypot", "expm1", "log1p"};
  name.consume_back("f");  // sinf
  return kNames.contains(name);
}

// The mutable global a pointer points into (through GEPs), if any.
mlir::LLVM::GlobalOp written_global(mlir::Value ptr, mlir::ModuleOp module) {
  while (auto gep = ptr.getDefiningOp<mlir::LLVM::GEPOp>()) ptr = gep.getBase();
  auto addr = ptr.getDefiningOp<mlir::LLVM::AddressOfOp>();
  if (!addr) return {};
  auto global = module.lookupSymbol<mlir::LLVM::GlobalOp>(addr.getGlobalName());
  return global && !global.getConstant() ? global : mlir::LLVM::GlobalOp{};
}

std::string type_problem(mlir::Type t) {
  if (mlir::isa<mlir::Float80Type>(t)) return "unsupported type 'x86_fp80' (long double)";
  if (mlir::isa<mlir::Float128Type>(t)) return "unsupported type 'fp128'";
  return "";
}

std::string pretty(llvm::StringRef symbol) { return llvm::demangle(symbol.str()); }

class CheckTranslatablePass : public impl::CheckTranslatableBase<CheckTranslatablePass> {
 public:
  using CheckTranslatableBase::CheckTranslatableBase;

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    std::map<std::string, std::string> reasons;      // function -> why it is rejected
    std::map<std::string, std::set<std::string>> callers;  // callee -> defined callers

    module.walk([&](LLVMFuncOp fn) {
      if (fn.isExternal()) return;
      const std::string name = fn.getSymName().str();
      // The first problem found; one without a source line (such as a
      // constant the importer hoisted to the entry block) is reported only if
      // no problem with a source line follows.
      std::string first_why;
      mlir::Location first_loc = fn.getLoc();
      fn.walk([&](mlir::Operation* op) {
        std::string why;
        if (mlir::isa<mlir::LLVM::InvokeOp, mlir::LLVM::LandingpadOp, mlir::LLVM::ResumeOp>(op)) {
          why = "exception handling ('" + op->getName().getStringRef().str() + "')";
        } else if (auto call = mlir::dyn_cast<mlir::LLVM::CallOp>(op)) {
          if (auto callee = call.getCallee()) {
            auto target = module.lookupSymbol<LLVMFuncOp>(*callee);
            if (target && !target.isExternal()) {
              callers[callee->str()].insert(name);
            } else {
              const std::string kind = classify_external_call(*callee);
              if (!kind.empty()) why = kind + " (call to '" + pretty(*callee) + "')";
              else if (is_inexact_math(*callee)) warn_inexact(op->getLoc(), name, callee->str());
            }
          } else {
            why = "indirect call (virtual function or function pointer)";
          }
        } else if (auto intr = mlir::dyn_cast<mlir::LLVM::CallIntrinsicOp>(op);
                   intr && is_inexact_math(intr.getIntrin().split('.').second.split('.').first)) {
          // "llvm.sin.f64" -> "sin"
          warn_inexact(op->getLoc(), name, intr.getIntrin().split('.').second.split('.').first.str());
        } else if (op->getName().getStringRef().starts_with("llvm.intr.") &&
                   is_inexact_math(op->getName().getStringRef().drop_front(10))) {
          warn_inexact(op->getLoc(), name, op->getName().getStringRef().drop_front(10).str());
        } else if (auto store = mlir::dyn_cast<mlir::LLVM::StoreOp>(op); store && written_global(store.getAddr(), module)) {
          why = "writes the global variable '" + pretty(written_global(store.getAddr(), module).getSymName()) +
                "' (one copy shared by every row and GPU thread)";
        } else if (auto rmw = mlir::dyn_cast<mlir::LLVM::AtomicRMWOp>(op); rmw && written_global(rmw.getPtr(), module)) {
          why = "writes the global variable '" + pretty(written_global(rmw.getPtr(), module).getSymName()) +
                "' (one copy shared by every row and GPU thread)";
        } else if (mlir::isa<mlir::LLVM::InlineAsmOp>(op)) {
          // Machine code for one target: no GPU (and no other CPU) can run it.
          why = "inline assembly";
        } else if (auto addr = mlir::dyn_cast<mlir::LLVM::AddressOfOp>(op)) {
          auto global = module.lookupSymbol<mlir::LLVM::GlobalOp>(addr.getGlobalName());
          if (global && !global.getValueOrNull() && global.getInitializerRegion().empty())
            why = "reference to external global '" + pretty(addr.getGlobalName()) + "'";
        }
        for (mlir::Type t : op->getResultTypes())
          if (why.empty()) why = type_problem(t);
        for (mlir::Type t : op->getOperandTypes())
          if (why.empty()) why = type_problem(t);
        if (!why.empty()) {
          const std::string where = describe_location(op->getLoc());
          if (where.empty()) {
            if (first_why.empty()) {
              first_why = why;
              first_loc = op->getLoc();
            }
            return mlir::WalkResult::advance();
          }
          reasons[name] = why + " at " + where;
          report(op->getLoc(), name, why);
          return mlir::WalkResult::interrupt();
        }
        return mlir::WalkResult::advance();
      });
      if (!reasons.count(name) && !first_why.empty()) {
        reasons[name] = first_why;
        report(first_loc, name, first_why);
      }
    });

    // Recursion: a GPU thread's stack is small and fixed; a call cycle among defined functions is refused.
    {
      std::map<std::string, std::set<std::string>> callees;
      for (const auto& [callee, cs] : callers)
        for (const std::string& caller : cs) callees[caller].insert(callee);
      std::map<std::string, int> state;  // 0 new, 1 on the DFS stack, 2 done
      std::vector<std::string> stack;
      std::function<void(const std::string&)> dfs = [&](const std::string& f) {
        state[f] = 1;
        stack.push_back(f);
        for (const std::string& g : callees[f]) {
          if (state[g] == 1) {  // a cycle: every function from g to the top of the stack is in it
            for (auto it = std::find(stack.begin(), stack.end(), g); it != stack.end(); ++it) {
              if (reasons.count(*it)) continue;
              const std::string why = "recursion (through '" + pretty(g) + "'; GPU threads have a small fixed stack)";
              reasons[*it] = why;
              if (auto fn = module.lookupSymbol<LLVMFuncOp>(*it)) report(fn.getLoc(), *it, why);
            }
          } else if (state[g] == 0) {
            dfs(g);
          }
        }
        stack.pop_back();
        state[f] = 2;
      };
      for (const auto& [f, _] : callees)
        if (state[f] == 0) dfs(f);
    }

    // A function that calls a rejected function is rejected too.
    std::vector<std::string> work;
    for (auto& [fn, _] : reasons) work.push_back(fn);
    while (!work.empty()) {
      const std::string callee = work.back();
      work.pop_back();
      for (const std::string& caller : callers[callee]) {
        if (reasons.count(caller)) continue;
        reasons[caller] = "calls '" + pretty(callee) + "', which cannot be compiled: " + reasons[callee];
        if (auto fn = module.lookupSymbol<LLVMFuncOp>(caller)) report(fn.getLoc(), caller, reasons[caller]);
        work.push_back(caller);
      }
    }

    mlir::Builder b(module.getContext());
    llvm::SmallVector<mlir::NamedAttribute> rejected;
    for (auto& [fn_name, why] : reasons) {
      rejected.push_back(b.getNamedAttr(fn_name, b.getStringAttr(why)));
      auto fn = module.lookupSymbol<LLVMFuncOp>(fn_name);
      if (!fn) continue;
      if (erase) {
        // Keep a declaration so that remaining references stay valid.
        // Drop the uses first: values and blocks are used across blocks.
        fn.getBody().dropAllReferences();
        fn.getBody().getBlocks().clear();
        fn.setLinkage(mlir::LLVM::Linkage::External);
        // A declaration cannot carry the definition's debug subprogram (LLVM's verifier refused the whole
        // module, so one rejected function built nothing; issue 12): keep only its file:line.
        if (auto fused = mlir::dyn_cast<mlir::FusedLoc>(fn->getLoc()))
          fn->setLoc(mlir::FusedLoc::get(module.getContext(), fused.getLocations()));
      }
      fn->setAttr("tessera.untranslatable", b.getStringAttr(why));
    }
    if (!rejected.empty()) module->setAttr("tessera.rejected", b.getDictionaryAttr(rejected));
    if (asErrors && !reasons.empty()) signalPassFailure();
  }

 private:
  void warn_inexact(mlir::Location loc, const std::string& fn, const std::string& callee) {
    mlir::emitWarning(loc) << "tessera: '" << pretty(fn) << "' calls '" << callee
                           << "' from the C math library: its CPU and GPU kernels may differ in the last bit; "
                              "use tessera::fn::pmath (portable_math.hpp)";
  }
  void report(mlir::Location loc, const std::string& fn, const std::string& why) {
    auto diag = asErrors ? mlir::emitError(loc) : mlir::emitWarning(loc);
    diag << "tessera: '" << pretty(fn) << "' cannot be compiled to a kernel: " << why;
  }
};

}  // namespace
}  // namespace tessera::compiler
