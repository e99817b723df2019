#include "tessera/runtime/catalog.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/predicate.hpp"

namespace tessera::rt {

const char* row_mapping_name(RowMapping m) { return m == RowMapping::BlockStaged ? "block-staged" : "per-thread"; }

const GpuSpecialization* KernelEntry::specialization_for(const fn::SessionContext& session,
                                                         const std::function<int64_t(int)>& int_arg) const {
  const fn::SessionContext defaults;
  const bool default_session = session.datefirst == defaults.datefirst && session.dateformat == defaults.dateformat &&
                               session.language == defaults.language && session.collation == defaults.collation;
  auto weight = [](const GpuSpecialization& g) { return g.what.constants.size() * 2 + (g.what.default_context ? 1 : 0); };
  const GpuSpecialization* chosen = nullptr;
  for (const GpuSpecialization& g : gpu_specializations) {
    if (g.what.default_context && !default_session) continue;
    bool match = true;
    for (const auto& [arg, value] : g.what.constants) match &= int_arg(arg) == value;
    if (match && (!chosen || weight(g) > weight(*chosen))) chosen = &g;
  }
  return chosen;
}

struct Catalog::UdfSpec {
  std::string sql_name, kernel, symbol;
  std::vector<std::string> arg_names;
  std::vector<fn::ArgSpec> args;
  std::vector<int32_t> length_args;  // a string result's length rule: sum_length's arguments
  fn::SumLengthRule sum_length;
  fn::FunctionSpec spec{};
  // The fused predicate derived from spec ("<kernel>__cmp"), when the manifest lists it.
  std::unique_ptr<fn::DerivedPredicate> predicate;
};

namespace {

const char* kind_name(fn::ParamKind k) {
  using K = fn::ParamKind;
  switch (k) {
    case K::ArgData: return "arg_data";
    case K::ArgBytes: return "arg_bytes";
    case K::ArgOffsets: return "arg_offsets";
    case K::ArgLengths: return "arg_lengths";
    case K::ArgValid: return "arg_valid";
    case K::ConstValue: return "const_value";
    case K::ConstBytes: return "const_bytes";
    case K::ConstLength: return "const_length";
    case K::OutData: return "out_data";
    case K::OutBytes: return "out_bytes";
    case K::OutOffsets: return "out_offsets";
    case K::OutLengths: return "out_lengths";
    case K::OutValid: return "out_valid";
    case K::ErrorSlot: return "error_slot";
    case K::ContextField: return "context_field";
    case K::Begin: return "begin";
    case K::End: return "end";
  }
  return "?";
}

std::vector<std::string> abi_names(const fn::FunctionSpec& spec) {
  std::vector<std::string> out;
  for (const fn::KernelParam& p : fn::kernel_params(spec)) {
    std::string& name = out.emplace_back(kind_name(p.kind));
    if (p.arg >= 0) name.append(1, ':').append(std::to_string(p.arg));  // ":" + to_string: g++ 12's -Wrestrict
  }
  return out;
}

// ---- field readers -------------------------------------------------------------------------------------
// A manifest may be a user's (--udf-catalog, CREATE FUNCTION ... EXTERNAL NAME), so nothing in it is
// trusted: nlohmann's value()/get<T>() throw on a value of the wrong type and operator[] on a missing key
// is undefined behaviour. Every value's presence and type is checked before it is read. A reader leaves
// `out` as it is when an optional field is absent, and returns false with the rule in `what` when a
// required field is absent or a field has the wrong type.
using nlohmann::json;

enum class Need { Optional, Required };

const json* member(const json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

// The field `key` of `object`, or nullptr: absent (what = "" when optional) or of the wrong kind.
const json* field(const json& object, const char* key, bool (json::*is)() const noexcept, const char* kind,
                  Need need, std::string& what) {
  const json* v = member(object, key);
  if (!v) {
    if (need == Need::Required) what = std::string("\"") + key + "\" is missing";
    return nullptr;
  }
  if (!(v->*is)()) {
    what = std::string("\"") + key + "\" must be " + kind;
    return nullptr;
  }
  return v;
}

bool read_string(const json& object, const char* key, std::string& out, std::string& what, Need need = Need::Optional) {
  what.clear();
  const json* v = field(object, key, &json::is_string, "a string", need, what);
  if (v) out = v->get_ref<const std::string&>();
  return what.empty();
}

bool read_bool(const json& object, const char* key, bool& out, std::string& what) {
  what.clear();
  const json* v = field(object, key, &json::is_boolean, "true or false", Need::Optional, what);
  if (v) out = v->get<bool>();
  return what.empty();
}

// An integer (no fraction, no exponent) in [lo, hi]. nlohmann keeps non-negative integers unsigned.
bool integer_in(const json& v, int64_t lo, int64_t hi, int64_t& out) {
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return false;
    out = static_cast<int64_t>(u);
  } else if (v.is_number_integer()) {
    out = v.get<int64_t>();
  } else {
    return false;
  }
  return out >= lo && out <= hi;
}

bool read_int(const json& object, const char* key, int64_t lo, int64_t hi, int& out, std::string& what) {
  const json* v = member(object, key);
  int64_t value = 0;
  if (v && !integer_in(*v, lo, hi, value)) {
    what = std::string("\"") + key + "\" must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
    return false;
  }
  if (v) out = static_cast<int>(value);
  return true;
}

// An array (required or optional: nullptr and what = "" when an optional one is absent).
const json* read_array(const json& object, const char* key, std::string& what, Need need) {
  what.clear();
  return field(object, key, &json::is_array, "an array", need, what);
}

const json* read_object(const json& object, const char* key, std::string& what, Need need) {
  what.clear();
  return field(object, key, &json::is_object, "an object", need, what);
}

bool read_string_list(const json& object, const char* key, std::vector<std::string>& out, std::string& what) {
  const json* list = read_array(object, key, what, Need::Required);
  if (!list) return false;
  for (const json& s : *list) {
    if (!s.is_string()) {
      what = std::string("\"") + key + "\" must be an array of strings";
      return false;
    }
    out.push_back(s.get<std::string>());
  }
  return true;
}

// The values an integer-typed constant's kernel parameter holds (what a specialised kernel sinks into it);
// false for types that are not integers in the kernel ABI (float64, string).
bool integer_range(fn::SqlType t, int64_t& lo, int64_t& hi) {
  switch (fn::abi_char(t)) {
    case 'b': lo = 0, hi = 1; return true;
    case 'i': lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max(); return true;
    case 'l': lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max(); return true;
    default: return false;
  }
}

// "mapping": absent (catalogs built before there was a choice) means per-thread.
bool read_mapping(const json& object, RowMapping& out, std::string& what) {
  std::string name;
  if (!read_string(object, "mapping", name, what)) return false;
  if (name.empty() || name == "per-thread") {
    out = RowMapping::PerThread;
  } else if (name == "block-staged") {
    out = RowMapping::BlockStaged;
  } else {
    what = "\"mapping\": unknown row mapping '" + name + "' (per-thread, block-staged)";
    return false;
  }
  return true;
}

// CUDA launches at most 1024 threads a block; the compiled thread-coarsening variants are 1 to 8 rows.
constexpr int64_t kMaxBlockSize = 1024;
constexpr int64_t kMaxRowsPerThread = 1024;

// One element of "specializations": a GPU variant with constants sunk, and the parameters it keeps.
bool parse_specialization(const json& sp, const fn::FunctionSpec& spec, GpuSpecialization& g, std::string& what) {
  if (!sp.is_object()) {
    what = "must be an object";
    return false;
  }
  if (!read_string(sp, "entry", g.entry, what, Need::Required) ||
      !read_bool(sp, "default_context", g.what.default_context, what))
    return false;
  const json* constants = read_object(sp, "constants", what, Need::Optional);
  if (!what.empty()) return false;
  if (constants)
    for (const auto& [key, value] : constants->items()) {
      // "i": value, i a constant argument of an integer type (the runtime compares the call's value with it).
      int64_t lo = 0, hi = 0, v = 0;
      size_t arg = 0;
      for (; arg < spec.args.size(); ++arg)
        if (key == std::to_string(arg)) break;
      if (arg == spec.args.size() || !spec.args[arg].constant || !integer_range(spec.args[arg].type, lo, hi)) {
        what = "\"constants\": '" + key + "' is not the index of a constant integer argument";
        return false;
      }
      if (!integer_in(value, lo, hi, v)) {
        what = "\"constants\": the value of argument " + key + " is not an integer its type holds";
        return false;
      }
      g.what.constants.push_back({static_cast<int32_t>(arg), v});
    }
  // "launch": {"rows_per_thread", "block_size", "mapping"}: the autotuner's choice for this variant.
  if (const json* launch = read_object(sp, "launch", what, Need::Optional)) {
    if (!read_int(*launch, "block_size", 1, kMaxBlockSize, g.launch.block_size, what) ||
        !read_int(*launch, "rows_per_thread", 1, kMaxRowsPerThread, g.launch.rows_per_thread, what) ||
        !read_mapping(*launch, g.launch.mapping, what)) {
      what = "\"launch\": " + what;
      return false;
    }
    g.autotuned = true;
  } else if (!what.empty()) {
    return false;
  }
  std::vector<std::string> kept, expected;
  if (!read_string_list(sp, "params", kept, what)) return false;
  const std::vector<std::string> all = abi_names(spec);
  const std::vector<fn::KernelParam> abi = fn::kernel_params(spec);
  for (size_t i = 0; i < abi.size(); ++i)
    if (!g.what.removes(abi[i])) expected.push_back(all[i]);
  if (kept != expected) {
    what = "has a parameter list this runtime does not expect";
    return false;
  }
  return true;
}

}  // namespace

// ---- the manifest -----------------------------------------------------------------------------------------

// The reader of a manifest's kernels: a nested class, so it fills the catalog's private members.
struct Catalog::Parser {
  static bool kernel(Catalog& c, const json& k, std::set<std::string>& seen, std::string& name, std::string& what);
  static bool udf(const json& k, UdfSpec& u, std::string& what);
  static const fn::FunctionSpec* udf_predicate(Catalog& c, const json& k, const std::string& name, std::string& what);
};

// A user function's "args", "result", "nulls", "uses_context" and "max_length" into u and e.
bool Catalog::Parser::udf(const json& k, UdfSpec& u, std::string& what) {
  if (!read_string(k, "sql_name", u.sql_name, what, Need::Required) ||
      !read_string(k, "row_symbol", u.symbol, what, Need::Required))
    return false;
  if (u.sql_name.empty()) {
    what = "\"sql_name\" is empty";
    return false;
  }
  // SQL names are case-insensitive; the binder looks them up upper-cased.
  for (char& c : u.sql_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string result_name;
  fn::SqlType result;
  if (!read_string(k, "result", result_name, what, Need::Required)) return false;
  if (!fn::parse_type_name(result_name, result)) {
    what = "unknown result type '" + result_name + "'";
    return false;
  }
  const json* args = read_array(k, "args", what, Need::Required);
  if (!args) return false;
  if (args->size() > size_t(fn::kMaxArgs)) {
    what = "\"args\" has more than " + std::to_string(fn::kMaxArgs) + " arguments";
    return false;
  }
  for (const json& a : *args) {
    std::string name, type;
    fn::SqlType t;
    bool constant = false;
    if (!a.is_object() || !read_string(a, "name", name, what, Need::Required) ||
        !read_string(a, "type", type, what, Need::Required) || !fn::parse_type_name(type, t) ||
        !read_bool(a, "constant", constant, what)) {
      what = "argument " + std::to_string(u.arg_names.size()) +
             " needs a string \"name\", a known \"type\" and \"constant\": true or false";
      return false;
    }
    u.arg_names.push_back(name);
    u.args.push_back({{}, t, constant});
  }
  for (size_t i = 0; i < u.args.size(); ++i) u.args[i].name = u.arg_names[i];  // arg_names no longer grows
  std::string nulls = "propagate";
  if (!read_string(k, "nulls", nulls, what) || (nulls != "propagate" && nulls != "custom")) {
    what = "\"nulls\" must be \"propagate\" or \"custom\"";
    return false;
  }
  bool uses_context = false;
  if (!read_bool(k, "uses_context", uses_context, what)) return false;
  u.spec = fn::FunctionSpec{.sql_name = u.sql_name,
                            .kernel = u.kernel,
                            .result = result,
                            .args = u.args,
                            .nulls = nulls == "custom" ? fn::NullRule::Custom : fn::NullRule::Propagate,
                            .uses_context = uses_context,
                            .max_length = nullptr,
                            .summary = {},
                            .symbol = u.symbol,
                            .invoke = nullptr,
                            .c_signature = {}};
  // A string result's output length per row: the constant plus the lengths of the named string arguments
  // (kernel_call.cpp sums them in int64 for every row, so the constant is bounded like the spec's).
  if (result != fn::SqlType::String) return true;
  const json* rule = read_object(k, "max_length", what, Need::Required);
  if (!rule) {
    what = "a string result needs \"max_length\": {\"constant\": N, \"plus_arg_lengths\": [i...]}";
    return false;
  }
  u.spec.sum_length = &u.sum_length;
  if (const json* c = member(*rule, "constant"))
    if (!integer_in(*c, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), u.sum_length.constant)) {
      what = "\"max_length\": \"constant\" must be an integer from -2147483648 to 2147483647";
      return false;
    }
  const json* lengths = read_array(*rule, "plus_arg_lengths", what, Need::Optional);
  if (!what.empty()) return false;
  if (lengths)
    for (const json& i : *lengths) {
      int64_t index = 0;
      if (!integer_in(i, 0, static_cast<int64_t>(u.args.size()) - 1, index) || u.args[index].type != fn::SqlType::String) {
        what = "\"max_length\": \"plus_arg_lengths\" must name string arguments by index";
        return false;
      }
      u.length_args.push_back(static_cast<int32_t>(index));
    }
  u.sum_length.plus_arg_lengths = u.length_args;
  return true;
}

// A user function's fused predicate: the entry "<f>__cmp" with "compares": "<f>", listed after f. Its
// spec is derived from f's here (as tessera-cc derived it), not read from the entry.
const fn::FunctionSpec* Catalog::Parser::udf_predicate(Catalog& c, const json& k, const std::string& name,
                                                       std::string& what) {
  std::string base_kernel;
  if (!read_string(k, "compares", base_kernel, what, Need::Required)) return nullptr;
  UdfSpec* base = nullptr;
  for (auto& u : c.udfs_)
    if (u->kernel == base_kernel) base = u.get();
  if (!base) {
    what = "compares '" + base_kernel + "', which is not a user function listed before it";
    return nullptr;
  }
  if (base->predicate) {
    what = "'" + base_kernel + "' has a fused predicate already";
    return nullptr;
  }
  base->predicate = fn::derive_predicate(base->spec);
  if (!base->predicate) {
    what = "'" + base_kernel + "' has too many arguments for a fused predicate";
    return nullptr;
  }
  if (base->predicate->kernel != name) {
    what = "a fused predicate of '" + base_kernel + "' must be named '" + base->predicate->kernel + "'";
    base->predicate.reset();
    return nullptr;
  }
  return &base->predicate->spec;
}

// One element of "kernels" into the catalog (kernels_ or failed_); false with the rule in `what`.
bool Catalog::Parser::kernel(Catalog& c, const json& k, std::set<std::string>& seen, std::string& name, std::string& what) {
  if (!k.is_object()) {
    what = "must be an object";
    return false;
  }
  if (!read_string(k, "kernel", name, what, Need::Required)) return false;
  if (name.empty()) {
    what = "\"kernel\" is empty";
    return false;
  }
  if (!seen.insert(name).second) {
    what = "kernel id '" + name + "' is listed twice";
    return false;
  }
  std::string status;
  if (!read_string(k, "status", status, what, Need::Required)) return false;
  if (status != "ok") {
    std::string reason = "unknown";
    if (!read_string(k, "reason", reason, what)) return false;
    c.failed_[name] = reason;
    return true;
  }
  KernelEntry e;
  bool is_udf = false;
  if (!read_bool(k, "udf", is_udf, what)) return false;
  if (is_udf && member(k, "compares")) {
    e.spec = udf_predicate(c, k, name, what);
    if (!e.spec) return false;
  } else if (is_udf) {
    auto u = std::make_unique<UdfSpec>();
    u->kernel = name;
    if (!udf(k, *u, what)) return false;
    e.spec = &u->spec;
    c.udfs_.push_back(std::move(u));
  } else {
    e.spec = fn::find_kernel(name);
    if (!e.spec) {
      what = "not in this build's function registry (stale catalog?)";
      return false;
    }
  }
  std::vector<std::string> params;
  if (!read_string_list(k, "params", params, what)) return false;
  if (params != abi_names(*e.spec)) {
    what = "compiled for a different kernel ABI; rebuild the catalog";
    return false;
  }
  if (const json* cpu = read_object(k, "cpu", what, Need::Optional)) {
    if (!read_string(*cpu, "entry", e.cpu_entry, what, Need::Required)) {
      what = "\"cpu\": " + what;
      return false;
    }
  } else if (!what.empty()) {
    return false;
  }
  if (const json* gpu = read_object(k, "gpu", what, Need::Optional)) {
    if (!read_string(*gpu, "entry", e.gpu_entry, what, Need::Required) ||
        !read_int(*gpu, "block_size", 1, kMaxBlockSize, e.gpu_launch.block_size, what) ||
        !read_int(*gpu, "rows_per_thread", 1, kMaxRowsPerThread, e.gpu_launch.rows_per_thread, what) ||
        !read_mapping(*gpu, e.gpu_launch.mapping, what) ||
        !read_bool(*gpu, "autotuned", e.gpu_autotuned, what) || !read_bool(*gpu, "byte_map", e.gpu_byte_map, what) ||
        !read_string(*gpu, "in_order_entry", e.gpu_in_order_entry, what) ||
        !read_int(*gpu, "in_order_rows", 1, kMaxRowsPerThread, e.gpu_in_order_rows, what)) {
      what = "\"gpu\": " + what;
      return false;
    }
    const json* variants = read_array(*gpu, "variants", what, Need::Optional);
    if (!what.empty()) {
      what = "\"gpu\": " + what;
      return false;
    }
    if (variants)
      for (size_t i = 0; i < variants->size(); ++i) {
        const json& v = (*variants)[i];
        GpuLaunch l;
        if (v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= kMaxRowsPerThread) {
          l.rows_per_thread = v.get<int>();  // catalogs before row mappings listed rows per thread only
        } else if (!v.is_object() || !read_int(v, "rows_per_thread", 1, kMaxRowsPerThread, l.rows_per_thread, what) ||
                   !read_mapping(v, l.mapping, what)) {
          what = "\"gpu\": variants[" + std::to_string(i) + "]: " + (what.empty() ? "must be an object" : what);
          return false;
        }
        e.gpu_variants.push_back(l);
      }
    if (!e.in_module(e.gpu_launch.rows_per_thread, e.gpu_launch.mapping)) {
      what = "\"gpu\": launches a module its \"variants\" do not list";
      return false;
    }
    const json* specializations = read_array(k, "specializations", what, Need::Optional);
    if (!what.empty()) return false;
    if (specializations)
      for (size_t i = 0; i < specializations->size(); ++i) {
        GpuSpecialization g;
        if (!parse_specialization((*specializations)[i], *e.spec, g, what)) {
          what = "specializations[" + std::to_string(i) + "]: " + what;
          return false;
        }
        e.gpu_specializations.push_back(std::move(g));
      }
  } else if (!what.empty()) {
    return false;
  }
  c.names_.push_back(name);
  c.kernels_[name] = std::move(e);
  return true;
}

std::unique_ptr<Catalog> Catalog::parse(std::string_view text, const std::string& dir, std::string& error) {
  const std::string path = dir + "/manifest.json";
  const json m = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  std::string format, what;
  if (m.is_discarded() || !m.is_object() || !read_string(m, "format", format, what) || format != "tessera-catalog/1") {
    error = path + ": not a tessera-catalog/1 manifest (a JSON object with \"format\": \"tessera-catalog/1\")";
    return nullptr;
  }
  auto catalog = std::unique_ptr<Catalog>(new Catalog());
  catalog->dir_ = dir;
  auto fail = [&](const std::string& where) {
    error = path + ": " + where + what;
    return nullptr;
  };
  if (!read_string(m, "cpu_library", catalog->cpu_library_, what)) return fail("");
  if (const json* nvptx = read_object(m, "nvptx", what, Need::Optional)) {
    const json* modules = read_array(*nvptx, "modules", what, Need::Optional);
    if (!what.empty()) return fail("\"nvptx\": ");
    if (modules)
      for (size_t i = 0; i < modules->size(); ++i) {
        const json& mod = (*modules)[i];
        const std::string where = "\"nvptx\": modules[" + std::to_string(i) + "]: ";
        std::string ptx, cubin;
        int rows_per_thread = 1;
        RowMapping mapping = RowMapping::PerThread;
        if (!mod.is_object()) {
          what = "must be an object";
          return fail(where);
        }
        if (!read_string(mod, "ptx", ptx, what) || !read_string(mod, "cubin", cubin, what) ||
            !read_int(mod, "rows_per_thread", 1, kMaxRowsPerThread, rows_per_thread, what) ||
            !read_mapping(mod, mapping, what))
          return fail(where);
        catalog->gpu_modules_.push_back(
            {rows_per_thread, mapping, ptx.empty() ? "" : dir + "/" + ptx, cubin.empty() ? "" : dir + "/" + cubin});
      }
  } else if (!what.empty()) {
    return fail("");
  }
  const json* kernels = read_array(m, "kernels", what, Need::Required);
  if (!kernels) return fail("");
  std::set<std::string> seen;
  for (size_t i = 0; i < kernels->size(); ++i) {
    std::string name;
    if (!Parser::kernel(*catalog, (*kernels)[i], seen, name, what))
      return fail("kernels[" + std::to_string(i) + "]" + (name.empty() ? "" : " '" + name + "'") + ": ");
  }
  // A user's catalog (tessera-cc --udf-spec): its modules have the cancellation flag.
  if (!catalog->udfs_.empty())
    for (GpuModule& g : catalog->gpu_modules_) g.user_code = true;
  return catalog;
}

std::unique_ptr<Catalog> Catalog::load(const std::string& dir, std::string& error) {
  const std::string path = dir + "/manifest.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open the kernel catalog " + path + " (build it with tessera-cc, or `ninja catalog`)";
    return nullptr;
  }
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    error = path + ": cannot read";
    return nullptr;
  }
  std::unique_ptr<Catalog> catalog = parse(text, dir, error);
  if (!catalog || catalog->cpu_library_.empty()) return catalog;
  // The CPU library and each kernel's entry in it.
  const std::string lib_path = dir + "/" + catalog->cpu_library_;
  catalog->library_ = dlopen(lib_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!catalog->library_) {
    error = path + ": cannot load its CPU library " + lib_path + ": " + dlerror();
    return nullptr;
  }
  for (auto& [name, e] : catalog->kernels_) {
    if (e.cpu_entry.empty()) continue;
    e.cpu = reinterpret_cast<CpuEntry>(dlsym(catalog->library_, e.cpu_entry.c_str()));
    if (!e.cpu) {
      error = path + ": kernel '" + name + "': the CPU library has no symbol " + e.cpu_entry;
      return nullptr;
    }
  }
  return catalog;
}

