#include <nlohmann/json.hpp>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "tessera/compiler/Catalog.h"
#include "tessera/compiler/KernelBuilder.h"
#include "tessera/functions/kernel_abi.hpp"

namespace tessera::compiler {

namespace {

const char* param_kind_name(fn::ParamKind k) {
  switch (k) {
    case fn::ParamKind::ArgData: return "arg_data";
    case fn::ParamKind::ArgBytes: return "arg_bytes";
    case fn::ParamKind::ArgOffsets: return "arg_offsets";
    case fn::ParamKind::ArgLengths: return "arg_lengths";
    case fn::ParamKind::ArgValid: return "arg_valid";
    case fn::ParamKind::ConstValue: return "const_value";
    case fn::ParamKind::ConstBytes: return "const_bytes";
    case fn::ParamKind::ConstLength: return "const_length";
    case fn::ParamKind::OutData: return "out_data";
    case fn::ParamKind::OutBytes: return "out_bytes";
    case fn::ParamKind::OutOffsets: return "out_offsets";
    case fn::ParamKind::OutLengths: return "out_lengths";
    case fn::ParamKind::OutValid: return "out_valid";
    case fn::ParamKind::ErrorSlot: return "error_slot";
    case fn::ParamKind::ContextField: return "context_field";
    case fn::ParamKind::Begin: return "begin";
    case fn::ParamKind::End: return "end";
  }
  return "?";
}

// Whether a launch's module (rows per thread, mapping) is one that holds predicates.
bool in_predicate_module(const LaunchChoice& l, const std::vector<GpuVariant>& modules) {
  for (size_t i = 0; i < modules.size(); ++i)
    if (holds_predicates(modules, i) && modules[i].rows_per_thread == l.rows_per_thread &&
        modules[i].staged == l.staged)
      return true;
  return false;
}

// A fused predicate without a tuning of its own launches as the function it compares was tuned, in the
// nearest module that holds predicates (holds_predicates): the same one, else 4 rows per thread for a
// coarser tuning, else the default module.
LaunchChoice predicate_launch(const fn::FunctionSpec& base, const CatalogInfo& info) {
  const std::vector<GpuVariant>& modules = info.gpu_variants;
  LaunchChoice want{modules.front().rows_per_thread, info.block_size, modules.front().staged};
  if (auto it = info.tuned.find(std::string(base.kernel)); it != info.tuned.end()) want = it->second;
  int fallback = 0;
  for (size_t i = 0; i < modules.size(); ++i) {
    if (!holds_predicates(modules, i)) continue;
    if (modules[i].rows_per_thread == want.rows_per_thread && modules[i].staged == want.staged) return want;
    if (!modules[i].staged && modules[i].rows_per_thread == 4 && want.rows_per_thread > 4 && !want.staged)
      fallback = static_cast<int>(i);
  }
  return {modules[fallback].rows_per_thread, want.block_size, modules[fallback].staged};
}

nlohmann::json kernel_json(const KernelRecord& r, const CatalogInfo& info) {
  const fn::FunctionSpec& s = *r.spec;
  nlohmann::json args = nlohmann::json::array();
  for (const fn::ArgSpec& a : s.args)
    args.push_back({{"name", a.name}, {"type", fn::type_name(a.type)}, {"constant", a.constant}});
  nlohmann::json params = nlohmann::json::array();
  for (const fn::KernelParam& p : fn::kernel_params(s))
    params.push_back(std::string(param_kind_name(p.kind)) + (p.arg >= 0 ? ":" + std::to_string(p.arg) : ""));
  nlohmann::json j = {
      {"kernel", s.kernel},
      {"sql_name", s.sql_name},
      {"row_symbol", s.symbol},
      {"result", fn::type_name(s.result)},
      {"args", args},
      {"nulls", s.nulls == fn::NullRule::Propagate ? "propagate" : "custom"},
      {"uses_context", s.uses_context},
      {"udf", r.udf},
      {"status", r.status},
  };
  if (s.compared) j["compares"] = s.compared->kernel;
  // A UDF's length rule is data (the library's are C++): the runtime reads it back from here.
  if (r.udf && s.sum_length)
    j["max_length"] = {{"constant", s.sum_length->constant},
                       {"plus_arg_lengths", std::vector<int32_t>(s.sum_length->plus_arg_lengths.begin(),
                                                                 s.sum_length->plus_arg_lengths.end())}};
  if (r.status != "ok") {
    j["reason"] = r.reason;
    return j;
  }
  j["params"] = params;
  if (!info.cpu_library.empty()) j["cpu"] = {{"library", info.cpu_library}, {"entry", cpu_entry_symbol(s)}};
  if (!info.gpu_variants.empty()) {
    LaunchChoice choice{info.gpu_variants.front().rows_per_thread, info.block_size, info.gpu_variants.front().staged};
    bool tuned = false;
    if (auto it = info.tuned.find(std::string(s.kernel)); it != info.tuned.end()) {
      choice = it->second;
      tuned = true;
    }
    if (s.compared && !(tuned && in_predicate_module(choice, info.gpu_variants))) {
      choice = predicate_launch(*s.compared, info);
      tuned = false;
    }
    nlohmann::json variants = nlohmann::json::array();
    for (size_t i = 0; i < info.gpu_variants.size(); ++i)
      if (!s.compared || holds_predicates(info.gpu_variants, i))
        variants.push_back({{"rows_per_thread", info.gpu_variants[i].rows_per_thread},
                            {"mapping", mapping_name(info.gpu_variants[i].staged)}});
    j["gpu"] = {{"entry", kernel_symbol(s)},
                {"block_size", choice.block_size},
                {"rows_per_thread", choice.rows_per_thread},
                {"mapping", mapping_name(choice.staged)},
                {"autotuned", tuned},
                {"variants", variants}};
    if (r.byte_map) j["gpu"]["byte_map"] = true;
    if (r.in_order) {
      j["gpu"]["in_order_entry"] = kernel_symbol(s) + fn::kInOrderEntrySuffix;
      j["gpu"]["in_order_rows"] = r.in_order_rows;
    }
  }
  // GPU variants with constants sunk (every GPU module has all of them).
  nlohmann::json specializations = nlohmann::json::array();
  if (!info.gpu_variants.empty())
    for (const fn::Specialization& v : fn::planned_specializations(s)) {
      nlohmann::json constants = nlohmann::json::object();
      for (const auto& [arg, value] : v.constants) constants[std::to_string(arg)] = value;
      nlohmann::json kept = nlohmann::json::array();
      for (const fn::KernelParam& p : fn::kernel_params(s))
        if (!v.removes(p))
          kept.push_back(std::string(param_kind_name(p.kind)) + (p.arg >= 0 ? ":" + std::to_string(p.arg) : ""));
      const std::string entry = kernel_symbol(s) + fn::specialization_suffix(s, v);
      nlohmann::json sp = {{"entry", entry}, {"constants", constants}, {"default_context", v.default_context},
                           {"params", kept}};
      if (auto it = info.tuned_specializations.find(entry);
          it != info.tuned_specializations.end() && (!s.compared || in_predicate_module(it->second, info.gpu_variants)))
        sp["launch"] = {{"rows_per_thread", it->second.rows_per_thread},
                        {"block_size", it->second.block_size},
                        {"mapping", mapping_name(it->second.staged)}};
      specializations.push_back(sp);
    }
  j["specializations"] = specializations;
  return j;
}

}  // namespace

namespace {
// One tuned launch: {"rows_per_thread": U, "block_size": B, "mapping": M (optional)}.
bool read_launch(const nlohmann::json& k, const std::string& where, LaunchChoice& out, std::string& error) {
  if (!k.is_object() || !k.contains("rows_per_thread") || !k.contains("block_size") ||
      !k["rows_per_thread"].is_number_integer() || !k["block_size"].is_number_integer()) {
    error = where + " needs integer rows_per_thread and block_size";
    return false;
  }
  bool staged = false;
  if (k.contains("mapping")) {
    if (!k["mapping"].is_string() || (k["mapping"] != "per-thread" && k["mapping"] != "block-staged")) {
      error = where + ": \"mapping\" is \"per-thread\" or \"block-staged\"";
      return false;
    }
    staged = k["mapping"] == "block-staged";
  }
  out = {k["rows_per_thread"].get<int>(), k["block_size"].get<int>(), staged};
  return true;
}
}  // namespace

bool load_tuning(const std::string& path, std::map<std::string, LaunchChoice>& out,
                 std::map<std::string, LaunchChoice>& specializations, std::string& error) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = path + ": cannot read: " + buffer.getError().message();
    return false;
  }
  nlohmann::json doc = nlohmann::json::parse((*buffer)->getBuffer().begin(), (*buffer)->getBuffer().end(), nullptr,
                                             /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("kernels") || !doc["kernels"].is_object()) {
    error = path + ": expected {\"kernels\": {name: {\"rows_per_thread\": U, \"block_size\": B}}}";
    return false;
  }
  for (auto& [name, k] : doc["kernels"].items()) {
    if (!read_launch(k, path + ": kernel '" + name + "'", out[name], error)) return false;
    if (!k.contains("specializations")) continue;
    if (!k["specializations"].is_object()) {
      error = path + ": kernel '" + name + "': \"specializations\" maps entries to launches";
      return false;
    }
    for (auto& [entry, launch] : k["specializations"].items())
      if (!read_launch(launch, path + ": kernel '" + name + "', specialisation '" + entry + "'",
                       specializations[entry], error))
        return false;
  }
  return true;
}

