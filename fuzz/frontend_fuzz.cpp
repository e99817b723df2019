// libFuzzer target: a user's C++ row functions through tessera-cc's stages, in-process, with the library
// calls tessera-cc's main makes (compiler/tools/tessera-cc): the UDF spec (parse_udf_spec) -> clang
// (compile_cpp) -> MLIR import -> the simplify pipeline with the translatability check -> column kernels
// (build_column_kernel) -> the CPU entry, CPU lowering, LLVM IR and O3 -> GPU specialisations, outlining at
// 1/2/4/8 rows per thread, NVVM lowering and PTX (emit_ptx). What it leaves out: the object file and the
// shared library (a `cc` subprocess), ptxas and the manifest.
//
// An input is one of two kinds:
//   - text (first byte < 0x80): the C++ source verbatim. A first line `// spec: {...}` is the UDF spec
//     JSON; without one the spec is one function `udf_f(int32_t* out, int32_t a)`. The seeds
//     (fuzz/corpus/frontend) are the repository's example functions and the compiler tests' inputs.
//   - structured (first byte >= 0x80): the rest of the bytes choose a small row function (types of the
//     kernel ABI, loops, branches, local arrays, statics, helpers, recursion, math calls, inline asm,
//     throw, heap, virtual calls, long double, ...) and its spec, sometimes one that does not match the
//     source (Generator below). Raw bytes seldom parse as C++; these always do, and reach the stages
//     after clang.
// Invalid C++ must end in clang's diagnostics, an unsupported function in the check's reason, a spec
// that does not match in the kernel builder's error: a crash, an abort, an LLVM ERROR (it exits), a
// sanitizer report, or a stage failing without a message is a bug. So is a function built into a kernel
// although the generator put a construct the docs reject (throw, heap, asm, ...) on its entry path.
//
// Debian's LLVM, clang and MLIR 22 are uninstrumented: coverage (and ASan) see Tessera's code and this
// file; the generator is what reaches clang's and LLVM's code.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iterator>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "llvm/TargetParser/Host.h"
#include "tessera/compiler/Backend.h"
#include "tessera/compiler/Frontend.h"
#include "tessera/compiler/KernelBuilder.h"
#include "tessera/compiler/Pipeline.h"
#include "tessera/compiler/UdfSpec.h"

namespace {

using namespace tessera;
using namespace tessera::compiler;

[[noreturn]] void bug(const std::string& what, const std::string& source) {
  std::fprintf(stderr, "frontend_fuzz: %s\n---- source ----\n%s\n----\n", what.c_str(), source.c_str());
  std::abort();
}

// ---- the structured generator ----

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }
  unsigned pick(unsigned n) { return next() % n; }
  bool flag() { return next() & 1; }
  bool done() const { return pos_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_, pos_ = 0;
};

struct Program {
  std::string source;
  std::string spec;         // UDF spec JSON
  std::string must_reject;  // a construct on the row function's entry path that the check must refuse
};

// The SQL types a UDF spec offers, with their C parameter types (docs/UDF.md, kernel_abi.hpp).
struct TypeInfo {
  const char* sql;
  const char* c;
};
constexpr TypeInfo kTypes[] = {{"bool", "uint8_t"},  {"int32", "int32_t"}, {"int64", "int64_t"}, {"float64", "double"},
                               {"date", "int32_t"},  {"decimal", "int64_t"}, {"money", "int64_t"}, {"string", nullptr}};
constexpr unsigned kString = 7, kFloat = 3;

class Generator {
 public:
  explicit Generator(Bytes& in) : in_(in) {}

