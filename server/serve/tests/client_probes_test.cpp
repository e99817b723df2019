// The probes clients send (client_probes.hpp): SET options as tedious and pymssql send them, values Tessera cannot
// honour refused, USE, transactions and their counter, SELECTs of system values answered here, and @@variables in
// statements for the engine.
#include <gtest/gtest.h>

#include "tessera/server/client_probes.hpp"
#include "tessera/server/sql_error.hpp"

namespace tessera::server {
namespace {

class ClientProbes : public ::testing::Test {
 protected:
  ClientProbes() {
    server_.server_name = "host";
    server_.database_name = "tpch";
    server_.collation_name = "Latin1_General_BIN2";
    state_.login = "sa";
    state_.spid = 52;
    state_.app_name = "tests";
  }
  std::optional<ProbeAnswer> probe(std::string_view sql) { return answer_probe(sql, state_, server_); }
  int32_t error(std::string_view sql) {
    try {
      probe(sql);
    } catch (const SqlError& e) {
      return e.number();
    }
    return 0;
  }
  ServerIdentity server_;
  SessionState state_;
};

TEST_F(ClientProbes, TediousConnectOptions) {
  const char* tedious =
      "set textsize 2147483647\nset quoted_identifier on\nset arithabort off\nset numeric_roundabort off\n"
      "set ansi_warnings on\nset ansi_padding on\nset ansi_nulls on\nset concat_null_yields_null on\n"
      "set cursor_close_on_commit off\nset implicit_transactions off\nset language us_english\nset dateformat mdy\n"
      "set datefirst 7\nset transaction isolation level read committed";
  const std::optional<ProbeAnswer> a = probe(tedious);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->rest, 0u);
  EXPECT_FALSE(state_.has(option_bit::kArithAbort));
  EXPECT_EQ(state_.isolation_level, "READ COMMITTED");
}

TEST_F(ClientProbes, PymssqlConnectOptionsAndNocount) {
  for (const char* s : {"SET ARITHABORT ON", "SET CONCAT_NULL_YIELDS_NULL ON", "SET ANSI_NULL_DFLT_ON ON",
                        "SET CURSOR_CLOSE_ON_COMMIT ON", "SET TEXTSIZE 2147483647", "SET NOCOUNT ON"})
    EXPECT_TRUE(probe(s)) << s;
  EXPECT_TRUE(state_.has(option_bit::kNoCount));
  EXPECT_TRUE(probe("SET ANSI_NULLS, QUOTED_IDENTIFIER ON"));
  EXPECT_TRUE(probe("SET STATISTICS IO, TIME OFF"));
}

TEST_F(ClientProbes, ValuesTesseraCannotHonourAreRefused) {
  EXPECT_EQ(error("SET ANSI_NULLS OFF"), kNotSupported);
  EXPECT_EQ(error("SET DATEFIRST 1"), kNotSupported);
  EXPECT_EQ(error("SET LANGUAGE Deutsch"), kNotSupported);
  EXPECT_EQ(error("SET DATEFORMAT dmy"), kNotSupported);
  EXPECT_EQ(error("SET ROWCOUNT 10"), kNotSupported);
  EXPECT_EQ(error("SET FMTONLY ON"), kNotSupported);
  EXPECT_EQ(error("SET STATISTICS TIME ON"), kNotSupported);
  EXPECT_EQ(error("SET NOSUCHOPTION ON"), 195);
  EXPECT_EQ(error("SET @x = 1"), 137);
  EXPECT_EQ(error("SET NOCOUNT"), 102);
}

TEST_F(ClientProbes, ASetFollowedByAnotherStatementWithoutASemicolon) {
  const std::string sql = "SET NOCOUNT ON SELECT 1";
  const std::optional<ProbeAnswer> a = probe(sql);
  ASSERT_TRUE(a);
  EXPECT_EQ(sql.substr(a->rest), "SELECT 1");
}

TEST_F(ClientProbes, UseTheOneDatabase) {
  const std::optional<ProbeAnswer> a = probe("USE [TPCH]");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->database, "tpch");
  ASSERT_EQ(a->messages.size(), 1u);
  EXPECT_EQ(a->messages[0].number, 5701);
  EXPECT_EQ(error("USE master"), 911);
}

