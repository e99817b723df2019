#include "tessera/runtime/host_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <string>

namespace tessera::rt {

std::optional<int64_t> parse_memory_limit(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  int64_t bytes = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  // cgroup v1 writes "no limit" as a page-rounded 2^63 - 1.
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || bytes <= 0 || bytes >= (int64_t{1} << 60))
    return std::nullopt;
  return bytes;
}

namespace {
std::optional<int64_t> file_limit(const char* path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return parse_memory_limit(text);
}

int64_t read_usable_host_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  int64_t bytes = pages > 0 && page > 0 ? static_cast<int64_t>(pages) * page : int64_t{16} << 30;
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"})
    if (const std::optional<int64_t> limit = file_limit(path)) bytes = std::min(bytes, *limit);
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    bytes = std::min<int64_t>(bytes, static_cast<int64_t>(std::min<rlim_t>(as.rlim_cur, INT64_MAX)));
  return bytes;
}
}  // namespace

// Read once: every statement and every hash join asks, and the limits do not change under a running process.
int64_t usable_host_memory() {
  static const int64_t bytes = read_usable_host_memory();
  return bytes;
}

}  // namespace tessera::rt
