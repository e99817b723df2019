// The server (tds_server.hpp): listening (a free port, errors naming the address), many sessions at once -- probes
// answered while another session's statement runs, writes from several sessions all kept -- the connection limit,
// and stop() closing everything.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "tds_test_client.hpp"
#include "test_server.hpp"

namespace tessera::server {
namespace {

using namespace std::chrono_literals;
using test::TestClient;

TEST(TdsServer, ListensOnAFreePort) {
  test::TestServer server;
  EXPECT_GT(server.port(), 0);
  TestClient c(server.port());
  EXPECT_TRUE(c.login("sa", test::kSaPassword).login_ack);
}

TEST(TdsServer, AddressesItCannotListenOnAreErrors) {
  test::TempDir dir;
  LoginStore logins(dir.path());
  std::ostringstream out;
  ServerLog log(out);
  ServerOptions bad_host;
  bad_host.host = "not-an-address";
  try {
    TdsServer s(bad_host, test::tpch_database(), logins, ServerIdentity{}, log);
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot listen on not-an-address:1433"), std::string::npos) << e.what();
  }
  test::TestServer taken;
  ServerOptions same_port;
  same_port.port = taken.port();
  try {
    TdsServer s(same_port, test::tpch_database(), logins, ServerIdentity{}, log);
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(":" + std::to_string(taken.port())), std::string::npos) << e.what();
  }
}

TEST(TdsServer, ProbesDoNotWaitBehindAnotherSessionsStatement) {
  test::TestServer server;
  TestClient busy(server.port());
  busy.login("sa", test::kSaPassword);
  busy.send(tds::PacketType::SqlBatch, test::sql_batch_payload(test::kLongQuery));
  std::this_thread::sleep_for(200ms);
  const auto started = std::chrono::steady_clock::now();
  TestClient other(server.port());
  EXPECT_TRUE(other.login("sa", test::kSaPassword).login_ack);
  EXPECT_EQ(other.query("SET NOCOUNT ON; SELECT @@SPID AS spid").results.size(), 1u);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 2s);
  busy.send(tds::PacketType::Attention, {});
  busy.receive();
  busy.receive();
}

TEST(TdsServer, WritesFromManySessionsAreAllKept) {
  test::TestServer server;
  {
    TestClient setup(server.port());
    setup.login("sa", test::kSaPassword);
    ASSERT_TRUE(setup.query("CREATE TABLE concurrent_writes (who INT, n INT)").errors.empty());
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w)
    writers.emplace_back([&, w] {
      TestClient c(server.port());
      c.login("sa", test::kSaPassword);
      for (int i = 0; i < 25; ++i)
        if (!c.query("INSERT INTO concurrent_writes VALUES (" + std::to_string(w) + ", " + std::to_string(i) + ")")
                 .errors.empty())
          ++failures;
    });
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(failures.load(), 0);
  TestClient check(server.port());
  check.login("sa", test::kSaPassword);
  const test::Response r = check.query("SELECT COUNT(*) AS n, COUNT(DISTINCT who) AS writers FROM concurrent_writes; "
                                       "DROP TABLE concurrent_writes");
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].rows[0][0], tds::Value::integer(100));
  EXPECT_EQ(r.results[0].rows[0][1], tds::Value::integer(4));
}

TEST(TdsServer, ConnectionsBeyondTheLimitAreClosed) {
  ServerOptions o;
  o.max_connections = 2;
  test::TestServer server(o);
  TestClient a(server.port()), b(server.port());
  a.login("sa", test::kSaPassword);
  b.login("sa", test::kSaPassword);
  TestClient c(server.port());
  EXPECT_TRUE(c.closed_by_server());
  EXPECT_NE(server.log().find("refused: already 2 connections"), std::string::npos);
}

TEST(TdsServer, StopClosesEveryConnectionAndReturns) {
  auto server = std::make_unique<test::TestServer>();
  TestClient idle(server->port()), busy(server->port());
  idle.login("sa", test::kSaPassword);
  busy.login("sa", test::kSaPassword);
  busy.send(tds::PacketType::SqlBatch, test::sql_batch_payload(test::kLongQuery));
  std::this_thread::sleep_for(200ms);
  const auto started = std::chrono::steady_clock::now();
  const std::string log = server->log();  // stops it
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  EXPECT_TRUE(idle.closed_by_server(2s));
  EXPECT_TRUE(busy.closed_by_server(2s));
  EXPECT_NE(log.find("stopping (asked to stop)"), std::string::npos);
  EXPECT_NE(log.find("tessera serve: stopped"), std::string::npos);
}

}  // namespace
}  // namespace tessera::server
