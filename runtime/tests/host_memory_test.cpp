// The memory the engine's budgets are fractions of (runtime/host_memory.hpp): a container's cgroup limit, when
// it has one, below the machine's memory.
#include <gtest/gtest.h>

#include <unistd.h>

#include "tessera/runtime/host_memory.hpp"

using tessera::rt::parse_memory_limit;

TEST(HostMemory, CgroupLimitFiles) {
  EXPECT_EQ(parse_memory_limit("1073741824\n"), int64_t{1} << 30);  // cgroup v2 memory.max with a limit
  EXPECT_EQ(parse_memory_limit("536870912"), int64_t{512} << 20);
  EXPECT_EQ(parse_memory_limit("max\n"), std::nullopt);              // v2: no limit
  EXPECT_EQ(parse_memory_limit("9223372036854771712\n"), std::nullopt);  // v1: no limit (2^63 rounded to a page)
  for (const char* bad : {"", "\n", "-5", "0", "12abc", "1.5G"}) EXPECT_EQ(parse_memory_limit(bad), std::nullopt) << bad;
}

TEST(HostMemory, NeverMoreThanTheMachineHas) {
  const int64_t physical = static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGE_SIZE);
  const int64_t usable = tessera::rt::usable_host_memory();
  EXPECT_GT(usable, 0);
  EXPECT_LE(usable, physical);
}
