// Stopping a running statement (issue 36): Ctrl-C, a time limit or a client's cancel request a stop; the engine
// checks it between operators, between morsels and after every kernel call, and compiled user functions see it on
// every loop back edge through their module's flag (tessera-cc's cancellation checks; Catalog::set_cancel_flags on
// the CPU, CudaDevice::set_cancel_flags on the GPU). The statement then ends with StatementStopped and changes
// nothing (a statement's writes commit only when it has run to its end).
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "tessera/runtime/error.hpp"

namespace tessera::rt {

// A user error: the user asked for it (a cancel) or set the limit it ran past.
class StatementStopped : public tessera::Error {
 public:
  using tessera::Error::Error;
};

class StatementStop {
 public:
  enum class Reason : int32_t { None = 0, Cancelled = 1, TimedOut = 2 };
  // The first reason wins. Lock-free: a signal handler may call it.
  void request(Reason r) noexcept {
    int32_t none = 0;
    reason_.compare_exchange_strong(none, static_cast<int32_t>(r));
  }
  bool requested() const noexcept { return reason_.load(std::memory_order_relaxed) != 0; }
  Reason reason() const noexcept { return static_cast<Reason>(reason_.load()); }
  void clear() noexcept { reason_.store(0); }
  // The time limit of the statement now running (for the message), 0: none.
  int64_t timeout_ms = 0;

 private:
  std::atomic<int32_t> reason_{0};
  static_assert(std::atomic<int32_t>::is_always_lock_free);
};

// Throws StatementStopped with the reason when `stop` (may be null) has been requested.
inline void throw_if_stopped(const StatementStop* stop) {
  if (!stop || !stop->requested()) return;
  if (stop->reason() == StatementStop::Reason::TimedOut)
    throw StatementStopped("the statement ran longer than its time limit of " + std::to_string(stop->timeout_ms) +
                           " ms (--statement-timeout) and was stopped; it changed nothing");
  throw StatementStopped("the statement was cancelled; it changed nothing");
}

}  // namespace tessera::rt
