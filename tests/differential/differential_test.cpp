// The differential semantics test: every catalog kernel against direct calls
// of the original C++ row function (built by g++), on random and edge inputs.
//
//   tessera-differential <catalog-dir> [--rows N] [--seed S] [--kernel K] [--device cpu|cuda] [--mapping M]
//                        [--native LIB]
//
// With --native, the catalog is a user's (tessera-cc --udf-spec) and LIB the same C++ built natively as a
// shared library: its functions and their fused predicates are checked against calls into LIB.
//
// Each kernel is checked by kernel_check.hpp against reference.hpp's direct calls; this file reads the options,
// chooses the kernels and reports. Exit status 1 on any mismatch or any kernel missing from the catalog.
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "kernel_check.hpp"
#include "native_functions.hpp"
#include "reference.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"

using namespace tessera;

namespace {

struct Options {
  std::string catalog_dir;
  int64_t rows_per_kernel = 100000;
  uint64_t seed = std::random_device{}();
  std::string only;                 // --kernel: this kernel only
  std::string only_mapping;         // on the GPU: check only modules of this row mapping (e.g. block-staged)
  std::string device_name = "cpu";  // or "cuda": kernels run on the GPU, the reference on the host
  std::string native_path;          // a user catalog's functions, built natively
};

// The options, or an error message.
std::optional<Options> parse_options(int argc, char** argv, std::string& error) {
  if (argc < 2) {
    error = std::string("usage: ") + argv[0] +
            " <catalog-dir> [--rows N] [--seed S] [--kernel K] [--device cpu|cuda] [--mapping M] [--native LIB]";
    return std::nullopt;
  }
  Options o;
  o.catalog_dir = argv[1];
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--rows") o.rows_per_kernel = std::stoll(argv[i + 1]);
    else if (flag == "--seed") o.seed = std::stoull(argv[i + 1]);
    else if (flag == "--kernel") o.only = argv[i + 1];
    else if (flag == "--device") o.device_name = argv[i + 1];
    else if (flag == "--mapping") o.only_mapping = argv[i + 1];
    else if (flag == "--native") o.native_path = argv[i + 1];
    else {
      error = "unknown option " + flag;
      return std::nullopt;
    }
  }
  if (o.device_name != "cpu" && o.device_name != "cuda") {
    error = "--device must be cpu or cuda";
    return std::nullopt;
  }
  return o;
}

// A user catalog's functions and their fused predicates (--native), each added to `native`; empty with `error`
// where one is missing from the library or there are none.
std::vector<const fn::FunctionSpec*> user_specs(const rt::Catalog& catalog, test::NativeFunctions& native,
                                                std::string& error) {
  std::vector<const fn::FunctionSpec*> specs;
  for (const std::string& name : catalog.kernel_names()) {
    const rt::KernelEntry* k = catalog.find(name);
    if (!k) continue;
    const fn::FunctionSpec* s = k->spec;
    const fn::FunctionSpec& function = s->compared ? *s->compared : *s;
    if (function.invoke) continue;  // a library function merged into the catalog: checked without --native
    if (!native.has(function) && !native.add(function, error)) return {};
    specs.push_back(s);
  }
  if (specs.empty()) error = "--native: the catalog has no user functions";
  return specs;
}

// One kernel's line; its mismatches (a predicate that was never both true and false counts one: with a thousand
// rows compared, its operands did not exercise it).
int64_t report(const fn::FunctionSpec& spec, const test::KernelCheck& check, double ms) {
  const std::string name(spec.kernel);
  int64_t mismatches = check.mismatches;
  if (spec.compared && check.holds + check.fails >= 1000 && (check.holds == 0 || check.fails == 0)) {
    std::printf("  FAIL   %-32s the predicate was %s on every row: the operands did not exercise it\n", name.c_str(),
                check.holds ? "true" : "false");
    ++mismatches;
  }
  std::printf("  %-6s %-32s %8lld inputs %6lld mismatches %8.0f ms%s\n", mismatches ? "FAIL" : "ok", name.c_str(),
              static_cast<long long>(check.inputs), static_cast<long long>(mismatches), ms,
              spec.compared
                  ? (" (" + std::to_string(check.holds) + " true, " + std::to_string(check.fails) + " false)").c_str()
                  : "");
  return mismatches;
}

int fail(const std::string& what, int status = 1) {
  std::fprintf(stderr, "differential: %s\n", what.c_str());
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::string error;
  const std::optional<Options> o = parse_options(argc, argv, error);
  if (!o) return fail(error, 2);
  auto catalog = rt::Catalog::load(o->catalog_dir, error);
  if (!catalog) return fail(error);
  std::unique_ptr<rt::CudaDevice> gpu;  // --device cuda
  if (o->device_name == "cuda") {
    if (!(gpu = rt::CudaDevice::open(*catalog, error))) return fail("--device cuda: " + error);
    std::printf("differential: device %s\n", gpu->name().c_str());
  }
  std::printf("differential: catalog %s, seed %llu, %lld random rows per kernel plus edge cases\n",
              o->catalog_dir.c_str(), static_cast<unsigned long long>(o->seed),
              static_cast<long long>(o->rows_per_kernel));
  // Every function, then every fused predicate (predicate.hpp); or, with --native, the user catalog's.
  std::vector<const fn::FunctionSpec*> specs;
  std::unique_ptr<test::NativeFunctions> native;  // --native: the user functions' native builds
  if (o->native_path.empty()) {
    for (const fn::FunctionSpec& f : fn::all_functions()) specs.push_back(&f);
    for (const fn::FunctionSpec* p : fn::all_predicates()) specs.push_back(p);
  } else {
    if (!(native = test::NativeFunctions::open(o->native_path, error))) return fail("--native " + error);
    test::use_native_functions(native.get());
    if ((specs = user_specs(*catalog, *native, error)).empty()) return fail(error);
  }
  const test::CheckSettings settings{o->rows_per_kernel, o->seed, o->only_mapping, gpu.get()};
  int64_t total_inputs = 0, total_mismatches = 0, kernels_checked = 0;
  bool incomplete = false;
  for (const fn::FunctionSpec* spec : specs) {
    if (!o->only.empty() && spec->kernel != o->only) continue;
    const rt::KernelEntry* kernel = catalog->find(spec->kernel);
    if (!kernel || !kernel->cpu) {
      std::printf("  MISSING %-32s not in the catalog%s\n", std::string(spec->kernel).c_str(),
                  catalog->failed().count(std::string(spec->kernel)) ? " (compile failed)" : "");
      incomplete = true;
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    const test::KernelCheck check = test::check_kernel(*spec, *kernel, *catalog, settings);
    incomplete |= check.missing_module;
    if (!check.never_fused.empty()) {
      std::printf("  skip   %-32s never fused: %s\n", std::string(spec->kernel).c_str(), check.never_fused.c_str());
      continue;
    }
    total_mismatches += report(*spec, check, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    total_inputs += check.inputs;
    ++kernels_checked;
  }
  std::printf("differential: %lld kernels, %lld inputs checked, %lld mismatches%s\n",
              static_cast<long long>(kernels_checked), static_cast<long long>(total_inputs),
              static_cast<long long>(total_mismatches),
              incomplete ? ", some kernels missing" : "");
  return total_mismatches == 0 && !incomplete && kernels_checked > 0 ? 0 : 1;
}
