// The query queue. engine::Database is one object per process and must not be called from two threads at once,
// so every statement of every session runs on one engine thread, in the order the sessions submitted them
// (first come, first served). Writes stay atomic under concurrency because the database commits each statement
// whole when it ends (a failed or cancelled statement changes nothing) and the next statement starts only then:
// readers never see half a statement. Each statement runs with its session's time limit, set on the database
// just before it.
//
// The I/O threads never wait here: a connection submits a statement with a completion callback and goes on
// reading its socket, so a client's ATTENTION is seen while its statement waits or runs. cancel() drops a waiting
// statement at once and stops a running one through Database::cancel() -- only ever the statement of the ticket
// it is given: the engine thread marks which ticket runs under the same lock cancel() takes. A stop that reaches
// the engine in the instant its statement starts can be lost (the statement clears stale stops as it begins), so a
// canceller thread asks again every 50 ms until a cancelled statement has ended.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "tessera/engine/database.hpp"

namespace tessera::server {

struct StatementOutcome {
  std::optional<engine::QueryResult> result;  // the statement succeeded
  std::optional<tessera::Error> error;        // why it failed otherwise: text, kind, SQL Server message number
  bool cancel_requested = false;              // cancel() reached it (it may still have finished first)
};

class QueryQueue {
 public:
  struct Job {
    std::string sql;
    int64_t timeout_ms = 0;  // Database::set_statement_timeout_ms for this statement (0: none)
  };
  // Called once per job, on the engine thread (or on the thread that cancels a waiting job, or stops the queue).
  using Done = std::function<void(StatementOutcome)>;
  class Ticket;

  explicit QueryQueue(engine::Database& db);
  ~QueryQueue();  // stop()
  QueryQueue(const QueryQueue&) = delete;
  QueryQueue& operator=(const QueryQueue&) = delete;

  std::shared_ptr<Ticket> submit(Job job, Done done);
  // Safe to call at any time, repeatedly, also after the job finished (then it does nothing).
  void cancel(const std::shared_ptr<Ticket>& ticket);
  // Cancels the running statement, completes every waiting one as cancelled, and joins the engine thread. Later
  // submits complete at once as cancelled.
  void stop();

  size_t waiting() const;
  // What a statement cancelled before it ran gets as its outcome.
  static StatementOutcome cancelled_outcome();

 private:
  void run();
  void keep_cancelling();

  engine::Database& db_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Ticket>> waiting_;
  std::shared_ptr<Ticket> running_;
  bool stopping_ = false;
  bool engine_done_ = false;  // the engine thread has returned: the canceller ends too
  std::condition_variable canceller_wake_;
  std::thread thread_;
  std::thread canceller_;
};

}  // namespace tessera::server
