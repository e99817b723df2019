// Files and directories a test process makes under the temporary directory, removed when the process exits.
// ctest runs each test case as a process of its own, so nothing a test writes outlives it (the database and
// loader tests left a directory per run in /tmp).
#pragma once

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace tessera::test {

inline const std::string& removed_at_exit(std::string path) {
  static struct Paths {
    std::vector<std::string> list;
    ~Paths() {
      for (const std::string& p : list) {
        std::error_code ignored;  // already gone, or never made: nothing to do
        std::filesystem::remove_all(p, ignored);
      }
    }
  } paths;
  paths.list.push_back(std::move(path));
  return paths.list.back();
}

}  // namespace tessera::test
