// LOGIN7 (login7.hpp): the spec's example, a 7.4 login with feature extensions and a scrambled password, a 7.1
// login's shorter fixed part, and hostile input: every truncation, fields outside the message, lengths
// that would wrap.
#include <gtest/gtest.h>

#include <string>

#include "hex.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/login7.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

// [MS-TDS] 4.2 Login Request, without its packet header: TDS 7.2, packet size 4096, host "skostov1", user
// "sa", no password, app "OSQL-32", library "ODBC".
const char* const kSpecPayload =
    "88 00 00 00 02 00 09 72 00 10 00 00 00 00 00 07 00 01 00 00 00 00 00 00 "
    "E0 03 00 00 00 00 00 00 09 04 00 00 5E 00 08 00 6E 00 02 00 72 00 00 00 72 00 07 00 80 00 00 00 "
    "80 00 00 00 80 00 04 00 88 00 00 00 88 00 00 00 00 50 8B E2 B7 8F 88 00 00 00 88 00 00 00 88 00 "
    "00 00 00 00 00 00 73 00 6B 00 6F 00 73 00 74 00 6F 00 76 00 31 00 73 00 61 00 4F 00 53 00 51 00 "
    "4C 00 2D 00 33 00 32 00 4F 00 44 00 42 00 43 00";

struct LoginFields {
  uint32_t version = 0x74000004;
  std::string host = "host", user = "tessera", password, app = "tsql", server = "localhost", library = "DB-Library",
              language, database = "tpch", attach, change_password;
  Buffer sspi;
  uint8_t option_flags3 = 0;
  Buffer feature_ext;  // with option_flags3 |= kExtension
};

// A LOGIN7 laid out as clients do: the fixed part, then the variable fields in table order.
Buffer build_login7(const LoginFields& f) {
  const bool v72 = f.version >= 0x72090002;
  const size_t fixed = v72 ? 94 : 86;
  Buffer data;
  struct Ref {
    uint16_t offset, length;
  };
  const auto text = [&](const std::string& s, bool scramble = false) {
    const Buffer utf16 = utf8_to_utf16le(s);
    const Ref r{static_cast<uint16_t>(fixed + data.size()), static_cast<uint16_t>(utf16.size() / 2)};
    for (uint8_t b : utf16) data.push_back(scramble ? scramble_password_byte(b) : b);
    return r;
  };
  const Ref host = text(f.host), user = text(f.user), password = text(f.password, true), app = text(f.app),
            server = text(f.server);
  Ref extension{static_cast<uint16_t>(fixed + data.size()), 0};
  const size_t extension_pointer_at = data.size();
  if (!f.feature_ext.empty()) {
    extension.length = 4;
    put_u32(data, 0);  // patched below to where the FeatureExt block lands
  }
  const Ref library = text(f.library), language = text(f.language), database = text(f.database);
  const Ref sspi{static_cast<uint16_t>(fixed + data.size()), static_cast<uint16_t>(f.sspi.size())};
  put_bytes(data, f.sspi);
  const Ref attach = text(f.attach), change = text(f.change_password, true);
  if (!f.feature_ext.empty()) {
    const uint32_t at = static_cast<uint32_t>(fixed + data.size());
    for (int i = 0; i < 4; ++i) data[extension_pointer_at + i] = static_cast<uint8_t>(at >> (8 * i));
    put_bytes(data, f.feature_ext);
  }

  Buffer out;
  put_u32(out, static_cast<uint32_t>(fixed + data.size()));
  put_u32(out, f.version);
  put_u32(out, 8000);        // packet size
  put_u32(out, 0x07000000);  // client program version
  put_u32(out, 4242);        // PID
  put_u32(out, 0);           // connection id
  put_u8(out, 0xE0);
  put_u8(out, 0x03);
  put_u8(out, 0x00);
  put_u8(out, f.option_flags3);
  put_u32(out, static_cast<uint32_t>(-60));  // time zone
  put_u32(out, 0x0409);
  for (Ref r : {host, user, password, app, server, extension, library, language, database}) {
    put_u16(out, r.offset);
    put_u16(out, r.length);
  }
  put_bytes(out, from_hex("01 02 03 04 05 06"));
  for (Ref r : {sspi, attach}) {
    put_u16(out, r.offset);
    put_u16(out, r.length);
  }
  if (v72) {
    put_u16(out, change.offset);
    put_u16(out, change.length);
    put_u32(out, 0);  // cbSSPILong
  }
  EXPECT_EQ(out.size(), fixed);
  put_bytes(out, data);
  return out;
}

