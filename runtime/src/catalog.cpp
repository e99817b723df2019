#include "tessera/runtime/catalog.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tessera/functions/kernel_abi.hpp"

namespace tessera::rt {

struct Catalog::UdfSpec {
  std::string sql_name, kernel, symbol;
  std::vector<std::string> arg_names;
  std::vector<fn::ArgSpec> args;
  fn::FunctionSpec spec{};
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
  for (const fn::KernelParam& p : fn::kernel_params(spec))
    out.push_back(std::string(kind_name(p.kind)) + (p.arg >= 0 ? ":" + std::to_string(p.arg) : ""));
  return out;
}

}  // namespace

std::unique_ptr<Catalog> Catalog::load(const std::string& dir, std::string& error) {
  const std::string path = dir + "/manifest.json";
  std::ifstream in(path);
  if (!in) {
    error = "cannot open the kernel catalog " + path + " (build it with tessera-cc, or `ninja catalog`)";
    return nullptr;
  }
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json m = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (m.is_discarded() || m.value("format", "") != "tessera-catalog/1") {
    error = path + ": not a tessera-catalog/1 manifest";
    return nullptr;
  }
  auto catalog = std::unique_ptr<Catalog>(new Catalog());
  catalog->dir_ = dir;
  const std::string lib = m.value("cpu_library", "");
  if (!lib.empty()) {
    const std::string lib_path = dir + "/" + lib;
    catalog->library_ = dlopen(lib_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!catalog->library_) {
      error = "cannot load " + lib_path + ": " + dlerror();
      return nullptr;
    }
  }
  if (m.contains("nvptx"))
    for (const nlohmann::json& mod : m["nvptx"].value("modules", nlohmann::json::array())) {
      const std::string ptx = mod.value("ptx", ""), cubin = mod.value("cubin", "");
      catalog->gpu_modules_.push_back({mod.value("rows_per_thread", 1), ptx.empty() ? "" : dir + "/" + ptx,
                                       cubin.empty() ? "" : dir + "/" + cubin});
    }
  for (const nlohmann::json& k : m.value("kernels", nlohmann::json::array())) {
    const std::string name = k.value("kernel", "");
    if (k.value("status", "") != "ok") {
      catalog->failed_[name] = k.value("reason", "unknown");
      continue;
    }
    KernelEntry e;
    if (k.value("udf", false)) {
      auto u = std::make_unique<UdfSpec>();
      u->sql_name = k.value("sql_name", "");
      // SQL names are case-insensitive; the binder looks them up upper-cased.
      for (char& c : u->sql_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      u->kernel = name;
      u->symbol = k.value("row_symbol", "");
      fn::SqlType result;
      if (!fn::parse_type_name(k.value("result", ""), result)) {
        error = path + ": kernel " + name + " has an unknown result type";
        return nullptr;
      }
      for (const nlohmann::json& a : k["args"]) u->arg_names.push_back(a.value("name", ""));
      for (size_t i = 0; i < u->arg_names.size(); ++i) {
        fn::SqlType t;
        if (!fn::parse_type_name(k["args"][i].value("type", ""), t)) {
          error = path + ": kernel " + name + " has an argument of unknown type";
          return nullptr;
        }
        u->args.push_back({u->arg_names[i], t, k["args"][i].value("constant", false)});
      }
      u->spec = fn::FunctionSpec{.sql_name = u->sql_name,
                                 .kernel = u->kernel,
                                 .result = result,
                                 .args = u->args,
                                 .nulls = k.value("nulls", "") == "custom" ? fn::NullRule::Custom
                                                                           : fn::NullRule::Propagate,
                                 .uses_context = k.value("uses_context", false),
                                 .symbol = u->symbol};
      if (k.contains("max_length")) {
        e.udf_length_constant = k["max_length"].value("constant", int64_t(0));
        for (const auto& i : k["max_length"].value("plus_arg_lengths", nlohmann::json::array()))
          e.udf_length_args.push_back(i.get<int32_t>());
      }
      e.spec = &u->spec;
      catalog->udfs_.push_back(std::move(u));
    } else {
      e.spec = fn::find_kernel(name);
      if (!e.spec) {
        error = path + ": kernel '" + name + "' is not in this build's function registry (stale catalog?)";
        return nullptr;
      }
    }
    std::vector<std::string> params;
    for (const auto& p : k.value("params", nlohmann::json::array())) params.push_back(p.get<std::string>());
    if (params != abi_names(*e.spec)) {
      error = path + ": kernel '" + name + "' was compiled for a different kernel ABI; rebuild the catalog";
      return nullptr;
    }
    if (k.contains("cpu") && catalog->library_) {
      const std::string entry = k["cpu"].value("entry", "");
      e.cpu = reinterpret_cast<CpuEntry>(dlsym(catalog->library_, entry.c_str()));
      if (!e.cpu) {
        error = "the CPU library has no symbol " + entry;
        return nullptr;
      }
    }
    if (k.contains("gpu")) {
      e.gpu_entry = k["gpu"].value("entry", "");
      e.gpu_block_size = k["gpu"].value("block_size", 256);
      e.gpu_rows_per_thread = k["gpu"].value("rows_per_thread", 1);
      e.gpu_autotuned = k["gpu"].value("autotuned", false);
      for (const nlohmann::json& sp : k.value("specializations", nlohmann::json::array())) {
        GpuSpecialization g;
        g.entry = sp.value("entry", "");
        g.what.default_context = sp.value("default_context", false);
        const nlohmann::json constants = sp.value("constants", nlohmann::json::object());
        for (auto& [arg, value] : constants.items())
          g.what.constants.push_back({std::stoi(arg), value.get<int64_t>()});
        std::vector<std::string> kept;
        for (const auto& p : sp.value("params", nlohmann::json::array())) kept.push_back(p.get<std::string>());
        std::vector<std::string> expected;
        const std::vector<std::string> all = abi_names(*e.spec);
        const std::vector<fn::KernelParam> abi = fn::kernel_params(*e.spec);
        for (size_t i = 0; i < abi.size(); ++i)
          if (!g.what.removes(abi[i])) expected.push_back(all[i]);
        if (kept != expected) {
          error = path + ": specialisation " + g.entry + " has a parameter list this runtime does not expect";
          return nullptr;
        }
        e.gpu_specializations.push_back(std::move(g));
      }
    }
    catalog->names_.push_back(name);
    catalog->kernels_[name] = e;
  }
  return catalog;
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
  if (other->library_) merged_libraries_.push_back(other->library_);
  other->library_ = nullptr;
  for (void* lib : other->merged_libraries_) merged_libraries_.push_back(lib);
  other->merged_libraries_.clear();
  return true;
}

std::string Catalog::find_function(std::string_view symbol, std::string& error) const {
  for (const auto& [name, e] : kernels_)
    if (e.spec && (e.spec->symbol == symbol || name == symbol)) return name;
  std::string have;
  for (const auto& [name, e] : kernels_) have += (have.empty() ? "" : ", ") + std::string(e.spec ? e.spec->symbol : name);
  error = "the catalog '" + dir_ + "' has no function '" + std::string(symbol) + "' (it has: " + (have.empty() ? "none" : have) + ")";
  return "";
}

bool Catalog::merge_function(std::unique_ptr<Catalog> other, std::string_view symbol, const std::string& sql_name,
                             std::string& error) {
  std::string upper_name = sql_name;
  for (char& c : upper_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string found = other->find_function(symbol, error);
  if (found.empty()) return false;
  // Keep only that kernel, renamed, and merge what is left.
  for (auto it = other->kernels_.begin(); it != other->kernels_.end();)
    it = it->first == found ? std::next(it) : other->kernels_.erase(it);
  other->names_ = {found};
  for (auto& u : other->udfs_)
    if (&u->spec == other->kernels_[found].spec) {
      u->sql_name = upper_name;
      u->spec.sql_name = u->sql_name;
    }
  return merge(std::move(other), error);
}

bool Catalog::remove_function(std::string_view sql_name) {
  std::string upper_name(sql_name);
  for (char& c : upper_name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  bool removed = false;
  for (auto it = kernels_.begin(); it != kernels_.end();) {
    const bool udf = std::any_of(udfs_.begin(), udfs_.end(), [&](const auto& u) { return &u->spec == it->second.spec; });
    if (udf && it->second.spec->sql_name == upper_name) {
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
