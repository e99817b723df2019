// One connection's state machine (connection.cpp) over a real socket: login, requests, ATTENTION while a
// statement runs (and while idle), pipelined requests, and every way a client can misbehave -- each ends that
// connection only, and the server goes on serving others.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tds_test_client.hpp"
#include "test_server.hpp"
#include "tls_test_client.hpp"

namespace tessera::server {
namespace {

using namespace std::chrono_literals;
using test::TestClient;

// The server still serves a new client after whatever the last one did.
// (A server with a certificate encrypts the login of a client asking for ENCRYPT_OFF: this one asks for none.)
void expect_server_alive(uint16_t port) {
  TestClient c(port);
  EXPECT_TRUE(c.login("sa", test::kSaPassword, "", tds::Encryption::NotSupported).login_ack);
  const test::Response r = c.query("SELECT COUNT(*) AS n FROM nation");
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].rows[0][0], tds::Value::integer(25));
}

TEST(Connection, LogInAndQuery) {
  test::TestServer server;
  TestClient c(server.port());
  const test::Response login = c.login("sa", test::kSaPassword);
  EXPECT_TRUE(login.login_ack);
  const test::Response r = c.query("SELECT n_name FROM nation WHERE n_nationkey < 3 ORDER BY n_nationkey");
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].rows.size(), 3u);
  EXPECT_NE(server.log().find("login 'sa' from 'server tests'"), std::string::npos);
}

TEST(Connection, AttentionCancelsTheRunningStatement) {
  test::TestServer server;
  TestClient c(server.port());
  c.login("sa", test::kSaPassword);
  const auto started = std::chrono::steady_clock::now();
  c.send(tds::PacketType::SqlBatch, test::sql_batch_payload(test::kLongQuery));
  std::this_thread::sleep_for(300ms);
  c.send(tds::PacketType::Attention, {});
  // The interrupted response, then the acknowledgement in a message of its own.
  const std::optional<tds::Message> response = c.receive();
  ASSERT_TRUE(response);
  EXPECT_FALSE(test::parse_response(response->payload).attention_acknowledged());
  const std::optional<tds::Message> ack = c.receive();
  ASSERT_TRUE(ack);
  EXPECT_TRUE(test::parse_response(ack->payload).attention_acknowledged());
  EXPECT_LT(std::chrono::steady_clock::now() - started, test::kCancelledWithin);
  const test::Response after = c.query("SELECT 42 AS x");
  EXPECT_EQ(after.results.at(0).rows[0][0], tds::Value::integer(42));
}

TEST(Connection, AnAttentionAfterTheResponseIsStillAcknowledged) {
  test::TestServer server;
  TestClient c(server.port());
  c.login("sa", test::kSaPassword);
  c.send(tds::PacketType::Attention, {});
  const std::optional<tds::Message> ack = c.receive();
  ASSERT_TRUE(ack);
  EXPECT_TRUE(test::parse_response(ack->payload).attention_acknowledged());
  EXPECT_EQ(c.query("SELECT 1 AS x").results.size(), 1u);
}

TEST(Connection, RequestsSentBeforeTheLastWasAnsweredAreAnsweredInOrder) {
  test::TestServer server;
  TestClient c(server.port());
  c.login("sa", test::kSaPassword);
  c.send(tds::PacketType::SqlBatch, test::sql_batch_payload("SELECT 1 AS a"));
  c.send(tds::PacketType::SqlBatch, test::sql_batch_payload("SELECT 2 AS b"));
  const std::optional<tds::Message> first = c.receive(), second = c.receive();
  ASSERT_TRUE(first && second);
  EXPECT_EQ(test::parse_response(first->payload).results.at(0).names[0], "a");
  EXPECT_EQ(test::parse_response(second->payload).results.at(0).names[0], "b");
}

TEST(Connection, SeveralRequestsAtOnceAreMarsAndCloseTheConnection) {
  test::TestServer server;
  TestClient c(server.port());
  c.login("sa", test::kSaPassword);
  for (int i = 0; i < 3; ++i) c.send(tds::PacketType::SqlBatch, test::sql_batch_payload(test::kLongQuery));
  EXPECT_TRUE(c.closed_by_server());
  expect_server_alive(server.port());
  EXPECT_NE(server.log().find("MARS"), std::string::npos);
}

