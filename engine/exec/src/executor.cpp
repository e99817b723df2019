// Dispatch over the plan, and the simple operators: scan (with its pushed-down filters), filter,
// project, limit, the one-row input of a SELECT without FROM.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <optional>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/stream_driver.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

using plan::OpKind;

// Comparisons and logic over columns and constants: evaluating them on a row some earlier conjunct
// rejected cannot raise an error.
bool cannot_fail(const plan::Expr& e) {
  switch (e.kind) {
    case plan::ExprKind::Column:
    case plan::ExprKind::Constant: return true;
    case plan::ExprKind::InList:
    case plan::ExprKind::IsNull: break;
    case plan::ExprKind::Op:
      if (e.op == plan::Op::Add || e.op == plan::Op::Sub || e.op == plan::Op::Mul || e.op == plan::Op::Div ||
          e.op == plan::Op::Mod || e.op == plan::Op::Neg || e.op == plan::Op::Cast)
        return false;
      break;
    default: return false;
  }
  for (const auto& a : e.args)
    if (a && !cannot_fail(*a)) return false;
  return true;
}

bool has_call(const plan::Expr& e) {
  if (e.kind == plan::ExprKind::Call) return true;
  for (const auto& a : e.args)
    if (a && has_call(*a)) return true;
  return false;
}

namespace {

Batch restrict_to(const Batch& in, const std::vector<plan::OutputColumn>& outputs) {
  Batch out;
  out.rows = in.rows;
  for (const auto& o : outputs) out.add(o.id, in.column(o.id), o.type);
  return out;
}

}  // namespace

// Conjuncts one after the other, each over the rows the previous ones kept and only the columns it
// reads; cheap built-in predicates before function calls.
std::vector<int64_t> filter_rows(const Batch& input, const std::vector<plan::ExprPtr>& predicates, ExecContext& ctx) {
  std::vector<plan::ExprPtr> order = predicates;
  std::stable_partition(order.begin(), order.end(), [](const plan::ExprPtr& e) { return !has_call(*e); });
  std::optional<std::vector<int64_t>> sel;  // nullopt: every row
  // While most rows survive, conjuncts that cannot fail are evaluated over all rows and their results
  // ANDed into one mask (no gather per conjunct); below a quarter of the rows, the survivors are
  // gathered and the remaining conjuncts see only them.
  rt::Buffer<uint8_t> mask;  // becomes a column below
  size_t next = 0;
  for (; next < order.size() && !sel && cannot_fail(*order[next]); ++next) {
    Datum d = evaluate(*order[next], input, ctx);
    if (d.is_scalar) {
      if (!d.scalar.null && d.scalar.i) continue;
      sel = std::vector<int64_t>();
      break;
    }
    const rt::Column& m = *d.column;
    if (mask.empty()) mask.assign(input.rows, 1);
    const uint8_t* md = m.data.data();
    const uint8_t* mv = m.valid.empty() ? nullptr : m.valid.data();
    std::vector<int64_t> alive_in(chunk_count(input.rows, ctx.threads), 0);
    parallel_chunks(input.rows, ctx.threads, [&](int k, int64_t b, int64_t e) {
      uint8_t* mk = mask.data();
      int64_t a = 0;
      if (mv)
        for (int64_t i = b; i < e; ++i) a += (mk[i] &= md[i] & mv[i]);
      else
        for (int64_t i = b; i < e; ++i) a += (mk[i] &= md[i]);
      alive_in[k] = a;
    });
    int64_t alive = 0;
    for (int64_t a : alive_in) alive += a;
    if (alive * 4 < input.rows) {
      std::vector<int64_t> keep;
      keep.reserve(alive);
      for (int64_t i = 0; i < input.rows; ++i)
        if (mask[i]) keep.push_back(i);
      sel = std::move(keep);
    }
  }
  if (!sel && !mask.empty()) {
    rt::Column mc;
    mc.type = fn::SqlType::Bool;
    mc.rows = input.rows;
    mc.data = std::move(mask);
    sel = selected_rows(mc, ctx.threads);
  }
  if (sel && sel->empty()) return {};
  for (size_t c = next; c < order.size(); ++c) {
    const auto& p = order[c];
    std::vector<ColumnId> cols;
    plan::collect_columns(*p, cols);
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    Batch sub;
    sub.rows = sel ? static_cast<int64_t>(sel->size()) : input.rows;
    for (ColumnId id : cols) {
      const int i = input.find(id);
      if (i < 0) continue;  // evaluate() reports a column that is really missing
      sub.add(id, sel ? gather(*input.columns[i], *sel, ctx.threads) : input.columns[i], input.types[i]);
    }
    Datum d = evaluate(*p, sub, ctx);
    std::vector<int64_t> keep;
    if (d.is_scalar) {
      if (!d.scalar.null && d.scalar.i) continue;
    } else {
      keep = selected_rows(*d.column, ctx.threads);
    }
    if (sel)
      for (auto& k : keep) k = (*sel)[k];
    sel = std::move(keep);
    if (sel->empty()) break;
  }
  if (!sel) {
    std::vector<int64_t> all(input.rows);
    std::iota(all.begin(), all.end(), 0);
    return all;
  }
  return std::move(*sel);
}

