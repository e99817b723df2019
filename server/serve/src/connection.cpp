#include "connection.hpp"

#include <boost/system/system_error.hpp>

#include "tessera/server/login_handshake.hpp"
#include "tessera/server/sql_tokens.hpp"
#include "tessera/tds/attention.hpp"
#include "tessera/tds/login7.hpp"
#include "tessera/tds/prelogin.hpp"
#include "tessera/tds/protocol_error.hpp"

namespace tessera::server {

namespace {

std::string packet_type_name(tds::PacketType t) {
  switch (t) {
    case tds::PacketType::SqlBatch: return "SQL batch";
    case tds::PacketType::Rpc: return "RPC";
    case tds::PacketType::TabularResult: return "tabular result";
    case tds::PacketType::Attention: return "attention";
    case tds::PacketType::BulkLoad: return "bulk load";
    case tds::PacketType::FederatedAuthToken: return "federated authentication token";
    case tds::PacketType::TransactionManager: return "transaction manager request";
    case tds::PacketType::Login7: return "LOGIN7";
    case tds::PacketType::Sspi: return "SSPI";
    case tds::PacketType::Prelogin: return "PRELOGIN";
  }
  return "type " + std::to_string(static_cast<int>(t));
}

// The server's own version in PRELOGIN, matching LOGINACK's.
tds::ProductVersion prelogin_version(const ServerIdentity& id) {
  return {id.program_version.major, id.program_version.minor, id.program_version.build, 0};
}

}  // namespace

ServerShared::ServerShared(ServerOptions o, QueryQueue& q, LoginStore& l, ServerIdentity id, ServerLog& lg,
                           asio::thread_pool& h)
    : options(std::move(o)), queue(q), logins(l), identity(std::move(id)), log(lg), hashing(h),
      session_context{identity, logins, [this](std::string_view login) { return is_logged_in(login); },
                      [this](const std::string& line) { log.line(line); }} {}

bool ServerShared::is_logged_in(std::string_view login) {
  std::lock_guard lock(mutex);
  const auto it = logged_in.find(to_upper_ascii(login));
  return it != logged_in.end() && it->second > 0;
}

uint16_t ServerShared::take_spid() {
  // 51 .. 32767, then around again: an id stays unique while fewer than 32,717 sessions are open.
  const uint32_t n = next_spid.fetch_add(1);
  return static_cast<uint16_t>(51 + (n - 51) % (32767 - 51 + 1));
}

Connection::Connection(tcp::socket socket, std::shared_ptr<ServerShared> shared, uint64_t id)
    : socket_(std::move(socket)), strand_(socket_.get_executor()), shared_owner_(std::move(shared)), shared_(*shared_owner_), id_(id),
      login_deadline_(socket_.get_executor()) {
  boost::system::error_code ec;
  const tcp::endpoint peer = socket_.remote_endpoint(ec);
  address_ = ec ? "unknown" : peer.address().to_string();
  peer_ = ec ? "unknown" : address_ + ":" + std::to_string(peer.port());
  socket_.set_option(tcp::no_delay(true), ec);  // responses are whole messages: send them at once
}

Connection::~Connection() {
  std::lock_guard lock(shared_.mutex);
  shared_.connections.erase(id_);
  if (!login_.empty()) {
    const auto it = shared_.logged_in.find(to_upper_ascii(login_));
    if (it != shared_.logged_in.end() && --it->second <= 0) shared_.logged_in.erase(it);
  }
}

void Connection::log(const std::string& text) {
  shared_.log.line(peer_ + (spid_ ? " spid " + std::to_string(spid_) : std::string()) + ": " + text);
}

void Connection::start() {
  auto self = shared_from_this();
  asio::co_spawn(strand_, run(), [self](std::exception_ptr e) {
    if (!e) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      self->log(std::string("connection ended by an unexpected error: ") + ex.what());
    }
    self->close_now();
  });
}