  Program run() {
    Program p;
    const unsigned result = in_.pick(8);
    const unsigned nargs = in_.pick(4);
    const bool custom_nulls = in_.pick(4) == 0;
    const bool uses_context = in_.pick(6) == 0;
    std::vector<unsigned> types;
    std::vector<bool> constant;
    for (unsigned i = 0; i < nargs; ++i) {
      types.push_back(in_.pick(8));
      constant.push_back(in_.pick(4) == 0);
    }
    // The symbol and kernel id, now and then colliding with the kernel's own symbols. The odds of each
    // way to be refused (a collision, a mismatch, a refused construct first) are kept to about a quarter, so
    // that half the inputs reach the back ends.
    static const char* kSymbols[] = {"udf_f", "udf_f", "udf_f", "udf_f", "udf_f", "f", "tk_f", "tk_f_cpu"};
    const std::string symbol = kSymbols[in_.pick(8)];
    static const char* kKernels[] = {"f", "f", "g", "udf_f", "f_cpu"};
    const std::string kernel = kKernels[in_.pick(5)];

    // ---- the C signature ----
    std::string params;
    if (result == kString) params = "char* out, int32_t* out_len";
    else params = std::string(kTypes[result].c) + "* out";
    for (unsigned i = 0; i < nargs; ++i) {
      const std::string n = "a" + std::to_string(i);
      if (types[i] == kString) {
        params += ", const char* " + n + ", int32_t " + n + "_len";
        ints_.push_back("int64_t(" + n + "_len)");
        ints_.push_back("(" + n + "_len > 0 ? int64_t(" + n + "[0]) : 0)");
        strings_.push_back(n);
      } else {
        params += ", " + std::string(kTypes[types[i]].c) + " " + n;
        if (types[i] == kFloat) doubles_.push_back(n);
        else ints_.push_back("int64_t(" + n + ")");
      }
      if (custom_nulls && !constant[i]) params += ", uint8_t " + n + "_null";
    }
    if (uses_context) params += ", const tessera::fn::SessionContext* ctx";
    // A signature that does not match the spec: the kernel builder must say so.
    const unsigned mismatch = in_.pick(24);
    if (mismatch == 0) params += ", int32_t extra";
    if (mismatch == 1)  // the output's type
      params.replace(0, params.find(result == kString ? "* out_len" : "* out"),
                     result == kString ? "char* out, int64_t" : "int64_t");

    // ---- the body ----
    std::string body;
    const unsigned first = in_.pick(4 * std::size(kForbidden));
    if (first < std::size(kForbidden)) {
      p.must_reject = kForbidden[first].what;
      body += std::string("  ") + kForbidden[first].code + "\n";
      add_helper(kForbidden[first].helper);
    }
    body += "  int64_t v0 = " + int_leaf() + ";\n  int64_t v1 = " + int_leaf() + ";\n  double d0 = " + double_leaf() +
            ";\n";
    vars_ = 2;
    const unsigned statements = 1 + in_.pick(6);
    for (unsigned i = 0; i < statements && !in_.done(); ++i) body += statement(1);

    // ---- the result ----
    const std::string e = int_expr(2);
    switch (result) {
      case 0: body += "  *out = uint8_t((" + e + ") != 0);\n"; break;
      case 1: case 4: body += "  *out = int32_t(" + e + ");\n"; break;
      case 3: body += "  *out = double(" + e + ") + d0;\n"; break;
      case kString:
        if (!strings_.empty() && in_.flag()) {
          const std::string& s = strings_[in_.pick(strings_.size())];
          body += "  for (int32_t i = 0; i < " + s + "_len; ++i) out[i] = char(" + s + "[i] + int8_t(" + e +
                  "));\n  *out_len = " + s + "_len;\n";
        } else {
          body += "  {\n    int32_t n = int32_t((" + e + ") & 15);\n    for (int32_t i = 0; i < n; ++i) out[i] = "
                  "char('a' + i);\n    *out_len = n;\n  }\n";
        }
        break;
      default: body += "  *out = " + e + ";\n"; break;
    }
    static const char* kReturns[] = {"0", "1", "14", "(v0 & 1) ? 0 : 1"};
    body += std::string("  return ") + kReturns[in_.pick(4)] + ";\n";

    // Only what the function uses: clang's time per input is mostly headers.
    p.source = std::string(uses_cmath_ ? "#include <cmath>\n" : "") + "#include <cstdint>\n#include <cstring>\n" +
               std::string(uses_string_view_ ? "#include <string_view>\n" : "") +
               (uses_pmath_ ? "#include \"tessera/functions/portable_math.hpp\"\n" : "") +
               (uses_context ? "#include \"tessera/functions/session_context.hpp\"\n" : "") + helpers_ +
               "\nextern \"C\" int32_t " + symbol + "(" + params + ") {\n" + body + "}\n";

    // ---- the spec ----
    std::string args;
    for (unsigned i = 0; i < nargs; ++i) {
      unsigned t = types[i];
      if (mismatch == 2 && i == 0) t = (t + 1) % 8;
      args += std::string(i ? ", " : "") + "{\"name\": \"a" + std::to_string(i) + "\", \"type\": \"" + kTypes[t].sql +
              "\"" + (constant[i] ? ", \"constant\": true" : "");
      if (constant[i] && t != kString && t != kFloat && in_.flag())
        args += ", \"specialize\": [" + std::to_string(in_.pick(3)) + "]";
      args += "}";
    }
    p.spec = "{\"functions\": [{\"sql_name\": \"F\", \"kernel\": \"" + kernel + "\", \"symbol\": \"" + symbol +
             "\", \"result\": \"" + kTypes[mismatch == 3 ? (result + 1) % 8 : result].sql + "\", \"args\": [" + args +
             "]" + (custom_nulls != (mismatch == 4) ? ", \"nulls\": \"custom\"" : "") +
             (uses_context != (mismatch == 5) ? ", \"uses_context\": true" : "") +
             (result == kString || mismatch == 3 ? ", \"max_length\": {\"constant\": 16}" : "") + "}]}";
    if (mismatch <= 5) p.must_reject.clear();  // the builder refuses it anyway, but for another reason
    return p;
  }

