#include "tessera/server/tds_server.hpp"

#include <csignal>
#include <stdexcept>
#include <thread>
#include <vector>

#include "asio.hpp"
#include "connection.hpp"

namespace tessera::server {

struct TdsServer::Impl {
  Impl(ServerOptions o, engine::Database& db, LoginStore& logins, ServerIdentity identity, ServerLog& log)
      : queue(db),
        shared_owner(std::make_shared<ServerShared>(std::move(o), queue, logins, std::move(identity), log, hashing)),
        shared(*shared_owner), acceptor(io), signals(io) {}

  asio::awaitable<void> accept_loop();
  void shut_down(const std::string& why);  // on the I/O threads

  asio::io_context io;
  asio::thread_pool hashing{1};
  QueryQueue queue;
  // Connections hold the shared state too: one whose handler is destroyed with the I/O context still finds it.
  std::shared_ptr<ServerShared> shared_owner;
  ServerShared& shared;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  bool stopping = false;
};

TdsServer::TdsServer(ServerOptions options, engine::Database& db, LoginStore& logins, ServerIdentity identity,
                     ServerLog& log)
    : impl_(std::make_unique<Impl>(std::move(options), db, logins, std::move(identity), log)) {
  const ServerOptions& o = impl_->shared.options;
  const std::string where = o.host + ":" + std::to_string(o.port);
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(o.host, ec);
  if (ec) throw std::runtime_error("cannot listen on " + where + ": '" + o.host + "' is not an IP address (" + ec.message() + ")");
  const tcp::endpoint endpoint(address, o.port);
  tcp::acceptor& a = impl_->acceptor;
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
}

TdsServer::~TdsServer() {
  // The engine thread may still call back into connections: stop it before the I/O context goes.
  impl_->queue.stop();
  impl_->hashing.join();
}

uint16_t TdsServer::port() const { return impl_->acceptor.local_endpoint().port(); }

asio::awaitable<void> TdsServer::Impl::accept_loop() {
  while (!stopping) {
    tcp::socket socket(asio::make_strand(io));
    boost::system::error_code ec;
    co_await acceptor.async_accept(socket, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      if (stopping || ec == asio::error::operation_aborted) break;
      shared.log.line("accepting a connection failed: " + ec.message());
      continue;
    }
    std::shared_ptr<Connection> connection;
    {
      std::lock_guard lock(shared.mutex);
      if (shared.connections.size() >= shared.options.max_connections) {
        boost::system::error_code ignored;
        const auto peer = socket.remote_endpoint(ignored);
        shared.log.line((ignored ? std::string("a client") : peer.address().to_string()) + ": refused: already " +
                        std::to_string(shared.connections.size()) + " connections (the most this server takes)");
        socket.close(ignored);
        continue;
      }
      const uint64_t id = shared.next_connection++;
      connection = std::make_shared<Connection>(std::move(socket), shared_owner, id);
      shared.connections[id] = connection;
    }
    connection->start();
  }
}

void TdsServer::Impl::shut_down(const std::string& why) {
  if (stopping) return;
  stopping = true;
  shared.log.line("stopping (" + why + "): closing the listener and every connection");
  boost::system::error_code ec;
  acceptor.close(ec);
  signals.cancel(ec);
  std::vector<std::shared_ptr<Connection>> live;
  {
    std::lock_guard lock(shared.mutex);
    for (auto& [id, weak] : shared.connections)
      if (auto c = weak.lock()) live.push_back(std::move(c));
  }
  for (const auto& c : live) c->close();
  // Cancels the running statement and completes the waiting ones, so every connection's coroutine can end.
  queue.stop();
}

void TdsServer::run(bool stop_on_signals) {
  Impl& im = *impl_;
  if (stop_on_signals) {
    im.signals.add(SIGINT);
    im.signals.add(SIGTERM);
    im.signals.async_wait([&im](boost::system::error_code ec, int signal) {
      if (!ec) im.shut_down(signal == SIGINT ? "SIGINT" : "SIGTERM");
    });
  }
  const ServerOptions& o = im.shared.options;
  im.shared.log.line("listening on " + o.host + ":" + std::to_string(port()) + " for database '" +
                     im.shared.identity.database_name + "' (" + std::to_string(o.io_threads) + " I/O threads, one engine thread)");
  asio::co_spawn(im.io, im.accept_loop(), asio::detached);
  std::vector<std::thread> threads;
  for (int i = 1; i < std::max(1, o.io_threads); ++i) threads.emplace_back([&im] { im.io.run(); });
  im.io.run();
  for (std::thread& t : threads) t.join();
  im.shared.log.line("stopped");
}

void TdsServer::stop() {
  asio::post(impl_->io, [im = impl_.get()] { im->shut_down("asked to stop"); });
}

}  // namespace tessera::server
