// What tessera-bench-csv and tessera-bench-database share: their command line (--sf N --dir DIR
// [--threads N] [--runs N]) and their timing helpers.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace tessera::bench {

struct StorageBenchOptions {
  double sf = 1;
  std::string dir;
  int threads = 0;  // 0: all cores
  int runs = 3;
};

// false (after printing the usage) for an argument it does not know.
inline bool parse_storage_bench_options(int argc, char** argv, StorageBenchOptions& o) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--sf") o.sf = std::stod(argv[i + 1]);
    else if (a == "--dir") o.dir = argv[i + 1];
    else if (a == "--threads") o.threads = std::stoi(argv[i + 1]);
    else if (a == "--runs") o.runs = std::max(1, std::stoi(argv[i + 1]));
    else {
      std::fprintf(stderr, "usage: %s --sf N --dir DIR [--threads N] [--runs N]\n", argv[0]);
      return false;
    }
  }
  return true;
}

inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace tessera::bench
