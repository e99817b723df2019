// One client connection (private to the server): the TDS state machine over its socket.
//
//   connected -> PRELOGIN (ENCRYPTION decided: tds::decide_encryption) -> [the TLS handshake inside PRELOGIN
//   packets] -> LOGIN7 (through TLS when encrypted; after the address's throttle delay; the password checked on the
//   hashing thread) -> [TLS dropped when it covered the login only] -> requests, answered by a Session
//
// With TLS every byte read goes through the TlsSession before the message assembler, and every byte sent through
// it after the token writers: the state machine above it does not change.
//
// The connection's coroutine keeps reading while a request is answered (by a second coroutine on the same strand),
// so an ATTENTION cancels the statement in the engine and the response ends with DONE(ATTN). Anything the client
// does wrong -- a malformed or oversized message, a second request before the first is answered (MARS), going
// away mid-result -- ends this connection only, with a line in the log.
#pragma once

#include <array>
#include <functional>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "asio.hpp"
#include "tessera/server/login_handshake.hpp"
#include "tessera/server/login_throttle.hpp"
#include "tessera/server/query_queue.hpp"
#include "tessera/server/session.hpp"
#include "tessera/server/server_log.hpp"
#include "tessera/server/tds_server.hpp"
#include "tessera/server/tls_session.hpp"
#include "tessera/tds/packet.hpp"

namespace tessera::server {

class Connection;

// What the connections of one server share.
struct ServerShared {
  ServerShared(ServerOptions o, QueryQueue& q, LoginStore& l, ServerIdentity id, ServerLog& lg, asio::thread_pool& hashing);

  ServerOptions options;
  QueryQueue& queue;
  LoginStore& logins;
  ServerIdentity identity;
  ServerLog& log;
  asio::thread_pool& hashing;  // Argon2id off the I/O threads
  LoginThrottle throttle;
  SessionContext session_context;
  std::atomic<uint32_t> next_spid{51};  // SQL Server's user sessions start at 51

  // The live connections (for stop) and who is logged in (for DROP LOGIN).
  std::mutex mutex;
  std::map<uint64_t, std::weak_ptr<Connection>> connections;
  uint64_t next_connection = 0;
  std::map<std::string, int> logged_in;  // upper-cased login name -> sessions

  bool is_logged_in(std::string_view login);
  uint16_t take_spid();
};

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, std::shared_ptr<ServerShared> shared, uint64_t id);
  ~Connection();

  void start();
  // From any thread: closes the socket, which ends the connection (a running statement is cancelled).
  void close();

 private:
  asio::awaitable<void> run();
  asio::awaitable<std::optional<tds::Message>> read_message();
  // The next bytes off the socket (TLS records when encrypted); empty at the end of the stream or on an error,
  // which it logs.
  asio::awaitable<std::span<const uint8_t>> read_some();
  // PRELOGIN's TLS handshake; false (logged) when the client went away or broke it.
  asio::awaitable<bool> tls_handshake();
  // `bytes` must live until the send is done (a local of the caller: see check_login on temporaries).
  asio::awaitable<void> send(const tds::Buffer& bytes);
  asio::awaitable<bool> log_in(tds::Message first);
  asio::awaitable<LoginOutcome> check_login(const tds::Login7& login, uint16_t spid);
  // Answers the request, then any that came meanwhile (pending_); clears busy_ when done.
  asio::awaitable<void> serve_request(tds::Message first);
  asio::awaitable<StatementOutcome> run_on_engine(std::string sql, int64_t timeout_ms);
  asio::awaitable<void> acknowledge_attention();
  tds::Buffer attention_message() const;
  void on_attention();
  void request_ended(std::exception_ptr error);
  void close_now();
  void log(const std::string& text);

  tcp::socket socket_;
  asio::any_io_executor strand_;
  std::shared_ptr<ServerShared> shared_owner_;
  ServerShared& shared_;
  uint64_t id_;
  std::string peer_;     // "127.0.0.1:51234"
  std::string address_;  // "127.0.0.1": what the login throttle counts
  uint16_t spid_ = 0;
  uint32_t packet_size_ = tds::kDefaultPacketSize;
  std::string login_;    // after a successful login
  tds::MessageAssembler assembler_;
  std::array<uint8_t, 16384> read_buffer_{};
  std::optional<Session> session_;
  asio::steady_timer login_deadline_;
  bool closed_ = false;
  bool busy_ = false;       // a request (or an attention's acknowledgement) is being answered
  bool attention_ = false;  // the client cancelled the request being answered
  std::optional<tds::Message> pending_;  // a request that came before the answer to the last one had ended
  std::unique_ptr<TlsSession> tls_;      // while encrypted: every byte in and out goes through it
  tds::Buffer plaintext_;                // what tls_ decrypted from the last read
  std::shared_ptr<QueryQueue::Ticket> ticket_;  // the statement in the engine, if any
  // The coroutine waiting for that statement: resumed by the engine's outcome or, on ATTENTION, at once.
  struct EngineWait {
    std::function<void(StatementOutcome)> resume;
    bool done = false;
    void finish(StatementOutcome outcome);
  };
  std::shared_ptr<EngineWait> engine_wait_;
};

}  // namespace tessera::server
