// The fault tests' phases (issue 32 section 4; docs/SERVER.md "Faults"), driven through the same loopback TDS client
// as the load benchmark (server/serve/tests/tds_test_client.hpp), without any client library:
//
//   mid-query    clients in processes of their own start a long query each and are killed with SIGKILL while it
//                runs (or waits in the queue); a session that stayed is answered throughout, and a new session is
//                answered promptly (the server saw the sockets close and stopped the abandoned statements)
//   mid-result   clients read the first packet of a large result and are killed with the rest unread; the server's
//                writes fail, that costs those connections only, the session that stayed is answered throughout
//   server kill  writers insert N-row statements as fast as they can, each noting a statement acknowledged once its
//                DONE has come; the server is killed with SIGKILL and started again: every acknowledged statement is
//                there whole, every statement there is whole, at most the one each writer had in flight is there
//                unacknowledged
//   bad logins   threads log in with wrong passwords: each is refused with Msg 18456, the throttle's waits grow to
//                seconds, a session logged in before the flood is answered quickly throughout, the server stays up,
//                and the right password logs in afterwards
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "served_database.hpp"

namespace tessera::bench {

struct FaultOptions {
  int killed_clients = 3;   // per client phase
  int writers = 4;          // server kill
  int rows_per_statement = 40;
  int acked_before_kill = 5;  // each writer's acknowledged statements before the server is killed
  int flood_threads = 20;
  std::chrono::milliseconds flood{4000};
  int min_throttle_wait_ms = 2000;  // the log's longest "next attempt ... waits N ms" must reach this
  std::chrono::milliseconds new_session_limit{8000};  // mid-query: a new session's answer after the kills
  std::chrono::milliseconds heartbeat_limit{2000};    // bad logins: the logged-in session's slowest answer
  std::string long_query;   // mid-query
  std::string large_result_query;  // mid-result
  std::string self;         // this program (/proc/self/exe), run as the killed clients
};

struct Check {
  std::string phase;
  std::string name;
  bool ok = false;
  std::string detail;  // what was seen (always; the reason when it failed)
};

struct FaultReport {
  std::vector<Check> checks;
  std::vector<std::pair<std::string, double>> phase_seconds;
  std::vector<std::string> notes;  // measurements worth reading (acknowledged statements, attempts, waits)

  bool passed() const;
  void check(const std::string& phase, const std::string& name, bool ok, const std::string& detail = "");
};

// Runs the phases named in `phases` (mid-query, mid-result, server-kill, bad-logins; in that order) against `server`
// (restarted by server-kill: `restart` starts it again over the same database). `password` is sa's.
void run_faults(std::unique_ptr<ServedDatabase>& server, const std::function<std::unique_ptr<ServedDatabase>()>& restart,
                const std::string& password, const std::vector<std::string>& phases, const FaultOptions& options,
                FaultReport& report);

// The killed clients' side (`tessera-faults --child KIND PORT`, sa's password in TESSERA_FAULTS_PASSWORD, the SQL in
// TESSERA_FAULTS_SQL): logs in, says "started" and sends the query (mid-query), or reads the response's first packet
// and says "reading" (mid-result); then waits to be killed. Its exit status.
int run_killed_client(const std::string& kind, uint16_t port);

}  // namespace tessera::bench