void Connection::close() {
  asio::post(strand_, [self = shared_from_this()] { self->close_now(); });
}

void Connection::close_now() {
  if (closed_) return;
  closed_ = true;
  boost::system::error_code ec;
  socket_.shutdown(tcp::socket::shutdown_both, ec);
  socket_.close(ec);
  login_deadline_.cancel();
  if (ticket_) shared_.queue.cancel(ticket_);  // the client is gone: its statement need not finish
}

asio::awaitable<std::span<const uint8_t>> Connection::read_some() {
  boost::system::error_code ec;
  const size_t n = co_await socket_.async_read_some(asio::buffer(read_buffer_), asio::redirect_error(asio::use_awaitable, ec));
  if (ec) {
    if (!closed_ && ec != asio::error::eof && ec != asio::error::connection_reset)
      log("reading from the client failed: " + ec.message());
    else if (assembler_.mid_message() && !closed_)
      log("the client closed the connection in the middle of a message");
    co_return std::span<const uint8_t>();
  }
  co_return std::span<const uint8_t>(read_buffer_.data(), n);
}

asio::awaitable<std::optional<tds::Message>> Connection::read_message() {
  while (true) {
    if (std::optional<tds::Message> m = assembler_.next()) co_return m;
    const std::span<const uint8_t> bytes = co_await read_some();
    if (bytes.empty()) co_return std::nullopt;
    if (!tls_) {
      assembler_.feed(bytes);
      continue;
    }
    plaintext_.clear();
    const bool open = tls_->decrypt(bytes, plaintext_);
    assembler_.feed(plaintext_);
    if (!open) {  // the client ended TLS (close_notify): it is going
      if (std::optional<tds::Message> m = assembler_.next()) co_return m;
      co_return std::nullopt;
    }
  }
}

asio::awaitable<void> Connection::send(const tds::Buffer& bytes) {
  if (bytes.empty()) co_return;
  if (tls_) {
    const tds::Buffer records = tls_->encrypt(bytes);
    co_await asio::async_write(socket_, asio::buffer(records), asio::use_awaitable);
    co_return;
  }
  co_await asio::async_write(socket_, asio::buffer(bytes), asio::use_awaitable);
}

asio::awaitable<bool> Connection::tls_handshake() {
  auto self = shared_from_this();
  // The client starts TLS once it has read PRELOGIN's answer: nothing of its may be waiting in the assembler.
  if (assembler_.mid_message() || assembler_.has_ready())
    throw tds::ProtocolError("the client sent more after PRELOGIN before reading its answer");
  auto session = std::make_unique<TlsSession>(shared_.options.tls);
  while (!session->established()) {
    const std::span<const uint8_t> bytes = co_await read_some();
    if (bytes.empty()) {
      log("closed during the TLS handshake");
      co_return false;
    }
    const tds::Buffer reply = session->handshake(bytes);
    if (!reply.empty()) co_await asio::async_write(socket_, asio::buffer(reply), asio::use_awaitable);
  }
  tls_ = std::move(session);
  // Records the client sent right behind its last handshake packet (TLS 1.3: LOGIN7 may follow its Finished).
  plaintext_.clear();
  tls_->decrypt({}, plaintext_);
  assembler_.feed(plaintext_);
  co_return true;
}

