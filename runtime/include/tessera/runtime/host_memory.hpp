// The host memory this process may use: the machine's physical memory, or less where a cgroup (a container's
// memory limit, v2 or v1) or an address-space limit (ulimit -v) says so. The engine's budgets (a scan's share
// before it streams, the join pair budget) are fractions of it, so a statement too large for a container is
// refused or streamed, not killed by the kernel's OOM killer.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tessera::rt {

int64_t usable_host_memory();

// A cgroup memory limit file's text ("max" or a byte count, v1's "unlimited" being a number near 2^63); nullopt
// when it sets no limit or cannot be read as one.
std::optional<int64_t> parse_memory_limit(std::string_view text);

}  // namespace tessera::rt
