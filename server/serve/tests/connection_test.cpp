// One connection's state machine (connection.cpp) over a real socket: login, requests, ATTENTION while a
// statement runs (and while idle), pipelined requests, and every way a client can misbehave -- each ends that
// connection only, and the server goes on serving others.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tds_test_client.hpp"
#include "test_server.hpp"

namespace tessera::server {
namespace {

using namespace std::chrono_literals;
using test::TestClient;

// The server still serves a new client after whatever the last one did.
void expect_server_alive(uint16_t port) {
  TestClient c(port);
  EXPECT_TRUE(c.login("sa", test::kSaPassword).login_ack);
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
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
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
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);  // the abandoned cross join was stopped
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
