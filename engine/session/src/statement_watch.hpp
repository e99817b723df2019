// The watch over one running statement (issue 36): it ends the statement when its time limit passes or when a
// stop is requested from elsewhere (Ctrl-C, a client's cancel: rt::StatementStop::request), by setting the
// cancellation flags compiled user code reads (`set_flags(true)`: the statement's loops in user functions return
// at once) until the statement has ended; the engine's own checks (rt::throw_if_stopped) then end it with a
// clear message. The flags are set again every poll, so a module loaded after the stop sees it too.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

#include "tessera/runtime/statement_stop.hpp"

namespace tessera::engine {

class StatementWatch {
 public:
  // Clears `stop`, then watches until destroyed (which clears the flags again when it set them). timeout_ms 0: no
  // time limit.
  StatementWatch(rt::StatementStop& stop, int64_t timeout_ms, std::function<void(bool)> set_flags);
  ~StatementWatch();
  StatementWatch(const StatementWatch&) = delete;
  StatementWatch& operator=(const StatementWatch&) = delete;

 private:
  void watch();
  rt::StatementStop& stop_;
  std::function<void(bool)> set_flags_;
  std::chrono::steady_clock::time_point deadline_;
  bool has_deadline_;
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace tessera::engine
