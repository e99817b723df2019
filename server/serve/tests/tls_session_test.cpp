// One connection's TLS (tls_session.hpp) against a client's OpenSSL over memory: the handshake wrapped in PRELOGIN
// packets both ways, in any slices, at TLS 1.2 (also for a client that offers 1.3); data both ways afterwards,
// large and small; and what a broken client gets.
#include <gtest/gtest.h>

#include <numeric>

#include "tessera/server/tls_session.hpp"
#include "tessera/tds/packet.hpp"
#include "tls_test_client.hpp"

namespace tessera::server {
namespace {

std::shared_ptr<const TlsContext> context() {
  static const test::TestCertificate certificate;
  static const auto loaded = TlsContext::from_files(certificate.certificate(), certificate.key());
  return loaded;
}

// The packets the server sent: each a PRELOGIN packet (type 0x12) of at most 4096 bytes, ids 1, 2, ..., the last with
// end-of-message; returns their payloads joined (the server's TLS records).
tds::Buffer unwrap(const tds::Buffer& packets) {
  EXPECT_FALSE(packets.empty());
  tds::MessageAssembler assembler(4096);
  assembler.feed(packets);
  std::optional<tds::Message> m = assembler.next();
  EXPECT_TRUE(m);
  if (!m) return {};
  EXPECT_EQ(m->type, tds::PacketType::Prelogin);
  EXPECT_FALSE(assembler.next());  // one message per flight
  EXPECT_FALSE(assembler.mid_message());
  for (size_t at = 0, id = 1; at < packets.size(); ++id) {
    const tds::PacketHeader h = tds::read_packet_header(std::span<const uint8_t>(packets).subspan(at));
    EXPECT_EQ(h.packet_id, id);
    at += h.length;
    EXPECT_EQ((h.status & tds::packet_status::kEndOfMessage) != 0, at == packets.size());
  }
  return m->payload;
}

// Runs the handshake, feeding the server `slice` bytes at a time.
void handshake(TlsSession& server, test::TlsTestClient& client, size_t slice) {
  tds::Buffer to_server = client.start();
  ASSERT_EQ(to_server[0], static_cast<uint8_t>(tds::PacketType::Prelogin));
  EXPECT_EQ(to_server[8], 0x16);  // a TLS handshake record inside the packet
  for (int round = 0; round < 4 && !server.established(); ++round) {
    tds::Buffer reply;
    for (size_t at = 0; at < to_server.size(); at += slice) {
      const tds::Buffer out = server.handshake(
          std::span<const uint8_t>(to_server).subspan(at, std::min(slice, to_server.size() - at)));
      reply.insert(reply.end(), out.begin(), out.end());
    }
    if (server.established() && reply.empty()) break;
    const tds::Buffer records = unwrap(reply);
    EXPECT_TRUE(records[0] == 0x16 || records[0] == 0x14);  // handshake, or TLS 1.2's ChangeCipherSpec
    to_server = client.step(records);
  }
  ASSERT_TRUE(server.established());
  ASSERT_TRUE(client.established());
}

tds::Buffer bytes_of(size_t n) {
  tds::Buffer b(n);
  for (size_t i = 0; i < n; ++i) b[i] = static_cast<uint8_t>(i * 7 + i / 251);
  return b;
}

TEST(TlsSession, HandshakeInPreloginPacketsThenDataBothWays) {
  for (const int version : {TLS1_2_VERSION, TLS1_3_VERSION}) {
    for (const size_t slice : {size_t{1}, size_t{7}, size_t{100000}}) {
      SCOPED_TRACE("version " + std::to_string(version) + ", slices of " + std::to_string(slice));
      TlsSession server(context());
      test::TlsTestClient client(version);
      handshake(server, client, slice);
      EXPECT_EQ(server.description().rfind("TLSv1.2, ", 0), 0u) << server.description();
      EXPECT_EQ(client.version(), "TLSv1.2");

      // A LOGIN7-sized message up, a large result (many records) down: bare records, not PRELOGIN packets.
      const tds::Buffer request = bytes_of(300);
      const tds::Buffer records = client.encrypt(request);
      EXPECT_EQ(records[0], 0x17);  // application data
      tds::Buffer plaintext;
      for (size_t at = 0; at < records.size(); at += slice)
        EXPECT_TRUE(server.decrypt(std::span<const uint8_t>(records).subspan(at, std::min(slice, records.size() - at)),
                                   plaintext));
      EXPECT_EQ(plaintext, request);
      const tds::Buffer response = bytes_of(200000);
      const tds::Buffer down = server.encrypt(response);
      EXPECT_GT(down.size(), response.size());
      EXPECT_EQ(client.decrypt(down), response);
      EXPECT_TRUE(server.encrypt({}).empty());
    }
  }
}

TEST(TlsSession, ABrokenClientIsAnError) {
  {  // LOGIN7 in clear where the handshake should be
    TlsSession server(context());
    const tds::Buffer login = tds::write_message(tds::PacketType::Login7, bytes_of(100), 4096);
    try {
      server.handshake(login);
      ADD_FAILURE() << "no error";
    } catch (const TlsError& e) {
      EXPECT_NE(std::string(e.what()).find("LOGIN7 in clear"), std::string::npos) << e.what();
    }
  }
  {  // a PRELOGIN packet that does not hold TLS
    TlsSession server(context());
    EXPECT_THROW(server.handshake(tds::write_message(tds::PacketType::Prelogin, bytes_of(100), 4096)), TlsError);
  }
  {  // a damaged record after the handshake
    TlsSession server(context());
    test::TlsTestClient client;
    handshake(server, client, 100000);
    tds::Buffer records = client.encrypt(bytes_of(100));
    records[records.size() - 3] ^= 0x40;
    tds::Buffer plaintext;
    EXPECT_THROW(server.decrypt(records, plaintext), TlsError);
  }
  {  // a client that speaks TLS 1.3 only
    TlsSession server(context());
    test::TlsTestClient client(TLS1_3_VERSION, TLS1_3_VERSION);
    EXPECT_THROW(server.handshake(client.start()), TlsError);
  }
  {  // a packet length below the header
    TlsSession server(context());
    const tds::Buffer header = {0x12, 0x01, 0x00, 0x04, 0x00, 0x00, 0x01, 0x00};  // length 4: below the header
    EXPECT_THROW(server.handshake(header), TlsError);
  }
}

}  // namespace
}  // namespace tessera::server