TEST(Login7, ParsesTheSpecExample) {
  const Login7 l = parse_login7(from_hex(kSpecPayload));
  EXPECT_EQ(l.length, 0x88u);
  EXPECT_EQ(l.tds_version, 0x72090002u);
  EXPECT_EQ(l.packet_size, 4096u);
  EXPECT_EQ(l.client_program_version, 0x07000000u);
  EXPECT_EQ(l.client_pid, 0x100u);
  EXPECT_EQ(l.connection_id, 0u);
  EXPECT_EQ(l.option_flags1, 0xE0);
  EXPECT_EQ(l.option_flags2, 0x03);
  EXPECT_EQ(l.type_flags, 0);
  EXPECT_EQ(l.option_flags3, 0);
  EXPECT_EQ(l.client_time_zone, 0);
  EXPECT_EQ(l.client_lcid, 0x0409u);
  EXPECT_EQ(l.host_name, "skostov1");
  EXPECT_EQ(l.user_name, "sa");
  EXPECT_EQ(l.password, "");
  EXPECT_EQ(l.app_name, "OSQL-32");
  EXPECT_EQ(l.server_name, "");
  EXPECT_EQ(l.library_name, "ODBC");
  EXPECT_EQ(l.language, "");
  EXPECT_EQ(l.database, "");
  EXPECT_EQ(l.client_id, (std::array<uint8_t, 6>{0x00, 0x50, 0x8B, 0xE2, 0xB7, 0x8F}));
  EXPECT_TRUE(l.sspi.empty());
  EXPECT_FALSE(l.integrated_security());
  EXPECT_FALSE(l.has_feature_extension());
}

TEST(Login7, PasswordScrambling) {
  // Swap the nibbles, then XOR 0xA5: 'a' (0x61) -> 0x16 -> 0xB3; its UTF-16 high byte 0x00 -> 0xA5.
  EXPECT_EQ(scramble_password_byte(0x61), 0xB3);
  EXPECT_EQ(scramble_password_byte(0x00), 0xA5);
  for (int b = 0; b < 256; ++b)
    EXPECT_EQ(unscramble_password_byte(scramble_password_byte(static_cast<uint8_t>(b))), b);
}

TEST(Login7, Version74WithPasswordUnicodeAndFeatureExtensions) {
  LoginFields f;
  f.password = "Pa$$w0rd\xE2\x82\xAC";  // €
  f.host = "h\xC3\xB6st-\xF0\x9F\x98\x80";   // ö and an emoji (a surrogate pair)
  f.option_flags3 = login_flags::kExtension;
  f.feature_ext = from_hex("0A 01 00 00 00 01 FF");  // UTF8_SUPPORT, then the terminator
  f.change_password = "new";
  const Login7 l = parse_login7(build_login7(f));
  EXPECT_EQ(l.tds_version, 0x74000004u);
  EXPECT_EQ(l.packet_size, 8000u);
  EXPECT_EQ(l.client_pid, 4242u);
  EXPECT_EQ(l.client_time_zone, -60);
  EXPECT_EQ(l.host_name, f.host);
  EXPECT_EQ(l.user_name, "tessera");
  EXPECT_EQ(l.password, f.password);
  EXPECT_EQ(l.app_name, "tsql");
  EXPECT_EQ(l.server_name, "localhost");
  EXPECT_EQ(l.library_name, "DB-Library");
  EXPECT_EQ(l.database, "tpch");
  EXPECT_EQ(l.change_password, "new");
  EXPECT_TRUE(l.has_feature_extension());
  EXPECT_EQ(l.client_id[5], 0x06);
}