TEST(Connection, MalformedPacketsCostTheirConnectionOnly) {
  test::TestServer server;
  {
    TestClient c(server.port());
    const uint8_t unknown_type[] = {0x63, 0x01, 0x00, 0x08, 0x00, 0x00, 0x01, 0x00};
    c.send_raw(unknown_type);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    TestClient c(server.port());  // a packet length below its header
    const uint8_t short_length[] = {0x12, 0x01, 0x00, 0x04, 0x00, 0x00, 0x01, 0x00};
    c.send_raw(short_length);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    TestClient c(server.port());  // after login, a packet larger than the negotiated 4096 bytes
    c.login("sa", test::kSaPassword);
    const uint8_t oversized[] = {0x01, 0x01, 0xFF, 0xFF, 0x00, 0x00, 0x01, 0x00};
    c.send_raw(oversized);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    TestClient c(server.port());  // a LOGIN7 whose fields point past its end
    c.send(tds::PacketType::Prelogin, test::prelogin_payload());
    c.receive();
    tds::Buffer login = test::login7_payload("sa", test::kSaPassword);
    login.resize(60);
    c.send(tds::PacketType::Login7, login);
    EXPECT_TRUE(c.closed_by_server());
  }
  {
    TestClient c(server.port());  // a SQL batch of an odd number of bytes
    c.login("sa", test::kSaPassword);
    tds::Buffer batch = test::sql_batch_payload("SELECT 1");
    batch.push_back(0x41);
    c.send(tds::PacketType::SqlBatch, batch);
    EXPECT_TRUE(c.closed_by_server());
  }
  expect_server_alive(server.port());
  const std::string log = server.log();
  EXPECT_NE(log.find("protocol error, closing: packet header: unknown packet type 99"), std::string::npos) << log;
  EXPECT_NE(log.find("LOGIN7"), std::string::npos);
}

TEST(Connection, TruncatedStreamsAndVanishingClients) {
  test::TestServer server;
  {
    TestClient c(server.port());  // half a packet, then gone
    const tds::Buffer prelogin = tds::write_message(tds::PacketType::Prelogin, test::prelogin_payload(), 4096);
    c.send_raw(std::span(prelogin).first(prelogin.size() / 2));
  }
  {
    TestClient c(server.port());  // gone in the middle of a large result
    c.login("sa", test::kSaPassword);
    c.send(tds::PacketType::SqlBatch, test::sql_batch_payload("SELECT * FROM lineitem"));
    std::this_thread::sleep_for(200ms);
  }
  {
    TestClient c(server.port());  // gone while its statement runs in the engine
    c.login("sa", test::kSaPassword);
    c.send(tds::PacketType::SqlBatch, test::sql_batch_payload(test::kLongQuery));
    std::this_thread::sleep_for(200ms);
  }
  const auto started = std::chrono::steady_clock::now();
  expect_server_alive(server.port());
  EXPECT_LT(std::chrono::steady_clock::now() - started, test::kCancelledWithin);  // the abandoned cross join was stopped
}

TEST(Connection, AClientThatRequiresEncryptionIsRefused) {
  test::TestServer server;
  TestClient c(server.port());
  c.send(tds::PacketType::Prelogin, test::prelogin_payload(tds::Encryption::Required));
  const std::optional<tds::Message> response = c.receive();
  ASSERT_TRUE(response);
  EXPECT_EQ(tds::parse_prelogin(response->payload).encryption, tds::Encryption::NotSupported);
  EXPECT_TRUE(c.closed_by_server());
  EXPECT_NE(server.log().find("refused: the client requires an encrypted (TLS) connection"), std::string::npos);
}

ServerOptions with_tls(const test::TestCertificate& certificate) {
  ServerOptions o;
  o.tls = TlsContext::from_files(certificate.certificate(), certificate.key());
  return o;
}

// PRELOGIN asking for `encryption` (expecting `answer`), then the TLS handshake inside PRELOGIN packets; from then
// on the client encrypts everything.
void start_tls(TestClient& c, test::TlsTestClient& tls, tds::Encryption encryption, tds::Encryption answer) {
  c.send(tds::PacketType::Prelogin, test::prelogin_payload(encryption));
  const std::optional<tds::Message> response = c.receive();
  ASSERT_TRUE(response);
  ASSERT_EQ(tds::parse_prelogin(response->payload).encryption, answer);
  c.send_raw(tls.start());
  while (!tls.established()) {
    const std::optional<tds::Message> m = c.receive();
    ASSERT_TRUE(m) << "no handshake answer";
    ASSERT_EQ(m->type, tds::PacketType::Prelogin);  // as SQL Server wraps its handshake records
    c.send_raw(tls.step(m->payload));
  }
  c.set_transforms([&tls](std::span<const uint8_t> b) { return tls.encrypt(b); },
                   [&tls](std::span<const uint8_t> b) { return tls.decrypt(b); });
}

