// libFuzzer target: the runtime's reader of a kernel catalog's manifest.json (rt::Catalog::parse, what
// Catalog::load runs on the file's text before it loads the CPU library). The manifest may be a user's
// (tessera --udf-catalog DIR, CREATE FUNCTION ... EXTERNAL NAME), so nothing in it is trusted. nullptr with
// "fuzz/manifest.json: what" is a rejected manifest. A crash, a sanitizer report, any exception, an empty or
// unnamed error, or an accepted catalog that breaks a rule the runtime relies on (checked below: argument
// indices it reads a call's arguments at, length rules it sums per row, launch sizes it divides by) is a bug.
// An accepted catalog is then merged into an empty one and its functions found and removed, as the engine
// does with a user's catalog.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/catalog.hpp"

namespace {

using tessera::rt::Catalog;
using tessera::rt::KernelEntry;
namespace fn = tessera::fn;

[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "manifest_fuzz: %s\n", what.c_str());
  std::abort();
}

void check_kernel(const std::string& name, const KernelEntry& e) {
  if (!e.spec) bug("kernel '" + name + "' has no spec");
  const fn::FunctionSpec& s = *e.spec;
  if (s.args.size() > size_t(fn::kMaxArgs)) bug("kernel '" + name + "' has more than kMaxArgs arguments");
  if (e.cpu) bug("parse bound a CPU entry");
  // cuda_device.cpp divides the rows by block * rows_per_thread and launches `block` threads.
  if (e.gpu_launch.block_size < 1 || e.gpu_launch.block_size > 1024 || e.gpu_launch.rows_per_thread < 1 ||
      e.gpu_launch.rows_per_thread > 1024)
    bug("kernel '" + name + "': a launch size out of range");
  // fn::max_result_length: cap = constant + the lengths of the named arguments (LengthInputs::length[i]), per row.
  if (const fn::SumLengthRule* rule = s.sum_length) {
    if (rule->constant < std::numeric_limits<int32_t>::min() || rule->constant > std::numeric_limits<int32_t>::max())
      bug("kernel '" + name + "': a max_length constant outside int32");
    for (int32_t i : rule->plus_arg_lengths)
      if (i < 0 || size_t(i) >= s.args.size() || s.args[i].type != fn::SqlType::String)
        bug("kernel '" + name + "': plus_arg_lengths index " + std::to_string(i) + " is not a string argument");
  }
  if (s.result == fn::SqlType::String && !fn::has_length_rule(s)) bug("kernel '" + name + "': a string result without a length rule");
  // A fused predicate's function must be in the catalog too (its spec points at it).
  if (s.compared && std::string(s.compared->kernel) + "__cmp" != s.kernel)
    bug("kernel '" + name + "': a fused predicate named apart from its function");
  // The GPU device reads the call's argument at each constant's index and compares its integer value.
  for (const tessera::rt::GpuSpecialization& g : e.gpu_specializations)
    for (const auto& [arg, value] : g.what.constants) {
      if (arg < 0 || size_t(arg) >= s.args.size() || !s.args[arg].constant)
        bug("kernel '" + name + "': a specialisation of argument " + std::to_string(arg) + ", not a constant");
      const char abi = fn::abi_char(s.args[arg].type);
      if (abi != 'b' && abi != 'i' && abi != 'l') bug("kernel '" + name + "': a specialised constant not an integer");
      fn::specialization_suffix(s, g.what);  // what the compiler names the variant (UB once for INT64_MIN)
    }
}

void check_accepted(Catalog& c) {
  std::set<std::string> names;
  for (const std::string& name : c.kernel_names()) {
    if (name.empty()) bug("an empty kernel id");
    if (!names.insert(name).second) bug("kernel id '" + name + "' listed twice");
    const KernelEntry* e = c.find(name);
    if (!e) bug("kernel '" + name + "' listed but not found");
    check_kernel(name, *e);
  }
  for (const Catalog::GpuModule& m : c.gpu_modules())
    if (m.rows_per_thread < 1 || m.rows_per_thread > 1024) bug("a GPU module's rows_per_thread out of range");
  for (const fn::FunctionSpec* s : c.udf_specs())
    for (char ch : s->sql_name)
      if (ch >= 'a' && ch <= 'z') bug("a UDF's SQL name is not upper-cased: " + std::string(s->sql_name));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string dir = "fuzz", path = dir + "/manifest.json";
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  try {
    std::unique_ptr<Catalog> c = Catalog::parse(text, dir, error);
    if (!c) {
      if (error.size() <= path.size() + 2 || error.compare(0, path.size() + 2, path + ": ") != 0)
        bug("a rejected manifest without a 'path: what' error: '" + error + "'");
      return 0;
    }
    check_accepted(*c);
    // As the engine adds a user's catalog (--udf-catalog): merged into the built-in one, here an empty one.
    std::unique_ptr<Catalog> base = Catalog::parse(R"({"format": "tessera-catalog/1", "kernels": []})", "base", error);
    if (!base) bug("the empty manifest was refused: " + error);
    std::vector<std::string> udf_names;
    for (const fn::FunctionSpec* s : c->udf_specs()) udf_names.emplace_back(s->sql_name);
    if (!base->merge(std::move(c), error)) {
      if (error.empty()) bug("merge refused without an error");
      return 0;
    }
    check_accepted(*base);
    for (const std::string& name : udf_names) {
      std::string symbol_error;
      base->find_function(name, symbol_error);
      base->remove_function(name);
    }
    check_accepted(*base);
  } catch (const std::exception& e) {
    bug(std::string("an exception escaped the reader: ") + e.what());
  } catch (...) {
    bug("an exception of unknown type escaped the reader");
  }
  return 0;
}