 private:
  struct Forbidden {
    const char* what;
    const char* code;    // first statement of the row function
    const char* helper;  // file-scope code it needs
  };
  // Docs (DEVELOPER_GUIDE.md, "What row code may use"): each of these leaves the function out.
  static constexpr Forbidden kForbidden[] = {
      {"exception", "if (out == nullptr) throw 7;", ""},
      {"heap", "{ int64_t* p = new int64_t(1); delete p; }", ""},
      {"inline asm", "asm volatile(\"nop\");", ""},
      {"recursion", "if (fz_rec(3) < 0) return 2;",
       "static int64_t fz_rec(int64_t n) { return n <= 0 ? 0 : n + fz_rec(n - 1); }\n"},
      {"mutable static", "{ static int64_t calls = 0; ++calls; }", ""},
      {"mutable global", "fz_global += 1;", "int64_t fz_global = 0;\n"},
      {"run-time static",
       "{ static const int64_t once = int64_t(__builtin_sqrt(double(reinterpret_cast<uintptr_t>(out)))); "
       "if (once == 3) return 2; }",
       ""},
      {"long double", "{ volatile long double ld = 2.0L; if (ld > 3.0L) return 2; }", ""},
      {"virtual call", "{ fz_Derived d; fz_Base* b = &d; if (b->get() == 5) return 2; }",
       "struct fz_Base { virtual ~fz_Base() = default; virtual int get() const { return 1; } };\n"
       "struct fz_Derived : fz_Base { int get() const override { return 2; } };\n"},
      {"function pointer", "{ int64_t (*volatile fp)(int64_t) = &fz_id; if (fp(1) == 5) return 2; }",
       "static int64_t fz_id(int64_t x) { return x; }\n"},
      {"libc call", "if (std::strlen(reinterpret_cast<const char*>(out)) == 3) return 2;", ""},
      {"I/O", "if (fz_puts(\"x\") == 5) return 2;",
       "extern \"C\" int puts(const char*);\nstatic int fz_puts(const char* s) { return puts(s); }\n"},
      {"external global", "if (fz_extern == 5) return 2;", "extern int64_t fz_extern;\n"},
      {"atomic on a global", "__atomic_fetch_add(&fz_counter, 1, __ATOMIC_SEQ_CST);", "int64_t fz_counter = 0;\n"},
  };

  void add_helper(const std::string& code) {
    if (!code.empty() && helper_set_.insert(code).second) helpers_ += code;
  }
  std::string fresh() { return "v" + std::to_string(vars_++); }
  std::string var() { return "v" + std::to_string(in_.pick(vars_)); }