bool write_manifest(const std::string& dir, const CatalogInfo& info, const std::vector<KernelRecord>& kernels,
                    std::string& error) {
  nlohmann::json kernels_json = nlohmann::json::array();
  nlohmann::json failed = nlohmann::json::array();
  for (const KernelRecord& r : kernels) {
    kernels_json.push_back(kernel_json(r, info));
    if (r.status != "ok") failed.push_back({{"kernel", r.spec->kernel}, {"reason", r.reason}});
  }
  nlohmann::json modules = nlohmann::json::array();
  for (const GpuVariant& v : info.gpu_variants)
    modules.push_back(
        {{"rows_per_thread", v.rows_per_thread}, {"mapping", mapping_name(v.staged)}, {"ptx", v.ptx}, {"cubin", v.cubin}});
  nlohmann::json manifest = {
      {"format", "tessera-catalog/1"},
      {"sources", info.sources},
      {"cpu_library", info.cpu_library},
      {"nvptx", {{"sm", info.sm}, {"modules", modules}}},
      {"kernels", kernels_json},
      {"failed", failed},
  };
  for (const AmdgpuObject& a : info.amdgpu)
    manifest["amdgpu"].push_back({{"chip", a.chip}, {"object", a.object}, {"left_out", a.left_out}});
  const std::string path = dir + "/manifest.json";
  const std::string tmp = path + ".tmp";
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(tmp, ec);
    if (ec) {
      error = "cannot write " + tmp + ": " + ec.message();
      return false;
    }
    out << manifest.dump(2) << "\n";
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    error = "cannot move " + tmp + " to " + path + ": " + ec.message();
    return false;
  }
  return true;
}

}  // namespace tessera::compiler
