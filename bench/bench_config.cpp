// Reads the GPU launch configuration of each kernel: the manifest's
// gpu.rows_per_thread / gpu.block_size, overridden by a tuning JSON.
// Compiled by the host C++ compiler (nlohmann-json stays out of nvcc).
//
// Tuning JSON, any of these shapes (the autotuner's format is not fixed yet):
//   {"kernels": {"year": {"rows_per_thread": 4, "block_size": 128}, ...}}
//   {"kernels": [{"kernel": "year", "rows_per_thread": 4, "block_size": 128}, ...]}
//   {"year": {"rows_per_thread": 4, "block_size": 128}, ...}
// "block" is accepted for "block_size".
#include "bench_config.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

namespace tessera::bench {

namespace {
bool read_json(const std::string& path, nlohmann::json& j, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded()) {
    error = path + ": not valid JSON";
    return false;
  }
  return true;
}

void apply(const nlohmann::json& e, LaunchConfig& c) {
  if (!e.is_object()) return;
  if (e.contains("rows_per_thread") && e["rows_per_thread"].is_number_integer()) c.rows_per_thread = e["rows_per_thread"];
  if (e.contains("block_size") && e["block_size"].is_number_integer()) c.block_size = e["block_size"];
  else if (e.contains("block") && e["block"].is_number_integer()) c.block_size = e["block"];
  if (e.contains("mapping") && e["mapping"].is_string()) c.staged = e["mapping"] == "block-staged";
}
}  // namespace

bool read_launch_configs(const std::string& manifest_path, const std::string& tuning_path,
                         std::map<std::string, LaunchConfig>& out, std::string& error) {
  nlohmann::json m;
  if (!read_json(manifest_path, m, error)) return false;
  if (m.contains("kernels") && m["kernels"].is_array())
    for (const auto& k : m["kernels"]) {
      if (!k.contains("kernel") || !k.contains("gpu")) continue;
      LaunchConfig c;
      apply(k["gpu"], c);
      c.source = "manifest";
      out[k["kernel"].get<std::string>()] = c;
    }
  if (tuning_path.empty()) return true;
  nlohmann::json t;
  if (!read_json(tuning_path, t, error)) return false;
  const nlohmann::json& ks = t.contains("kernels") ? t["kernels"] : t;
  auto take = [&](const std::string& name, const nlohmann::json& e) {
    LaunchConfig& c = out[name];
    apply(e, c);
    c.source = "tuning";
  };
  if (ks.is_array()) {
    for (const auto& e : ks)
      if (e.is_object() && e.contains("kernel") && e["kernel"].is_string()) take(e["kernel"].get<std::string>(), e);
  } else if (ks.is_object()) {
    for (auto it = ks.begin(); it != ks.end(); ++it)
      if (it.value().is_object()) take(it.key(), it.value());
  }
  return true;
}

}  // namespace tessera::bench
