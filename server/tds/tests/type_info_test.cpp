// TYPE_INFO (type_info.hpp): the layout of each type family, byte by byte, read back; types the codec does not
// decode and parameters no type allows.
#include <gtest/gtest.h>

#include <string>

#include "hex.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/type_info.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;
using test::hex;
using test::to_hex;

TypeInfo make(WireType type, uint32_t max_length = 0, uint8_t precision = 0, uint8_t scale = 0,
              Collation collation = {}) {
  return TypeInfo{type, max_length, precision, scale, collation};
}

TEST(TypeInfo, Layouts) {
  const struct {
    TypeInfo type;
    const char* bytes;
  } cases[] = {
      {make(WireType::Int4), "38"},
      {make(WireType::IntN, 4), "26 04"},
      {make(WireType::BitN, 1), "68 01"},
      {make(WireType::FloatN, 8), "6D 08"},
      {make(WireType::MoneyN, 4), "6E 04"},
      {make(WireType::DateTimeN, 8), "6F 08"},
      {make(WireType::DecimalN, 9, 10, 2), "6A 09 0A 02"},
      {make(WireType::NumericN, 17, 38, 0), "6C 11 26 00"},
      {make(WireType::DateN), "28"},
      {make(WireType::TimeN, 0, 0, 7), "29 07"},
      {make(WireType::DateTime2N, 0, 0, 3), "2A 03"},
      {make(WireType::DateTimeOffsetN, 0, 0, 0), "2B 00"},
      {make(WireType::Guid, 16), "24 10"},
      {make(WireType::BigVarChar, 50, 0, 0, kDefaultCollation), "A7 32 00 09 04 D0 00 34"},
      {make(WireType::NVarChar, 0xFFFF, 0, 0, kDefaultCollation), "E7 FF FF 09 04 D0 00 34"},
      {make(WireType::NChar, 20, 0, 0, kDefaultCollation), "EF 14 00 09 04 D0 00 34"},
      {make(WireType::BigVarBinary, 8000), "A5 40 1F"},
      {make(WireType::BigBinary, 16), "AD 10 00"},
      {make(WireType::Text, 0x7FFFFFFF, 0, 0, kDefaultCollation), "23 FF FF FF 7F 09 04 D0 00 34"},
      {make(WireType::Image, 0x7FFFFFFF), "22 FF FF FF 7F"},
  };
  for (const auto& c : cases) {
    Buffer out;
    write_type_info(out, c.type);
    EXPECT_EQ(to_hex(out), hex(c.bytes));
    ByteReader r(out, "TEST");
    EXPECT_EQ(read_type_info(r, "parameter 1"), c.type) << c.bytes;
    EXPECT_TRUE(r.at_end());
  }
}

TEST(TypeInfo, PlpAndCollation) {
  EXPECT_TRUE(make(WireType::NVarChar, 0xFFFF).is_plp());
  EXPECT_TRUE(make(WireType::BigVarBinary, 0xFFFF).is_plp());
  EXPECT_FALSE(make(WireType::NVarChar, 8000).is_plp());
  EXPECT_TRUE(make(WireType::NText).has_collation());
  EXPECT_FALSE(make(WireType::Image).has_collation());
  EXPECT_EQ(kDefaultCollation.lcid(), 0x0409u);
  EXPECT_EQ(kDefaultCollation.sort_id(), 52);
  EXPECT_FALSE(kDefaultCollation.utf8());
  EXPECT_TRUE((Collation{{0x09, 0x04, 0xD0, 0x04, 0x00}}).utf8());
}

TEST(TypeInfo, Lengths) {
  EXPECT_EQ(decimal_length(1), 5);
  EXPECT_EQ(decimal_length(9), 5);
  EXPECT_EQ(decimal_length(10), 9);
  EXPECT_EQ(decimal_length(19), 9);
  EXPECT_EQ(decimal_length(20), 13);
  EXPECT_EQ(decimal_length(28), 13);
  EXPECT_EQ(decimal_length(29), 17);
  EXPECT_EQ(decimal_length(38), 17);
  EXPECT_EQ(time_length(0), 3);
  EXPECT_EQ(time_length(2), 3);
  EXPECT_EQ(time_length(3), 4);
  EXPECT_EQ(time_length(4), 4);
  EXPECT_EQ(time_length(5), 5);
  EXPECT_EQ(time_length(7), 5);
}

void expect_refused(const char* bytes, const std::string& fragment) {
  const Buffer b = from_hex(bytes);
  ByteReader r(b, "RPC");
  try {
    read_type_info(r, "parameter 3 (@x)");
    ADD_FAILURE() << bytes << " accepted";
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(TypeInfo, RefusedTypes) {
  expect_refused("F1 00", "RPC: parameter 3 (@x) has unsupported type XML (0xF1) (offset 0)");
  expect_refused("62 1F 00 00 00", "sql_variant");
  expect_refused("F3", "TVP");
  expect_refused("27 10", "VARCHAR (pre-7.0)");
  expect_refused("99", "unsupported type 0x99");
}

TEST(TypeInfo, RefusedParameters) {
  expect_refused("26 03", "INTN (0x26) with length 3");
  expect_refused("68 02", "with length 2");
  expect_refused("6D 02", "with length 2");
  expect_refused("6A 11 27 00", "with precision 39");
  expect_refused("6A 11 00 00", "with precision 0");
  expect_refused("6A 05 05 06", "scale 6 above its precision 5");
  expect_refused("6A 12 05 00", "with length 18");
  expect_refused("29 08", "with scale 8");
  expect_refused("A7 41 1F 09 04 D0 00 34", "maximum length 8001");
  expect_refused("AF FF FF 09 04 D0 00 34", "maximum length 65535");  // no CHAR(MAX)
  expect_refused("A7 32 00 09 04", "collation");                      // truncated
}

}  // namespace
}  // namespace tessera::tds
