// Partitioned passes (issue 31): while an aggregation streams (morsels.hpp), each join on the streamed path
// computes its other input once and holds it. When that input is itself too large for the memory budget, it is
// computed a morsel of its own scan at a time (collected), and when even its result is too large, the join runs
// in P passes: pass p keeps, on both sides, the rows whose join key k has |k % P| = p when k is an integer, else
// KEY_PARTITION(k, P) = p (a hash of the key both devices compute alike: exec/key_partition.hpp); NULL keys on
// neither, except the rows a left or anti join keeps unmatched, which go to pass 0. Every output row of the
// join comes from exactly one pass, so the streamed aggregation merges the passes' partial aggregates as it
// merges morsels. A pass re-reads the streamed scan instead of spilling partitions: no disk or host space is
// needed, at the price of reading the input once per pass.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "tessera/exec/morsels.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::exec {

// A join on the streamed path whose other (reused) input's scans exceed half of the budget.
struct JoinPartition {
  const plan::LogicalOp* join = nullptr;
  const plan::LogicalOp* stream_input = nullptr;  // the child on the streamed path
  const plan::LogicalOp* reused_input = nullptr;  // the other child: collected a morsel at a time
  // An equality key between expressions of the two inputs, or null: the join is not partitioned (no key of
  // integers or of one hashable type, or a NOT IN whose NULLs must all meet), only its reused input collected.
  plan::ExprPtr stream_key, reused_key;
  bool hashed = false;  // the keys are not integers: partitioned by KEY_PARTITION rather than |k % P|
  bool keeps_unmatched = false;  // the stream input is the left of a LEFT or anti join: NULL keys to pass 0
  int group = -1;                // index into JoinPartitions::parts (joins on one streamed key column share one)
};

// Filters by operator: execute() keeps only the rows of an operator's result that pass these conjuncts.
using PartitionFilters = std::map<const plan::LogicalOp*, std::vector<plan::ExprPtr>>;

struct JoinPartitions {
  std::vector<JoinPartition> joins;
  std::vector<int> parts;  // partitions of each group
  int64_t passes() const;
  // The filters of pass `pass` (0 <= pass < passes()): for each partitioned join, on its stream input and its
  // reused input.
  PartitionFilters filters(int64_t pass) const;
  // The partitioned entry whose reused input is `op`, or null.
  const JoinPartition* reusing(const plan::LogicalOp* op) const;
};

// The joins of `path` whose reused input is too large for `budget_bytes` (none when the budget is 0), and how many
// partitions each key needs for a partition of the reused input's estimated result to take at most a quarter of
// the budget (at most kMaxPartitions a key, kMaxPasses in all).
JoinPartitions partition_joins(const StreamPath& path, int64_t budget_bytes);
inline constexpr int kMaxPartitions = 1024;
inline constexpr int64_t kMaxPasses = 4096;  // over all partitioned joins (their partitions multiply)

// Estimated bytes of the decoded columns all scans under `op` read (an upper bound on what computing it whole
// holds), and of its result (estimated rows times its columns' widths).
int64_t scanned_bytes(const plan::LogicalOp& op);
int64_t result_bytes(const plan::LogicalOp& op);

}  // namespace tessera::exec