TEST(Connection, EncryptOnEncryptsTheWholeConnection) {
  const test::TestCertificate certificate;
  test::TestServer server(with_tls(certificate));
  for (const int version : {TLS1_2_VERSION, TLS1_3_VERSION}) {
    for (const tds::Encryption asked : {tds::Encryption::On, tds::Encryption::Required}) {
      TestClient c(server.port());
      test::TlsTestClient tls(version);
      start_tls(c, tls, asked, tds::Encryption::On);
      c.send(tds::PacketType::Login7, test::login7_payload("sa", test::kSaPassword));
      const std::optional<tds::Message> login = c.receive();  // readable only through TLS
      ASSERT_TRUE(login);
      EXPECT_TRUE(test::parse_response(login->payload).login_ack);
      // A result of many packets and TLS records.
      const test::Response r = c.query("SELECT o_orderkey, o_comment FROM orders");
      ASSERT_EQ(r.results.size(), 1u);
      EXPECT_GT(r.results[0].rows.size(), 1000u);
      const test::Response n = c.query("SELECT COUNT(*) AS n FROM nation");
      EXPECT_EQ(n.results.at(0).rows[0][0], tds::Value::integer(25));
    }
  }
  const std::string log = server.log();
  EXPECT_NE(log.find("TLS (TLSv1.2, "), std::string::npos) << log;  // also for the client that offered 1.3
  EXPECT_EQ(log.find("TLS (TLSv1.3, "), std::string::npos) << log;
  EXPECT_NE(log.find(") for the whole connection"), std::string::npos) << log;
}

TEST(Connection, EncryptOffEncryptsTheLoginOnly) {
  const test::TestCertificate certificate;
  test::TestServer server(with_tls(certificate));
  TestClient c(server.port());
  test::TlsTestClient tls;
  start_tls(c, tls, tds::Encryption::Off, tds::Encryption::Off);
  c.send(tds::PacketType::Login7, test::login7_payload("sa", test::kSaPassword));
  c.set_transforms({}, {});  // the answer and everything after it in clear, as SQL Server does
  const std::optional<tds::Message> login = c.receive();
  ASSERT_TRUE(login);
  EXPECT_TRUE(test::parse_response(login->payload).login_ack);
  const test::Response n = c.query("SELECT COUNT(*) AS n FROM nation");
  EXPECT_EQ(n.results.at(0).rows[0][0], tds::Value::integer(25));
  // ENCRYPT_NOT_SUP: no TLS at all, on a server that has it.
  TestClient plain(server.port());
  plain.send(tds::PacketType::Prelogin, test::prelogin_payload(tds::Encryption::NotSupported));
  const std::optional<tds::Message> answer = plain.receive();
  ASSERT_TRUE(answer);
  EXPECT_EQ(tds::parse_prelogin(answer->payload).encryption, tds::Encryption::NotSupported);
  plain.send(tds::PacketType::Login7, test::login7_payload("sa", test::kSaPassword));
  const std::optional<tds::Message> plain_login = plain.receive();
  ASSERT_TRUE(plain_login);
  EXPECT_TRUE(test::parse_response(plain_login->payload).login_ack);
  EXPECT_NE(server.log().find(") for the login only"), std::string::npos);
}

TEST(Connection, ALoginInClearWhereTlsWasAgreedIsRefused) {
  const test::TestCertificate certificate;
  test::TestServer server(with_tls(certificate));
  {
    TestClient c(server.port());
    c.send(tds::PacketType::Prelogin, test::prelogin_payload(tds::Encryption::On));
    ASSERT_TRUE(c.receive());
    c.send(tds::PacketType::Login7, test::login7_payload("sa", test::kSaPassword));
    EXPECT_TRUE(c.closed_by_server());
  }
  {  // a client that goes away in the middle of the handshake
    TestClient c(server.port());
    test::TlsTestClient tls;
    c.send(tds::PacketType::Prelogin, test::prelogin_payload(tds::Encryption::On));
    ASSERT_TRUE(c.receive());
    const tds::Buffer hello = tls.start();
    c.send_raw(std::span<const uint8_t>(hello).first(20));
  }
  expect_server_alive(server.port());
  const std::string log = server.log();
  EXPECT_NE(log.find("TLS error, closing: TLS handshake: expected a PRELOGIN packet carrying TLS records, got a "
                     "packet of type 16 (LOGIN7 in clear"), std::string::npos) << log;
  EXPECT_NE(log.find("closed during the TLS handshake"), std::string::npos) << log;
}

TEST(Connection, AWrongPasswordIs18456ThenTheConnectionCloses) {
  test::TestServer server;
  TestClient c(server.port());
  const test::Response r = c.login("sa", "not the password");
  EXPECT_EQ(r.first_error(), 18456);
  EXPECT_FALSE(r.login_ack);
  EXPECT_TRUE(c.closed_by_server());
  // The next attempt from this address waits (250 ms) before its password is checked.
  TestClient again(server.port());
  const auto started = std::chrono::steady_clock::now();
  EXPECT_TRUE(again.login("sa", test::kSaPassword).login_ack);
  EXPECT_GE(std::chrono::steady_clock::now() - started, 250ms);
  EXPECT_NE(server.log().find("127.0.0.1:"), std::string::npos);
}

TEST(Connection, NoLoginInTimeCloses) {
  ServerOptions o;
  o.login_timeout = 300ms;
  test::TestServer server(o);
  TestClient c(server.port());
  const auto started = std::chrono::steady_clock::now();
  EXPECT_TRUE(c.closed_by_server(5s));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  EXPECT_NE(server.log().find("no login within 300 ms"), std::string::npos);
}

}  // namespace
}  // namespace tessera::server