Batch run_filter(Batch input, const std::vector<plan::ExprPtr>& predicates, const std::vector<plan::OutputColumn>& outputs,
                 ExecContext& ctx) {
  const std::vector<int64_t> sel = filter_rows(input, predicates, ctx);
  const bool all = static_cast<int64_t>(sel.size()) == input.rows;
  Batch out;
  out.rows = static_cast<int64_t>(sel.size());
  for (const auto& o : outputs) {
    const ColumnPtr& c = input.column(o.id);
    out.add(o.id, all ? c : gather(*c, sel, ctx.threads), o.type);
  }
  return out;
}

namespace {
Batch execute_node(const plan::LogicalOp& op, ExecContext& ctx);
}

namespace {
// The operator's result, in a partitioned pass only the rows of the pass's partition.
Batch execute_partitioned(const plan::LogicalOp& op, ExecContext& ctx) {
  if (ctx.partition_filters)
    if (auto it = ctx.partition_filters->find(&op); it != ctx.partition_filters->end())
      return run_filter(execute_node(op, ctx), it->second, op.outputs, ctx);
  return execute_node(op, ctx);
}
}  // namespace

Batch execute(const plan::LogicalOp& op, ExecContext& ctx) {
  if (ctx.from_gpu)
    if (auto it = ctx.from_gpu->find(&op); it != ctx.from_gpu->end()) return it->second;
  if (ctx.reused)
    if (auto it = ctx.reused->find(&op); it != ctx.reused->end()) return it->second;
  if (!ctx.stats) return execute_partitioned(op, ctx);
  const auto t0 = std::chrono::steady_clock::now();
  Batch b = execute_partitioned(op, ctx);
  auto& s = (*ctx.stats)[&op];  // summed over the morsels of a streamed scan
  s.rows += b.rows;
  s.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return b;
}

