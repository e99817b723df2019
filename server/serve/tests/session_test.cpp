// The session (session.hpp), driven without a socket: batches split into statements with a DONE each, errors that
// stop the batch with SQL Server's numbers and lines, NOCOUNT, probes answered without the engine, RPCs with typed
// parameters, prepared statements and output parameters, EXEC in a batch, transactions, results streamed in
// slices, an interrupted response, ignored and reset requests.
#include <gtest/gtest.h>

#include "tds_test_client.hpp"
#include "temp_dir.hpp"
#include "test_database.hpp"
#include "tessera/server/session.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::server {
namespace {

class SessionTest : public ::testing::Test {
 protected:
  SessionTest() : logins_(dir_.path()), context_{server_, logins_, nullptr, [this](const std::string& l) { log_ += l + "\n"; }},
                  session_(context_, state()) {
    server_.server_name = "host";
    server_.database_name = "tpch";
  }
  static SessionState state() {
    SessionState s;
    s.login = "sa";
    s.spid = 55;
    return s;
  }
  // Answers one request; the engine runs on this thread. `engine_runs` counts the statements sent to it.
  test::Response answer(const tds::Message& m, size_t flush_at = 1 << 20) {
    tds::Buffer out;
    session_.begin(m, out);
    while (true) {
      const SessionStep step = session_.advance(out, flush_at);
      if (step.kind == SessionStep::Kind::Finished) break;
      if (step.kind == SessionStep::Kind::Flush) {
        ++flushes_;
        flush_at += flush_at;  // the connection would have sent the packets: make room
        continue;
      }
      ++engine_runs_;
      StatementOutcome o;
      try {
        test::tpch_database().set_statement_timeout_ms(step.timeout_ms);
        o.result = test::tpch_database().execute(step.sql);
      } catch (const tessera::Error& e) {
        o.error = e;
      } catch (const std::exception& e) {
        o.error = tessera::Error(e.what(), ErrorKind::Internal);
      }
      session_.statement_finished(std::move(o), out);
    }
    EXPECT_FALSE(session_.busy());
    return test::parse_response(out);
  }
  test::Response batch(const std::string& sql) {
    return answer({tds::PacketType::SqlBatch, 0, test::sql_batch_payload(sql), false});
  }
  test::Response rpc(std::optional<tds::ProcId> id, const std::vector<test::Argument>& args, const std::string& name = "") {
    return answer({tds::PacketType::Rpc, 0, test::rpc_payload(id, name, args), false});
  }
  static test::Argument text(const std::string& s) { return {"", test::nvarchar_type(), tds::Value::string(s)}; }

  test::TempDir dir_;
  ServerIdentity server_;
  LoginStore logins_;
  SessionContext context_;
  Session session_;
  std::string log_;
  int engine_runs_ = 0;
  int flushes_ = 0;
};

TEST_F(SessionTest, ABatchIsRunStatementByStatement) {
  const test::Response r = batch(
      "CREATE TABLE st1 (id INT, name NVARCHAR(10));\nINSERT INTO st1 VALUES (1, N'a'), (2, N'\xC3\xA9');\n"
      "SELECT id, name FROM st1 ORDER BY id; SELECT COUNT(*) AS n FROM st1;\nDROP TABLE st1");
  EXPECT_TRUE(r.errors.empty()) << r.errors.at(0).text;
  ASSERT_EQ(r.results.size(), 2u);
  EXPECT_EQ(r.results[0].names, (std::vector<std::string>{"id", "name"}));
  EXPECT_EQ(r.results[0].rows[1][1], tds::Value::string("\xC3\xA9"));
  ASSERT_EQ(r.dones.size(), 5u);  // one per statement
  EXPECT_FALSE(r.dones[0].done.status & tds::done_status::kCount);  // CREATE TABLE
  EXPECT_EQ(r.dones[1].done.row_count, 2u);                          // INSERT: (2 rows affected)
  EXPECT_TRUE(r.dones[1].done.status & tds::done_status::kCount);
  EXPECT_EQ(r.dones[1].done.current_command, tds::done_command::kInsert);
  EXPECT_EQ(r.dones[2].done.row_count, 2u);                          // SELECT
  for (size_t i = 0; i + 1 < r.dones.size(); ++i) EXPECT_TRUE(r.dones[i].done.status & tds::done_status::kMore);
  EXPECT_FALSE(r.dones[4].done.status & tds::done_status::kMore);
  EXPECT_EQ(engine_runs_, 5);
}

TEST_F(SessionTest, TheFirstErrorStopsTheBatchWithItsNumberAndLine) {
  const test::Response r = batch("SELECT 1 AS a;\nSELECT 1/0;\nSELECT 2 AS b");
  ASSERT_EQ(r.results.size(), 1u);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].number, 8134);
  EXPECT_EQ(r.errors[0].line, 2);
  EXPECT_EQ(r.errors[0].server_name, "host");
  EXPECT_TRUE(r.dones.back().done.status & tds::done_status::kError);
  EXPECT_FALSE(r.dones.back().done.status & tds::done_status::kMore);
  const test::Response unknown = batch("\n\nSELECT nope FROM nation");
  EXPECT_EQ(unknown.errors.at(0).number, 207);
  EXPECT_EQ(unknown.errors.at(0).line, 3);
  EXPECT_EQ(batch("SELECT @x").first_error(), 137);
  EXPECT_EQ(batch("SELECT 1 /* open").first_error(), 113);
}

