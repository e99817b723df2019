#include "tessera/runtime/byte_size.hpp"

#include <gtest/gtest.h>

namespace tessera::rt {
namespace {

TEST(ByteSize, DecimalUnitsWithOneDecimal) {
  EXPECT_EQ(byte_size_text(0), "0 bytes");
  EXPECT_EQ(byte_size_text(1), "1 byte");
  EXPECT_EQ(byte_size_text(9999), "9999 bytes");
  EXPECT_EQ(byte_size_text(10000), "10.0 KB");
  EXPECT_EQ(byte_size_text(41'500), "41.5 KB");
  EXPECT_EQ(byte_size_text(3'250'000 * 10), "32.5 MB");
  EXPECT_EQ(byte_size_text(int64_t{15} * 1'000'000'000), "15.0 GB");
}

}  // namespace
}  // namespace tessera::rt
