// `tessera serve` as a child process, for the load benchmark and the fault tool (any tool that drives a real server):
// started on a free loopback port with the administrator's password in its environment, its log in a file, stopped
// with SIGTERM or killed with SIGKILL (and started again over the same database, its log appended to).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace tessera::bench {

struct ServeOptions {
  std::string tessera;   // the tessera binary
  std::string database;  // DATABASE.tdb
  std::string password;  // TESSERA_SA_PASSWORD for the child (creates sa on a database without logins)
  std::string log_path;  // the server's stderr and stdout
  std::vector<std::string> extra_args;  // after `serve DATABASE --port 0` (--device, --threads, ...)
  std::chrono::seconds start_timeout{300};
  bool append_log = false;  // a restart: the log is appended to, and only this start's lines are read
};

class ServedDatabase {
 public:
  // Starts the server and waits for its "listening on 127.0.0.1:PORT" line; std::runtime_error with the log's tail
  // when it exits or does not listen in time.
  explicit ServedDatabase(ServeOptions options);
  ~ServedDatabase();  // kills a server still running
  ServedDatabase(const ServedDatabase&) = delete;
  ServedDatabase& operator=(const ServedDatabase&) = delete;

  uint16_t port() const { return port_; }
  // SIGTERM, then waits up to `timeout` (SIGKILL after it). The exit status, or -signal.
  int stop(std::chrono::seconds timeout = std::chrono::seconds(60));
  // SIGKILL (no chance to close anything), then waits for the process. The exit status (-9).
  int kill();
  bool running();  // false once the process has exited
  std::string log() const;

 private:
  ServeOptions options_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

// Runs a command to its end (stdout and stderr to `log_path`, or inherited when empty); its exit status.
int run_command(const std::vector<std::string>& argv, const std::string& log_path = "");

}  // namespace tessera::bench