TEST_F(SessionTest, ProbesAreAnsweredWithoutTheEngine) {
  const test::Response r = batch("SET NOCOUNT ON; SELECT @@SPID AS spid, DB_NAME() AS db; USE tpch");
  EXPECT_EQ(engine_runs_, 0);
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].rows[0][0], tds::Value::integer(55));
  EXPECT_EQ(r.envchanges, (std::vector<uint8_t>{1}));
  // NOCOUNT: the SELECT's DONE has no count.
  EXPECT_FALSE(r.dones[1].done.status & tds::done_status::kCount);
  const test::Response mixed = batch("SELECT @@SPID AS spid, COUNT(*) AS n FROM nation");
  EXPECT_EQ(engine_runs_, 1);
  EXPECT_EQ(mixed.results.at(0).rows[0][1], tds::Value::integer(25));
}

TEST_F(SessionTest, AnEmptyBatchGetsADone) {
  const test::Response r = batch("  -- nothing\n");
  ASSERT_EQ(r.dones.size(), 1u);
  EXPECT_EQ(r.dones[0].done.status, tds::done_status::kFinal);
}

TEST_F(SessionTest, ExecuteSqlWithTypedParametersAndAnOutput) {
  test::Argument out{"@o", test::int_type(), tds::Value::integer(9), true};
  const test::Response r =
      rpc(tds::ProcId::ExecuteSql, {text("SELECT n_name FROM nation WHERE n_nationkey = @k AND n_name LIKE @p"),
                                    text("@k int, @p nvarchar(20), @o int OUTPUT"),
                                    {"@k", test::int_type(), tds::Value::integer(7)},
                                    {"@p", test::nvarchar_type(), tds::Value::string("GER%")},
                                    out});
  ASSERT_EQ(r.results.size(), 1u);
  ASSERT_EQ(r.results[0].rows.size(), 1u);
  EXPECT_EQ(r.dones.front().token, tds::token::kDoneInProc);
  EXPECT_EQ(r.dones.back().token, tds::token::kDoneProc);
  EXPECT_EQ(r.return_status, 0);
  ASSERT_EQ(r.return_values.size(), 1u);
  EXPECT_EQ(r.return_values[0].first, "@o");
  EXPECT_EQ(r.return_values[0].second, tds::Value::integer(9));
  const test::Response missing = rpc(tds::ProcId::ExecuteSql, {text("SELECT @k"), text("@k int")});
  EXPECT_EQ(missing.first_error(), 8178);
  EXPECT_TRUE(missing.dones.back().done.status & tds::done_status::kError);
  EXPECT_EQ(missing.dones.back().token, tds::token::kDoneProc);
}

TEST_F(SessionTest, PreparedStatements) {
  test::Argument handle{"@handle", test::int_type(), tds::Value::null(), true};
  const test::Response prepared =
      rpc(tds::ProcId::Prepare, {handle, text("@k int"), text("SELECT n_name FROM nation WHERE n_nationkey = @k")});
  ASSERT_EQ(prepared.return_values.size(), 1u);
  const tds::Value h = prepared.return_values[0].second;
  for (int64_t k : {1, 2}) {
    const test::Response r = rpc(tds::ProcId::Execute, {{"", test::int_type(), h}, {"@k", test::int_type(), tds::Value::integer(k)}});
    ASSERT_EQ(r.results.size(), 1u) << r.first_error();
    EXPECT_EQ(r.results[0].rows.size(), 1u);
  }
  EXPECT_TRUE(rpc(tds::ProcId::Unprepare, {{"", test::int_type(), h}}).errors.empty());
  EXPECT_EQ(rpc(tds::ProcId::Execute, {{"", test::int_type(), h}, {"@k", test::int_type(), tds::Value::integer(1)}}).first_error(),
            8179);
  const test::Response prepexec = rpc(tds::ProcId::PrepExec, {handle, text("@k int"), text("SELECT @k AS k"),
                                                             {"@k", test::int_type(), tds::Value::integer(5)}});
  EXPECT_EQ(prepexec.results.at(0).rows[0][0], tds::Value::integer(5));
  EXPECT_EQ(prepexec.return_values.size(), 1u);
  EXPECT_EQ(rpc(std::nullopt, {}, "sp_who").first_error(), 2812);
  EXPECT_EQ(rpc(tds::ProcId::CursorOpen, {}).first_error(), kNotSupported);
}

