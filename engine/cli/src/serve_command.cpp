#include "serve_command.hpp"

#include <cstdlib>
#include <iostream>

#include "engine_options.hpp"
#include "tessera/engine/database.hpp"
#include "tessera/server/logins.hpp"
#include "tessera/server/server_identity.hpp"
#include "tessera/server/server_log.hpp"
#include "tessera/server/tds_server.hpp"
#include "tessera/server/tls_context.hpp"

namespace tessera::cli {

int run_serve(const ServeCommandOptions& s) {
  const RunOptions& o = s.engine;
  server::ServerLog log(std::cerr);
  const char* sa_password = std::getenv(server::kSaPasswordVariable);
  // Refused before the database is opened, so a first start without a password creates nothing.
  server::LoginStore logins(o.database);
  server::require_administrator_password(logins, sa_password);
  // The certificate too: a wrong file is said before the database is opened.
  std::shared_ptr<const server::TlsContext> tls;
  if (!s.tls_certificate.empty()) tls = server::TlsContext::from_files(s.tls_certificate, s.tls_key);

  log.line("opening the database '" + o.database + "'");
  engine::Database db(engine_options(o, std::cerr));
  for (const std::string& w : db.warnings()) log.line("warning: " + w);
  const std::string administrator = server::ensure_administrator(logins, sa_password);
  if (!administrator.empty()) log.line(administrator);
  log.line("engine: " + db.gpu_engine_status() + "; scalar functions of CPU operators on the " + db.function_device());

  server::ServerOptions so;
  so.host = s.host;
  so.port = s.port;
  so.io_threads = s.io_threads;
  so.statement_timeout_ms = o.statement_timeout_ms;
  so.tls = tls;
  log.line(tls ? "TLS: " + tls->description() + " (clients asking for encryption get it)"
               : "TLS: none (no --tls-cert): clients that require encryption are refused");
  server::TdsServer tds(so, db, logins, server::make_server_identity(o.database, o.case_insensitive), log);
  tds.run(/*stop_on_signals=*/true);
  return 0;
}

}  // namespace tessera::cli
