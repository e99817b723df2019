#include "tessera/server/session.hpp"

#include <algorithm>

#include "statement_splitter.hpp"  // the shell's (engine/cli): the same statements the shell would run
#include "tessera/server/engine_errors.hpp"
#include "tessera/server/login_statements.hpp"
#include "tessera/server/sql_tokens.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/rpc.hpp"
#include "tessera/tds/sql_batch.hpp"
#include "tessera/tds/transaction_manager.hpp"

namespace tessera::server {

namespace {

uint16_t command_of(std::string_view first_word) {
  if (first_word == "SELECT" || first_word == "WITH") return tds::done_command::kSelect;
  if (first_word == "INSERT") return tds::done_command::kInsert;
  if (first_word == "UPDATE") return tds::done_command::kUpdate;
  if (first_word == "DELETE") return tds::done_command::kDelete;
  return tds::done_command::kNone;
}

SessionStep step(SessionStep::Kind kind, std::string sql = {}, int64_t timeout_ms = 0) {
  SessionStep s;
  s.kind = kind;
  s.sql = std::move(sql);
  s.timeout_ms = timeout_ms;
  return s;
}

bool only_reads(std::string_view first_word) {
  return first_word == "SELECT" || first_word == "WITH" || first_word == "EXPLAIN";
}

bool is_procedure(const tds::RpcCall& call, tds::ProcId id) {
  return call.proc_id == id || (!call.proc_id && iequals(call.proc_name, tds::proc_name(id)));
}

const tds::RpcParameter& parameter(const tds::RpcCall& call, size_t index, std::string_view name) {
  if (index >= call.parameters.size())
    throw SqlError(201, 16, 4, "Procedure or function '" + call.proc_name + "' expects parameter '" + std::string(name) +
                                   "', which was not supplied.");
  return call.parameters[index];
}

// The statement or declarations of a call: NVARCHAR/NTEXT (or VARCHAR), NULL as "".
std::string text_parameter(const tds::RpcCall& call, size_t index, std::string_view name) {
  const tds::RpcParameter& p = parameter(call, index, name);
  if (p.value.is_null()) return "";
  if (p.value.kind() != tds::ValueKind::String)
    throw SqlError(214, 16, 2, "Procedure expects parameter '" + std::string(name) + "' of type 'ntext/nchar/nvarchar'.");
  return p.value.as<std::string>();
}

int32_t handle_parameter(const tds::RpcCall& call, size_t index) {
  const tds::RpcParameter& p = parameter(call, index, "@handle");
  if (p.value.kind() != tds::ValueKind::Int)
    throw SqlError(8179, 16, 2, "Could not find prepared statement with handle " +
                                    (p.value.is_null() ? std::string("NULL") : tds::to_debug_string(p.value)) + ".");
  return static_cast<int32_t>(p.value.as<int64_t>());
}

// The text from byte `rest` on, everything before it blanked (newlines kept), so positions stay those of the batch.
std::string blank_before(const std::string& sql, size_t rest) {
  std::string out = sql;
  for (size_t i = 0; i < rest && i < out.size(); ++i)
    if (out[i] != '\n') out[i] = ' ';
  return out;
}

}  // namespace

Session::Session(SessionContext& context, SessionState state) : context_(context), state_(std::move(state)) {}

void Session::begin(const tds::Message& request, tds::Buffer& out) {
  if (busy()) throw std::logic_error("Session::begin: the previous request has not finished");
  if (request.ignored) {  // abandoned by the client while it sent it: not run, but answered
    units_.push_back(EmptyBatchDone{});
    return;
  }
  if (request.reset_connection() || request.reset_connection_skip_transaction()) {
    // sp_reset_connection, as a pooled connection is handed to its next user.
    const int32_t trancount = state_.trancount;
    state_.reset();
    if (request.reset_connection_skip_transaction()) state_.trancount = trancount;
    prepared_.clear();
    tds::write_envchange_reset_connection(out);
  }
  switch (request.type) {
    case tds::PacketType::SqlBatch: begin_batch(request); break;
    case tds::PacketType::Rpc: begin_rpc(request); break;
    case tds::PacketType::TransactionManager: begin_transaction_request(request); break;
    case tds::PacketType::BulkLoad:
      units_.push_back(RequestError{not_supported("bulk load (BCP, SqlBulkCopy) is not supported: use INSERT or BULK INSERT"), 1, false});
      break;
    default:
      throw tds::ProtocolError("a message of type " + std::to_string(static_cast<int>(request.type)) +
                               " where a request (SQL batch, RPC) was expected");
  }
  if (units_.empty()) units_.push_back(EmptyBatchDone{});
}

void Session::begin_batch(const tds::Message& request) {
  const tds::SqlBatch batch = tds::parse_sql_batch(request.payload, state_.version);
  add_statements(batch.text, false, units_);
}

void Session::add_statements(std::string_view sql, bool in_proc, std::deque<Unit>& out) {
  const cli::SplitScript split = cli::split_statements(sql);
  if (split.open_comment_line > 0) {
    out.push_back(RequestError{SqlError(113, 15, 1, "Missing end comment mark '*/'."), split.open_comment_line, in_proc});
    return;
  }
  for (const cli::Statement& st : split.statements) out.push_back(PendingStatement{st.text, st.line, st.first_word, in_proc});
}

void Session::begin_rpc(const tds::Message& request) {
  const tds::RpcRequest rpc = tds::parse_rpc(request.payload, state_.version);
  for (const tds::RpcCall& call : rpc.calls) add_call(call, units_);
}

void Session::add_bound_statement(const std::string& statement, const std::string& declarations_text,
                                  const std::vector<ParameterDeclaration>& declarations, const tds::RpcCall& call,
                                  size_t first_value, std::vector<tds::ReturnValue>& outputs, std::deque<Unit>& out) {
  const std::span<const tds::RpcParameter> values =
      first_value < call.parameters.size() ? std::span(call.parameters).subspan(first_value) : std::span<const tds::RpcParameter>();
  const std::vector<BoundParameter> bound = match_parameters(declarations, values, static_cast<uint16_t>(first_value),
                                                             call.proc_name, declarations_text, statement);
  const std::string sql = bind_parameters(statement, bound);
  for (const BoundParameter& b : bound) {
    if (!b.declaration->output || !b.value->is_output()) continue;
    // Tessera has no statements that assign variables: an output parameter returns what it was given.
    outputs.push_back({b.ordinal, b.value->name.empty() ? b.declaration->name : b.value->name, wire_column_type(*b.value),
                       b.value->value, false});
  }
  add_statements(sql, true, out);
}

void Session::add_call(const tds::RpcCall& call, std::deque<Unit>& out) {
  ProcEnd end;
  const size_t units_before = out.size();
  try {
    using tds::ProcId;
    if (is_procedure(call, ProcId::ExecuteSql)) {
      const std::string statement = text_parameter(call, 0, "@statement");
      const std::string declarations_text = call.parameters.size() > 1 ? text_parameter(call, 1, "@params") : "";
      const std::vector<ParameterDeclaration> declarations = parse_parameter_declarations(declarations_text);
      add_bound_statement(statement, declarations_text, declarations, call, 2, end.outputs, out);
    } else if (is_procedure(call, ProcId::Prepare) || is_procedure(call, ProcId::PrepExec)) {
      const bool execute = is_procedure(call, ProcId::PrepExec);
      Prepared p;
      p.declarations_text = text_parameter(call, 1, "@params");
      p.statement = text_parameter(call, 2, "@stmt");
      p.declarations = parse_parameter_declarations(p.declarations_text);
      const int32_t handle = next_handle_++;
      end.outputs.push_back({0, call.parameters[0].name, tds::ColumnType::of(tds::SqlType::Int), tds::Value::integer(handle), false});
      if (execute) add_bound_statement(p.statement, p.declarations_text, p.declarations, call, 3, end.outputs, out);
      prepared_[handle] = std::move(p);
    } else if (is_procedure(call, ProcId::Execute)) {
      const int32_t handle = handle_parameter(call, 0);
      const auto it = prepared_.find(handle);
      if (it == prepared_.end())
        throw SqlError(8179, 16, 2, "Could not find prepared statement with handle " + std::to_string(handle) + ".");
      add_bound_statement(it->second.statement, it->second.declarations_text, it->second.declarations, call, 1,
                          end.outputs, out);
    } else if (is_procedure(call, ProcId::Unprepare)) {
      const int32_t handle = handle_parameter(call, 0);
      if (prepared_.erase(handle) == 0)
        throw SqlError(8179, 16, 2, "Could not find prepared statement with handle " + std::to_string(handle) + ".");
    } else if (call.proc_id || iequals(call.proc_name.substr(0, 9), "sp_cursor")) {
      throw not_supported("server cursors (" + call.proc_name + ") are not supported: read the default result set");
    } else if (iequals(call.proc_name, "sp_reset_connection")) {
      state_.reset();
      prepared_.clear();
    } else {
      throw SqlError(2812, 16, 62, "Could not find stored procedure '" + call.proc_name + "'.");
    }
  } catch (const SqlError& e) {
    out.resize(units_before);
    out.push_back(RequestError{e, 1, true});
  }
  out.push_back(std::move(end));
}

void Session::begin_transaction_request(const tds::Message& request) {
  const tds::TransactionRequest t = tds::parse_transaction_request(request.payload, state_.version);
  try {
    using tds::TransactionRequestType;
    switch (t.type) {
      case TransactionRequestType::BeginXact:
        begin_transaction(state_);
        break;
      case TransactionRequestType::CommitXact:
      case TransactionRequestType::RollbackXact:
        // Drivers end "whatever transaction there is" this way: with none open it does nothing.
        if (state_.trancount > 0) {
          if (t.type == TransactionRequestType::CommitXact) commit_transaction(state_);
          else rollback_transaction(state_);
        }
        if (t.begin_after) begin_transaction(state_);
        break;
      case TransactionRequestType::SaveXact:
        throw not_supported("savepoints (TM_SAVE_XACT) are not supported: Tessera commits every statement when it ends");
      default:
        throw not_supported("distributed transactions (" + tds::transaction_request_name(t.type) + ") are not supported");
    }
  } catch (const SqlError& e) {
    units_.push_back(RequestError{e, 1, false});
  }
}

bool Session::more_follows() const { return !units_.empty(); }

void Session::write_statement_done(tds::Buffer& out, bool in_proc, uint16_t status, uint16_t command, uint64_t rows) {
  tds::Done done;
  done.status = status | (more_follows() ? tds::done_status::kMore : 0);
  done.current_command = command;
  done.row_count = rows;
  if ((status & tds::done_status::kCount) && state_.has(option_bit::kNoCount)) {
    done.status &= static_cast<uint16_t>(~tds::done_status::kCount);
    done.row_count = 0;
  }
  if (in_proc) tds::write_done_in_proc(out, done, state_.version);
  else tds::write_done(out, done, state_.version);
}

void Session::fail() {
  while (!units_.empty()) {
    if (ProcEnd* end = std::get_if<ProcEnd>(&units_.front())) {
      ProcEnd failed = std::move(*end);
      failed.failed = true;
      units_.clear();
      units_.push_back(std::move(failed));
      return;
    }
    units_.pop_front();
  }
}

void Session::write_error(tds::Buffer& out, const SqlError& e, int line, bool in_proc) {
  fail();
  tds::ServerMessage m;
  m.number = e.number();
  m.state = e.state();
  m.severity = e.severity();
  m.text = e.what();
  m.server_name = context_.server.server_name;
  m.line = line;
  tds::write_error(out, m, state_.version);
  state_.last_error = e.number();
  write_statement_done(out, in_proc, tds::done_status::kError, tds::done_command::kNone, 0);
}

void Session::write_local_result(tds::Buffer& out, const LocalResult& result, bool in_proc) {
  const tds::ResultSetWriter writer(result.columns, state_.version);
  writer.write_metadata(out);
  for (const auto& row : result.rows) writer.write_row(out, row);
  state_.last_rowcount = static_cast<int64_t>(result.rows.size());
  write_statement_done(out, in_proc, tds::done_status::kCount, tds::done_command::kSelect, result.rows.size());
}

std::optional<std::string> Session::run_here_or_prepare(PendingStatement& st, tds::Buffer& out) {
  const bool in_proc = st.in_proc;
  const int line = st.line;
  try {
    const LoginStatementContext logins{context_.logins, context_.server, context_.is_logged_in};
    if (const std::optional<std::string> done = run_login_statement(st.sql, state_, logins)) {
      units_.pop_front();
      if (context_.log) context_.log(*done);
      state_.last_error = 0;
      state_.last_rowcount = 0;
      write_statement_done(out, in_proc, 0, tds::done_command::kNone, 0);
      return std::nullopt;
    }
    if (std::optional<ExecCall> exec = parse_exec_call(st.sql)) {
      // EXEC sp_executesql ... in a batch: its statements, then its DONEPROC, run in the EXEC's place (and a
      // statement that follows it without a ';' after them).
      std::deque<Unit> inner;
      add_call(exec->call, inner);
      if (exec->rest > 0) {
        PendingStatement rest = st;
        rest.line += static_cast<int>(std::count(st.sql.begin(), st.sql.begin() + static_cast<std::ptrdiff_t>(exec->rest), '\n'));
        rest.sql = blank_before(st.sql, exec->rest);
        const SqlTokens tokens = tokenize_sql(std::string_view(rest.sql).substr(exec->rest));
        rest.first_word = !tokens.tokens.empty() ? to_upper_ascii(tokens.tokens[0].text) : "";
        inner.push_back(std::move(rest));
      }
      units_.pop_front();
      units_.insert(units_.begin(), std::make_move_iterator(inner.begin()), std::make_move_iterator(inner.end()));
      return std::nullopt;
    }
    if (std::optional<ProbeAnswer> answer = answer_probe(st.sql, state_, context_.server)) {
      if (answer->database) tds::write_envchange_database(out, *answer->database, *answer->database);
      for (tds::ServerMessage m : answer->messages) {
        m.line = line;
        tds::write_info(out, m, state_.version);
      }
      if (answer->rest > 0) {
        // The statement goes on with one that is not about the session: it stays at the front, the part run blanked.
        st.line += static_cast<int>(std::count(st.sql.begin(), st.sql.begin() + static_cast<std::ptrdiff_t>(answer->rest), '\n'));
        st.sql = blank_before(st.sql, answer->rest);
        const SqlTokens rest = tokenize_sql(std::string_view(st.sql).substr(answer->rest));
        st.first_word = !rest.tokens.empty() && rest.tokens[0].kind == SqlTokenKind::Word ? to_upper_ascii(rest.tokens[0].text) : "";
      } else {
        units_.pop_front();
      }
      state_.last_error = 0;
      if (answer->result) write_local_result(out, *answer->result, in_proc);
      else write_statement_done(out, in_proc, 0, tds::done_command::kNone, 0);
      return std::nullopt;
    }
    check_no_variables(st.sql);
    return substitute_system_variables(st.sql, state_, context_.server);
  } catch (const SqlError& e) {
    units_.pop_front();
    write_error(out, e, line, in_proc);
    return std::nullopt;
  }
}

SessionStep Session::advance(tds::Buffer& out, size_t flush_at) {
  while (true) {
    if (streaming_) {
      if (streaming_->stream->write_rows(out, flush_at)) return step(SessionStep::Kind::Flush);
      finish_stream(out);
      continue;
    }
    if (out.size() >= flush_at) return step(SessionStep::Kind::Flush);
    if (units_.empty()) return step(SessionStep::Kind::Finished);
    Unit& unit = units_.front();
    if (PendingStatement* st = std::get_if<PendingStatement>(&unit)) {
      if (std::optional<std::string> sql = run_here_or_prepare(*st, out))
        return step(SessionStep::Kind::RunStatement, std::move(*sql), state_.statement_timeout_ms);
    } else if (ProcEnd* end = std::get_if<ProcEnd>(&unit)) {
      const ProcEnd done = std::move(*end);
      units_.pop_front();
      if (!done.failed) {
        tds::write_return_status(out, 0);
        for (const tds::ReturnValue& v : done.outputs) tds::write_return_value(out, v, state_.version);
      }
      tds::Done d;
      d.status = (done.failed ? tds::done_status::kError : 0) | (more_follows() ? tds::done_status::kMore : 0);
      tds::write_done_proc(out, d, state_.version);
    } else if (RequestError* error = std::get_if<RequestError>(&unit)) {
      const RequestError e = std::move(*error);
      units_.pop_front();
      write_error(out, e.error, e.line, e.in_proc);
    } else {
      units_.pop_front();
      write_statement_done(out, false, 0, tds::done_command::kNone, 0);
    }
  }
}

void Session::statement_finished(StatementOutcome outcome, tds::Buffer& out) {
  PendingStatement* front = units_.empty() ? nullptr : std::get_if<PendingStatement>(&units_.front());
  if (!front) throw std::logic_error("Session::statement_finished: no statement was running");
  const PendingStatement st = std::move(*front);
  units_.pop_front();
  if (!outcome.result) {
    const EngineErrorMessage m = engine_error_message(
        outcome.error ? *outcome.error : tessera::Error("the statement failed", ErrorKind::Internal));
    write_error(out, m.error, m.line > 0 ? m.line : st.line, st.in_proc);
    return;
  }
  engine::QueryResult& r = *outcome.result;
  for (const std::string& text : r.messages) {
    const EngineErrorMessage m = engine_error_message(text);
    const bool numbered = m.error.number() != kNotSupported;
    tds::ServerMessage info{numbered ? m.error.number() : 0, 1, 10, m.error.what(), context_.server.server_name, "",
                            m.line > 0 ? m.line : st.line};
    tds::write_info(out, info, state_.version);
  }
  state_.statement_ran(r.rows_affected >= 0 || !only_reads(st.first_word));
  state_.last_error = 0;
  const uint16_t command = command_of(st.first_word);
  if (r.names.empty()) {
    state_.last_rowcount = std::max<int64_t>(r.rows_affected, 0);
    const bool counted = r.rows_affected >= 0;
    write_statement_done(out, st.in_proc, counted ? tds::done_status::kCount : 0, command,
                         counted ? static_cast<uint64_t>(r.rows_affected) : 0);
    return;
  }
  auto streaming = std::make_unique<Streaming>();
  streaming->result = std::move(r);
  streaming->in_proc = st.in_proc;
  streaming->command = command;
  try {
    streaming->stream = std::make_unique<ResultStream>(streaming->result, state_.version);
  } catch (const std::exception& e) {  // a result the codec cannot describe: the engine's bug, said as such
    write_error(out, not_supported(std::string("the result cannot be sent: ") + e.what()), st.line, st.in_proc);
    return;
  }
  streaming->stream->write_metadata(out);
  state_.last_rowcount = streaming->result.rows;
  streaming_ = std::move(streaming);
}

void Session::finish_stream(tds::Buffer& out) {
  const uint64_t rows = static_cast<uint64_t>(streaming_->stream->rows());
  const bool in_proc = streaming_->in_proc;
  const uint16_t command = streaming_->command;
  streaming_.reset();
  write_statement_done(out, in_proc, tds::done_status::kCount, command, rows);
}

void Session::interrupt(tds::Buffer& out) {
  const bool in_proc = streaming_ ? streaming_->in_proc : false;
  units_.clear();
  streaming_.reset();
  write_statement_done(out, in_proc, tds::done_status::kError, tds::done_command::kNone, 0);
}

}  // namespace tessera::server
