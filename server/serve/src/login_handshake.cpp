#include "tessera/server/login_handshake.hpp"

#include "tessera/server/sql_tokens.hpp"
#include "tessera/tds/packet.hpp"
#include "tessera/tds/result_writer.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::server {

namespace {

constexpr std::string_view kLanguage = "us_english";

void write_login_error(tds::Buffer& out, int32_t number, uint8_t severity, const std::string& text,
                       const ServerIdentity& server, tds::TdsVersion version) {
  tds::write_error(out, {number, 1, severity, text, server.server_name, "", 1}, version);
}

LoginOutcome refuse(const tds::Login7& login, const ServerIdentity& server, tds::TdsVersion version,
                    const std::string& reason, bool wrong_database = false) {
  LoginOutcome o;
  if (wrong_database)
    write_login_error(o.response, 4060, 11, "Cannot open database \"" + login.database +
                                                "\" requested by the login. The login failed.", server, version);
  if (login.integrated_security())
    write_login_error(o.response, 18452, 14, "Login failed. The login is from an untrusted domain and cannot be used "
                                             "with Integrated authentication.", server, version);
  else
    write_login_error(o.response, 18456, 14, "Login failed for user '" + login.user_name + "'.", server, version);
  tds::write_done(o.response, {tds::done_status::kError, 0, 0}, version);
  o.log_line = "login failed for user '" + login.user_name + "': " + reason;
  return o;
}

}  // namespace

LoginOutcome answer_login(const tds::Login7& login, const LoginStore& logins, const ServerIdentity& server,
                          uint16_t spid, int64_t statement_timeout_ms) {
  const tds::TdsVersion version = tds::negotiate_version(login.tds_version);
  if (login.integrated_security())
    return refuse(login, server, version, "integrated (SSPI/Kerberos) authentication; Tessera has SQL logins only");
  if (login.wants_password_change())
    return refuse(login, server, version, "the client asked to change the password while logging in (not supported; "
                                          "use ALTER LOGIN)");
  if (login.user_name.empty()) return refuse(login, server, version, "no user name (no anonymous access)");
  if (!logins.verify(login.user_name, login.password))
    return refuse(login, server, version,
                  logins.exists(login.user_name) ? "wrong password" : "no such login");
  if (!login.database.empty() && !iequals(login.database, server.database_name))
    return refuse(login, server, version,
                  "it asked for database '" + login.database + "'; this server has '" + server.database_name + "'", true);

  LoginOutcome o;
  o.accepted = true;
  o.packet_size = tds::negotiate_packet_size(login.packet_size);
  SessionState& s = o.state;
  s.login = login.user_name;
  s.app_name = login.app_name;
  s.host_name = login.host_name;
  s.spid = spid;
  s.version = version;
  s.default_statement_timeout_ms = statement_timeout_ms;
  s.statement_timeout_ms = statement_timeout_ms;

  tds::Buffer& out = o.response;
  const tds::ServerMessage changed_database{5701, 2, 0, "Changed database context to '" + server.database_name + "'.",
                                            server.server_name, "", 1};
  const tds::ServerMessage changed_language{5703, 1, 0, "Changed language setting to us_english.", server.server_name, "", 1};
  tds::write_envchange_database(out, server.database_name, "master");
  tds::write_info(out, changed_database, version);
  tds::write_envchange_collation(out);
  tds::write_envchange_language(out, kLanguage, "");
  tds::write_info(out, changed_language, version);
  tds::write_loginack(out, version, "Tessera", server.program_version);
  tds::write_envchange_packet_size(out, o.packet_size, tds::kDefaultPacketSize);
  tds::write_done(out, {tds::done_status::kFinal, 0, 0}, version);
  o.log_line = "login '" + login.user_name + "' from " + (login.app_name.empty() ? "an unnamed program" : "'" + login.app_name + "'") +
               " (" + (login.library_name.empty() ? "?" : login.library_name) + ", TDS " +
               std::string(tds::version_name(version)) + ", packet size " + std::to_string(o.packet_size) + ")";
  return o;
}

}  // namespace tessera::server