void Catalog::set_cancel_flags(bool stop) const {
  auto set = [stop](void* lib) {
    if (!lib) return;
    // Written while the library's loops read it (volatile loads): an atomic store.
    if (auto* flag = static_cast<int32_t*>(dlsym(lib, "__tessera_cancel")))
      __atomic_store_n(flag, stop ? 1 : 0, __ATOMIC_RELAXED);
  };
  std::lock_guard<std::mutex> lock(libraries_mutex_);
  set(library_);
  for (void* lib : merged_libraries_) set(lib);
}

Catalog::~Catalog() {
  if (library_) dlclose(library_);
  for (void* lib : merged_libraries_) dlclose(lib);
}

bool Catalog::merge(std::unique_ptr<Catalog> other, std::string& error) {
  auto upper = [](std::string_view s) {
    std::string r(s);
    for (char& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return r;
  };
  std::map<std::string, std::string> taken;  // SQL name -> who has it
  for (const fn::FunctionSpec& f : fn::all_functions()) taken.emplace(upper(f.sql_name), "the function library");
  for (const fn::FunctionSpec* f : udf_specs()) taken.emplace(upper(f->sql_name), "a function added before");
  for (const auto& [name, e] : other->kernels_) {
    if (kernels_.count(name)) {
      error = other->dir_ + ": kernel id '" + name + "' is already in the catalog";
      return false;
    }
    if (auto it = taken.find(upper(e.spec->sql_name)); it != taken.end()) {
      error = other->dir_ + ": function " + std::string(e.spec->sql_name) + " (kernel '" + name +
              "') has the name of " + (it->second == "the function library" ? "a built-in function" : it->second) +
              "; rename it (sql_name in its spec)";
      return false;
    }
  }
  const int group = module_groups_++;
  for (auto& [name, e] : other->kernels_) {
    KernelEntry moved = e;
    moved.gpu_module_group = group;
    kernels_[name] = moved;
    names_.push_back(name);
  }
  for (GpuModule m : other->gpu_modules_) {
    m.group = group;
    gpu_modules_.push_back(m);
  }
  for (auto& [name, why] : other->failed_) failed_[name] = why;
  for (auto& u : other->udfs_) udfs_.push_back(std::move(u));  // the entries' specs point into these
  std::lock_guard<std::mutex> lock(libraries_mutex_);
  if (other->library_) merged_libraries_.push_back(other->library_);
  other->library_ = nullptr;
  for (void* lib : other->merged_libraries_) merged_libraries_.push_back(lib);
  other->merged_libraries_.clear();
  return true;
}

std::string Catalog::find_function(std::string_view symbol, std::string& error) const {
  // A fused predicate shares its function's symbol; the function is the one meant.
  for (const auto& [name, e] : kernels_)
    if (e.spec && !e.spec->compared && (e.spec->symbol == symbol || name == symbol)) return name;
  std::string have;
  for (const auto& [name, e] : kernels_)
    if (!e.spec || !e.spec->compared) have += (have.empty() ? "" : ", ") + std::string(e.spec ? e.spec->symbol : name);
  error = "the catalog '" + dir_ + "' has no function '" + std::string(symbol) + "' (it has: " + (have.empty() ? "none" : have) + ")";
  return "";
}

bool Catalog::merge_function(std::unique_ptr<Catalog> other, std::string_view symbol, const std::string& sql_name,
                             std::string& error) {
  std::string upper_name = sql_name;
  for (char& c : upper_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string found = other->find_function(symbol, error);
  if (found.empty()) return false;
  // Keep only that kernel and its fused predicate, renamed, and merge what is left.
  const fn::FunctionSpec* kept = other->kernels_[found].spec;
  for (auto it = other->kernels_.begin(); it != other->kernels_.end();)
    it = it->second.spec == kept || it->second.spec->compared == kept ? std::next(it) : other->kernels_.erase(it);
  other->names_.clear();
  for (const auto& [name, e] : other->kernels_) other->names_.push_back(name);
  for (auto& u : other->udfs_)
    if (&u->spec == kept) {
      u->sql_name = upper_name;
      u->spec.sql_name = u->sql_name;
      if (u->predicate) u->predicate->refresh_name();
    }
  return merge(std::move(other), error);
}

bool Catalog::remove_function(std::string_view sql_name) {
  std::string upper_name(sql_name);
  for (char& c : upper_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  bool removed = false;
  for (auto it = kernels_.begin(); it != kernels_.end();) {
    // The function's kernel and its fused predicate's.
    const fn::FunctionSpec* spec = it->second.spec->compared ? it->second.spec->compared : it->second.spec;
    const bool udf = std::any_of(udfs_.begin(), udfs_.end(), [&](const auto& u) { return &u->spec == spec; });
    if (udf && spec->sql_name == upper_name) {
      names_.erase(std::remove(names_.begin(), names_.end(), it->first), names_.end());
      it = kernels_.erase(it);
      removed = true;
    } else {
      ++it;
    }
  }
  // The spec stays owned (udfs_) until the catalog goes: a plan bound before may still point at it. It
  // must not be found by name any more.
  if (removed)
    for (auto& u : udfs_)
      if (u->sql_name == upper_name) {
        u->sql_name = "";
        u->spec.sql_name = u->sql_name;
        if (u->predicate) u->predicate->refresh_name();
      }
  return removed;
}

std::vector<const fn::FunctionSpec*> Catalog::udf_specs() const {
  std::vector<const fn::FunctionSpec*> out;
  for (const auto& u : udfs_)
    if (!u->sql_name.empty()) out.push_back(&u->spec);
  return out;
}

const KernelEntry* Catalog::find(std::string_view kernel) const {
  auto it = kernels_.find(kernel);
  return it == kernels_.end() ? nullptr : &it->second;
}

}  // namespace tessera::rt
