// CREATE/ALTER/DROP LOGIN (login_statements.hpp): sa only, a login changing its own password with the old one,
// SQL Server's messages for each refusal, the policy and its CHECK_POLICY = OFF, and what is not supported.
#include <gtest/gtest.h>

#include "temp_dir.hpp"
#include "tessera/server/login_statements.hpp"
#include "tessera/server/sql_error.hpp"

namespace tessera::server {
namespace {

class LoginStatements : public ::testing::Test {
 protected:
  LoginStatements() : store_(dir_.path()) {
    server_.database_name = "tpch";
    store_.create("sa", "Admin-Password-1");
    sa_.login = "sa";
  }
  std::optional<std::string> run(std::string_view sql, const std::string& as = "sa") {
    SessionState s;
    s.login = as;
    return run_login_statement(sql, s, {store_, server_, [this](std::string_view l) { return l == logged_in_; }});
  }
  int32_t error(std::string_view sql, const std::string& as = "sa") {
    try {
      run(sql, as);
    } catch (const SqlError& e) {
      return e.number();
    }
    return 0;
  }
  test::TempDir dir_;
  LoginStore store_;
  ServerIdentity server_;
  SessionState sa_;
  std::string logged_in_;
};

TEST_F(LoginStatements, CreateAlterDrop) {
  EXPECT_EQ(run("CREATE LOGIN app WITH PASSWORD = 'App-Password-1'"), "sa created login 'app'");
  EXPECT_TRUE(store_.verify("app", "App-Password-1"));
  EXPECT_EQ(run("ALTER LOGIN [app] WITH PASSWORD = N'App-Password-2'"), "sa changed the password of login 'app'");
  EXPECT_TRUE(store_.verify("app", "App-Password-2"));
  EXPECT_EQ(run("DROP LOGIN app"), "sa dropped login 'app'");
  EXPECT_FALSE(store_.exists("app"));
  EXPECT_FALSE(run("CREATE TABLE login (x INT)"));
  EXPECT_FALSE(run("SELECT 1"));
}

TEST_F(LoginStatements, SqlServersMessages) {
  run("CREATE LOGIN app WITH PASSWORD = 'App-Password-1'");
  EXPECT_EQ(error("CREATE LOGIN app WITH PASSWORD = 'App-Password-1'"), 15025);
  EXPECT_EQ(error("ALTER LOGIN ghost WITH PASSWORD = 'Whatever-123'"), 15151);
  EXPECT_EQ(error("DROP LOGIN ghost"), 15151);
  EXPECT_EQ(error("DROP LOGIN sa"), 15405);
  EXPECT_EQ(error("CREATE LOGIN other WITH PASSWORD = 'short'"), 15116);
  EXPECT_EQ(error("CREATE LOGIN x WITH PASSWORD 'no-equals'"), 102);
  EXPECT_EQ(error("CREATE LOGIN x WITH PASSWORD = 'unclosed"), 105);
  logged_in_ = "app";
  EXPECT_EQ(error("DROP LOGIN app"), 15434);
}

TEST_F(LoginStatements, OnlySaButAnyoneMayChangeTheirOwnPassword) {
  run("CREATE LOGIN app WITH PASSWORD = 'App-Password-1'");
  EXPECT_EQ(error("CREATE LOGIN x WITH PASSWORD = 'Whatever-123'", "app"), 15247);
  EXPECT_EQ(error("DROP LOGIN sa", "app"), 15247);
  EXPECT_EQ(error("ALTER LOGIN sa WITH PASSWORD = 'Whatever-123'", "app"), 15151);
  EXPECT_EQ(error("ALTER LOGIN app WITH PASSWORD = 'App-Password-2'", "app"), 15247);  // without the old one
  EXPECT_EQ(error("ALTER LOGIN app WITH PASSWORD = 'App-Password-2' OLD_PASSWORD = 'wrong-one'", "app"), 15151);
  EXPECT_EQ(run("ALTER LOGIN app WITH PASSWORD = 'App-Password-2' OLD_PASSWORD = 'App-Password-1'", "app"),
            "app changed the password of login 'app'");
  EXPECT_TRUE(store_.verify("app", "App-Password-2"));
}

TEST_F(LoginStatements, OptionsAndWhatIsNotSupported) {
  EXPECT_TRUE(run("CREATE LOGIN weak WITH PASSWORD = 'weak', CHECK_POLICY = OFF, CHECK_EXPIRATION = OFF, "
                  "DEFAULT_DATABASE = tpch, DEFAULT_LANGUAGE = us_english"));
  EXPECT_EQ(error("CREATE LOGIN a WITH PASSWORD = 'Whatever-123', DEFAULT_DATABASE = master"), 911);
  EXPECT_EQ(error("CREATE LOGIN [DOMAIN\\user] FROM WINDOWS"), kNotSupported);
  EXPECT_EQ(error("CREATE LOGIN a WITH PASSWORD = 'Whatever-123' MUST_CHANGE"), kNotSupported);
  EXPECT_EQ(error("CREATE LOGIN a WITH PASSWORD = 0x0200 HASHED"), kNotSupported);
  EXPECT_EQ(error("CREATE LOGIN a WITH PASSWORD = 'Whatever-123', CHECK_EXPIRATION = ON"), kNotSupported);
  EXPECT_EQ(error("ALTER LOGIN sa DISABLE"), kNotSupported);
}

}  // namespace
}  // namespace tessera::server
