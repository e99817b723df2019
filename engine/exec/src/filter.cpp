// The filter operator: conjuncts evaluated in an order that keeps errors and work down (cheap built-in
// predicates first, a conjunct that can fail only over the rows the earlier ones kept).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>

#include "operators.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/parallel.hpp"

namespace tessera::exec {

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
          e.op == plan::Op::Mod || e.op == plan::Op::Cast)
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

}  // namespace tessera::exec
