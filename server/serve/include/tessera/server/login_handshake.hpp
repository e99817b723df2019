// A client's LOGIN7 answered: who it is, whether its password is right, and the login response -- on success
// ENVCHANGE (database, collation, language), LOGINACK in the negotiated TDS version, ENVCHANGE (packet size) and
// DONE; on failure SQL Server's ERROR and DONE(ERROR), after which the server closes the connection:
//   a wrong login or password                 Msg 18456, Level 14, State 1 "Login failed for user 'x'."
//   integrated (SSPI) login                   Msg 18452 (SQL logins only)
//   a database other than the server's one    Msg 4060, then 18456
// The reason stays in the server's log (with the client's address), never in the client's message, as in SQL
// Server. Checking the password takes about 0.1 s of CPU (Argon2id) by design.
#pragma once

#include <cstdint>
#include <string>

#include "tessera/server/logins.hpp"
#include "tessera/server/server_identity.hpp"
#include "tessera/server/session_state.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/login7.hpp"

namespace tessera::server {

struct LoginOutcome {
  bool accepted = false;
  tds::Buffer response;     // the TabularResult payload
  SessionState state;       // accepted: the new session's
  uint32_t packet_size = 0; // accepted: the negotiated packet size
  std::string log_line;     // for the server log: who, how, and why a login failed
};

// ProtocolError (from negotiate_version) for a TDS version Tessera does not speak.
LoginOutcome answer_login(const tds::Login7& login, const LoginStore& logins, const ServerIdentity& server,
                          uint16_t spid, int64_t statement_timeout_ms);

}  // namespace tessera::server