namespace {

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

// A part of the chain under `op` that ran on the GPU (execute_physical) is a whole result: it cannot be cut into
// morsels.
bool chain_from_gpu(const StreamPath& path, const ExecContext& ctx) {
  if (ctx.from_gpu)
    for (const plan::LogicalOp* c : path.chain)
      if (ctx.from_gpu->count(c)) return true;
  return false;
}

// An aggregation over a streamable scan too large for the memory budget (or split by ctx.morsel_rows), run a
// morsel at a time; nullopt when it runs whole.
std::optional<Batch> streamed_aggregate(const plan::LogicalOp& op, ExecContext& ctx) {
  if (ctx.scan_range) return std::nullopt;
  const StreamPath path = stream_path(*op.child());
  if (!path.scan) return std::nullopt;
  if (chain_from_gpu(path, ctx)) return std::nullopt;
  return stream_aggregation<Batch>(
      op, ctx, path, ctx.memory_budget, [&](const plan::LogicalOp& o) { return execute(o, ctx); },
      [&](const plan::LogicalOp& agg, const Batch& in) { return run_aggregate(agg, in, ctx); },
      [&](const std::vector<Batch>& parts, const std::vector<plan::OutputColumn>& outputs) {
        return concat_batches(parts, outputs, ctx.threads);
      },
      [&](const StreamPath& p) { return !chain_from_gpu(p, ctx); });
}

// A scan, filter, projection or join with no aggregation above it, over a scan too large for the memory budget,
// run a morsel at a time with each morsel's result through `reduce`; nullopt when it runs whole.
template <typename Reduce>
std::optional<Batch> streamed_rows(const plan::LogicalOp& op, ExecContext& ctx, Reduce&& reduce,
                                  bool caller_measures) {
  if (ctx.scan_range || chain_from_gpu(stream_path(op), ctx)) return std::nullopt;
  return stream_rows<Batch>(
      op, ctx, ctx.memory_budget, [&](const plan::LogicalOp& o) { return execute(o, ctx); },
      [&](const std::vector<Batch>& parts, const std::vector<plan::OutputColumn>& outputs) {
        return concat_batches(parts, outputs, ctx.threads);
      },
      reduce, caller_measures);
}

Batch execute_node(const plan::LogicalOp& op, ExecContext& ctx) {
  if (op.kind == OpKind::Scan || op.kind == OpKind::Filter || op.kind == OpKind::Project || op.kind == OpKind::Join)
    if (std::optional<Batch> b = streamed_rows(op, ctx, [](Batch b) { return b; }, true)) return std::move(*b);
  switch (op.kind) {
    case OpKind::Scan: {
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
      if (op.predicates.empty()) return restrict_to(all, op.outputs);
      return run_filter(std::move(all), op.predicates, op.outputs, ctx);
    }
    case OpKind::Filter: return run_filter(execute(*op.child(), ctx), op.predicates, op.outputs, ctx);
    case OpKind::Project: {
      Batch in = execute(*op.child(), ctx);
      Batch out;
      out.rows = in.rows;
      ExprMemo memo(ctx, in, plan::expr_pointers(op.exprs));
      for (size_t i = 0; i < op.exprs.size(); ++i)
        out.add(op.outputs[i].id, evaluate_column(*op.exprs[i], in, ctx), op.outputs[i].type);
      return out;
    }
    case OpKind::Join: {
      Batch l = execute(*op.child(0), ctx);
      Batch r = execute(*op.child(1), ctx);
      return run_hash_join(op, std::move(l), std::move(r), ctx);
    }
    case OpKind::Aggregate:
      if (std::optional<Batch> b = streamed_aggregate(op, ctx)) return std::move(*b);
      return run_aggregate(op, execute(*op.child(), ctx), ctx);
    case OpKind::Sort: return run_sort(op, execute(*op.child(), ctx), -1, ctx);
    case OpKind::Window: return run_window(op, execute(*op.child(), ctx), ctx);
    case OpKind::Limit: {
      // Rows [offset, offset + limit) of the input; over a sort, a top-(offset + limit) sort.
      const int64_t end = op.limit >= 0 && op.limit <= INT64_MAX - op.offset ? op.offset + op.limit : -1;
      Batch in;
      if (op.child()->kind != OpKind::Sort) {
        in = execute(*op.child(), ctx);
      } else {
        // A top-N over a streamed input keeps each morsel's first rows only.
        const plan::LogicalOp& sort = *op.child();
        std::optional<Batch> top;
        if (end >= 0)
          top = streamed_rows(*sort.child(), ctx, [&](Batch b) { return run_sort(sort, std::move(b), end, ctx); }, false);
        in = run_sort(sort, top ? std::move(*top) : execute(*sort.child(), ctx), end, ctx);
      }
      const int64_t stop = end >= 0 ? std::min(end, in.rows) : in.rows;
      const int64_t start = std::min(op.offset, stop);
      if (start == 0 && stop == in.rows) return in;
      std::vector<int64_t> rows(static_cast<size_t>(stop - start));
      std::iota(rows.begin(), rows.end(), start);
      return gather(in, rows, ctx.threads);
    }
    case OpKind::SingleRow: {
      Batch b;
      b.rows = 1;
      return b;
    }
    case OpKind::UnionAll: {
      std::vector<Batch> in;
      for (const auto& c : op.children) in.push_back(execute(*c, ctx));
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
  }
  throw ExecError("internal error: unknown operator");
}

}  // namespace

}  // namespace tessera::exec
