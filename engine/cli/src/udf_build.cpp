// Compiling users' functions for tessera --udf (see udf_build.hpp).
#include "udf_build.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#ifndef TESSERA_CC_PATH
#define TESSERA_CC_PATH "tessera-cc"
#endif
#ifndef TESSERA_FUNCTION_INCLUDE
#define TESSERA_FUNCTION_INCLUDE ""
#endif

namespace tessera::cli {
namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path, const char* what) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw std::runtime_error(std::string("--udf: the ") + what + " '" + path + "' is not a readable file");
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in && !in.eof()) throw std::runtime_error(std::string("--udf: cannot read the ") + what + " '" + path + "'");
  return ss.str();
}

// FNV-1a, 64 bits: a cache key, not a security measure.
uint64_t fnv1a(std::string_view s, uint64_t h = 1469598103934665603ULL) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string tessera_cc() {
  const char* env = std::getenv("TESSERA_CC");
  return env && *env ? env : TESSERA_CC_PATH;
}

}  // namespace

std::string udf_cache_dir() {
  if (const char* d = std::getenv("TESSERA_UDF_CACHE"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/tessera/udf";
  if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/tessera/udf";
  return "/tmp/tessera-udf";
}

std::string build_udf_catalog(const std::string& spec_path, const std::string& source_path, std::ostream& notes) {
  const std::string spec = read_file(spec_path, "function spec");
  const std::string source = read_file(source_path, "C++ file");
  const std::string cc = tessera_cc();
  char key[17];
  std::snprintf(key, sizeof key, "%016llx",
                static_cast<unsigned long long>(fnv1a(cc, fnv1a(source, fnv1a(spec)))));
  const fs::path dir = fs::path(udf_cache_dir()) / key;
  std::error_code ec;
  if (fs::exists(dir / "manifest.json", ec)) return dir.string();

  // Build next to the final place, then rename: a catalog in the cache is always complete.
  fs::create_directories(dir.parent_path(), ec);
  if (ec) throw std::runtime_error("--udf: cannot create the cache directory " + dir.parent_path().string() + ": " + ec.message());
  const fs::path tmp = dir.string() + ".tmp" + std::to_string(getpid());
  fs::remove_all(tmp, ec);
  const fs::path log = tmp.string() + ".log";
  std::string cmd = shell_quote(cc) + " --udf-spec " + shell_quote(spec_path);
  if (*TESSERA_FUNCTION_INCLUDE) cmd += " -I " + shell_quote(TESSERA_FUNCTION_INCLUDE);
  cmd += " -I " + shell_quote(fs::absolute(source_path).parent_path().string());
  cmd += " -o " + shell_quote(tmp.string()) + " " + shell_quote(source_path) + " > " + shell_quote(log.string()) + " 2>&1";
  const int rc = std::system(cmd.c_str());
  std::string output;
  {
    std::ifstream in(log);
    std::stringstream ss;
    ss << in.rdbuf();
    output = ss.str();
  }
  fs::remove(log, ec);
  if (rc != 0 || !fs::exists(tmp / "manifest.json", ec)) {
    fs::remove_all(tmp, ec);
    if (rc == 127 * 256 || output.find("not found") != std::string::npos)
      throw std::runtime_error("--udf: cannot run tessera-cc ('" + cc + "'; set TESSERA_CC to its path): " + output);
    throw std::runtime_error("--udf: tessera-cc could not compile " + source_path + ":\n" + output);
  }
  // Functions left out (not translatable) are reported, the others are used.
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.find("warning") != std::string::npos || line.find("failed") != std::string::npos) notes << line << '\n';
  fs::rename(tmp, dir, ec);
  if (ec) {  // another process built the same catalog first: use theirs
    fs::remove_all(tmp, ec);
    if (!fs::exists(dir / "manifest.json", ec)) throw std::runtime_error("--udf: cannot store the compiled catalog in " + dir.string());
  }
  return dir.string();
}

}  // namespace tessera::cli
