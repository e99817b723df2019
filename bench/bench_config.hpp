#pragma once

#include <map>
#include <string>

namespace tessera::bench {

struct LaunchConfig {
  int rows_per_thread = 1;
  int block_size = 256;
  bool staged = false;  // "mapping": "block-staged" (else per-thread)
  std::string source = "default";  // "manifest", "tuning" or "default"
};

// Kernel id -> configuration from <catalog>/manifest.json, overridden by the
// tuning JSON (if `tuning_path` is not empty).
bool read_launch_configs(const std::string& manifest_path, const std::string& tuning_path,
                         std::map<std::string, LaunchConfig>& out, std::string& error);

}  // namespace tessera::bench
