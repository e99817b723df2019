#include "tessera/server/query_queue.hpp"

#include <algorithm>
#include <chrono>
#include <exception>

namespace tessera::server {

class QueryQueue::Ticket {
 public:
  Ticket(Job j, Done d) : job(std::move(j)), done(std::move(d)) {}
  Job job;
  Done done;  // taken (left empty) by whoever completes the job
  bool cancel_requested = false;
};

namespace {
constexpr auto kCancelRepeat = std::chrono::milliseconds(50);
}  // namespace

QueryQueue::QueryQueue(engine::Database& db)
    : db_(db), thread_([this] { run(); }), canceller_([this] { keep_cancelling(); }) {}

QueryQueue::~QueryQueue() { stop(); }

StatementOutcome QueryQueue::cancelled_outcome() {
  StatementOutcome o;
  o.error = tessera::Error("the statement was cancelled before it started; it changed nothing");
  o.cancel_requested = true;
  return o;
}

std::shared_ptr<QueryQueue::Ticket> QueryQueue::submit(Job job, Done done) {
  auto ticket = std::make_shared<Ticket>(std::move(job), std::move(done));
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      waiting_.push_back(ticket);
      wake_.notify_one();
      return ticket;
    }
  }
  Done d = std::move(ticket->done);
  d(cancelled_outcome());
  return ticket;
}

void QueryQueue::cancel(const std::shared_ptr<Ticket>& ticket) {
  if (!ticket) return;
  Done dropped;
  {
    std::lock_guard lock(mutex_);
    ticket->cancel_requested = true;
    if (running_ == ticket) {
      db_.cancel();  // under the lock: the engine thread cannot have moved on to another ticket's statement
      return;
    }
    const auto it = std::find(waiting_.begin(), waiting_.end(), ticket);
    if (it == waiting_.end()) return;  // finished already
    waiting_.erase(it);
    dropped = std::move(ticket->done);
  }
  dropped(cancelled_outcome());
}

void QueryQueue::stop() {
  std::deque<std::shared_ptr<Ticket>> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable() && !canceller_.joinable()) return;
    stopping_ = true;
    dropped.swap(waiting_);
    if (running_) {
      running_->cancel_requested = true;
      db_.cancel();
    }
    wake_.notify_all();
  }
  for (const auto& t : dropped) {
    Done d = std::move(t->done);
    d(cancelled_outcome());
  }
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
  {
    std::lock_guard lock(mutex_);
    engine_done_ = true;
  }
  canceller_wake_.notify_all();
  if (canceller_.joinable() && canceller_.get_id() != std::this_thread::get_id()) canceller_.join();
}

void QueryQueue::keep_cancelling() {
  std::unique_lock lock(mutex_);
  while (!engine_done_) {
    canceller_wake_.wait_for(lock, kCancelRepeat, [&] { return engine_done_; });
    if (running_ && running_->cancel_requested) db_.cancel();
  }
}

size_t QueryQueue::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_.size();
}

void QueryQueue::run() {
  while (true) {
    std::shared_ptr<Ticket> ticket;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
      if (stopping_) return;  // stop() completes what is still waiting
      ticket = std::move(waiting_.front());
      waiting_.pop_front();
      running_ = ticket;
    }
    StatementOutcome outcome;
    try {
      db_.set_statement_timeout_ms(ticket->job.timeout_ms);
      outcome.result = db_.execute(ticket->job.sql);
    } catch (const tessera::Error& e) {
      outcome.error = e;  // its text, kind and message number
    } catch (const std::exception& e) {
      // The engine turns every failure of a statement into an Error.
      outcome.error = tessera::Error(e.what(), ErrorKind::Internal);
    } catch (...) {
      outcome.error = tessera::Error("the engine failed with an unknown exception", ErrorKind::Internal);
    }
    Done done;
    {
      std::lock_guard lock(mutex_);
      running_.reset();
      outcome.cancel_requested = ticket->cancel_requested;
      done = std::move(ticket->done);
    }
    done(std::move(outcome));
  }
}

}  // namespace tessera::server
