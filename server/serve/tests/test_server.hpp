// A tessera serve of the tests' TPC-H database on a free loopback port, run on a thread of its own.
#pragma once

#include <memory>
#include <sstream>
#include <thread>

#include "temp_dir.hpp"
#include "test_database.hpp"
#include "tessera/server/tds_server.hpp"

namespace tessera::server::test {

inline constexpr const char* kSaPassword = "Admin-Password-1";

class TestServer {
 public:
  explicit TestServer(ServerOptions options = {}) : logins_(dir_.path()), log_(log_text_) {
    logins_.create("sa", kSaPassword);
    options.port = 0;
    ServerIdentity id = make_server_identity(dir_.path() + "/tpch.tdb", false);
    server_ = std::make_unique<TdsServer>(options, tpch_database(), logins_, id, log_);
    thread_ = std::thread([this] { server_->run(false); });
  }
  ~TestServer() { stop(); }

  uint16_t port() const { return server_->port(); }
  // Stops the server and waits for it; its log can be read after.
  void stop() {
    if (!thread_.joinable()) return;
    server_->stop();
    thread_.join();
  }
  std::string log() {
    stop();
    return log_text_.str();
  }

 private:
  TempDir dir_;
  LoginStore logins_;
  std::ostringstream log_text_;
  ServerLog log_;
  std::unique_ptr<TdsServer> server_;
  std::thread thread_;
};

}  // namespace tessera::server::test
