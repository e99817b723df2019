// Late materialisation: a top-N over one table (ORDER BY ... LIMIT n over a scan, filters and projections) sorts
// only the columns it needs and fetches the rest for the n rows it keeps:
//   Limit (Sort (chain (Scan t)))  ->  Fetch t [deferred] (Limit (Sort (chain' (Scan t [..., #row]))))
// The chain is Projects and Filters. A deferred column is a table column that reaches the Limit's outputs
// unchanged (Projects at most rename it) and that no sort key, filter or computed projection reads; the Scan
// gives each row's position instead, and the Fetch reads the deferred columns at the kept rows' positions.
// ClickBench's q24 (SELECT * ... WHERE URL LIKE '%google%' ORDER BY EventTime LIMIT 10) otherwise gathers all 105
// columns of the 6 million rows (at 100 million) that pass its filter to keep 10 of them.
// The rows and their order are the top-N's own: only which operator reads the deferred columns changes.
#include "optimizer_impl.hpp"

#include <optional>

namespace tessera::plan::optimizer_detail {

namespace {

// The Fetch reads, per deferred column, the stored chunk of each kept row (a table in memory: a gather of the
// kept rows): worth it while the kept rows are few and the table many times larger.
constexpr int64_t kMaxFetchedRows = 1024;
constexpr int64_t kTableRowsPerFetchedRow = 8;

struct TopNOverScan {
  LogicalOp* limit;
  LogicalOp* sort;
  std::vector<LogicalOp*> chain;  // from the Sort's child down
  LogicalOp* scan;
};

std::optional<TopNOverScan> match(LogicalOp& limit) {
  if (limit.kind != OpKind::Limit || limit.limit < 0 || limit.limit > kMaxFetchedRows ||
      limit.offset > kMaxFetchedRows - limit.limit || limit.child()->kind != OpKind::Sort)
    return std::nullopt;
  TopNOverScan m{&limit, limit.children[0].get(), {}, nullptr};
  LogicalOp* op = m.sort->children[0].get();
  while (op->kind == OpKind::Project || op->kind == OpKind::Filter) {
    m.chain.push_back(op);
    op = op->children[0].get();
  }
  if (op->kind != OpKind::Scan || !op->table || op->row_position >= 0) return std::nullopt;
  if (op->table->num_rows() < (limit.offset + limit.limit) * kTableRowsPerFetchedRow) return std::nullopt;
  m.scan = op;
  return m;
}

// The ids a top output has on its way down (its own first, the scan's last) and the table column it is, when it
// reaches the scan through Filters and renaming Projects; nullopt when something computes it.
struct Trace {
  std::vector<ColumnId> ids;
  int table_column = -1;
};
std::optional<Trace> trace(ColumnId id, const TopNOverScan& m) {
  Trace t{{id}, -1};
  for (const LogicalOp* op : m.chain) {
    if (op->kind != OpKind::Project) continue;
    size_t j = 0;
    while (j < op->outputs.size() && op->outputs[j].id != t.ids.back()) ++j;
    if (j == op->outputs.size() || op->exprs[j]->kind != ExprKind::Column) return std::nullopt;
    t.ids.push_back(op->exprs[j]->column);
  }
  const LogicalOp& scan = *m.scan;
  for (size_t i = 0; i < scan.table_ids.size(); ++i)
    if (scan.table_ids[i] == t.ids.back()) t.table_column = static_cast<int>(i);
  if (t.table_column < 0) return std::nullopt;
  return t;
}

// The columns the top-N reads anyway: sort keys, the scan's and the other filters, computed projections.
IdSet read_by_top_n(const TopNOverScan& m) {
  IdSet s;
  for (const auto& p : m.scan->predicates) {
    IdSet c = columns_of(p);
    s.insert(c.begin(), c.end());
  }
  for (const auto& k : m.sort->sort_keys) {
    IdSet c = columns_of(k.expr);
    s.insert(c.begin(), c.end());
  }
  for (const LogicalOp* op : m.chain)
    for (const auto& e : op->kind == OpKind::Filter ? op->predicates : op->exprs)
      if (e->kind != ExprKind::Column) {
        IdSet c = columns_of(e);
        s.insert(c.begin(), c.end());
      }
  return s;
}

std::vector<OutputColumn> without(const std::vector<OutputColumn>& outs, const IdSet& drop) {
  std::vector<OutputColumn> keep;
  for (const auto& o : outs)
    if (!drop.count(o.id)) keep.push_back(o);
  return keep;
}

// Rewrites the matched top-N (a copy of it: plans may share subtrees) into a Fetch over a narrow top-N; null
// when no column can be deferred.
PlanPtr defer_columns(LogicalOp& limit, ColumnId row_position) {
  const std::optional<TopNOverScan> m = match(limit);
  if (!m) return nullptr;
  const IdSet read = read_by_top_n(*m);
  IdSet drop;
  std::vector<int> fetch_columns;
  for (const auto& o : limit.outputs) {
    std::optional<Trace> t = trace(o.id, *m);
    bool deferred = t.has_value();
    if (t)
      for (ColumnId id : t->ids) deferred = deferred && !read.count(id);
    fetch_columns.push_back(deferred ? t->table_column : -1);
    if (deferred) drop.insert(t->ids.begin(), t->ids.end());
  }
  if (drop.empty()) return nullptr;

  const OutputColumn position{row_position, "#row", DataType::int64()};
  PlanPtr top = clone_plan(limit);
  // The copy's operators, top-down: Limit, Sort, the chain, the Scan.
  std::vector<LogicalOp*> ops{top.get()};
  while (!ops.back()->children.empty()) ops.push_back(ops.back()->children[0].get());
  for (LogicalOp* op : ops) {
    if (op->kind == OpKind::Project) {
      std::vector<OutputColumn> outs;
      std::vector<ExprPtr> exprs;
      for (size_t j = 0; j < op->outputs.size(); ++j)
        if (!drop.count(op->outputs[j].id)) {
          outs.push_back(op->outputs[j]);
          exprs.push_back(op->exprs[j]);
        }
      exprs.push_back(column_ref(row_position, position.type, position.name));
      op->exprs = exprs;
      op->outputs = outs;
    } else {
      op->outputs = without(op->outputs, drop);
    }
    op->outputs.push_back(position);
  }
  ops.back()->row_position = row_position;

  PlanPtr fetch = make_plan(OpKind::Fetch);
  fetch->children.push_back(top);
  fetch->outputs = limit.outputs;
  fetch->table = m->scan->table;
  fetch->alias = m->scan->alias;
  fetch->row_position = row_position;
  fetch->fetch_columns = fetch_columns;
  fetch->estimated_rows = limit.estimated_rows;
  return fetch;
}

}  // namespace

PlanPtr late_materialize(PlanPtr p, ColumnId& next_row_position) {
  for (PlanPtr& c : p->children) c = late_materialize(c, next_row_position);
  if (PlanPtr fetch = defer_columns(*p, next_row_position)) {
    ++next_row_position;
    return fetch;
  }
  return p;
}

}  // namespace tessera::plan::optimizer_detail
