// The login handshake (login_handshake.hpp): the response to a good login (ENVCHANGEs, LOGINACK in the client's
// version, packet size, DONE) and SQL Server's refusals, whose reason stays in the log.
#include <gtest/gtest.h>

#include "tds_test_client.hpp"
#include "temp_dir.hpp"
#include "tessera/server/login_handshake.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::server {
namespace {

class LoginHandshake : public ::testing::Test {
 protected:
  LoginHandshake() : store_(dir_.path()) {
    store_.create("sa", "Admin-Password-1");
    server_.server_name = "host";
    server_.database_name = "tpch";
  }
  LoginOutcome login(const std::string& user, const std::string& password, const std::string& database = "",
                     uint32_t version = 0x74000004) {
    return answer_login(tds::parse_login7(test::login7_payload(user, password, database, version)), store_, server_, 60, 5000);
  }
  test::TempDir dir_;
  LoginStore store_;
  ServerIdentity server_;
};

TEST_F(LoginHandshake, AGoodLogin) {
  const LoginOutcome o = login("SA", "Admin-Password-1", "TPCH");
  ASSERT_TRUE(o.accepted);
  EXPECT_EQ(o.packet_size, 4096u);
  EXPECT_EQ(o.state.spid, 60);
  EXPECT_EQ(o.state.statement_timeout_ms, 5000);
  EXPECT_EQ(o.state.version, tds::TdsVersion::V7_4);
  const test::Response r = test::parse_response(o.response);
  EXPECT_TRUE(r.login_ack);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.envchanges, (std::vector<uint8_t>{1, 7, 2, 4}));  // database, collation, language, packet size
  ASSERT_EQ(r.infos.size(), 2u);
  EXPECT_EQ(r.infos[0].number, 5701);
  ASSERT_EQ(r.dones.size(), 1u);
  EXPECT_EQ(r.dones[0].done.status, tds::done_status::kFinal);
  EXPECT_NE(o.log_line.find("login 'SA'"), std::string::npos);
}

TEST_F(LoginHandshake, AnOlderClientGetsItsVersion) {
  const LoginOutcome o = login("sa", "Admin-Password-1", "", 0x71000001);
  ASSERT_TRUE(o.accepted);
  EXPECT_EQ(o.state.version, tds::TdsVersion::V7_1);
  EXPECT_TRUE(test::parse_response(o.response, tds::TdsVersion::V7_1).login_ack);
}

TEST_F(LoginHandshake, WrongUserOrPasswordIs18456WithTheReasonOnlyInTheLog) {
  for (const auto& [user, reason] : {std::pair<std::string, std::string>{"sa", "wrong password"}, {"ghost", "no such login"}}) {
    const LoginOutcome o = login(user, "Wrong-Password-9");
    EXPECT_FALSE(o.accepted);
    const test::Response r = test::parse_response(o.response);
    ASSERT_EQ(r.errors.size(), 1u);
    EXPECT_EQ(r.errors[0].number, 18456);
    EXPECT_EQ(r.errors[0].severity, 14);
    EXPECT_EQ(r.errors[0].state, 1);
    EXPECT_EQ(r.errors[0].text, "Login failed for user '" + user + "'.");
    EXPECT_EQ(r.dones.back().done.status, tds::done_status::kError);
    EXPECT_FALSE(r.login_ack);
    EXPECT_NE(o.log_line.find(reason), std::string::npos) << o.log_line;
  }
  EXPECT_FALSE(login("", "").accepted);
}

TEST_F(LoginHandshake, AnotherDatabaseIs4060Then18456) {
  const LoginOutcome o = login("sa", "Admin-Password-1", "master");
  EXPECT_FALSE(o.accepted);
  const test::Response r = test::parse_response(o.response);
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0].number, 4060);
  EXPECT_EQ(r.errors[1].number, 18456);
}

TEST_F(LoginHandshake, VersionsTesseraDoesNotSpeak) {
  EXPECT_THROW(login("sa", "Admin-Password-1", "", 0x70000000), tds::ProtocolError);
}

}  // namespace
}  // namespace tessera::server
