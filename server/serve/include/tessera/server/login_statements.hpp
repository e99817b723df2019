// CREATE LOGIN, ALTER LOGIN and DROP LOGIN, run by the session against the login store (never by the engine):
//
//   CREATE LOGIN name WITH PASSWORD = 'pw' [, CHECK_POLICY = ON|OFF] [, CHECK_EXPIRATION = OFF]
//                                          [, DEFAULT_DATABASE = <this database>] [, DEFAULT_LANGUAGE = us_english]
//   ALTER LOGIN name WITH PASSWORD = 'pw' [OLD_PASSWORD = 'old'] [, CHECK_POLICY = ...]
//   DROP LOGIN name
//
// Only sa may run them, except that a login may change its own password by giving its OLD_PASSWORD (as in SQL
// Server). SQL Server's messages: no permission 15247; CREATE of an existing login 15025; ALTER or DROP of a
// missing one 15151; DROP LOGIN sa 15405; dropping a login that is logged in 15434; a password breaking the
// policy (8 to 128 characters unless CHECK_POLICY = OFF) 15116/15115. What SQL Server has and Tessera does not
// (Windows logins, HASHED passwords, MUST_CHANGE, ENABLE/DISABLE, renaming) is refused saying so.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "tessera/server/logins.hpp"
#include "tessera/server/server_identity.hpp"
#include "tessera/server/session_state.hpp"

namespace tessera::server {

struct LoginStatementContext {
  LoginStore& logins;
  const ServerIdentity& server;
  // Whether a session is logged in as `login` now (DROP LOGIN refuses it, as SQL Server does).
  std::function<bool(std::string_view login)> is_logged_in;
};

// nullopt when `statement` is not a login statement. Otherwise runs it and returns the line for the server log
// ("sa created login 'app'"; never a password). SqlError with SQL Server's message when it cannot.
std::optional<std::string> run_login_statement(std::string_view statement, const SessionState& session,
                                               const LoginStatementContext& context);

}  // namespace tessera::server
