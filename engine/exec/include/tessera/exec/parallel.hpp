// Data parallelism over row ranges: [0, rows) cut into one contiguous chunk per thread, run on the process's
// thread pool (runtime/thread_pool.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>

#include "tessera/runtime/thread_pool.hpp"

namespace tessera::exec {

inline int chunk_count(int64_t rows, int threads, int64_t min_rows_per_thread = 32768) {
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, rows / min_rows_per_thread)));
}

// Calls fn(chunk, begin, end) for each chunk, in parallel; small inputs run on the caller.
template <typename Fn>
void parallel_chunks(int64_t rows, int threads, Fn&& fn, int64_t min_rows_per_thread = 32768) {
  const int t = chunk_count(rows, threads, min_rows_per_thread);
  if (t <= 1) {
    fn(0, int64_t{0}, rows);
    return;
  }
  const int64_t chunk = (rows + t - 1) / t;
  rt::parallel_for(static_cast<size_t>(t), t, [&](size_t i) {
    const int64_t b = static_cast<int64_t>(i) * chunk, e = std::min(rows, b + chunk);
    if (b < e) fn(static_cast<int>(i), b, e);
  });
}

}  // namespace tessera::exec
