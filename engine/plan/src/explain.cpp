#include "tessera/plan/explain.hpp"

#include <cmath>
#include <set>

#include "tessera/runtime/byte_size.hpp"
#include "tessera/runtime/catalog.hpp"

namespace tessera::plan {

namespace {

void collect_calls(const Expr& e, std::string_view device, std::set<std::string>& out) {
  if (e.kind == ExprKind::Call)
    out.insert(e.name + " -> kernel " + std::string(e.kernel->spec->kernel) + " [" + std::string(device) + ", catalog]");
  for (const auto& a : e.args)
    if (a) collect_calls(*a, device, out);
}

std::string list(const std::vector<ExprPtr>& es, const char* sep = " AND ") {
  std::string s;
  for (const auto& e : es) s += (s.empty() ? "" : sep) + to_string(*e);
  return s;
}

std::string rows_text(double r) {
  if (r < 0) return "?";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", std::round(r));
  return buf;
}

void render(const LogicalOp& op, int depth, std::string& out, std::vector<const LogicalOp*>& subplans,
            const ActualLookup& actual, std::string_view function_device, const PlacementNotes* placement) {
  if (placement && placement->transfer_above) {
    const std::string t = placement->transfer_above(op);
    if (!t.empty()) {
      out += std::string(depth * 2, ' ') + t + "\n";
      ++depth;
    }
  }
  const std::string op_device = placement && placement->device ? placement->device(op) : "CPU";
  const std::string_view device = op_device == "GPU" ? std::string_view("GPU") : function_device;
  std::string line(depth * 2, ' ');
  std::set<std::string> calls;
  auto note = [&](const std::vector<ExprPtr>& es) {
    for (const auto& e : es) {
      collect_calls(*e, device, calls);
      std::vector<const Expr*> stack{e.get()};
      while (!stack.empty()) {
        const Expr* x = stack.back();
        stack.pop_back();
        if (x->kind == ExprKind::Subquery) subplans.push_back(x->subplan.get());
        for (const auto& a : x->args)
          if (a) stack.push_back(a.get());
      }
    }
  };
  switch (op.kind) {
    case OpKind::Scan:
      line += "Scan " + op.table->name() + (op.alias.empty() ? "" : " " + op.alias);
      if (!op.predicates.empty()) line += " WHERE " + list(op.predicates);
      {
        std::string cols;
        for (const auto& o : op.outputs) cols += (cols.empty() ? "" : ", ") + o.name;
        line += " [" + cols + "]";
      }
      note(op.predicates);
      break;
    case OpKind::Filter:
      line += "Filter " + list(op.predicates);
      note(op.predicates);
      break;
    case OpKind::Project: {
      line += "Project ";
      std::string s;
      for (size_t i = 0; i < op.exprs.size(); ++i)
        s += (i ? ", " : "") + to_string(*op.exprs[i]) + (op.exprs[i]->kind == ExprKind::Column && op.exprs[i]->name == op.outputs[i].name ? "" : " AS " + op.outputs[i].name);
      line += s;
      note(op.exprs);
      break;
    }
    case OpKind::Join:
      line += std::string("HashJoin ") + join_type_name(op.join_type) + (op.null_aware ? " (null-aware)" : "");
      if (!op.predicates.empty()) line += " ON " + list(op.predicates);
      else line += " (cross product)";
      note(op.predicates);
      break;
    case OpKind::Aggregate: {
      line += "HashAggregate";
      if (!op.groups.empty()) line += " GROUP BY " + list(op.groups, ", ");
      std::string s;
      for (size_t i = 0; i < op.aggregates.size(); ++i)
        s += (i ? ", " : "") + op.outputs[op.groups.size() + i].name;
      if (!s.empty()) line += " COMPUTE " + s;
      note(op.groups);
      for (const auto& a : op.aggregates) {
        if (a.arg) note({a.arg});
        if (a.folded) note({a.folded});
      }
      break;
    }
    case OpKind::Sort: {
      line += "Sort ";
      std::string s;
      for (const auto& k : op.sort_keys) s += (s.empty() ? "" : ", ") + to_string(*k.expr) + (k.descending ? " DESC" : "");
      line += s;
      break;
    }
    case OpKind::Limit:
      line += op.limit >= 0 ? "Limit " + std::to_string(op.limit) : std::string("Limit all");
      if (op.offset > 0) line += " OFFSET " + std::to_string(op.offset);
      break;
    case OpKind::Fetch: {
      line += "Fetch " + op.table->name() + (op.alias.empty() ? "" : " " + op.alias) + " [";
      std::string cols;
      for (size_t i = 0; i < op.outputs.size(); ++i)
        if (op.fetch_columns[i] >= 0) cols += (cols.empty() ? "" : ", ") + op.outputs[i].name;
      line += cols + "] at the kept rows";
      break;
    }
    case OpKind::SingleRow: line += "SingleRow"; break;
    case OpKind::UnionAll: line += "UnionAll"; break;
    case OpKind::Window: {
      line += "Window ";
      const size_t first = op.outputs.size() - op.windows.size();
      for (size_t i = 0; i < op.windows.size(); ++i) {
        const WindowFunction& w = op.windows[i];
        std::string s = std::string(window_func_name(w.func));
        if (w.func != WindowFunc::CountStar) s += "(" + list(w.args, ", ") + ")";
        s += " OVER (";
        std::string over;
        if (!w.partition.empty()) over += "PARTITION BY " + list(w.partition, ", ");
        if (!w.order.empty()) {
          over += std::string(over.empty() ? "" : " ") + "ORDER BY ";
          for (size_t k = 0; k < w.order.size(); ++k)
            over += (k ? ", " : "") + to_string(*w.order[k].expr) + (w.order[k].descending ? " DESC" : "");
        }
        auto bound = [](const FrameBound& b, bool start) -> std::string {
          if (b.kind == FrameBound::Kind::Unbounded) return start ? "UNBOUNDED PRECEDING" : "UNBOUNDED FOLLOWING";
          if (b.kind == FrameBound::Kind::CurrentRow) return "CURRENT ROW";
          return std::to_string(b.offset < 0 ? -b.offset : b.offset) + (b.offset < 0 ? " PRECEDING" : " FOLLOWING");
        };
        if (!w.order.empty())
          over += std::string(w.frame.rows ? " ROWS" : " RANGE") + " BETWEEN " + bound(w.frame.start, true) + " AND " +
                  bound(w.frame.end, false);
        s += over + ") AS " + op.outputs[first + i].name;
        line += (i ? ", " : "") + s;
        note(w.args);
        note(w.partition);
        for (const auto& k : w.order) note({k.expr});
      }
      break;
    }
  }
  line += "  (rows~" + rows_text(op.estimated_rows) + ", " + op_device;
  if (actual)
    if (const ActualStats* a = actual(op)) {
      char buf[96];
      double children = 0;
      for (const auto& c : op.children)
        if (const ActualStats* ca = actual(*c)) children += ca->ms;
      std::snprintf(buf, sizeof buf, "; actual rows=%lld, %.1f ms, self %.1f ms", static_cast<long long>(a->rows), a->ms,
                    a->ms - children);
      line += buf;
      if (a->morsels > 0) line += "; streamed in " + std::to_string(a->morsels) + " morsels";
      if (a->passes > 1) line += " over " + std::to_string(a->passes) + " partitioned passes";
      if (a->group_partitions > 0) line += ", partials in " + std::to_string(a->group_partitions) + " hash partitions";
      if (a->spilled_bytes > 0)
        line += ", " + rt::byte_size_text(a->spilled_bytes) + " spilled (" + rt::byte_size_text(a->spilled_to_disk) + " to disk)";
      if (a->group_resplits > 0) line += ", " + std::to_string(a->group_resplits) + " split again";
    }
  line += ")";
  out += line + "\n";
  for (const auto& c : calls) out += std::string(depth * 2 + 4, ' ') + "function " + c + "\n";
  for (const auto& c : op.children) render(*c, depth + 1, out, subplans, actual, function_device, placement);
}

}  // namespace

std::string explain(const LogicalOp& plan, const ActualLookup& actual, std::string_view device,
                    const PlacementNotes* placement) {
  std::string out;
  std::vector<const LogicalOp*> subplans;
  render(plan, 0, out, subplans, actual, device, placement);
  for (size_t i = 0; i < subplans.size(); ++i) {
    out += "Subquery " + std::to_string(i + 1) + " (runs once):\n";
    std::vector<const LogicalOp*> nested;
    render(*subplans[i], 1, out, nested, actual, device, placement);
    subplans.insert(subplans.end(), nested.begin(), nested.end());
  }
  return out;
}

}  // namespace tessera::plan
