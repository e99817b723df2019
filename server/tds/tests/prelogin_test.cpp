// PRELOGIN (prelogin.hpp): the spec's examples, the server's answer byte by byte, the encryption decision,
// and hostile tables (every truncation of a valid message, offsets past the end, bad values).
#include <gtest/gtest.h>

#include <string>

#include "hex.hpp"
#include "tessera/tds/prelogin.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;
using test::hex;
using test::to_hex;

// [MS-TDS] 4.1 Pre-Login Request, without its packet header: VERSION 9.0.0.0, ENCRYPTION on, INSTOPT "",
// THREADID 0x00000DB8, MARS on.
const char* const kSpecPayload =
    "00 00 1A 00 06 01 00 20 00 01 02 00 21 00 01 03 00 22 00 04 04 00 26 00 01 FF "
    "09 00 00 00 00 00 01 00 B8 0D 00 00 01";

// [MS-SSTDS] 4.1 (the same structure from an older client): VERSION 8.0.341, ENCRYPTION off, INSTOPT
// "MSSQLServer", THREADID.
const char* const kSstdsPayload =
    "00 00 15 00 06 01 00 1B 00 01 02 00 1C 00 0C 03 00 28 00 04 FF 08 00 01 55 00 00 00 "
    "4D 53 53 51 4C 53 65 72 76 65 72 00 80 19 00 00";

TEST(Prelogin, ParsesTheSpecExample) {
  const Prelogin p = parse_prelogin(from_hex(kSpecPayload));
  ASSERT_TRUE(p.version);
  EXPECT_EQ(p.version->major, 9);
  EXPECT_EQ(p.version->minor, 0);
  EXPECT_EQ(p.version->build, 0);
  EXPECT_EQ(p.encryption, Encryption::On);
  EXPECT_FALSE(p.client_certificate);
  EXPECT_EQ(p.instance, "");
  EXPECT_EQ(p.thread_id, 0x0DB8u);
  EXPECT_TRUE(p.mars);
  EXPECT_TRUE(p.trace_id.empty());
}

TEST(Prelogin, ParsesAnInstanceName) {
  const Prelogin p = parse_prelogin(from_hex(kSstdsPayload));
  EXPECT_EQ(p.version->major, 8);
  EXPECT_EQ(p.version->build, 0x0155);  // 341
  EXPECT_EQ(p.encryption, Encryption::Off);
  EXPECT_EQ(p.instance, "MSSQLServer");
  EXPECT_FALSE(p.mars);
}

TEST(Prelogin, OptionalOptions) {
  // VERSION, TRACEID (36 bytes), FEDAUTHREQUIRED, NONCEOPT (32 bytes); no ENCRYPTION means off.
  std::string data = "00 00 15 00 06 05 00 1B 00 24 06 00 3F 00 01 07 00 40 00 20 FF 0F 00 07 D0 00 00";
  for (int i = 0; i < 36; ++i) data += " 11";
  data += " 01";
  for (int i = 0; i < 32; ++i) data += " 22";
  const Prelogin p = parse_prelogin(from_hex(data));
  EXPECT_EQ(p.version->major, 15);
  EXPECT_EQ(p.version->build, 2000);
  EXPECT_EQ(p.encryption, Encryption::Off);
  EXPECT_EQ(p.trace_id, Buffer(36, 0x11));
  EXPECT_TRUE(p.fed_auth_required);
  EXPECT_EQ(p.nonce, Buffer(32, 0x22));
}

TEST(Prelogin, EncryptionDecisionWithoutACertificate) {
  Prelogin p;
  p.encryption_given = true;
  for (Encryption e : {Encryption::Off, Encryption::NotSupported}) {
    p.encryption = e;
    const EncryptionDecision d = decide_encryption(p, false);
    EXPECT_EQ(d.answer, Encryption::NotSupported);
    EXPECT_EQ(d.scope, TlsScope::None);
    EXPECT_FALSE(d.refuse);
  }
  for (Encryption e : {Encryption::On, Encryption::Required}) {
    p.encryption = e;
    const EncryptionDecision d = decide_encryption(p, false);
    EXPECT_EQ(d.answer, Encryption::NotSupported);
    EXPECT_TRUE(d.refuse);
    EXPECT_NE(d.reason.find("TLS"), std::string::npos);
    EXPECT_NE(d.reason.find("--tls-cert"), std::string::npos);
  }
  // ENCRYPT_CLIENT_CERT with ENCRYPT_OFF still means TLS.
  const Prelogin cert = parse_prelogin(from_hex("01 00 06 00 01 FF 80"));
  EXPECT_TRUE(cert.client_certificate);
  EXPECT_EQ(cert.encryption, Encryption::Off);
  EXPECT_TRUE(decide_encryption(cert, false).refuse);
}

