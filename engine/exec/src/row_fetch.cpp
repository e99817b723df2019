#include "tessera/exec/row_fetch.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "tessera/exec/batch.hpp"  // ExecError

namespace tessera::exec {

RowFetch plan_row_fetch(const storage::Table& t, const std::vector<int64_t>& positions) {
  const int64_t n = static_cast<int64_t>(positions.size());
  std::vector<int64_t> by_position(positions.size());
  std::iota(by_position.begin(), by_position.end(), 0);
  std::stable_sort(by_position.begin(), by_position.end(),
                   [&](int64_t a, int64_t b) { return positions[a] < positions[b]; });
  const std::vector<int64_t> starts = t.chunk_starts();  // then num_rows()
  RowFetch f;
  f.order.resize(positions.size());
  int64_t taken = 0;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t p = positions[by_position[k]];
    if (p < 0 || p >= t.num_rows())
      throw internal_error("Fetch: row position " + std::to_string(p) + " outside table " + t.name() + " (" +
                           std::to_string(t.num_rows()) + " rows)");
    if (f.ranges.empty() || p >= f.ranges.back().end) {
      const auto chunk = std::upper_bound(starts.begin(), starts.end(), p) - 1;
      f.ranges.push_back({*chunk, *(chunk + 1), {}});
    }
    f.ranges.back().rows.push_back(p - f.ranges.back().begin);
    f.order[by_position[k]] = taken++;
  }
  return f;
}

}  // namespace tessera::exec
