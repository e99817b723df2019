// Data parallelism over row ranges: [0, rows) cut into one contiguous chunk per thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace tessera::exec {

// Calls fn(chunk, begin, end) for each chunk on its own thread; small inputs run on the caller.
template <typename Fn>
void parallel_chunks(int64_t rows, int threads, Fn&& fn, int64_t min_rows_per_thread = 32768) {
  const int64_t t = std::max<int64_t>(1, std::min<int64_t>(threads, rows / min_rows_per_thread));
  if (t <= 1) {
    fn(0, int64_t{0}, rows);
    return;
  }
  const int64_t chunk = (rows + t - 1) / t;
  std::vector<std::thread> pool;
  for (int64_t i = 0; i < t; ++i) {
    const int64_t b = i * chunk, e = std::min(rows, b + chunk);
    if (b < e) pool.emplace_back([&fn, i, b, e] { fn(static_cast<int>(i), b, e); });
  }
  for (auto& th : pool) th.join();
}

inline int chunk_count(int64_t rows, int threads, int64_t min_rows_per_thread = 32768) {
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, rows / min_rows_per_thread)));
}

}  // namespace tessera::exec
