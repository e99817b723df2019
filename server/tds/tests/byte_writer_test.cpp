// Primitive field writers (byte_writer.hpp): byte orders, the length-prefixed UTF-16 strings and their cut at
// the prefix's limit, and back-patched token lengths.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "hex.hpp"
#include "tessera/tds/byte_writer.hpp"

namespace tessera::tds {
namespace {

using test::hex;
using test::to_hex;

TEST(ByteWriter, ByteOrders) {
  Buffer out;
  put_u8(out, 0xAB);
  put_u16(out, 0x1234);
  put_u16_be(out, 0x1234);
  put_u32(out, 0x74000004);
  put_u32_be(out, 0x74000004);
  put_u64(out, 0x0102030405060708ull);
  EXPECT_EQ(to_hex(out), hex("AB 34 12 12 34 04 00 00 74 74 00 00 04 08 07 06 05 04 03 02 01"));
}

TEST(ByteWriter, WideIntegers) {
  Buffer out;
  const unsigned __int128 v = (static_cast<unsigned __int128>(0x0102030405060708ull) << 64) | 0x090A0B0C0D0E0F10ull;
  put_uint_n(out, v, 16);
  put_uint_n(out, 0x0B4663, 3);
  EXPECT_EQ(to_hex(out), hex("10 0F 0E 0D 0C 0B 0A 09 08 07 06 05 04 03 02 01 63 46 0B"));
}

TEST(ByteWriter, Varchars) {
  Buffer out;
  put_b_varchar(out, "ab");
  put_us_varchar(out, "\xC3\xA9");  // é
  put_b_varchar(out, "");
  EXPECT_EQ(to_hex(out), hex("02 61 00 62 00 | 01 00 E9 00 | 00"));
}

TEST(ByteWriter, LongNamesAreCutAtACharacterBoundary) {
  // 254 'a' and an emoji (a surrogate pair): the pair would make 256 units, so it is left out whole.
  const std::string name = std::string(254, 'a') + "\xF0\x9F\x98\x80";
  Buffer out;
  put_b_varchar(out, name);
  EXPECT_EQ(out[0], 254);
  EXPECT_EQ(out.size(), 1u + 254 * 2);

  Buffer message;
  put_us_varchar(message, std::string(10, 'x'), 4);
  EXPECT_EQ(to_hex(message), hex("04 00 78 00 78 00 78 00 78 00"));
}

TEST(ByteWriter, PatchedLength) {
  Buffer out{0xE3};
  const size_t at = begin_u16_length(out);
  put_u32(out, 7);
  end_u16_length(out, at);
  EXPECT_EQ(to_hex(out), hex("E3 04 00 07 00 00 00"));

  Buffer big;
  const size_t big_at = begin_u16_length(big);
  big.resize(big.size() + 70000);
  EXPECT_THROW(end_u16_length(big, big_at), std::logic_error);
}

}  // namespace
}  // namespace tessera::tds