  std::string int_leaf() {
    switch (in_.pick(6)) {
      case 0: return std::to_string(int(in_.next()) - 128);
      case 1: return ints_.empty() ? "7" : ints_[in_.pick(ints_.size())];
      case 2: return ints_.empty() ? "INT64_MAX" : ints_[in_.pick(ints_.size())];
      case 3: return vars_ ? var() : "0";
      case 4: return "INT64_MIN";
      default: return vars_ ? var() : "1";
    }
  }
  std::string double_leaf() {
    switch (in_.pick(4)) {
      case 0: return doubles_.empty() ? "0.5" : doubles_[in_.pick(doubles_.size())];
      case 1: return "1e308";
      case 2: return "double(" + int_leaf() + ")";
      default: return std::to_string(int(in_.next())) + ".25";
    }
  }

  std::string int_expr(int depth) {
    if (depth <= 0) return int_leaf();
    const std::string a = int_expr(depth - 1), b = int_expr(depth - 1);
    switch (in_.pick(20)) {
      case 0: return "(" + a + " + " + b + ")";
      case 1: return "(" + a + " - " + b + ")";
      case 2: return "(" + a + " * " + b + ")";
      case 3: return "(" + a + " / (" + b + " | 1))";
      case 4: return "(" + a + " % (" + b + " | 1))";
      case 5: return "(" + a + " << (" + b + " & 63))";
      case 6: return "(" + a + " >> " + std::to_string(in_.pick(70)) + ")";  // past 63: UB clang may fold
      case 7: return "(" + a + " ^ " + b + ")";
      case 8: return "(" + a + " < " + b + " ? " + a + " : " + b + ")";
      case 9: return "int64_t(" + double_expr(depth - 1) + ")";
      case 10: return "int64_t(__builtin_popcountll(uint64_t(" + a + ")))";
      case 11: return "int64_t(__builtin_bswap64(uint64_t(" + a + ")))";
      case 12: return "int64_t((__int128(" + a + ") * " + b + ") >> 64)";
      case 13: return "fz_add_ov(" + a + ", " + b + ")";
      case 14:
        uses_string_view_ = true;
        return "int64_t(std::string_view(\"abcdef\", 6)[size_t(" + a + ") % 6])";
      case 15: return "(" + a + " & " + b + ")";
      case 16: return "(" + a + " / " + b + ")";  // may divide by zero: UB the compiler must survive
      case 17: return "int64_t(int32_t(" + a + "))";
      case 18: return "fz_apply([&](int64_t x) { return x * 3 + " + b + "; }, " + a + ")";
      default: return "(" + a + " | " + b + ")";
    }
  }
  // A libm function: as std::name (<cmath>, a quarter of the time: the header is most of clang's time per
  // input) or as clang's __builtin_name, which becomes the same call or intrinsic.
  std::string math(const char* name) {
    if (in_.pick(4) == 0) {
      uses_cmath_ = true;
      return std::string("std::") + name;
    }
    return std::string("__builtin_") + name;
  }
  std::string double_expr(int depth) {
    if (depth <= 0) return double_leaf();
    const std::string a = double_expr(depth - 1);
    switch (in_.pick(10)) {
      case 0: return math("sqrt") + "(" + a + ")";
      case 1: return math("floor") + "(" + a + ")";
      case 2: return math("exp") + "(" + a + ")";  // compiles with a warning (libm and libdevice differ)
      case 3: return math("sin") + "(" + a + ")";
      case 4:
        uses_pmath_ = true;
        return "tessera::fn::pmath::log(" + a + ")";
      case 5: return math("fmod") + "(" + a + ", " + double_expr(depth - 1) + ")";
      case 6: return "(" + a + " * " + double_expr(depth - 1) + ")";
      case 7: return math("pow") + "(" + a + ", 2.5)";
      case 8: return math("fabs") + "(" + a + ")";
      default: return "(" + a + " / " + double_expr(depth - 1) + ")";
    }
  }

