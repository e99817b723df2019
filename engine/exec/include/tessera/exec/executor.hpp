// The executor: runs an optimized logical plan on the CPU, operator at a time over whole columns,
// multi-threaded inside each operator. Scalar functions run through the catalog's compiled CPU
// kernels (rt::run_cpu), the interface the GPU uses too; the relational operators and the built-in
// arithmetic and comparisons are the engine's own code.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "tessera/exec/batch.hpp"
#include "tessera/exec/expr_memo.hpp"
#include "tessera/exec/spill_store.hpp"
#include "tessera/functions/session_context.hpp"
#include "tessera/plan/logical_plan.hpp"

namespace tessera::rt {
class Catalog;
class CudaDevice;
class StatementStop;
}

namespace tessera::exec {

struct ScanRange;  // morsels.hpp

// EXPLAIN ANALYZE: what each operator did (time includes its inputs').
struct OperatorStats {
  int64_t rows = 0;
  double ms = 0;
  int64_t morsels = 0;  // an aggregation that streamed its scan: how many morsels (over all passes)
  int64_t passes = 0;   // ... and in how many partitioned passes (join_partitions.hpp)
  int64_t spilled_bytes = 0, spilled_to_disk = 0;  // ... whose partitions spilled this much (spilled_passes.hpp)
  int64_t group_partitions = 0;  // ... whose partials outgrew the budget: in this many hash partitions (aggregate_partials.hpp)
  int64_t group_resplits = 0;    // ... of which this many outgrew their share and were split again
};

struct ExecContext {
  int threads = 1;
  rt::CudaDevice* gpu = nullptr;  // set: scalar-function kernels run on this GPU, else on the CPU
  fn::SessionContext session;
  std::map<const plan::LogicalOp*, plan::Value> subquery_values;  // uncorrelated scalar subqueries, run once
  ExprMemo* memo = nullptr;  // common subexpressions of the operator evaluating now (expr_memo.hpp)
  std::map<const plan::LogicalOp*, OperatorStats>* stats = nullptr;  // set by EXPLAIN ANALYZE
  // Set while a statement may be stopped (Ctrl-C, a time limit): checked between operators and morsels and
  // after every kernel call (rt::throw_if_stopped).
  const rt::StatementStop* stop = nullptr;
  // The GPU subtrees of a physical plan (execute_physical): where the CPU part of the plan reaches one, it runs on
  // the GPU and its result moves to host memory (the ToHost operator), once.
  struct GpuSubtrees {
    std::set<const plan::LogicalOp*> roots;
    std::function<Batch(const plan::LogicalOp&)> run;  // the subtree on the GPU, then to host memory
    std::map<const plan::LogicalOp*, Batch> done;
  };
  GpuSubtrees* from_gpu = nullptr;
  // Streaming (morsels.hpp): rows per morsel (0: decided by memory_budget), the host memory a scan's decoded
  // columns may take before an aggregation over it streams (0: no limit), and the morsel now running.
  int64_t morsel_rows = 0;
  int64_t memory_budget = 0;
  const ScanRange* scan_range = nullptr;
  // While morsels stream: the joins' other inputs, computed once (execute() returns them; a join builds its hash
  // table on them).
  const std::map<const plan::LogicalOp*, Batch>* reused = nullptr;
  // While morsels stream: what an operator keeps from one morsel to the next, by operator (a join's hash table on
  // the input every morsel reuses).
  std::map<const plan::LogicalOp*, std::shared_ptr<void>>* kept = nullptr;
  // While a partitioned pass runs (join_partitions.hpp): execute() keeps only the rows of an operator named here
  // that pass its conjuncts.
  const std::map<const plan::LogicalOp*, std::vector<plan::ExprPtr>>* partition_filters = nullptr;
  // Where partitioned passes keep the partitions of later passes (spilled_passes.hpp).
  SpillSettings spill;
};

Batch execute(const plan::LogicalOp& op, ExecContext& ctx);

Datum evaluate(const plan::Expr& e, const Batch& batch, ExecContext& ctx);
ColumnPtr evaluate_column(const plan::Expr& e, const Batch& batch, ExecContext& ctx);
// Filters evaluate conjuncts in this order on both devices: those without function calls first; a
// conjunct that can fail (arithmetic, casts, calls) only sees rows the earlier ones kept.
bool cannot_fail(const plan::Expr& e);
bool has_call(const plan::Expr& e);

// Throws the ExecError SQL Server gives for a row of a built-in operator that failed with `status`
// (Msg 8115 overflow converting to `t`, Msg 8134 divide by zero, ...): the CPU and GPU evaluators share it.
[[noreturn]] void fail_status(int32_t status, const DataType& t);
// An expression without columns (constant folding).
plan::Value evaluate_constant(const plan::Expr& e, ExecContext& ctx);

}  // namespace tessera::exec
