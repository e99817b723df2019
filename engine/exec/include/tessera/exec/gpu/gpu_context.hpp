// What a GPU operator needs: the device's memory resource and stream (explicit, as in libcudf), the
// catalog's kernels on the device, the resident column cache, the session and EXPLAIN ANALYZE's stats.
#pragma once

#include <map>
#include <memory>

#include "tessera/exec/executor.hpp"
#include "tessera/functions/session_context.hpp"

namespace tessera::rt {
class CudaDevice;
class CudaPool;
class StatementStop;
}  // namespace tessera::rt

namespace tessera::exec::gpu {

class GpuColumnCache;

struct GpuContext {
  rt::CudaDevice* kernels = nullptr;  // launches catalog kernels on device columns
  rt::CudaPool* pool = nullptr;       // every device buffer of an operator comes from here
  void* stream = nullptr;             // cudaStream_t of this query
  GpuColumnCache* cache = nullptr;
  fn::SessionContext session;
  std::map<const plan::LogicalOp*, OperatorStats>* stats = nullptr;  // EXPLAIN ANALYZE: rows, device ms
  const rt::StatementStop* stop = nullptr;  // as ExecContext::stop
  GpuExprMemo* memo = nullptr;  // common subexpressions of the operator evaluating now (expr_memo.hpp)
  std::map<const plan::LogicalOp*, plan::Value> subquery_values;  // uncorrelated scalar subqueries, run once
  // Streaming (morsels.hpp): rows per morsel (0: decided by the cache's budget), and the morsel now running.
  int64_t morsel_rows = 0;
  const ScanRange* scan_range = nullptr;
  // While morsels stream: the joins' other inputs, computed once (execute_gpu returns them; a join builds its
  // hash table on them).
  const std::map<const plan::LogicalOp*, DeviceBatch>* reused = nullptr;
  // While morsels stream: what an operator keeps from one morsel to the next (a join's hash table on the reused
  // input), by operator.
  std::map<const plan::LogicalOp*, std::shared_ptr<void>>* kept = nullptr;
  // While a partitioned pass runs (join_partitions.hpp): execute_gpu keeps only the rows of an operator named
  // here that pass its conjuncts.
  const std::map<const plan::LogicalOp*, std::vector<plan::ExprPtr>>* partition_filters = nullptr;
  // Where partitioned passes keep the partitions of later passes (spilled_passes.hpp): downloaded to host memory.
  SpillSettings spill;
  int host_threads = 1;  // for host work on the way to and from host memory (splitting spilled partials)
  // A kernel's string result that would take more than this at its uniform per-row capacity runs on slices of
  // rows, each packed before the next (expr_call.cpp); tests make it small.
  int64_t strided_output_bytes = int64_t{1} << 30;
};

// The scan's columns whose stored chunks holding rows [begin, end) the column cache holds (morsels.hpp's
// columns_held, for the GPU: the morsel's read ahead from disk skips them).
std::vector<size_t> columns_held(const GpuContext& ctx, const plan::LogicalOp& scan, int64_t begin, int64_t end);

}  // namespace tessera::exec::gpu