  std::string statement(int depth) {
    const std::string ind(2 * depth, ' ');
    const unsigned kind = in_.pick(depth > 2 ? 6 : 16);
    switch (kind) {
      case 0: case 1: return ind + var() + " = " + int_expr(2) + ";\n";
      case 2:  // a new variable at the top level (nested ones would go out of scope)
        if (depth == 1) {
          const std::string e = int_expr(1);
          return ind + "int64_t " + fresh() + " = " + e + ";\n";
        }
        return ind + var() + " -= " + int_expr(1) + ";\n";
      case 3: return ind + "d0 = " + double_expr(2) + ";\n";
      case 4: return ind + "if (" + int_expr(1) + " > " + int_expr(1) + ") return " + std::to_string(in_.pick(16)) + ";\n";
      case 5: return ind + "if (" + var() + " == " + int_leaf() + ") " + var() + " += 1;\n";
      case 6: {  // a loop, a constant or an argument-dependent trip count
        const std::string n = in_.flag() ? std::to_string(in_.pick(9)) : "(" + int_leaf() + " & 15)";
        const std::string i = "i" + std::to_string(depth);
        return ind + "for (int64_t " + i + " = 0; " + i + " < " + n + "; ++" + i + ") {\n" + ind + "  " + var() +
               " += " + i + " * " + int_leaf() + ";\n" + statement(depth + 1) + ind + "}\n";
      }
      case 7: return ind + "while (" + var() + " > 1000) {\n" + ind + "  " + var() + " /= 2;\n" + ind +
                     "  if (" + int_leaf() + " == 3) break;\n" + ind + "}\n";
      case 8: {  // a local array, indexed by row data
        const unsigned n = 1u << in_.pick(4);
        const std::string a = "arr" + std::to_string(arrays_++);
        return ind + "{\n" + ind + "  int64_t " + a + "[" + std::to_string(n) + "] = {" + int_leaf() + "};\n" + ind +
               "  " + a + "[uint64_t(" + int_leaf() + ") % " + std::to_string(n) + "] = " + int_expr(1) + ";\n" + ind +
               "  v0 += " + a + "[uint64_t(" + var() + ") % " + std::to_string(n) + "];\n" + ind + "}\n";
      }
      case 9: return ind + "{ static constexpr int64_t table[4] = {1, 10, 100, 1000}; v1 += table[uint64_t(" +
                     int_leaf() + ") & 3]; }\n";
      case 10: return ind + "if (" + int_expr(1) + " != 0) {\n" + statement(depth + 1) + ind + "} else {\n" +
                      statement(depth + 1) + ind + "}\n";
      case 11: return ind + "switch (" + var() + " & 7) {\n" + ind + "  case 0: v0 = " + int_leaf() + "; break;\n" +
                      ind + "  case 3: v1 = " + int_leaf() + "; [[fallthrough]];\n" + ind + "  case 5: return 1;\n" +
                      ind + "  default: break;\n" + ind + "}\n";
      case 12: return ind + "{ fz_Pair pr{" + int_leaf() + ", " + int_leaf() + "}; fz_Pair q = pr; v0 += q.sum(); }\n";
      case 13: return ind + "{ char buf[16]; std::memset(buf, int(" + int_leaf() + "), sizeof buf); int64_t x; "
                            "std::memcpy(&x, buf + (uint64_t(" + var() + ") & 7), 8); v1 ^= x; }\n";
      case 14: return ind + "v0 += fz_helper<" + std::to_string(in_.pick(4)) + ">(" + int_expr(1) + ");\n";
      default: {  // a forbidden construct behind a branch: rejected, but nothing is promised
        const Forbidden& f = kForbidden[in_.pick(std::size(kForbidden))];
        add_helper(f.helper);
        return ind + "if (" + var() + " == 12345) {\n" + ind + "  " + f.code + "\n" + ind + "}\n";
      }
    }
  }

  Bytes& in_;
  unsigned vars_ = 0, arrays_ = 0;
  bool uses_string_view_ = false, uses_pmath_ = false, uses_cmath_ = false;
  std::vector<std::string> ints_, doubles_, strings_;
  std::set<std::string> helper_set_;
  std::string helpers_ =
      "struct fz_Pair { int64_t a, b; int64_t sum() const { return a + b; } };\n"
      "template <int N> int64_t fz_helper(int64_t x) { int64_t r = x; for (int i = 0; i < N; ++i) r = r * 31 + i; "
      "return r; }\n"
      "template <class F> int64_t fz_apply(F f, int64_t x) { return f(x); }\n"
      "static int64_t fz_add_ov(int64_t a, int64_t b) { int64_t r; return __builtin_add_overflow(a, b, &r) ? 0 : r; }\n";
};

// ---- the pipeline ----

struct Workspace {
  std::string dir, source_path;
  FrontendOptions frontend;
};

