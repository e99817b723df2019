// The bounds-checked reader every parser uses (byte_reader.hpp): reads in both byte orders, and an error that
// names the structure, the field, the offset and the message size instead of reading past the end.
#include <gtest/gtest.h>

#include <limits>

#include "hex.hpp"
#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

TEST(ByteReader, ReadsLittleAndBigEndian) {
  const auto bytes = from_hex("01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11 12 13 14 15 16");
  ByteReader r(bytes, "TEST");
  EXPECT_EQ(r.u8("a"), 0x01);
  EXPECT_EQ(r.u16("b"), 0x0302);
  EXPECT_EQ(r.u16_be("c"), 0x0405);
  EXPECT_EQ(r.u32("d"), 0x09080706u);
  EXPECT_EQ(r.u64("e"), 0x11100F0E0D0C0B0Aull);
  EXPECT_EQ(r.uint_n(3, "f"), 0x141312u);
  EXPECT_EQ(r.offset(), 20u);
  EXPECT_EQ(r.remaining(), 2u);
  EXPECT_EQ(r.i16("g"), 0x1615);
  EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, SignedValues) {
  const auto bytes = from_hex("FE FF FF FF FF FF FF FF FF FF");
  ByteReader r(bytes, "TEST");
  EXPECT_EQ(r.i16("a"), -2);
  EXPECT_EQ(r.i64("b"), -1);
}

TEST(ByteReader, OverrunNamesFieldOffsetAndSize) {
  const auto bytes = from_hex("01 02 03 04");
  ByteReader r(bytes, "RPC");
  r.u16("x");
  try {
    r.u32("parameter 1 value");
    FAIL() << "no error";
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "RPC: parameter 1 value (offset 2, length 4) runs past the end of the 4-byte message");
  }
  EXPECT_EQ(r.offset(), 2u) << "a failed read does not move the cursor";
}

TEST(ByteReader, HugeOffsetsDoNotWrap) {
  const auto bytes = from_hex("01 02 03 04");
  ByteReader r(bytes, "LOGIN7");
  constexpr size_t kMax = std::numeric_limits<size_t>::max();
  EXPECT_THROW(r.at(kMax, 2, "f"), ProtocolError);
  EXPECT_THROW(r.at(2, kMax, "f"), ProtocolError);
  EXPECT_THROW(r.at(5, 0, "f"), ProtocolError);
  EXPECT_EQ(r.at(4, 0, "f").size(), 0u) << "an empty field at the very end is inside";
  EXPECT_EQ(r.at(1, 3, "f")[2], 0x04);
}

TEST(ByteReader, VarcharsAreUtf16WithACharacterCount) {
  const auto bytes = from_hex("02 61 00 62 00 | 03 00 63 00 3D D8 00 DE | 00");
  ByteReader r(bytes, "TEST");
  EXPECT_EQ(r.b_varchar("name"), "ab");
  EXPECT_EQ(r.us_varchar("text"), "c\xF0\x9F\x98\x80");
  EXPECT_EQ(r.b_varchar("empty"), "");
  EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, BadUtf16NamesTheField) {
  const auto bytes = from_hex("00 00 01 3D D8");
  ByteReader r(bytes, "SQL batch");
  r.u16("skip");
  try {
    r.b_varchar("name");
    FAIL() << "no error";
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find("SQL batch: name: UTF-16 text has an unpaired high surrogate"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("(offset 3)"), std::string::npos) << e.what();
  }
}

TEST(ByteReader, FailNamesTheStructure) {
  const auto bytes = from_hex("00");
  ByteReader r(bytes, "PRELOGIN");
  EXPECT_THROW(r.fail("bad"), ProtocolError);
  try {
    r.fail_at(7, "bad thing");
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "PRELOGIN: bad thing (offset 7)");
  }
}

}  // namespace
}  // namespace tessera::tds