asio::awaitable<void> Connection::run() {
  auto self = shared_from_this();
  log("connected");
  login_deadline_.expires_after(shared_.options.login_timeout);
  login_deadline_.async_wait([self](boost::system::error_code ec) {
    if (ec || self->session_) return;
    self->log("no login within " + std::to_string(self->shared_.options.login_timeout.count()) + " ms: closing");
    self->close_now();
  });
  try {
    std::optional<tds::Message> first = co_await read_message();
    if (!first) {
      log("closed before logging in");
      co_return;
    }
    const bool logged_in = co_await log_in(std::move(*first));
    if (!logged_in) {
      close_now();
      co_return;
    }
    while (true) {
      std::optional<tds::Message> m = co_await read_message();
      if (!m) break;
      if (m->type == tds::PacketType::Attention) {
        on_attention();
        continue;
      }
      if (busy_) {
        // A client sends its next request once it has read the response, which can be just before the coroutine
        // answering it has resumed: keep one. Two waiting requests are MARS (several requests at once).
        if (pending_)
          throw tds::ProtocolError("a " + packet_type_name(m->type) + " request arrived while two were unanswered "
                                   "(MARS, several requests at once, is not supported)");
        pending_ = std::move(*m);
        continue;
      }
      busy_ = true;
      asio::co_spawn(strand_, serve_request(std::move(*m)), [self](std::exception_ptr e) { self->request_ended(e); });
    }
    log("disconnected");
  } catch (const tds::ProtocolError& e) {
    log(std::string("protocol error, closing: ") + e.what());
  } catch (const TlsError& e) {
    log(std::string("TLS error, closing: ") + e.what());
  } catch (const boost::system::system_error& e) {
    if (!closed_) log(std::string("connection error, closing: ") + e.what());
  }
  close_now();
}

asio::awaitable<bool> Connection::log_in(tds::Message first) {
  auto self = shared_from_this();
  tds::Message message = std::move(first);
  tds::TlsScope tls_scope = tds::TlsScope::None;
  if (message.type == tds::PacketType::Prelogin) {
    const tds::Prelogin prelogin = tds::parse_prelogin(message.payload);
    const tds::EncryptionDecision decision = tds::decide_encryption(prelogin, shared_.options.tls != nullptr);
    const tds::Buffer response = tds::write_message(
        tds::PacketType::TabularResult, tds::write_prelogin_response({prelogin_version(shared_.identity), decision.answer}),
        tds::kDefaultPacketSize);
    co_await send(response);
    if (decision.refuse) {
      log("refused: " + decision.reason);
      co_return false;
    }
    tls_scope = decision.scope;
    if (tls_scope != tds::TlsScope::None) {
      const bool encrypted = co_await tls_handshake();
      if (!encrypted) co_return false;
    }
    std::optional<tds::Message> next = co_await read_message();
    if (!next) {
      log("closed after PRELOGIN, before logging in");
      co_return false;
    }
    message = std::move(*next);
  }
  if (message.type != tds::PacketType::Login7)
    throw tds::ProtocolError("expected LOGIN7, got a " + packet_type_name(message.type) + " message");
  if (tls_) {
    log("TLS (" + tls_->description() + ") for " +
        (tls_scope == tds::TlsScope::LoginOnly ? "the login only (the client asked for no more)" : "the whole connection"));
    if (tls_scope == tds::TlsScope::LoginOnly) {
      // As SQL Server: the client encrypted LOGIN7 alone and reads the answer in clear. It sends nothing more
      // before that answer, so nothing of TLS is left.
      if (assembler_.mid_message() || assembler_.has_ready())
        throw tds::ProtocolError("the client sent more after its encrypted LOGIN7 before reading the answer");
      tls_.reset();
    }
  }
  const tds::Login7 login = tds::parse_login7(message.payload);

  // Slow down guessing from this address, then check the password where hashing does not hold up the I/O threads.
  const auto delay = shared_.throttle.delay(address_);
  if (delay.count() > 0) {
    asio::steady_timer wait(strand_, delay);
    co_await wait.async_wait(asio::use_awaitable);
  }
  const uint16_t spid = shared_.take_spid();
  LoginOutcome outcome = co_await check_login(login, spid);

  const tds::Buffer response = tds::write_message(tds::PacketType::TabularResult, outcome.response,
                                                 outcome.accepted ? outcome.packet_size : tds::kDefaultPacketSize, spid);
  co_await send(response);
  if (!outcome.accepted) {
    shared_.throttle.record_failure(address_);
    log(outcome.log_line + " (next attempt from " + address_ + " waits " +
        std::to_string(shared_.throttle.delay(address_).count()) + " ms)");
    co_return false;
  }
  shared_.throttle.record_success(address_);
  spid_ = spid;
  packet_size_ = outcome.packet_size;
  assembler_.set_max_packet_size(packet_size_);
  login_ = outcome.state.login;
  {
    std::lock_guard lock(shared_.mutex);
    ++shared_.logged_in[to_upper_ascii(login_)];
  }
  session_.emplace(shared_.session_context, std::move(outcome.state));
  login_deadline_.cancel();
  log(outcome.log_line);
  co_return true;
}

