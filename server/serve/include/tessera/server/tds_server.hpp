// `tessera serve`'s network side: a TCP listener speaking TDS to SQL Server's clients, on Boost.Asio. One
// coroutine per connection (connection.cpp: pre-login, login, then requests, reading on while a request runs so
// that an ATTENTION is seen), a small pool of I/O threads, one engine thread behind the query queue
// (query_queue.hpp), and one thread for password hashing so that a login never stalls the I/O threads.
//
// With a certificate (ServerOptions::tls) the clients that ask for it get TLS as TDS 7.x negotiates it: the
// handshake inside PRELOGIN packets, then the login only or the whole connection encrypted (tls_session.hpp).
//
// Bad input costs its own connection at most: a malformed or oversized message, a truncated stream, a client that
// vanishes mid-result each end that connection with a line in the log; the server and the other sessions go on.
// This header keeps Asio out of its users (only tds_server.cpp and connection.cpp include it).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "tessera/engine/database.hpp"
#include "tessera/server/logins.hpp"
#include "tessera/server/server_identity.hpp"
#include "tessera/server/server_log.hpp"
#include "tessera/server/tls_context.hpp"

namespace tessera::server {

struct ServerOptions {
  std::string host = "127.0.0.1";  // only this machine unless told otherwise
  uint16_t port = 1433;            // 0: any free port (tests; port() says which)
  int io_threads = 2;
  int64_t statement_timeout_ms = 0;  // each session's time limit per statement (0: none)
  size_t max_connections = 256;      // beyond: a new connection is closed at once, with a log line
  std::chrono::milliseconds login_timeout{30000};  // from connecting to a finished login, the TLS handshake included
  // The certificate and key (--tls-cert, --tls-key): clients that ask for encryption get TLS (PRELOGIN's ENCRYPT,
  // tds::decide_encryption). Null: no TLS, and clients that require it are refused.
  std::shared_ptr<const TlsContext> tls;
};

class TdsServer {
 public:
  // Listens on host:port; std::runtime_error naming them when it cannot (in use, no such address).
  TdsServer(ServerOptions options, engine::Database& db, LoginStore& logins, ServerIdentity identity, ServerLog& log);
  ~TdsServer();
  TdsServer(const TdsServer&) = delete;
  TdsServer& operator=(const TdsServer&) = delete;

  uint16_t port() const;

  // Serves until stop() is called or, with `stop_on_signals`, SIGINT or SIGTERM arrives; then closes every
  // connection (a running statement is cancelled) and returns once the last one is gone.
  void run(bool stop_on_signals);
  // From any thread.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera::server