TEST_F(SessionTest, ExecInABatch) {
  const test::Response r = batch("EXEC sp_executesql N'SELECT @a + 1 AS x', N'@a INT', @a = 41 SELECT 2 AS y");
  ASSERT_EQ(r.results.size(), 2u) << r.first_error();
  EXPECT_EQ(r.results[0].rows[0][0], tds::Value::integer(42));
  EXPECT_EQ(r.results[1].rows[0][0], tds::Value::integer(2));
}

TEST_F(SessionTest, LoginStatementsAreRunAndLogged) {
  logins_.create("sa", "Admin-Password-1");
  EXPECT_TRUE(batch("CREATE LOGIN reader WITH PASSWORD = 'Reader-Password'").errors.empty());
  EXPECT_TRUE(logins_.exists("reader"));
  EXPECT_NE(log_.find("sa created login 'reader'"), std::string::npos);
  EXPECT_EQ(engine_runs_, 0);
}

TEST_F(SessionTest, TransactionManagerRequests) {
  tds::Buffer begin;
  test::put_all_headers(begin);
  tds::put_u16(begin, 5);
  tds::put_u8(begin, 0);
  tds::put_u8(begin, 0);
  EXPECT_TRUE(answer({tds::PacketType::TransactionManager, 0, begin, false}).errors.empty());
  EXPECT_EQ(session_.state().trancount, 1);
  tds::Buffer commit;
  test::put_all_headers(commit);
  tds::put_u16(commit, 7);
  tds::put_u8(commit, 0);
  tds::put_u8(commit, 0);
  EXPECT_TRUE(answer({tds::PacketType::TransactionManager, 0, commit, false}).errors.empty());
  EXPECT_EQ(session_.state().trancount, 0);
  EXPECT_TRUE(answer({tds::PacketType::TransactionManager, 0, commit, false}).errors.empty());  // nothing open: fine
}

TEST_F(SessionTest, LargeResultsAreWrittenInSlices) {
  const test::Response r = answer({tds::PacketType::SqlBatch, 0, test::sql_batch_payload("SELECT * FROM lineitem"), false},
                                  32 * 1024);
  EXPECT_GT(flushes_, 5);
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].rows.size(), 60175u);
  EXPECT_EQ(r.dones.back().done.row_count, 60175u);
}

TEST_F(SessionTest, AnInterruptedResponseEndsWithADone) {
  tds::Buffer out;
  session_.begin({tds::PacketType::SqlBatch, 0, test::sql_batch_payload("SELECT * FROM lineitem; SELECT 1"), false}, out);
  SessionStep step = session_.advance(out, 64 * 1024);
  ASSERT_EQ(step.kind, SessionStep::Kind::RunStatement);
  StatementOutcome o;
  o.result = test::tpch_database().execute(step.sql);
  session_.statement_finished(std::move(o), out);
  EXPECT_EQ(session_.advance(out, 64 * 1024).kind, SessionStep::Kind::Flush);
  session_.interrupt(out);
  EXPECT_FALSE(session_.busy());
  const test::Response r = test::parse_response(out);
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_LT(r.results[0].rows.size(), 60175u);
  EXPECT_FALSE(r.dones.back().done.status & tds::done_status::kMore);
}

TEST_F(SessionTest, IgnoredAndResetRequests) {
  const test::Response ignored = answer({tds::PacketType::SqlBatch, 0, {0x01, 0x02}, true});  // not even parsed
  EXPECT_EQ(ignored.dones.size(), 1u);
  batch("SET NOCOUNT ON");
  EXPECT_TRUE(session_.state().has(option_bit::kNoCount));
  const test::Response reset =
      answer({tds::PacketType::SqlBatch, tds::packet_status::kResetConnection, test::sql_batch_payload("SELECT 1 AS x"), false});
  EXPECT_EQ(reset.envchanges.at(0), 18);
  EXPECT_FALSE(session_.state().has(option_bit::kNoCount));
}

TEST_F(SessionTest, MalformedRequestsAreProtocolErrors) {
  tds::Buffer out;
  EXPECT_THROW(session_.begin({tds::PacketType::SqlBatch, 0, {0x01, 0x00, 0x00}, false}, out), tds::ProtocolError);
  EXPECT_THROW(session_.begin({tds::PacketType::Login7, 0, {}, false}, out), tds::ProtocolError);
}

}  // namespace
}  // namespace tessera::server
