// The partial aggregates of a streamed aggregation (stream_driver.hpp, spilled_passes.hpp), merged into its result
// by the final aggregation (plan/aggregate_split.hpp). The partials stay where they were made; when they pass half
// of the budget they are merged into one (the split's combine: a row per group), which is all it takes for few
// groups. An aggregation with more groups than memory (a GROUP BY over a key per row or two, as TPC-H Q18's
// l_orderkey or ClickBench's UserID): when the merged partials still take more than a quarter of the budget, they
// and every later one are split into hash partitions of their group keys (hash_partition.hpp) and spilled (spill_store.hpp: host memory up
// to the spill memory, then a file), and the final aggregation runs partition by partition. Every group is whole in
// one partition, so the partitions' results are disjoint and together the aggregation's. The number of partitions
// comes from the partials' size when the split starts, extrapolated over the runs still to come, so that a
// partition's partials take about a quarter of the budget. The extrapolation misses when the groups come late (few
// groups in the first morsels, many in the last): a partition whose partials end up above half of the budget is
// split again when its turn comes, by the hash's next bits, streamed from the store into sub-partitions (its
// partials never held together), until each fits or its groups stop spreading (one group's rows go together).
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
    parts_ = partitions_for(expected, budget);
    store_ = std::make_unique<SpillStore>(d_.ctx.spill);
    rows_.assign(parts_, 0);
    next_key_ = parts_;
    std::vector<Batch> held = std::move(held_);
    held_.clear();
    held_bytes_ = 0;
    for (Batch& b : held) spill(std::move(b));
  }

  // The aggregation's result: the final aggregation over all partials, or over each partition's.
  Batch finish() {
    if (!store_) return d_.aggregate(*split_.final, d_.concat(held_, split_.partial->outputs));
    std::vector<Batch> results;
    const int bits = std::countr_zero(static_cast<unsigned>(parts_));
    for (int p = 0; p < parts_; ++p) finish_partition(p, rows_[p], bits, results);
    // Not empty: the split started because rows were held.
    return results.size() == 1 ? std::move(results[0]) : d_.concat(results, split_.final->outputs);
  }

  int partitions() const { return store_ ? parts_ : 0; }
  int resplit() const { return resplit_; }  // partitions split again in finish()
  int64_t spilled_bytes() const { return store_ ? store_->bytes_spilled() : 0; }
  int64_t spilled_to_disk() const { return store_ ? store_->bytes_to_disk() : 0; }

 private:
  // Partitions (a power of two, 2 to kMaxGroupPartitions) for `bytes` of partials to take about a quarter of
  // `budget` each.
  static int partitions_for(int64_t bytes, int64_t budget) {
    const int64_t wanted = std::clamp<int64_t>((bytes * 4 + budget - 1) / budget, 2, kMaxGroupPartitions);
    return static_cast<int>(std::bit_ceil(static_cast<uint64_t>(wanted)));
  }

  void spill(Batch partial) {
    if (partial.rows == 0) return;
    const exec::Batch host = d_.to_spill(std::move(partial));
    std::vector<exec::Batch> parts = hash_partition(host, keys_, parts_, d_.host_threads());
    for (int p = 0; p < parts_; ++p)
      if (parts[p].rows > 0) {
        rows_[p] += parts[p].rows;
        store_->put(p, std::move(parts[p]));
      }
  }

  // The final aggregation of the partials kept under `key` (`rows` rows, partitioned by the hash's first
  // `used_bits` bits), appended to `results`; split again first when they take more than half of the budget.
  void finish_partition(int64_t key, int64_t rows, int used_bits, std::vector<Batch>& results) {
    if (rows == 0) return;
    const int64_t budget = d_.budget(), bytes = rows * row_bytes_;
    if (budget > 0 && bytes > budget / 2 && used_bits < kMaxHashBits) {
      const int sub_bits =
          std::min(std::countr_zero(static_cast<unsigned>(partitions_for(bytes, budget))), kMaxHashBits - used_bits);
      const int64_t first = next_key_;
      next_key_ += int64_t(1) << sub_bits;
      std::vector<int64_t> sub_rows(size_t(1) << sub_bits, 0);
      store_->take(key, [&](exec::Batch b) {
        rt::throw_if_stopped(d_.ctx.stop);
        std::vector<exec::Batch> parts = hash_partition(b, keys_, 1 << sub_bits, d_.host_threads(), used_bits);
        for (size_t q = 0; q < parts.size(); ++q)
          if (parts[q].rows > 0) {
            sub_rows[q] += parts[q].rows;
            store_->put(first + static_cast<int64_t>(q), std::move(parts[q]));
          }
      });
      ++resplit_;
      // All rows in one sub-partition: its groups do not spread (few groups, each repeated by many runs); the
      // next bits would not spread them either.
      const bool spread = *std::max_element(sub_rows.begin(), sub_rows.end()) < rows;
      for (size_t q = 0; q < sub_rows.size(); ++q)
        finish_partition(first + static_cast<int64_t>(q), sub_rows[q], spread ? used_bits + sub_bits : kMaxHashBits,
                         results);
      return;
    }
    std::vector<Batch> in;
    store_->take(key, [&](exec::Batch b) {
      rt::throw_if_stopped(d_.ctx.stop);
      in.push_back(d_.from_spill(std::move(b)));
    });
    results.push_back(d_.aggregate(*split_.final, in.size() == 1 ? std::move(in[0]) : d_.concat(in, split_.partial->outputs)));
  }

  // Hash bits the splits may use in all: beyond them the rows of one partition share their hash's top 48 bits.
  static constexpr int kMaxHashBits = 48;

  Device& d_;
  const plan::AggregateSplit& split_;
  const int64_t expected_runs_;
  int64_t row_bytes_ = 0, held_bytes_ = 0, runs_ = 0;
  std::vector<ColumnId> keys_;  // the group keys among the partials' columns (the first ones)
  std::vector<Batch> held_;
  std::unique_ptr<SpillStore> store_;  // once the partials are split
  int parts_ = 0;
  std::vector<int64_t> rows_;  // rows spilled to each partition
  int64_t next_key_ = 0;       // the store's next free key (partitions split again get new ones)
  int resplit_ = 0;
  bool merges_ = true;
};

}  // namespace tessera::exec