Workspace& workspace() {
  // Never destroyed: the exit handler below still needs the paths.
  static Workspace& w = *[] {
    auto* w = new Workspace;
    llvm::SmallString<128> dir;
    const char* base = llvm::sys::fs::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
    if (llvm::sys::fs::createUniqueDirectory(llvm::Twine(base) + "/tessera-fuzz-frontend", dir)) std::abort();
    w->dir = dir.str().str();
    w->source_path = w->dir + "/row.cpp";
    w->frontend.include_dirs = {TESSERA_FUNCTION_INCLUDE};
    std::atexit([] {
      llvm::sys::fs::remove(workspace().source_path);
      llvm::sys::fs::remove(workspace().dir);
    });
    return w;
  }();
  return w;
}

void write_file(const std::string& path, std::string_view text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec) std::abort();
  out << text;
}

// tessera-cc's stages for one source and one spec (the order of tessera-cc.cpp's main).
bool print_source = false;  // LLVMFuzzerInitialize

void compile(const std::string& source, const std::string& spec_text, const std::string& must_reject,
             unsigned rows_per_thread) {
  if (print_source)
    std::fprintf(stderr, "// spec: %s\n%s// rows per thread: %u%s%s\n", spec_text.c_str(), source.c_str(),
                 rows_per_thread, must_reject.empty() ? "" : "; must be rejected: ", must_reject.c_str());
  Workspace& w = workspace();
  std::deque<OwnedSpec> specs;
  std::string error;
  if (!parse_udf_spec(spec_text, "fuzz.json", specs, error)) {
    if (error.empty()) bug("a rejected spec without an error", source);
    specs.clear();  // the source still goes through the front end and the simplify pipeline
  }

  write_file(w.source_path, source);
  llvm::LLVMContext llvm_context;
  FrontendResult fr = compile_cpp(w.source_path, w.frontend, llvm_context);
  if (!fr.module) {
    if (fr.diagnostics.empty()) bug("clang failed without diagnostics", source);
    return;
  }

  mlir::DialectRegistry registry;
  register_dialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::translateLLVMIRToModule(std::move(fr.module), &context, /*emitExpensiveWarnings=*/false);
  if (!module) return;  // tessera-cc: "importing the LLVM IR into MLIR failed"
  if (!run_pipeline(*module, build_simplify_pipeline, error)) {
    if (error.empty()) bug("simplification failed without a message", source);
    return;
  }
  drop_unused_local_functions(*module);
  auto rejected = (*module)->getAttrOfType<mlir::DictionaryAttr>("tessera.rejected");

  std::vector<std::pair<const fn::FunctionSpec*, mlir::func::FuncOp>> kernels;
  for (const OwnedSpec& o : specs) {
    if (rejected)
      if (auto why = rejected.getAs<mlir::StringAttr>(o.spec.symbol)) {
        if (why.getValue().empty()) bug("a function rejected without a reason", source);
        continue;
      }
    std::string why;
    mlir::func::FuncOp k = build_column_kernel(*module, o.spec, why);
    if (!k) {
      if (why.empty()) bug("a kernel not built, without a reason", source);
      continue;
    }
    if (!must_reject.empty()) bug("built a kernel for a function with " + must_reject + " on its entry path", source);
    kernels.push_back({&o.spec, k});
  }
  if (kernels.empty()) return;  // tessera-cc: "no kernel could be built"

  // CPU: the entry wrappers, the lowering, LLVM IR and O3 (the object file and `cc -shared` are left out).
  {
    mlir::OwningOpRef<mlir::ModuleOp> host(mlir::cast<mlir::ModuleOp>((*module)->clone()));
    for (auto& [spec, k] : kernels) build_cpu_entry(*host, *spec, host->lookupSymbol<mlir::func::FuncOp>(k.getSymName()));
    if (!run_pipeline(*host, build_cpu_lowering_pipeline, error)) {
      if (error.empty()) bug("CPU lowering failed without a message", source);
      return;
    }
    llvm::LLVMContext c;
    std::unique_ptr<llvm::Module> m = mlir::translateModuleToLLVMIR(*host, c, "tessera_cpu_kernels");
    if (!m) bug("the lowered host module did not translate to LLVM IR", source);
    const std::string triple = llvm::sys::getDefaultTargetTriple();
    std::unique_ptr<llvm::TargetMachine> tm = make_target_machine(triple, "x86-64-v2", "", error);
    if (!tm) bug("no x86 target machine: " + error, source);
    m->setTargetTriple(llvm::Triple(triple));
    m->setDataLayout(tm->createDataLayout());
    internalize_except(*m, [](llvm::StringRef name) { return name.starts_with("tk_"); });
    optimize_module(*m, *tm);
  }

  // GPU: the specialised copies, one coarsening factor, NVVM and PTX.
  mlir::OwningOpRef<mlir::ModuleOp> device(mlir::cast<mlir::ModuleOp>((*module)->clone()));
  for (auto& [spec, k] : kernels)
    for (const fn::Specialization& s : fn::planned_specializations(*spec))
      build_specialized_kernel(*device, device->lookupSymbol<mlir::func::FuncOp>(k.getSymName()), *spec, s);
  if (!run_pipeline(*device, [&](mlir::OpPassManager& pm) { build_gpu_outlining_pipeline(pm, rows_per_thread); }, error) ||
      !run_pipeline(*device, build_gpu_lowering_pipeline, error)) {
    if (error.empty()) bug("a GPU pipeline failed without a message", source);
    return;
  }
  llvm::LLVMContext c;
  std::string ptx;
  if (!emit_ptx(*device, c, "sm_90", ptx, nullptr, error)) {
    if (error.empty()) bug("emit_ptx failed without a message", source);
    return;
  }
  if (ptx.find(".entry") == std::string::npos) bug("PTX without a kernel entry", source);
}