asio::awaitable<LoginOutcome> Connection::check_login(const tds::Login7& login, uint16_t spid) {
  auto self = shared_from_this();
  // On the hashing thread (Argon2id takes a tenth of a second on purpose); the coroutine resumes on the strand.
  auto initiate = [self, &login, spid](auto handler) {
    auto resume = std::make_shared<decltype(handler)>(std::move(handler));
    asio::post(self->shared_.hashing, [self, login, spid, resume] {
      std::exception_ptr error;
      LoginOutcome outcome;
      try {
        outcome = answer_login(login, self->shared_.logins, self->shared_.identity, spid,
                               self->shared_.options.statement_timeout_ms);
      } catch (...) {
        error = std::current_exception();
      }
      asio::post(self->strand_, [resume, error, outcome = std::move(outcome)]() mutable {
        (*resume)(error, std::move(outcome));
      });
    });
  };
  // Built outside the co_await: GCC 12 mishandles temporaries with destructors inside a co_await expression
  // (the lambda's shared_ptr was released twice).
  auto checked = asio::async_initiate<const asio::use_awaitable_t<>&, void(std::exception_ptr, LoginOutcome)>(
      std::move(initiate), asio::use_awaitable);
  LoginOutcome outcome = co_await std::move(checked);
  co_return outcome;
}

asio::awaitable<StatementOutcome> Connection::run_on_engine(std::string sql, int64_t timeout_ms) {
  auto self = shared_from_this();
  if (closed_) co_return QueryQueue::cancelled_outcome();  // the client is gone: nothing more for the engine
  auto wait = std::make_shared<EngineWait>();
  engine_wait_ = wait;
  auto initiate = [self, wait, &sql, timeout_ms](auto handler) {
    auto resume = std::make_shared<decltype(handler)>(std::move(handler));
    wait->resume = [resume](StatementOutcome o) { (*resume)(std::move(o)); };
    // The queue's callback runs on the engine thread; the coroutine resumes on this connection's strand, once:
    // an ATTENTION may have resumed it already (on_attention).
    self->ticket_ = self->shared_.queue.submit({std::move(sql), timeout_ms}, [self, wait](StatementOutcome o) {
      asio::post(self->strand_, [wait, o = std::move(o)]() mutable { wait->finish(std::move(o)); });
    });
  };
  // Built outside the co_await, as in check_login.
  auto ran = asio::async_initiate<const asio::use_awaitable_t<>&, void(StatementOutcome)>(std::move(initiate),
                                                                                          asio::use_awaitable);
  StatementOutcome outcome = co_await std::move(ran);
  ticket_.reset();
  engine_wait_.reset();
  co_return outcome;
}

void Connection::EngineWait::finish(StatementOutcome outcome) {
  if (done) return;
  done = true;
  resume(std::move(outcome));
}

