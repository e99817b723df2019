// A connection's session after login: it turns each client request (a SQL batch, an RPC, a transaction manager
// request) into the response's tokens, knowing nothing of sockets or threads. The connection drives it:
//
//   session.begin(message, out);                      // parse; ProtocolError closes the connection
//   while (true) {
//     SessionStep step = session.advance(out, flush_at);
//     Flush:        send the payload's whole packets (a large result goes out while it is written)
//     RunStatement: run step.sql on the engine (the query queue), then session.statement_finished(outcome, out)
//     Finished:     send the rest of the response (end of message)
//   }
//   On the client's ATTENTION: cancel the statement, session.interrupt(out) ends the response, then the
//   acknowledgement (DONE with the ATTN bit) follows in a message of its own.
//
// A batch is split into statements with the shell's splitter and run one by one: each SELECT a result set, each
// statement a DONE (with its row count unless NOCOUNT), the batch stopping at the first error (an ERROR token with
// SQL Server's number, severity, state and the line in the batch). Statements about the session (client_probes,
// login_statements) are answered here; the rest go to the engine, their @@system variables replaced by values.
// RPCs: sp_executesql, sp_prepare, sp_execute, sp_prepexec, sp_unprepare (parameters.hpp), also as EXEC statements
// with literal arguments in a batch (EXEC sp_executesql N'...', N'@p INT', @p = 5); their statements end
// with DONEINPROC and the call with RETURNSTATUS, RETURNVALUEs (output parameters, prepared handles) and
// DONEPROC. Several calls in one RPC message run in order and stop at the first error, like a batch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tessera/server/client_probes.hpp"
#include "tessera/server/logins.hpp"
#include "tessera/server/parameters.hpp"
#include "tessera/server/query_queue.hpp"
#include "tessera/server/result_stream.hpp"
#include "tessera/server/server_identity.hpp"
#include "tessera/server/session_state.hpp"
#include "tessera/server/sql_error.hpp"
#include "tessera/tds/packet.hpp"

namespace tessera::server {

// What every session of a server shares.
struct SessionContext {
  const ServerIdentity& server;
  LoginStore& logins;
  std::function<bool(std::string_view login)> is_logged_in;  // for DROP LOGIN
  std::function<void(const std::string& line)> log;          // the server's log (login changes)
};

struct SessionStep {
  enum class Kind { Flush, RunStatement, Finished };
  Kind kind = Kind::Finished;
  std::string sql;         // RunStatement
  int64_t timeout_ms = 0;  // RunStatement: the session's statement time limit
};

class Session {
 public:
  Session(SessionContext& context, SessionState state);

  SessionState& state() { return state_; }
  const SessionState& state() const { return state_; }
  bool busy() const { return !units_.empty() || streaming_ != nullptr; }

  // Starts the response to a request; ProtocolError for a malformed message or one that is no request (the
  // connection closes). A request whose first packet has the reset-connection bit resets the session first.
  void begin(const tds::Message& request, tds::Buffer& out);
  // Appends tokens until the payload reaches `flush_at` bytes, the engine is needed, or the response is done.
  SessionStep advance(tds::Buffer& out, size_t flush_at);
  // The engine's outcome for the last RunStatement step.
  void statement_finished(StatementOutcome outcome, tds::Buffer& out);
  // The client's ATTENTION: drops the rest of the request and ends the response with a DONE after the whole
  // tokens `out` holds (it holds whole tokens between steps). The connection then sends the acknowledgement,
  // DONE(ATTN), as a message of its own.
  void interrupt(tds::Buffer& out);

 private:
  struct PendingStatement {
    std::string sql;  // as split: placed at its line and column
    int line = 1;
    std::string first_word;
    bool in_proc = false;  // a statement of an RPC: DONEINPROC
  };
  struct ProcEnd {
    std::vector<tds::ReturnValue> outputs;  // RETURNVALUE tokens on success
    bool failed = false;
  };
  struct RequestError {
    SqlError error;
    int line = 1;
    bool in_proc = false;
  };
  struct EmptyBatchDone {};
  using Unit = std::variant<PendingStatement, ProcEnd, RequestError, EmptyBatchDone>;

  struct Streaming {
    engine::QueryResult result;
    std::unique_ptr<ResultStream> stream;
    bool in_proc = false;
    uint16_t command = 0;
  };

  struct Prepared {
    std::string statement;
    std::string declarations_text;
    std::vector<ParameterDeclaration> declarations;
  };

  void begin_batch(const tds::Message& request);
  void begin_rpc(const tds::Message& request);
  void begin_transaction_request(const tds::Message& request);
  // The units of one RPC call (its statements, then its ProcEnd), or a RequestError and ProcEnd, appended to `out`.
  void add_call(const tds::RpcCall& call, std::deque<Unit>& out);
  void add_statements(std::string_view sql, bool in_proc, std::deque<Unit>& out);
  void add_bound_statement(const std::string& statement, const std::string& declarations_text,
                           const std::vector<ParameterDeclaration>& declarations, const tds::RpcCall& call,
                           size_t first_value, std::vector<tds::ReturnValue>& outputs, std::deque<Unit>& out);

  // Runs the front statement here when it is about the session; else returns the SQL for the engine.
  std::optional<std::string> run_here_or_prepare(PendingStatement& st, tds::Buffer& out);
  void write_error(tds::Buffer& out, const SqlError& e, int line, bool in_proc);
  void write_statement_done(tds::Buffer& out, bool in_proc, uint16_t status, uint16_t command, uint64_t rows);
  void write_local_result(tds::Buffer& out, const LocalResult& result, bool in_proc);
  void finish_stream(tds::Buffer& out);
  void fail();  // after an error: the rest of the request is dropped (an RPC call still gets its DONEPROC)
  bool more_follows() const;

  SessionContext& context_;
  SessionState state_;
  std::deque<Unit> units_;
  std::unique_ptr<Streaming> streaming_;
  std::map<int32_t, Prepared> prepared_;
  int32_t next_handle_ = 1;
};

}  // namespace tessera::server