TEST_F(ClientProbes, SystemValues) {
  const std::optional<ProbeAnswer> a =
      probe("SELECT @@SPID AS spid, DB_NAME() db, name = SUSER_SNAME(), CAST(SERVERPROPERTY('ProductVersion') AS VARCHAR), "
            "USER_NAME(), @@TRANCOUNT, SERVERPROPERTY('NoSuchProperty'), @@OPTIONS, DB_ID(), APP_NAME()");
  ASSERT_TRUE(a && a->result);
  const LocalResult& r = *a->result;
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.columns[0].name, "spid");
  EXPECT_EQ(r.columns[1].name, "db");
  EXPECT_EQ(r.columns[2].name, "name");
  EXPECT_EQ(r.columns[3].name, "");
  EXPECT_EQ(r.rows[0][0], tds::Value::integer(52));
  EXPECT_EQ(r.rows[0][1], tds::Value::string("tpch"));
  EXPECT_EQ(r.rows[0][2], tds::Value::string("sa"));
  EXPECT_EQ(r.rows[0][3], tds::Value::string("16.0.1000.6"));
  EXPECT_EQ(r.rows[0][4], tds::Value::string("dbo"));
  EXPECT_EQ(r.rows[0][5], tds::Value::integer(0));
  EXPECT_TRUE(r.rows[0][6].is_null());
  EXPECT_EQ(r.rows[0][7], tds::Value::integer(option_bit::kDefaults));
  EXPECT_EQ(r.rows[0][8], tds::Value::integer(5));
  EXPECT_EQ(r.rows[0][9], tds::Value::string("tests"));
  EXPECT_EQ(error("SELECT @@NOSUCHTHING"), 137);
}

TEST_F(ClientProbes, SelectsOfDataAreTheEnginesWithTheirVariablesSubstituted) {
  EXPECT_FALSE(probe("SELECT 1"));
  EXPECT_FALSE(probe("SELECT @@SPID, COUNT(*) FROM orders"));
  EXPECT_FALSE(probe("SELECT DB_NAME() FROM nation"));
  EXPECT_EQ(substitute_system_variables("SELECT @@SPID, '@@SPID', COUNT(*) FROM t", state_, server_),
            "SELECT CAST(52 AS SMALLINT), '@@SPID', COUNT(*) FROM t");
  try {
    substitute_system_variables("SELECT @@NOPE", state_, server_);
    ADD_FAILURE() << "no error";
  } catch (const SqlError& e) {
    EXPECT_EQ(e.number(), 137);
  }
}

TEST_F(ClientProbes, TransactionsKeepTheCounter) {
  EXPECT_TRUE(probe("BEGIN TRANSACTION"));
  EXPECT_TRUE(probe("BEGIN TRAN named"));
  EXPECT_EQ(state_.trancount, 2);
  EXPECT_TRUE(probe("COMMIT"));
  EXPECT_TRUE(probe("COMMIT TRANSACTION"));
  EXPECT_EQ(state_.trancount, 0);
  EXPECT_EQ(error("COMMIT"), 3902);
  EXPECT_EQ(error("ROLLBACK"), 3903);
  EXPECT_TRUE(probe("IF @@TRANCOUNT > 0 ROLLBACK"));  // nothing open: nothing to do
  EXPECT_TRUE(probe("BEGIN TRAN"));
  EXPECT_TRUE(probe("ROLLBACK TRAN"));  // nothing changed: fine
  EXPECT_TRUE(probe("BEGIN TRAN"));
  state_.statement_ran(true);
  EXPECT_EQ(error("ROLLBACK"), kNotSupported);  // the change stays committed, and says so
  EXPECT_EQ(state_.trancount, 0);
  EXPECT_EQ(error("SAVE TRANSACTION s"), kNotSupported);
  EXPECT_FALSE(probe("BEGIN SELECT 1 END"));
}

TEST_F(ClientProbes, ImplicitTransactionsOpenOneWithTheFirstStatement) {
  EXPECT_TRUE(probe("SET IMPLICIT_TRANSACTIONS ON"));
  state_.statement_ran(false);
  EXPECT_EQ(state_.trancount, 1);
  const std::string sql = "IF @@TRANCOUNT > 0 COMMIT TRAN BEGIN TRANSACTION";
  const std::optional<ProbeAnswer> a = probe(sql);
  ASSERT_TRUE(a);
  EXPECT_EQ(state_.trancount, 0);
  EXPECT_EQ(sql.substr(a->rest), "BEGIN TRANSACTION");
}

}  // namespace
}  // namespace tessera::server
