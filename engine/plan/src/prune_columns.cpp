// Column pruning: scans and projections keep only the columns something above them reads.
#include "optimizer_impl.hpp"

namespace tessera::plan::optimizer_detail {

void prune_columns(LogicalOp& op, const IdSet& required) {
  auto need_exprs = [](IdSet& s, const std::vector<ExprPtr>& es) {
    for (const auto& e : es)
      if (e) {
        IdSet c = columns_of(e);
        s.insert(c.begin(), c.end());
      }
  };
  switch (op.kind) {
    case OpKind::Scan: {
      std::vector<OutputColumn> keep;
      for (const auto& o : op.outputs)
        if (required.count(o.id)) keep.push_back(o);
      op.outputs = keep;
      return;
    }
    case OpKind::SingleRow: return;
    case OpKind::UnionAll: {
      // Positions no one reads go from every input (one stays, so rows still count).
      std::vector<size_t> keep;
      for (size_t i = 0; i < op.outputs.size(); ++i)
        if (required.count(op.outputs[i].id)) keep.push_back(i);
      if (keep.empty() && !op.outputs.empty()) keep.push_back(0);
      std::vector<OutputColumn> outs;
      for (size_t i : keep) outs.push_back(op.outputs[i]);
      op.outputs = outs;
      for (size_t c = 0; c < op.children.size(); ++c) {
        std::vector<ColumnId> ids;
        for (size_t i : keep) ids.push_back(op.union_inputs[c][i]);
        op.union_inputs[c] = ids;
        prune_columns(*op.children[c], IdSet(ids.begin(), ids.end()));
      }
      return;
    }
    case OpKind::Window: {
      IdSet need = required;
      for (const auto& w : op.windows) {
        need_exprs(need, w.args);
        need_exprs(need, w.partition);
        for (const auto& k : w.order) need_exprs(need, {k.expr});
      }
      const std::vector<OutputColumn> results(op.outputs.end() - static_cast<std::ptrdiff_t>(op.windows.size()), op.outputs.end());
      prune_columns(*op.children[0], need);
      op.outputs = op.children[0]->outputs;
      op.outputs.insert(op.outputs.end(), results.begin(), results.end());
      return;
    }
    case OpKind::Project: {
      std::vector<OutputColumn> outs;
      std::vector<ExprPtr> exprs;
      for (size_t i = 0; i < op.outputs.size(); ++i)
        if (required.count(op.outputs[i].id)) {
          outs.push_back(op.outputs[i]);
          exprs.push_back(op.exprs[i]);
        }
      op.outputs = outs;
      op.exprs = exprs;
      IdSet child;
      need_exprs(child, op.exprs);
      prune_columns(*op.children[0], child);
      return;
    }
    case OpKind::Aggregate: {
      const size_t ng = op.groups.size();
      std::vector<OutputColumn> outs(op.outputs.begin(), op.outputs.begin() + ng);
      std::vector<Aggregate> aggs;
      for (size_t i = 0; i < op.aggregates.size(); ++i)
        if (required.count(op.outputs[ng + i].id)) {
          aggs.push_back(op.aggregates[i]);
          outs.push_back(op.outputs[ng + i]);
        }
      op.aggregates = aggs;
      op.outputs = outs;
      IdSet child;
      need_exprs(child, op.groups);
      for (const auto& a : op.aggregates) {
        if (a.arg) need_exprs(child, {a.arg});
        if (a.folded) need_exprs(child, {a.folded});
        for (const auto& k : a.order) need_exprs(child, {k.expr});
      }
      prune_columns(*op.children[0], child);
      return;
    }
    case OpKind::Join: {
      IdSet need = required;
      need_exprs(need, op.predicates);
      prune_columns(*op.children[0], need);
      prune_columns(*op.children[1], need);
      op.outputs = op.children[0]->outputs;
      if (op.join_type == JoinType::Inner || op.join_type == JoinType::Left)
        op.outputs.insert(op.outputs.end(), op.children[1]->outputs.begin(), op.children[1]->outputs.end());
      return;
    }
    case OpKind::Fetch: {  // late materialisation: the child gives the row positions and what is not fetched
      std::vector<OutputColumn> outs;
      std::vector<int> fetched;
      IdSet child{op.row_position};
      for (size_t i = 0; i < op.outputs.size(); ++i)
        if (required.count(op.outputs[i].id)) {
          outs.push_back(op.outputs[i]);
          fetched.push_back(op.fetch_columns[i]);
          if (op.fetch_columns[i] < 0) child.insert(op.outputs[i].id);
        }
      op.outputs = outs;
      op.fetch_columns = fetched;
      prune_columns(*op.children[0], child);
      return;
    }
    default: {  // Filter, Sort, Limit
      IdSet need = required;
      need_exprs(need, op.predicates);
      for (const auto& k : op.sort_keys) need_exprs(need, {k.expr});
      prune_columns(*op.children[0], need);
      op.outputs = op.children[0]->outputs;
      return;
    }
  }
}

}  // namespace tessera::plan::optimizer_detail
