// The partial aggregates of a streamed aggregation (stream_driver.hpp, spilled_passes.hpp), merged into its result
// by the final aggregation (plan/aggregate_split.hpp). The partials stay where they were made; when they pass half
// of the budget they are merged into one (the split's combine: a row per group), which is all it takes for few
// groups. An aggregation with more groups than memory (a GROUP BY over a key per row or two, as TPC-H Q18's
// l_orderkey or ClickBench's UserID): when the merged partials still take more than a quarter of the budget, they
// and every later one are split into hash partitions of their group keys (hash_partition.hpp) and spilled (spill_store.hpp: host memory up
// to the spill memory, then a file), and the final aggregation runs partition by partition. Every group is whole in
// one partition, so the partitions' results are disjoint and together the aggregation's. The number of partitions
// comes from the partials' size when the split starts, extrapolated over the runs still to come, so that a
// partition's partials take about a quarter of the budget; one that grows past it still runs (it is not split again).
// On the GPU the spilled partials are downloaded (to_spill) and split on the host as they arrive there; the final
// aggregation of each partition runs on the GPU again.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "tessera/exec/hash_partition.hpp"
#include "tessera/exec/morsels.hpp"
#include "tessera/exec/spill_store.hpp"
#include "tessera/plan/aggregate_split.hpp"
#include "tessera/runtime/statement_stop.hpp"

namespace tessera::exec {

inline constexpr int kMaxGroupPartitions = 1024;

template <typename Device>
class AggregatePartials {
 public:
  using Batch = typename Device::Batch;

  // `expected_runs`: how many partials the caller will add (morsels times passes), for the extrapolation.
  AggregatePartials(Device& d, const plan::LogicalOp& op, const plan::AggregateSplit& split, int64_t expected_runs)
      : d_(d), split_(split), expected_runs_(std::max<int64_t>(expected_runs, 1)) {
    for (const auto& o : split.partial->outputs) row_bytes_ += decoded_width(o.type);
    for (size_t i = 0; i < op.groups.size(); ++i) keys_.push_back(split.partial->outputs[i].id);
  }

  void add(Batch partial) {
    ++runs_;
    if (store_) return spill(std::move(partial));
    held_bytes_ += partial.rows * row_bytes_;
    held_.push_back(std::move(partial));
    const int64_t budget = d_.budget();
    // No groups: one row a run, nothing to split. No budget: everything fits.
    if (keys_.empty() || budget <= 0 || held_bytes_ <= budget / 2 || !merges_) return;
    // Merged, the partials of few groups take little: held as one, and the runs go on.
    Batch merged = d_.aggregate(*split_.combine, d_.concat(held_, split_.partial->outputs));
    held_.clear();
    held_bytes_ = merged.rows * row_bytes_;
    held_.push_back(std::move(merged));
    if (held_bytes_ <= budget / 4) return;
    // --spill never: the partials stay whole (the whole aggregation must fit, as before spilling), and are not
    // merged again (many groups: it would not pay).
    if (d_.ctx.spill.mode == SpillMode::Never) {
      merges_ = false;
      return;
    }
    const int64_t expected = held_bytes_ * std::max<int64_t>(expected_runs_, runs_) / runs_;
    const int64_t wanted = std::clamp<int64_t>((expected * 4 + budget - 1) / budget, 2, kMaxGroupPartitions);
    parts_ = static_cast<int>(std::bit_ceil(static_cast<uint64_t>(wanted)));
    store_ = std::make_unique<SpillStore>(d_.ctx.spill);
    std::vector<Batch> held = std::move(held_);
    held_.clear();
    held_bytes_ = 0;
    for (Batch& b : held) spill(std::move(b));
  }

  // The aggregation's result: the final aggregation over all partials, or over each partition's.
  Batch finish() {
    if (!store_) return d_.aggregate(*split_.final, d_.concat(held_, split_.partial->outputs));
    std::vector<Batch> results;
    for (int p = 0; p < parts_; ++p) {
      std::vector<Batch> in;
      store_->take(p, [&](exec::Batch b) {
        rt::throw_if_stopped(d_.ctx.stop);
        in.push_back(d_.from_spill(std::move(b)));
      });
      if (in.empty()) continue;
      results.push_back(d_.aggregate(*split_.final, in.size() == 1 ? std::move(in[0]) : d_.concat(in, split_.partial->outputs)));
    }
    // Not empty: the split started because rows were held.
    return results.size() == 1 ? std::move(results[0]) : d_.concat(results, split_.final->outputs);
  }

  int partitions() const { return store_ ? parts_ : 0; }
  int64_t spilled_bytes() const { return store_ ? store_->bytes_spilled() : 0; }
  int64_t spilled_to_disk() const { return store_ ? store_->bytes_to_disk() : 0; }

 private:
  void spill(Batch partial) {
    if (partial.rows == 0) return;
    const exec::Batch host = d_.to_spill(std::move(partial));
    std::vector<exec::Batch> parts = hash_partition(host, keys_, parts_, d_.host_threads());
    for (int p = 0; p < parts_; ++p)
      if (parts[p].rows > 0) store_->put(p, std::move(parts[p]));
  }

  Device& d_;
  const plan::AggregateSplit& split_;
  const int64_t expected_runs_;
  int64_t row_bytes_ = 0, held_bytes_ = 0, runs_ = 0;
  std::vector<ColumnId> keys_;  // the group keys among the partials' columns (the first ones)
  std::vector<Batch> held_;
  std::unique_ptr<SpillStore> store_;  // once the partials are split
  int parts_ = 0;
  bool merges_ = true;
};

}  // namespace tessera::exec
