// UTF-16LE <-> UTF-8 and UTF-8 <-> Windows-1252 (text_encoding.hpp): multi-byte characters, surrogate pairs,
// strict checks on client text, and replacement (never failure) on Tessera's own.
#include <gtest/gtest.h>

#include <string>

#include "hex.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;
using test::hex;
using test::to_hex;

const std::string kEAcute = "\xC3\xA9";        // é U+00E9
const std::string kEuro = "\xE2\x82\xAC";       // € U+20AC
const std::string kNihon = "\xE6\x97\xA5";      // 日 U+65E5
const std::string kGrin = "\xF0\x9F\x98\x80";   // 😀 U+1F600, a surrogate pair in UTF-16

TEST(TextEncoding, Utf8ToUtf16) {
  EXPECT_EQ(to_hex(utf8_to_utf16le("")), "");
  EXPECT_EQ(to_hex(utf8_to_utf16le("Ab")), hex("41 00 62 00"));
  EXPECT_EQ(to_hex(utf8_to_utf16le(kEAcute + kEuro + kNihon)), hex("E9 00 AC 20 E5 65"));
  EXPECT_EQ(to_hex(utf8_to_utf16le(kGrin)), hex("3D D8 00 DE"));
  EXPECT_EQ(utf16_length(kEAcute + kGrin), 3u);
}

TEST(TextEncoding, Utf16ToUtf8) {
  EXPECT_EQ(utf16le_to_utf8({}), "");
  EXPECT_EQ(utf16le_to_utf8(from_hex("E9 00 AC 20 E5 65 3D D8 00 DE")), kEAcute + kEuro + kNihon + kGrin);
  // The extremes of the planes.
  EXPECT_EQ(utf16le_to_utf8(from_hex("FF FF")), "\xEF\xBF\xBF");
  EXPECT_EQ(utf16le_to_utf8(from_hex("FF DB FF DF")), "\xF4\x8F\xBF\xBF");  // U+10FFFF
  EXPECT_EQ(utf16le_to_utf8(from_hex("00 D8 00 DC")), "\xF0\x90\x80\x80");  // U+10000
}

TEST(TextEncoding, Utf16ErrorsAreProtocolErrors) {
  EXPECT_THROW(utf16le_to_utf8(from_hex("41")), ProtocolError);                 // odd byte count
  EXPECT_THROW(utf16le_to_utf8(from_hex("41 00 3D D8")), ProtocolError);        // high surrogate at the end
  EXPECT_THROW(utf16le_to_utf8(from_hex("3D D8 41 00")), ProtocolError);        // high surrogate, then a letter
  EXPECT_THROW(utf16le_to_utf8(from_hex("3D D8 3D D8 00 DE")), ProtocolError);  // two highs
  EXPECT_THROW(utf16le_to_utf8(from_hex("00 DE")), ProtocolError);              // a low surrogate alone
  try {
    utf16le_to_utf8(from_hex("41 00 42 00 00 DE"));
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "UTF-16 text has an unpaired low surrogate 0xDE00 at byte 4");
  }
}

TEST(TextEncoding, InvalidUtf8BecomesReplacementCharacters) {
  // A stray continuation byte, a truncated sequence, an overlong '/', an encoded surrogate: one U+FFFD per byte
  // that starts nothing valid.
  EXPECT_EQ(to_hex(utf8_to_utf16le("a\x80")), hex("61 00 FD FF"));
  EXPECT_EQ(to_hex(utf8_to_utf16le("\xE6\x97")), hex("FD FF FD FF"));
  EXPECT_EQ(to_hex(utf8_to_utf16le("\xC0\xAF")), hex("FD FF FD FF"));
  EXPECT_EQ(to_hex(utf8_to_utf16le("\xED\xA0\x80")), hex("FD FF FD FF FD FF"));
  EXPECT_EQ(to_hex(utf8_to_utf16le("\xF4\x90\x80\x80")), hex("FD FF FD FF FD FF FD FF"));  // above U+10FFFF
}

TEST(TextEncoding, AppendStopsBeforeACharacterThatDoesNotFit) {
  std::vector<uint8_t> out;
  EXPECT_EQ(append_utf16le(out, "a" + kGrin + "b", 2), 1u);
  EXPECT_EQ(to_hex(out), hex("61 00"));
  out.clear();
  EXPECT_EQ(append_utf16le(out, "a" + kGrin + "b", 3), 3u);
}

TEST(TextEncoding, Windows1252) {
  EXPECT_EQ(utf8_to_windows1252("abc"), "abc");
  EXPECT_EQ(utf8_to_windows1252(kEAcute + kEuro), "\xE9\x80");
  EXPECT_EQ(utf8_to_windows1252("\xE2\x80\x9C" "x" "\xE2\x80\x9D"), "\x93x\x94");  // curly quotes
  EXPECT_EQ(utf8_to_windows1252(kNihon + kGrin), "??") << "one '?' per character the code page lacks";
  EXPECT_EQ(utf8_to_windows1252("a\xFF"), "a?");
  EXPECT_EQ(windows1252_to_utf8(from_hex("E9 80 41")), kEAcute + kEuro + "A");
}

TEST(TextEncoding, EveryWindows1252ByteRoundTrips) {
  for (int b = 0; b < 256; ++b) {
    const uint8_t byte = static_cast<uint8_t>(b);
    const std::string utf8 = windows1252_to_utf8(std::span<const uint8_t>(&byte, 1));
    EXPECT_EQ(utf8_to_windows1252(utf8), std::string(1, static_cast<char>(byte))) << "byte " << b;
  }
}

}  // namespace
}  // namespace tessera::tds
