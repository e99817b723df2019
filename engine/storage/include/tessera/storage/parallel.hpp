// A minimal parallel loop for the storage layer (chunk encode/decode, file parsing, concatenation):
// f(i) for i in [0, n) on up to `threads` threads (the caller's included), indices handed out one at a
// time; the first exception stops the rest and is rethrown.
#pragma once

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::storage {

template <typename F>
void parallel_for(size_t n, int threads, F&& f) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      try {
        f(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        next = n;
      }
    }
  };
  const size_t k = std::min<size_t>(n, static_cast<size_t>(threads));
  std::vector<std::thread> pool;
  for (size_t t = 1; t < k; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace tessera::storage