void Connection::on_attention() {
  if (busy_) {
    attention_ = true;
    if (ticket_) shared_.queue.cancel(ticket_);  // the queue repeats it until the statement has stopped
    // Acknowledged now, not when the engine has wound the statement down (a cross join can take seconds to notice):
    // clients give up on a cancel that is not acknowledged within their timeout. The stopped statement changes
    // nothing; this session's next statement queues behind it.
    if (engine_wait_ && !engine_wait_->done)
      asio::post(strand_, [wait = engine_wait_] { wait->finish(QueryQueue::cancelled_outcome()); });
    return;
  }
  // The response had ended when the attention came: it is still acknowledged, in a message of its own.
  busy_ = true;
  auto self = shared_from_this();
  asio::co_spawn(strand_, acknowledge_attention(), [self](std::exception_ptr e) { self->request_ended(e); });
}

tds::Buffer Connection::attention_message() const {
  tds::Buffer ack;
  tds::write_attention_ack(ack, session_->state().version);
  return tds::write_message(tds::PacketType::TabularResult, ack, packet_size_, spid_);
}

asio::awaitable<void> Connection::acknowledge_attention() {
  const tds::Buffer message = attention_message();
  co_await send(message);
  busy_ = false;
  if (pending_) {  // a request that came right after the attention's acknowledgement
    busy_ = true;
    std::optional<tds::Message> next = std::move(pending_);
    pending_.reset();
    co_await serve_request(std::move(*next));
  }
}

asio::awaitable<void> Connection::serve_request(tds::Message first) {
  auto self = shared_from_this();
  // Send whenever a few packets are ready: a large result streams out while the session writes it.
  const size_t flush_at = std::max<size_t>(4 * packet_size_, 32 * 1024);
  std::optional<tds::Message> request = std::move(first);
  while (request) {
    tds::MessageWriter writer(tds::PacketType::TabularResult, packet_size_, spid_);
    session_->begin(*request, writer.payload());
    request.reset();
    bool interrupted = false;
    while (true) {
      if (attention_) {
        session_->interrupt(writer.payload());
        attention_ = false;
        interrupted = true;
        break;
      }
      if (closed_) co_return;  // closed meanwhile (a protocol error, the server stopping): nothing more to send
      SessionStep step = session_->advance(writer.payload(), flush_at);
      if (step.kind == SessionStep::Kind::Finished) break;
      if (step.kind == SessionStep::Kind::Flush) {
        const tds::Buffer packets = writer.take_full_packets();
        co_await send(packets);
        continue;
      }
      StatementOutcome outcome = co_await run_on_engine(std::move(step.sql), step.timeout_ms);
      if (attention_) continue;  // interrupted at the top; the outcome is dropped (a cancelled statement changed nothing)
      session_->statement_finished(std::move(outcome), writer.payload());
    }
    const tds::Buffer last = writer.finish();
    co_await send(last);
    // The acknowledgement is a message of its own after the interrupted response, as SQL Server sends it (tedious
    // takes the message after the one it is reading as the acknowledgement).
    if (interrupted) {
      const tds::Buffer ack = attention_message();
      co_await send(ack);
    }
    // The client may send its next request the moment it has read the response, before this coroutine resumes:
    // the reader keeps it (see run) and it is answered here. An attention that came meanwhile is that request's.
    if (pending_) {
      request = std::move(pending_);
      pending_.reset();
    } else if (attention_) {  // it came while the last packets went out: acknowledged on its own
      attention_ = false;
      const tds::Buffer ack = attention_message();
      co_await send(ack);
    }
  }
  busy_ = false;
}

void Connection::request_ended(std::exception_ptr error) {
  if (!error) return;  // busy_ was cleared by the request itself
  try {
    std::rethrow_exception(error);
  } catch (const tds::ProtocolError& e) {
    log(std::string("protocol error, closing: ") + e.what());
  } catch (const TlsError& e) {
    log(std::string("TLS error, closing: ") + e.what());
  } catch (const boost::system::system_error& e) {
    if (!closed_) log(std::string("the client went away while being answered: ") + e.what());
  } catch (const std::exception& e) {
    log(std::string("error while answering, closing: ") + e.what());
  }
  close_now();
}

}  // namespace tessera::server
