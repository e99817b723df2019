#include "statement_watch.hpp"

namespace tessera::engine {

namespace {
// How often the watch looks at the stop request and the clock: the delay between Ctrl-C and the user code's
// loops seeing it.
constexpr auto kPoll = std::chrono::milliseconds(10);
}  // namespace

StatementWatch::StatementWatch(rt::StatementStop& stop, int64_t timeout_ms, std::function<void(bool)> set_flags)
    : stop_(stop), set_flags_(std::move(set_flags)),
      deadline_(std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms)), has_deadline_(timeout_ms > 0) {
  stop_.clear();
  stop_.timeout_ms = timeout_ms;
  thread_ = std::thread([this] { watch(); });
}

void StatementWatch::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!done_) {
    done_cv_.wait_for(lock, kPoll, [this] { return done_; });
    if (done_) break;
    if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) stop_.request(rt::StatementStop::Reason::TimedOut);
    if (stop_.requested()) set_flags_(true);
  }
}

StatementWatch::~StatementWatch() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  done_cv_.notify_all();
  thread_.join();
  // The next statement's user code must run to its end.
  if (stop_.requested()) set_flags_(false);
  stop_.clear();
}

}  // namespace tessera::engine