// [MS-TDS] 2.2.6.5's table of the client's and the server's ENCRYPTION values, for a server that supports
// encryption without forcing it (SQL Server's default): OFF -> OFF (the login packet encrypted), ON -> ON, NOT_SUP ->
// NOT_SUP; REQ is taken as ON.
TEST(Prelogin, EncryptionDecisionWithACertificate) {
  const struct {
    const char* hex;  // an ENCRYPTION-only PRELOGIN
    Encryption answer;
    TlsScope scope;
  } cases[] = {{"01 00 06 00 01 FF 00", Encryption::Off, TlsScope::LoginOnly},
               {"01 00 06 00 01 FF 01", Encryption::On, TlsScope::Everything},
               {"01 00 06 00 01 FF 02", Encryption::NotSupported, TlsScope::None},
               {"01 00 06 00 01 FF 03", Encryption::On, TlsScope::Everything}};
  for (const auto& c : cases) {
    const EncryptionDecision d = decide_encryption(parse_prelogin(from_hex(c.hex)), true);
    EXPECT_EQ(d.answer, c.answer) << c.hex;
    EXPECT_EQ(d.scope, c.scope) << c.hex;
    EXPECT_FALSE(d.refuse) << c.hex;
  }
  // No ENCRYPTION option at all: the client knows nothing of TLS.
  const EncryptionDecision none = decide_encryption(parse_prelogin(from_hex("00 00 06 00 06 FF 10 00 03 E8 00 00")), true);
  EXPECT_EQ(none.answer, Encryption::NotSupported);
  EXPECT_EQ(none.scope, TlsScope::None);
  // A client certificate is refused, the answer saying that the server could encrypt.
  const EncryptionDecision cert = decide_encryption(parse_prelogin(from_hex("01 00 06 00 01 FF 81")), true);
  EXPECT_TRUE(cert.refuse);
  EXPECT_NE(cert.reason.find("certificate"), std::string::npos);
}

TEST(Prelogin, ServerResponseBytes) {
  // A table of five entries (26 bytes with the terminator), then VERSION 16.0.1000.0, ENCRYPT_NOT_SUP, INSTOPT
  // 0, an empty THREADID and MARS 0: offsets 0x1A, 0x20, 0x21, 0x22, 0x22.
  const Buffer out = write_prelogin_response(PreloginResponse{ProductVersion{16, 0, 1000, 0}, Encryption::NotSupported});
  EXPECT_EQ(to_hex(out), hex("00 00 1A 00 06 | 01 00 20 00 01 | 02 00 21 00 01 | 03 00 22 00 00 | 04 00 22 00 01 | FF |"
                             "10 00 03 E8 00 00 | 02 | 00 | 00"));
  const Prelogin back = parse_prelogin(out);
  EXPECT_EQ(back.version->major, 16);
  EXPECT_EQ(back.version->build, 1000);
  EXPECT_EQ(back.encryption, Encryption::NotSupported);
  EXPECT_FALSE(back.thread_id);
  EXPECT_FALSE(back.mars);
}

TEST(Prelogin, EveryTruncationIsAProtocolError) {
  // The last option's data runs to the end, so every shorter message is missing something.
  for (const char* example : {kSpecPayload, kSstdsPayload}) {
    const Buffer full = from_hex(example);
    for (size_t length = 0; length < full.size(); ++length)
      EXPECT_THROW(parse_prelogin(std::span<const uint8_t>(full).first(length)), ProtocolError) << length;
  }
}

TEST(Prelogin, HostileTables) {
  try {
    parse_prelogin(from_hex("00 00 06 00 FF FF"));  // VERSION data at offset 6 of 6 bytes
    FAIL();
  } catch (const ProtocolError& e) {
    EXPECT_STREQ(e.what(), "PRELOGIN: VERSION option data (offset 6, length 255) runs past the end of the 6-byte message");
  }
  EXPECT_THROW(parse_prelogin(from_hex("00 FF FF 00 06 FF")), ProtocolError);           // offset 0xFFFF
  EXPECT_THROW(parse_prelogin(from_hex("09 00 06 00 00 FF")), ProtocolError);           // unknown token 9
  EXPECT_THROW(parse_prelogin(from_hex("01 00 06 00 01 FF 05")), ProtocolError);        // encryption 5
  EXPECT_THROW(parse_prelogin(from_hex("01 00 06 00 02 FF 00 00")), ProtocolError);     // encryption of 2 bytes
  EXPECT_THROW(parse_prelogin(from_hex("04 00 06 00 01 FF 02")), ProtocolError);        // MARS 2
  EXPECT_THROW(parse_prelogin(from_hex("00 00 06 00 05 FF 01 02 03 04 05")), ProtocolError);  // VERSION of 5 bytes
  EXPECT_THROW(parse_prelogin(from_hex("03 00 06 00 02 FF 01 02")), ProtocolError);     // THREADID of 2 bytes
  EXPECT_THROW(parse_prelogin(from_hex("05 00 06 00 01 FF 01")), ProtocolError);        // TRACEID of 1 byte
  EXPECT_THROW(parse_prelogin(from_hex("01 00 06 00 00")), ProtocolError);              // no terminator
  EXPECT_THROW(parse_prelogin({}), ProtocolError);
}

}  // namespace
}  // namespace tessera::tds
