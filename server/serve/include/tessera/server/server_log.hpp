// The server's log: one line per event (a connection, a login, a failed login with the client's address, a
// protocol error, a change of logins, start and stop), each written whole with the local time, so that lines
// from many connections never interleave:
//   2026-12-07 14:03:11.482 tessera serve: 127.0.0.1:51234 spid 52: login 'sa' from 'tsql' (TDS 7.4, ...)
// Never a password, never a statement's text.
#pragma once

#include <mutex>
#include <ostream>
#include <string_view>

namespace tessera::server {

class ServerLog {
 public:
  explicit ServerLog(std::ostream& out) : out_(out) {}
  void line(std::string_view text);

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

}  // namespace tessera::server
