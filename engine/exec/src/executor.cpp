// The CPU executor: the CPU's operator set for the plan walker (plan_walker.hpp), over host Batches, and the
// simple operators (scan with its pushed-down filters, project, row ranges, the one-row input of a SELECT without
// FROM, UNION ALL). The relational operators are one file each (operators.hpp).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <utility>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/plan_walker.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

namespace {

Batch restrict_to(const Batch& in, const std::vector<plan::OutputColumn>& outputs) {
  Batch out;
  out.rows = in.rows;
  for (const auto& o : outputs) out.add(o.id, in.column(o.id), o.type);
  return out;
}

// The batches' columns `outputs`, rows one batch after the other.
Batch concat_batches(const std::vector<Batch>& parts, const std::vector<plan::OutputColumn>& outputs, int threads) {
  Batch out;
  for (const Batch& b : parts) out.rows += b.rows;
  for (const auto& o : outputs) {
    std::vector<const rt::Column*> cols;
    for (const Batch& b : parts) cols.push_back(b.column(o.id).get());
    out.add(o.id, std::make_shared<rt::Column>(storage::concat_columns(cols, o.type.physical(), threads)), o.type);
  }
  return out;
}

struct CpuOperators {
  using Batch = exec::Batch;
  ExecContext& ctx;

  int64_t budget() const { return ctx.memory_budget; }

  // A part of the chain that ran on the GPU (execute_physical) is a whole result: it cannot be cut into morsels.
  bool can_stream(const StreamPath& path) const {
    if (ctx.from_gpu)
      for (const plan::LogicalOp* c : path.chain)
        if (ctx.from_gpu->roots.count(c)) return false;
    return true;
  }

  const Batch* precomputed(const plan::LogicalOp& op) const {
    if (ctx.from_gpu && ctx.from_gpu->roots.count(&op)) {  // ToHost: the GPU subtree run where the walk reaches it
      auto& done = ctx.from_gpu->done;
      auto it = done.find(&op);
      if (it == done.end()) it = done.emplace(&op, ctx.from_gpu->run(op)).first;
      return &it->second;
    }
    if (ctx.reused)
      if (auto it = ctx.reused->find(&op); it != ctx.reused->end()) return &it->second;
    return nullptr;
  }

  template <typename Run>
  Batch measured(const plan::LogicalOp& op, Run&& run) {
    if (!ctx.stats) return run();
    const auto t0 = std::chrono::steady_clock::now();
    Batch b = run();
    auto& s = (*ctx.stats)[&op];  // summed over the morsels of a streamed scan
    s.rows += b.rows;
    s.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return b;
  }

  Batch scan(const plan::LogicalOp& op) {
    Batch all;
    all.rows = op.table->num_rows();
    const auto& fields = op.table->schema().fields();
    // Only the columns the scan's outputs and predicates read (a stored table reads them on first use); while
    // a morsel runs, only its rows (a stored table's column not read yet: only the chunks holding them).
    const ScanRange* r = ctx.scan_range && ctx.scan_range->scan == &op ? ctx.scan_range : nullptr;
    if (r) all.rows = r->end - r->begin;
    for (size_t i : plan::scanned_columns(op))
      all.add(op.table_ids[i],
              r ? std::make_shared<rt::Column>(op.table->column_rows(i, r->begin, r->end)) : borrow(op.table->column(i)),
              fields[i].type);
    if (op.row_position >= 0) {  // late materialisation: each row's position in the table, for a Fetch above
      auto at = std::make_shared<rt::Column>(rt::Column::fixed(fn::SqlType::Int64, all.rows));
      std::iota(reinterpret_cast<int64_t*>(at->data.data()), reinterpret_cast<int64_t*>(at->data.data()) + all.rows,
                r ? r->begin : 0);
      all.add(op.row_position, at, plan::DataType::int64());
    }
    if (op.predicates.empty()) return restrict_to(all, op.outputs);
    return run_filter(std::move(all), op.predicates, op.outputs, ctx);
  }

  Batch filter(Batch in, const std::vector<plan::ExprPtr>& predicates, const std::vector<plan::OutputColumn>& outputs) {
    return run_filter(std::move(in), predicates, outputs, ctx);
  }

  Batch project(const plan::LogicalOp& op, Batch in) {
    Batch out;
    out.rows = in.rows;
    ExprMemo memo(ctx.memo, in, plan::expr_pointers(op.exprs));
    for (size_t i = 0; i < op.exprs.size(); ++i)
      out.add(op.outputs[i].id, evaluate_column(*op.exprs[i], in, ctx), op.outputs[i].type);
    return out;
  }

  Batch join(const plan::LogicalOp& op, Batch l, Batch r) { return run_hash_join(op, std::move(l), std::move(r), ctx); }
  Batch aggregate(const plan::LogicalOp& op, const Batch& in) { return run_aggregate(op, in, ctx); }
  Batch sort(const plan::LogicalOp& op, Batch in, int64_t limit) { return run_sort(op, in, limit, ctx); }
  Batch window(const plan::LogicalOp& op, Batch in) { return run_window(op, in, ctx); }
  Batch fetch(const plan::LogicalOp& op, Batch in) { return run_fetch(op, in, ctx); }

  // Rows [offset, offset + limit) of `in` (limit -1: to the end).
  Batch rows(Batch in, int64_t offset, int64_t limit) {
    const int64_t stop = limit >= 0 && limit <= in.rows - std::min(offset, in.rows) ? offset + limit : in.rows;
    const int64_t start = std::min(offset, stop);
    if (start == 0 && stop == in.rows) return in;
    std::vector<int64_t> idx(static_cast<size_t>(stop - start));
    std::iota(idx.begin(), idx.end(), start);
    return gather(in, idx, ctx.threads);
  }

  Batch single_row() {
    Batch b;
    b.rows = 1;
    return b;
  }

  Batch union_all(const plan::LogicalOp& op, std::vector<Batch> in) {
    Batch out;
    for (const Batch& b : in) out.rows += b.rows;
    for (size_t i = 0; i < op.outputs.size(); ++i) {
      std::vector<const rt::Column*> parts;
      for (size_t c = 0; c < in.size(); ++c) parts.push_back(in[c].column(op.union_inputs[c][i]).get());
      out.add(op.outputs[i].id,
              std::make_shared<rt::Column>(storage::concat_columns(parts, op.outputs[i].type.physical(), ctx.threads)),
              op.outputs[i].type);
    }
    return out;
  }

  Batch concat(const std::vector<Batch>& parts, const std::vector<plan::OutputColumn>& outputs) {
    return concat_batches(parts, outputs, ctx.threads);
  }
  // Re-reading a stored table decodes it from disk or the page cache again each pass: spilling pays
  // (spilled_passes.hpp; TPC-H Q21 at SF 1 with 64 MiB: 3.5-5.6 s against 8.8 s).
  bool spill_pays() const { return true; }
  int host_threads() const { return ctx.threads; }
  // Spilled partitions are host batches already.
  Batch to_spill(Batch b) { return b; }
  Batch from_spill(Batch b) { return b; }
};

}  // namespace

Batch execute(const plan::LogicalOp& op, ExecContext& ctx) {
  CpuOperators ops{ctx};
  return execute_plan(op, ops);
}

}  // namespace tessera::exec