TEST(Login7, Version71HasTheShorterFixedPart) {
  LoginFields f;
  f.version = 0x71000001;
  f.password = "secret";
  f.sspi = from_hex("4E 54 4C 4D");
  const Buffer message = build_login7(f);
  EXPECT_EQ(message[36], 86) << "the first field starts right after the 86-byte fixed part";
  const Login7 l = parse_login7(message);
  EXPECT_EQ(l.tds_version, 0x71000001u);
  EXPECT_EQ(l.password, "secret");
  EXPECT_EQ(l.database, "tpch");
  EXPECT_EQ(l.sspi, from_hex("4E 54 4C 4D"));
  EXPECT_EQ(l.change_password, "");
}

TEST(Login7, EveryTruncationIsAProtocolError) {
  LoginFields f;
  f.password = "pw";
  f.option_flags3 = login_flags::kExtension;
  f.feature_ext = from_hex("0A 01 00 00 00 01 FF");
  LoginFields old;
  old.version = 0x71000001;
  for (const Buffer& full : {from_hex(kSpecPayload), build_login7(f), build_login7(old)}) {
    ASSERT_NO_THROW(parse_login7(full));
    for (size_t length = 0; length < full.size(); ++length)
      EXPECT_THROW(parse_login7(std::span<const uint8_t>(full).first(length)), ProtocolError) << length;
  }
}

TEST(Login7, FieldsOutsideTheMessage) {
  Buffer m = from_hex(kSpecPayload);
  m[40] = 200;  // ibUserName
  try {
    parse_login7(m);
    FAIL();
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "LOGIN7: UserName field (offset 200, length 4) runs past the end of the 136-byte message");
  }
  // Offset and length at their maximum: the sum must not wrap.
  Buffer wrap = from_hex(kSpecPayload);
  for (int i = 44; i < 48; ++i) wrap[i] = 0xFF;  // ibPassword, cchPassword
  EXPECT_THROW(parse_login7(wrap), ProtocolError);
  // The last field one character too long.
  Buffer tail = from_hex(kSpecPayload);
  tail[62] = 5;  // cchCltIntName
  EXPECT_THROW(parse_login7(tail), ProtocolError);
}

TEST(Login7, LengthFieldMustFitTheMessage) {
  Buffer bigger = from_hex(kSpecPayload);
  bigger[0] = 0x89;
  EXPECT_THROW(parse_login7(bigger), ProtocolError);
  Buffer smaller = from_hex(kSpecPayload);
  smaller[0] = 0x10;
  EXPECT_THROW(parse_login7(smaller), ProtocolError);
}

TEST(Login7, BadTextNamesTheField) {
  Buffer m = from_hex(kSpecPayload);
  m[0x6E] = 0x3D;  // "sa" becomes an unpaired high surrogate and 'a'
  m[0x6F] = 0xD8;
  try {
    parse_login7(m);
    FAIL();
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find("LOGIN7: UserName field: UTF-16 text has an unpaired high surrogate"),
              std::string::npos)
        << e.what();
  }
}

TEST(Login7, LongSspiBlob) {
  LoginFields f;
  f.sspi = Buffer(10, 0x5A);
  Buffer m = build_login7(f);
  // cbSSPI 0xFFFF says "see cbSSPILong".
  m[80] = 0xFF;
  m[81] = 0xFF;
  m[90] = 10;
  EXPECT_EQ(parse_login7(m).sspi, Buffer(10, 0x5A));
  m[90] = 200;
  EXPECT_THROW(parse_login7(m), ProtocolError);
}

TEST(Login7, PacketSizeNegotiation) {
  EXPECT_EQ(negotiate_packet_size(0), 4096u);
  EXPECT_EQ(negotiate_packet_size(100), 512u);
  EXPECT_EQ(negotiate_packet_size(8000), 8000u);
  EXPECT_EQ(negotiate_packet_size(32767), 32767u);
  EXPECT_EQ(negotiate_packet_size(65535), 32767u);
}

}  // namespace
}  // namespace tessera::tds
