// SQL batches (sql_batch.hpp): ALL_HEADERS from 7.2 on, UTF-16 text with multi-byte characters and surrogate
// pairs, and text that is not valid UTF-16.
#include <gtest/gtest.h>

#include "hex.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/sql_batch.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

const char* const kHeaders = "16 00 00 00 12 00 00 00 02 00 05 00 00 00 00 00 00 00 01 00 00 00";

Buffer batch(const std::string& utf8, bool headers) {
  Buffer out = headers ? from_hex(kHeaders) : Buffer{};
  const Buffer text = utf8_to_utf16le(utf8);
  out.insert(out.end(), text.begin(), text.end());
  return out;
}

TEST(SqlBatch, Version74WithHeaders) {
  const SqlBatch b = parse_sql_batch(batch("SELECT 1", true), TdsVersion::V7_4);
  EXPECT_EQ(b.text, "SELECT 1");
  EXPECT_EQ(b.headers.transaction_descriptor, 5u);
}

TEST(SqlBatch, Version71HasNoHeaders) {
  EXPECT_EQ(parse_sql_batch(batch("SELECT 1", false), TdsVersion::V7_1).text, "SELECT 1");
}

TEST(SqlBatch, MultiByteTextAndSurrogatePairs) {
  const std::string text = "SELECT N'\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80' AS [x]";  // é日😀
  EXPECT_EQ(parse_sql_batch(batch(text, true), TdsVersion::V7_3B).text, text);
}

TEST(SqlBatch, EmptyText) {
  EXPECT_EQ(parse_sql_batch(batch("", true), TdsVersion::V7_4).text, "");
  EXPECT_EQ(parse_sql_batch({}, TdsVersion::V7_1).text, "");
}

TEST(SqlBatch, BadText) {
  Buffer odd = batch("SELECT 1", true);
  odd.push_back(0x20);
  EXPECT_THROW(parse_sql_batch(odd, TdsVersion::V7_4), ProtocolError);
  Buffer unpaired = batch("SELECT ", true);
  for (uint8_t b : from_hex("3D D8 31 00")) unpaired.push_back(b);
  try {
    parse_sql_batch(unpaired, TdsVersion::V7_4);
    FAIL();
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "SQL batch: text: UTF-16 text has an unpaired high surrogate 0xD83D at byte 14 (offset 22)");
  }
}

TEST(SqlBatch, Version72RequiresHeaders) {
  // "SELECT 1" read as a total length is far beyond the message.
  EXPECT_THROW(parse_sql_batch(batch("SELECT 1", false), TdsVersion::V7_2), ProtocolError);
}

}  // namespace
}  // namespace tessera::tds
