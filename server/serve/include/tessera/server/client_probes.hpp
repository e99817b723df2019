// The statements clients send about the session rather than the data -- on connect, around their queries and at
// commit -- answered by the session itself, never queued for the engine (which has no SET options, no variables
// and no transactions; and a connecting client must not wait behind another session's long query):
//
//   SET <options>                        ANSI_NULLS, QUOTED_IDENTIFIER, NOCOUNT, TEXTSIZE, LANGUAGE, DATEFORMAT,
//                                        DATEFIRST, TRANSACTION ISOLATION LEVEL, IMPLICIT_TRANSACTIONS, ... --
//                                        several in one statement, with or without ';' between them, as tedious
//                                        and pymssql send them. A value the engine cannot honour (ANSI_NULLS OFF,
//                                        DATEFIRST 1, LANGUAGE Deutsch, ROWCOUNT 10) is an error saying what
//                                        Tessera does; an unknown option is Msg 195.
//   USE <database>                       the one database (ENVCHANGE), else Msg 911
//   BEGIN TRAN, COMMIT, ROLLBACK, SAVE TRAN, IF @@TRANCOUNT > 0 COMMIT|ROLLBACK [...]   (session_state.hpp)
//   SELECT <system values> [AS name], ...   with no FROM: @@VERSION, @@SPID, @@TRANCOUNT, @@SERVERNAME,
//                                        @@OPTIONS, ..., DB_NAME(), DB_ID(), SERVERPROPERTY('...'), SCHEMA_NAME(),
//                                        USER_NAME(), SUSER_SNAME(), SYSTEM_USER, APP_NAME(), HOST_NAME(),
//                                        CAST(<one of these> AS <type>)
//
// Statements that also read data go to the engine, with their @@system variables replaced by literals
// (substitute_system_variables), so SELECT @@SPID AS spid, COUNT(*) FROM orders works too.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/server/server_identity.hpp"
#include "tessera/server/session_state.hpp"
#include "tessera/tds/result_writer.hpp"

namespace tessera::server {

// A result set the session answers itself.
struct LocalResult {
  std::vector<tds::Column> columns;
  std::vector<std::vector<tds::Value>> rows;
};

struct ProbeAnswer {
  std::optional<LocalResult> result;            // SELECT @@VERSION, ...: one row
  std::optional<std::string> database;          // USE: the database now current (an ENVCHANGE)
  std::vector<tds::ServerMessage> messages;     // INFO tokens (5701 after USE)
  // > 0: the statement goes on at this byte with a statement that is not a probe ("SET NOCOUNT ON SELECT 1"
  // without a ';'): the session runs that part as a statement of its own.
  size_t rest = 0;
};

// nullopt when `statement` is not a probe (the engine runs it). SqlError for a probe asking for what Tessera does
// not do, or a malformed one (Msg 102).
std::optional<ProbeAnswer> answer_probe(std::string_view statement, SessionState& state, const ServerIdentity& server);

// `sql` with each @@system variable replaced by its value as a typed literal (@@SPID -> CAST(52 AS SMALLINT));
// Msg 137 for one SQL Server does not have either.
std::string substitute_system_variables(std::string_view sql, const SessionState& state, const ServerIdentity& server);

// The transaction counter's rules (session_state.hpp), shared by the SQL statements and the transaction manager
// requests: COMMIT and ROLLBACK without a transaction are Msg 3902 and 3903; ROLLBACK after changes is an error
// saying they stay committed.
void begin_transaction(SessionState& state);
void commit_transaction(SessionState& state);
void rollback_transaction(SessionState& state);

}  // namespace tessera::server