constexpr std::string_view kDefaultSpec =
    R"({"functions": [{"sql_name": "F", "kernel": "f", "symbol": "udf_f", "result": "int32",
                       "args": [{"name": "a", "type": "int32"}]}]})";

}  // namespace

// Sanitizer settings of this target (ASAN_OPTIONS and LSAN_OPTIONS still add to them). Most of an input's
// time is clang's and LLVM's allocations: ASan's 0xbe fill of each new block and a 256 MB quarantine of
// fresh pages cost a quarter of it and half the memory; 64 MB still catches a use after free within an input.
extern "C" const char* __asan_default_options() { return "max_malloc_fill_size=0:quarantine_size_mb=64"; }

// Debian's clang 22 keeps about 30 KB from its code generator (clang::emitBackendOutput) for a source with
// virtual functions once a compiler instance frees what it allocated (compile_cpp turns clang's
// -disable-free off): clang's leak, not Tessera's. LLVM is not instrumented and has no frame pointers, so the
// fast unwinder's stack ends in libLLVM after operator new; the allocation is matched by that module.
extern "C" const char* __lsan_default_suppressions() { return "leak:libLLVM.so\n"; }

// -print_source=1 (libFuzzer warns about the flag and passes it on): print each input's C++ and spec, to
// turn a finding into a test.

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  for (int i = 1; i < *argc; ++i) print_source |= std::string_view((*argv)[i]) == "-print_source=1";
  // As tessera-cc does: kernels round like the reference build, with no FMA contraction on NVPTX.
  const char* args[] = {"tessera-fuzz-frontend", "-nvptx-fma-level=0"};
  llvm::cl::ParseCommandLineOptions(2, args);
  register_passes();
  initialize_llvm_targets();
  workspace();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;  // a row function is small; clang's time grows with the text
  if (size > 0 && data[0] >= 0x80) {
    Bytes in(data + 1, size - 1);
    const unsigned rows_per_thread = 1u << in.pick(4);
    const Program p = Generator(in).run();
    compile(p.source, p.spec, p.must_reject, rows_per_thread);
    return 0;
  }
  std::string source(reinterpret_cast<const char*>(data), size);
  std::string spec(kDefaultSpec);
  constexpr std::string_view kSpecLine = "// spec: ";
  if (source.compare(0, kSpecLine.size(), kSpecLine) == 0) {
    const size_t eol = source.find('\n');
    spec = source.substr(kSpecLine.size(), eol == std::string::npos ? std::string::npos : eol - kSpecLine.size());
  }
  compile(source, spec, "", 1);
  return 0;
}
