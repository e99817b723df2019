#include "tessera/server/login_statements.hpp"

#include <vector>

#include "tessera/server/sql_error.hpp"
#include "tessera/server/sql_tokens.hpp"

namespace tessera::server {

namespace {

using Tokens = std::vector<SqlToken>;

SqlError syntax_error_near(const Tokens& t, size_t i) {
  const std::string near = i < t.size() ? std::string(t[i].text) : "end of statement";
  return SqlError(102, 15, 1, "Incorrect syntax near '" + near + "'.");
}

SqlError no_permission() { return SqlError(15247, 16, 1, "User does not have permission to perform this action."); }

struct LoginOptions {
  std::optional<std::string> password;
  std::optional<std::string> old_password;
  bool check_policy = true;
};

// The WITH list at `i`: PASSWORD = '...' [OLD_PASSWORD = '...'] [, option = value]...
LoginOptions read_options(const Tokens& t, size_t i, const ServerIdentity& server, bool alter) {
  LoginOptions o;
  const auto expect_equals = [&](size_t at) {
    if (at >= t.size() || !t[at].is_symbol("=")) throw syntax_error_near(t, at);
  };
  const auto string_value = [&](size_t at) -> std::string {
    if (at >= t.size() || t[at].kind != SqlTokenKind::String) throw syntax_error_near(t, at);
    if (t[at].unterminated) throw SqlError(105, 15, 1, "Unclosed quotation mark after the character string.");
    return t[at].value;
  };
  while (i < t.size()) {
    const SqlToken& name = t[i];
    if (name.is("PASSWORD")) {
      expect_equals(i + 1);
      if (i + 2 < t.size() && t[i + 2].kind == SqlTokenKind::Number)
        throw not_supported("HASHED passwords are not supported: give the password as a string");
      o.password = string_value(i + 2);
      i += 3;
      if (i < t.size() && t[i].is("HASHED")) throw not_supported("HASHED passwords are not supported: give the password itself");
      if (i < t.size() && t[i].is("MUST_CHANGE"))
        throw not_supported("MUST_CHANGE is not supported: Tessera's logins do not expire");
      if (alter && i < t.size() && t[i].is("OLD_PASSWORD")) {
        expect_equals(i + 1);
        o.old_password = string_value(i + 2);
        i += 3;
      }
      if (alter && i < t.size() && t[i].is("UNLOCK")) ++i;  // logins are never locked: nothing to unlock
    } else if (name.is("CHECK_POLICY") || name.is("CHECK_EXPIRATION")) {
      expect_equals(i + 1);
      if (i + 2 >= t.size() || !(t[i + 2].is("ON") || t[i + 2].is("OFF"))) throw syntax_error_near(t, i + 2);
      const bool on = t[i + 2].is("ON");
      if (name.is("CHECK_POLICY")) o.check_policy = on;
      else if (on) throw not_supported("CHECK_EXPIRATION = ON is not supported: Tessera's logins do not expire");
      i += 3;
    } else if (name.is("DEFAULT_DATABASE")) {
      expect_equals(i + 1);
      if (i + 2 >= t.size() || !t[i + 2].is_name()) throw syntax_error_near(t, i + 2);
      if (!iequals(t[i + 2].value, server.database_name))
        throw SqlError(911, 16, 1, "Database '" + t[i + 2].value + "' does not exist. Make sure that the name is entered "
                                   "correctly. (This server has one database, '" + server.database_name + "'.)");
      i += 3;
    } else if (name.is("DEFAULT_LANGUAGE")) {
      expect_equals(i + 1);
      if (i + 2 >= t.size() || !t[i + 2].is_name()) throw syntax_error_near(t, i + 2);
      if (!iequals(t[i + 2].value, "us_english") && !iequals(t[i + 2].value, "English"))
        throw not_supported("DEFAULT_LANGUAGE " + t[i + 2].value + " is not supported: Tessera's language is us_english");
      i += 3;
    } else if (name.is("NAME") || name.is("SID") || name.is("CREDENTIAL") || name.is("NO")) {
      throw not_supported(to_upper_ascii(name.text) + " in a login's options is not supported");
    } else {
      throw syntax_error_near(t, i);
    }
    if (i == t.size()) break;
    if (!t[i].is_symbol(",")) throw syntax_error_near(t, i);
    ++i;
  }
  return o;
}

void check_policy(const LoginOptions& o) {
  if (!o.check_policy) return;
  const std::string problem = password_policy_problem(*o.password);
  if (problem.empty()) return;
  const bool too_short = problem.find("too short") != std::string::npos;
  throw SqlError(too_short ? 15116 : 15115, 16, 1,
                 std::string("Password validation failed. The password does not meet policy requirements because it is ") +
                     (too_short ? "too short" : "too long") + ". (Tessera: " + problem + ".)");
}

bool is_administrator(const SessionState& s) { return iequals(s.login, kAdministratorLogin); }

}  // namespace

std::optional<std::string> run_login_statement(std::string_view statement, const SessionState& session,
                                               const LoginStatementContext& ctx) {
  const SqlTokens tokens = tokenize_sql(statement);
  const Tokens& t = tokens.tokens;
  if (t.size() < 2 || !t[1].is("LOGIN") || !(t[0].is("CREATE") || t[0].is("ALTER") || t[0].is("DROP"))) return std::nullopt;
  if (t.size() < 3 || !t[2].is_name()) throw syntax_error_near(t, 2);
  const std::string name = t[2].value;
  const std::string who = session.login;

  if (t[0].is("DROP")) {
    if (t.size() > 3) throw syntax_error_near(t, 3);
    if (!is_administrator(session)) throw no_permission();
    if (iequals(name, kAdministratorLogin)) throw SqlError(15405, 16, 1, "Cannot use the special principal 'sa'.");
    if (!ctx.logins.exists(name))
      throw SqlError(15151, 16, 1, "Cannot drop the login '" + name + "', because it does not exist or you do not have permission.");
    if (ctx.is_logged_in && ctx.is_logged_in(name))
      throw SqlError(15434, 16, 1, "Could not drop login '" + name + "' as the user is currently logged in.");
    try {
      ctx.logins.drop(name);
    } catch (const LoginError& e) {
      throw SqlError(15151, 16, 1, std::string("Cannot drop the login '") + name + "': " + e.what());
    }
    return who + " dropped login '" + name + "'";
  }

  if (t.size() > 3 && t[3].is("FROM"))
    throw not_supported("logins FROM WINDOWS, CERTIFICATE or EXTERNAL PROVIDER are not supported: Tessera has SQL Server "
                        "logins with passwords only");
  if (t.size() > 3 && (t[3].is("ENABLE") || t[3].is("DISABLE")))
    throw not_supported("ALTER LOGIN ... " + to_upper_ascii(t[3].text) + " is not supported: drop the login instead");
  if (t.size() < 4 || !t[3].is("WITH")) throw syntax_error_near(t, 3);
  const bool alter = t[0].is("ALTER");
  const LoginOptions options = read_options(t, 4, ctx.server, alter);
  if (!options.password) throw syntax_error_near(t, t.size());

  if (!alter) {
    if (!is_administrator(session)) throw no_permission();
    const std::string problem = login_name_problem(name);
    if (!problem.empty()) throw not_supported("CREATE LOGIN " + name + ": " + problem);
    if (ctx.logins.exists(name)) throw SqlError(15025, 16, 1, "The server principal '" + name + "' already exists.");
    check_policy(options);
    try {
      ctx.logins.create(name, *options.password);
    } catch (const LoginError& e) {
      throw SqlError(15025, 16, 1, std::string("Cannot create the login '") + name + "': " + e.what());
    }
    return who + " created login '" + name + "'";
  }

  // ALTER LOGIN: sa, or a login changing its own password with the old one.
  const SqlError cannot_alter(15151, 16, 1, "Cannot alter the login '" + name +
                                                "', because it does not exist or you do not have permission.");
  if (!is_administrator(session)) {
    if (!iequals(name, session.login)) throw cannot_alter;
    if (!options.old_password) throw no_permission();
    if (!ctx.logins.verify(name, *options.old_password)) throw cannot_alter;
  }
  if (!ctx.logins.exists(name)) throw cannot_alter;
  check_policy(options);
  try {
    ctx.logins.set_password(name, *options.password);
  } catch (const LoginError& e) {
    throw SqlError(15151, 16, 1, std::string("Cannot alter the login '") + name + "': " + e.what());
  }
  return who + " changed the password of login '" + name + "'";
}

}  // namespace tessera::server
