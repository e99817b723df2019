#include "tessera/plan/optimizer.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace tessera::plan {

namespace {

using IdSet = std::set<ColumnId>;

IdSet ids_of(const std::vector<OutputColumn>& outs) {
  IdSet s;
  for (const auto& o : outs) s.insert(o.id);
  return s;
}
// Scans expose every table column to their own predicates, whatever outputs pruning leaves.
IdSet visible_ids(const LogicalOp& op) {
  if (op.kind == OpKind::Scan) return IdSet(op.table_ids.begin(), op.table_ids.end());
  return ids_of(op.outputs);
}
IdSet columns_of(const ExprPtr& e) {
  std::vector<ColumnId> v;
  collect_columns(*e, v);
  return IdSet(v.begin(), v.end());
}
bool subset(const IdSet& a, const IdSet& b) {
  return std::all_of(a.begin(), a.end(), [&](ColumnId i) { return b.count(i) != 0; });
}

// Where each column comes from, for distinct-value statistics.
struct ColumnOrigin {
  const storage::Table* table;
  size_t column;
};

class Optimizer {
 public:
  explicit Optimizer(const OptimizerEnv& env) : env_(env) {}

  PlanPtr run(PlanPtr p) {
    index_origins(*p);
    p = rewrite(p);
    std::vector<OutputColumn> outs = p->outputs;
    prune(*p, ids_of(outs));
    estimate_all(*p);
    return p;
  }

  double estimate_all(LogicalOp& op) {
    for (auto& c : op.children) estimate_all(*c);
    op.estimated_rows = estimate_node(op);
    return op.estimated_rows;
  }

 private:
  void index_origins(const LogicalOp& op) {
    if (op.kind == OpKind::Scan)
      for (size_t i = 0; i < op.table_ids.size(); ++i) origins_[op.table_ids[i]] = {op.table, i};
    for (const auto& c : op.children) index_origins(*c);
    auto visit = [&](const ExprPtr& e) { index_expr_origins(e); };
    for (const auto& e : op.predicates) visit(e);
    for (const auto& e : op.exprs) visit(e);
  }
  void index_expr_origins(const ExprPtr& e) {
    if (!e) return;
    if (e->kind == ExprKind::Subquery) index_origins(*e->subplan);
    for (const auto& a : e->args) index_expr_origins(a);
  }

  // Subquery plans inside expressions are optimized in place: a query's expressions belong to it alone.
  void optimize_subqueries(const ExprPtr& e) {
    if (!e) return;
    if (e->kind == ExprKind::Subquery) {
      auto& mut = const_cast<Expr&>(*e);
      mut.subplan = rewrite(mut.subplan);
      prune(*mut.subplan, ids_of(mut.subplan->outputs));
      estimate_all(*mut.subplan);
    }
    for (const auto& a : e->args) optimize_subqueries(a);
  }

  // Distinct values of a column: its table's statistic, at most `cap` (the rows of the input it is
  // read from); `unknown` where the column is computed.
  double ndv(ColumnId id, double cap, double unknown = -1) const {
    auto it = origins_.find(id);
    if (it == origins_.end() || !env_.distinct_values) return unknown < 0 ? cap : unknown;
    return std::max(1.0, std::min(cap, env_.distinct_values(it->second.table, it->second.column)));
  }
  static constexpr double kNoCap = 1e300;

  double selectivity(const Expr& e) const {
    if (e.kind == ExprKind::Op) {
      switch (e.op) {
        case Op::And: return selectivity(*e.args[0]) * selectivity(*e.args[1]);
        case Op::Or: return std::min(1.0, selectivity(*e.args[0]) + selectivity(*e.args[1]));
        case Op::Not: return 1.0 - selectivity(*e.args[0]);
        case Op::Eq: {
          for (int s = 0; s < 2; ++s)
            if (e.args[s]->kind == ExprKind::Column && e.args[1 - s]->is_constant())
              return 1.0 / ndv(e.args[s]->column, kNoCap, 10.0);
          return 0.1;
        }
        case Op::Ne: return 0.9;
        case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: return 0.33;
        default: return 0.5;
      }
    }
    if (e.kind == ExprKind::InList) {
      const double k = static_cast<double>(e.args.size() - 1);
      const double d = e.args[0]->kind == ExprKind::Column ? ndv(e.args[0]->column, kNoCap, 10.0) : 10.0;
      const double s = std::min(1.0, k / d);
      return e.negated ? 1.0 - s : s;
    }
    if (e.kind == ExprKind::Call && e.name == "LIKE") return 0.1;
    if (e.kind == ExprKind::IsNull) return e.negated ? 0.95 : 0.05;
    return 0.5;
  }

  double estimate_node(const LogicalOp& op) const {
    auto in = [&](size_t i) { return std::max(1.0, op.children[i]->estimated_rows); };
    switch (op.kind) {
      case OpKind::Scan: {
        double r = static_cast<double>(op.table->num_rows());
        for (const auto& p : op.predicates) r *= selectivity(*p);
        return std::max(1.0, r);
      }
      case OpKind::Filter: {
        double r = in(0);
        for (const auto& p : op.predicates) r *= selectivity(*p);
        return std::max(1.0, r);
      }
      case OpKind::Join: return join_estimate(op, in(0), in(1));
      case OpKind::Aggregate: {
        if (op.groups.empty()) return 1;
        double g = 1;
        for (const auto& e : op.groups)
          g *= e->kind == ExprKind::Column ? ndv(e->column, in(0)) : std::max(1.0, in(0) / 10);
        return std::max(1.0, std::min(in(0), g));
      }
      case OpKind::Limit: {
        const double after = std::max(0.0, in(0) - static_cast<double>(op.offset));
        return op.limit >= 0 ? std::min<double>(after, static_cast<double>(op.limit)) : after;
      }
      case OpKind::SingleRow: return 1;
      case OpKind::UnionAll: {
        double r = 0;
        for (size_t i = 0; i < op.children.size(); ++i) r += in(i);
        return r;
      }
      default: return in(0);
    }
  }

  double join_estimate(const LogicalOp& j, double l, double r) const {
    if (j.join_type == JoinType::Semi || j.join_type == JoinType::Anti) {
      // The fraction of left keys the right side holds: its rows over the left key's distinct values.
      double frac = 0.5;
      for (const auto& p : j.predicates) {
        if (p->kind != ExprKind::Op || p->op != Op::Eq) continue;
        for (int s = 0; s < 2; ++s)
          if (p->args[s]->kind == ExprKind::Column && visible_ids(*j.children[0]).count(p->args[s]->column))
            frac = std::min(frac, std::min(1.0, r / ndv(p->args[s]->column, l)));
      }
      if (j.join_type == JoinType::Anti) frac = std::max(0.1, 1 - frac);
      return std::max(1.0, l * frac);
    }
    double best = 1;  // the most selective equality decides (a foreign key join keeps the larger side)
    bool any = false;
    const IdSet left = ids_of(j.children[0]->outputs), right = ids_of(j.children[1]->outputs);
    for (const auto& p : j.predicates) {
      if (p->kind != ExprKind::Op || p->op != Op::Eq) continue;
      const IdSet a = columns_of(p->args[0]), b = columns_of(p->args[1]);
      if (a.empty() || b.empty()) continue;
      const bool lr = subset(a, left) && subset(b, right), rl = subset(a, right) && subset(b, left);
      if (!lr && !rl) continue;
      auto key_ndv = [&](const ExprPtr& e, double rows) {
        return e->kind == ExprKind::Column ? ndv(e->column, rows) : rows;
      };
      const double dl = key_ndv(lr ? p->args[0] : p->args[1], l), dr = key_ndv(lr ? p->args[1] : p->args[0], r);
      best = std::max(best, std::max(dl, dr));
      any = true;
    }
    double est = any ? l * r / best : l * r;
    for (const auto& p : j.predicates)
      if (!(p->kind == ExprKind::Op && p->op == Op::Eq)) est *= 0.33;
    if (j.join_type == JoinType::Left) est = std::max(est, l);
    return std::max(1.0, est);
  }

  // ---- push-down and join ordering ----

  void collect_region(const PlanPtr& p, std::vector<PlanPtr>& leaves, std::vector<ExprPtr>& preds) {
    if (p->kind == OpKind::Filter) {
      preds.insert(preds.end(), p->predicates.begin(), p->predicates.end());
      collect_region(p->children[0], leaves, preds);
    } else if (p->kind == OpKind::Join && p->join_type == JoinType::Inner) {
      preds.insert(preds.end(), p->predicates.begin(), p->predicates.end());
      collect_region(p->children[0], leaves, preds);
      collect_region(p->children[1], leaves, preds);
    } else {
      leaves.push_back(p);
    }
  }

  // Adds a predicate over one input: into a scan, through joins where that is sound, else a filter.
  PlanPtr push_into(PlanPtr p, const ExprPtr& pred) {
    const IdSet cols = columns_of(pred);
    if (p->kind == OpKind::Scan) {
      p->predicates.push_back(pred);
      return p;
    }
    if (p->kind == OpKind::Filter) {
      p->children[0] = push_into(p->children[0], pred);
      return p;
    }
    if (p->kind == OpKind::Join && p->join_type != JoinType::Inner && subset(cols, visible_ids(*p->children[0]))) {
      p->children[0] = push_into(p->children[0], pred);
      return p;
    }
    return make_filter(p, {pred});
  }

  PlanPtr rewrite(PlanPtr p) {
    for (const auto& e : p->predicates) optimize_subqueries(e);
    for (const auto& e : p->exprs) optimize_subqueries(e);
    if (p->kind == OpKind::Filter || (p->kind == OpKind::Join && p->join_type == JoinType::Inner))
      return rewrite_region(p);
    for (auto& c : p->children) c = rewrite(c);
    if (p->kind == OpKind::Join) {
      // ON / correlation conditions over the right input alone filter it first (semi, anti, left);
      // over the left input alone only a semi join may filter with them.
      std::vector<ExprPtr> keep;
      const IdSet left = visible_ids(*p->children[0]), right = visible_ids(*p->children[1]);
      for (const auto& c : p->predicates) {
        const IdSet cols = columns_of(c);
        if (!cols.empty() && subset(cols, right)) p->children[1] = push_into(p->children[1], c);
        else if (!cols.empty() && p->join_type == JoinType::Semi && subset(cols, left)) p->children[0] = push_into(p->children[0], c);
        else keep.push_back(c);
      }
      p->predicates = keep;
      estimate_all(*p->children[0]);
      estimate_all(*p->children[1]);
      if (p->join_type == JoinType::Semi || p->join_type == JoinType::Anti)
        if (PlanPtr pushed = push_semi_down(p)) return pushed;
      if (p->decorrelated) reduce_decorrelated(*p);
    }
    return p;
  }

  // Semi-join reduction of a decorrelated scalar subquery: its aggregate need only see the groups the
  // outer query asks for, so its input is first semi-joined with (a copy of) the smallest outer input
  // that holds the correlation column (TPC-H Q17: lineitem meets the 2,000 selected parts before it is
  // grouped by l_partkey, instead of all 200,000 groups being built).
  void reduce_decorrelated(LogicalOp& j) {
    LogicalOp* agg = j.children[1].get();
    const LogicalOp* proj = nullptr;
    while (agg->kind == OpKind::Project || agg->kind == OpKind::Filter) {
      if (agg->kind == OpKind::Project) proj = agg;
      agg = agg->children[0].get();
    }
    if (agg->kind != OpKind::Aggregate || !proj) return;
    for (const auto& c : j.predicates) {
      if (c->kind != ExprKind::Op || c->op != Op::Eq) continue;
      for (int side = 0; side < 2; ++side) {
        const ExprPtr& outer = c->args[side];
        const ExprPtr& key = c->args[1 - side];
        if (outer->kind != ExprKind::Column || key->kind != ExprKind::Column) continue;
        // key: a projection output that passes group column k through.
        int k = -1;
        for (size_t i = 0; i < proj->outputs.size(); ++i)
          if (proj->outputs[i].id == key->column && proj->exprs[i]->kind == ExprKind::Column)
            for (size_t g = 0; g < agg->groups.size(); ++g)
              if (agg->outputs[g].id == proj->exprs[i]->column) k = static_cast<int>(g);
        if (k < 0) continue;
        // The smallest node of the outer side that has the column.
        const LogicalOp* best = nullptr;
        std::vector<const LogicalOp*> stack{j.children[0].get()};
        while (!stack.empty()) {
          const LogicalOp* n = stack.back();
          stack.pop_back();
          if (visible_ids(*n).count(outer->column) && (!best || n->estimated_rows < best->estimated_rows)) best = n;
          if (n->kind == OpKind::Filter || n->kind == OpKind::Join)
            for (const auto& ch : n->children) stack.push_back(ch.get());
        }
        const double input = agg->children[0]->estimated_rows;
        if (!best || best->estimated_rows * 4 > input) continue;
        auto semi = make_join(JoinType::Semi, agg->children[0], clone_plan(*best),
                              {op(Op::Eq, DataType::boolean(), {agg->groups[k], outer})});
        semi->estimated_rows = std::max(1.0, std::min(input, best->estimated_rows * 10));
        agg->children[0] = semi;
        return;
      }
    }
  }

  // A semi / anti join whose conditions read one input of the join tree below it filters that input
  // instead, when the input is estimated smaller than the whole tree (TPC-H Q18: the IN list of big
  // orders meets orders before lineitem does). Returns the new subtree, or null.
  PlanPtr push_semi_down(const PlanPtr& semi) {
    const IdSet right = visible_ids(*semi->children[1]);
    IdSet needed;
    for (const auto& c : semi->predicates)
      for (ColumnId id : columns_of(c))
        if (!right.count(id)) needed.insert(id);
    if (needed.empty()) return nullptr;
    PlanPtr* best = nullptr;
    std::vector<PlanPtr*> stack{&semi->children[0]};
    while (!stack.empty()) {
      PlanPtr* slot = stack.back();
      stack.pop_back();
      LogicalOp& n = **slot;
      if (slot != &semi->children[0] && subset(needed, visible_ids(n)) &&
          (!best || n.estimated_rows < (*best)->estimated_rows))
        best = slot;
      const bool pass_through = n.kind == OpKind::Filter || (n.kind == OpKind::Join && n.join_type == JoinType::Inner) ||
                                (n.kind == OpKind::Project &&
                                 std::all_of(n.exprs.begin(), n.exprs.end(), [](const ExprPtr& e) { return e->kind == ExprKind::Column; }));
      if (pass_through)
        for (auto& c : n.children) stack.push_back(&c);
    }
    if (!best || (*best)->estimated_rows >= semi->children[0]->estimated_rows) return nullptr;
    auto j = make_join(semi->join_type, *best, semi->children[1], semi->predicates);
    j->null_aware = semi->null_aware;
    j->estimated_rows = std::max(1.0, (*best)->estimated_rows * 0.5);
    *best = j;
    PlanPtr out = semi->children[0];
    estimate_all(*out);
    return out;
  }

  // (A AND B) OR (A AND C) -> A AND (B OR C); and for every input that each disjunct restricts, the
  // implied filter OR_i(disjunct i's conjuncts on that input) -- so TPC-H Q19's OR of three
  // part/lineitem conditions becomes an equi-join with filters on both sides.
  void factor_disjunction(const ExprPtr& e, const std::vector<IdSet>& leaf_ids, std::vector<ExprPtr>& out) {
    if (!(e->kind == ExprKind::Op && e->op == Op::Or)) {
      out.push_back(e);
      return;
    }
    std::vector<ExprPtr> disjuncts;
    std::vector<ExprPtr> stack{e};
    while (!stack.empty()) {
      ExprPtr x = stack.back();
      stack.pop_back();
      if (x->kind == ExprKind::Op && x->op == Op::Or) {
        stack.push_back(x->args[1]);
        stack.push_back(x->args[0]);
      } else {
        disjuncts.push_back(x);
      }
    }
    std::vector<std::vector<ExprPtr>> terms(disjuncts.size());
    for (size_t i = 0; i < disjuncts.size(); ++i) split_conjuncts(disjuncts[i], terms[i]);
    std::vector<ExprPtr> common;
    for (const auto& c : terms[0]) {
      const std::string key = fingerprint(*c);
      bool everywhere = true;
      for (size_t i = 1; i < terms.size() && everywhere; ++i)
        everywhere = std::any_of(terms[i].begin(), terms[i].end(), [&](const ExprPtr& t) { return fingerprint(*t) == key; });
      if (everywhere) common.push_back(c);
    }
    std::set<std::string> common_keys;
    for (const auto& c : common) common_keys.insert(fingerprint(*c));
    out.insert(out.end(), common.begin(), common.end());
    ExprPtr rest;
    for (auto& t : terms) {
      std::vector<ExprPtr> left;
      for (const auto& c : t)
        if (!common_keys.count(fingerprint(*c))) left.push_back(c);
      if (left.empty()) return;  // one disjunct is just the common part: the OR adds nothing
      t = left;
      ExprPtr d = make_and(left);
      rest = rest ? op(Op::Or, DataType::boolean(), {rest, d}) : d;
    }
    out.push_back(rest);
    for (size_t l = 0; l < leaf_ids.size(); ++l) {
      ExprPtr implied;
      bool all = true;
      for (const auto& t : terms) {
        std::vector<ExprPtr> mine;
        for (const auto& c : t) {
          const IdSet cols = columns_of(c);
          if (!cols.empty() && subset(cols, leaf_ids[l])) mine.push_back(c);
        }
        if (mine.empty()) {
          all = false;
          break;
        }
        ExprPtr d = make_and(mine);
        implied = implied ? op(Op::Or, DataType::boolean(), {implied, d}) : d;
      }
      if (all && implied && fingerprint(*implied) != fingerprint(*rest)) out.push_back(implied);
    }
  }

  PlanPtr rewrite_region(PlanPtr root) {
    std::vector<PlanPtr> leaves;
    std::vector<ExprPtr> raw_preds;
    collect_region(root, leaves, raw_preds);
    for (auto& l : leaves) l = rewrite(l);
    std::vector<IdSet> leaf_ids;
    for (const auto& l : leaves) leaf_ids.push_back(visible_ids(*l));
    std::vector<ExprPtr> preds;
    for (const auto& p : raw_preds) factor_disjunction(p, leaf_ids, preds);

    struct Pred {
      ExprPtr e;
      std::set<size_t> leaves;
      bool placed = false;
    };
    std::vector<Pred> multi;
    std::vector<ExprPtr> top;
    for (const auto& e : preds) {
      std::set<size_t> ls;
      for (ColumnId c : columns_of(e))
        for (size_t i = 0; i < leaves.size(); ++i)
          if (leaf_ids[i].count(c)) ls.insert(i);
      if (ls.empty()) top.push_back(e);
      else if (ls.size() == 1) leaves[*ls.begin()] = push_into(leaves[*ls.begin()], e);
      else multi.push_back({e, ls});
    }

    struct Comp {
      PlanPtr plan;
      std::set<size_t> leaves;
    };
    std::vector<Comp> comps;
    for (size_t i = 0; i < leaves.size(); ++i) {
      estimate_all(*leaves[i]);
      comps.push_back({leaves[i], {i}});
    }
    auto conditions_for = [&](const std::set<size_t>& u, bool take) {
      std::vector<ExprPtr> out;
      for (auto& p : multi)
        if (!p.placed && std::includes(u.begin(), u.end(), p.leaves.begin(), p.leaves.end())) {
          out.push_back(p.e);
          if (take) p.placed = true;
        }
      return out;
    };
    auto join_pair = [&](const Comp& a, const Comp& b, bool take) {
      std::set<size_t> u = a.leaves;
      u.insert(b.leaves.begin(), b.leaves.end());
      const bool a_build = a.plan->estimated_rows < b.plan->estimated_rows;
      auto j = make_join(JoinType::Inner, a_build ? b.plan : a.plan, a_build ? a.plan : b.plan, conditions_for(u, take));
      j->estimated_rows = join_estimate(*j, std::max(1.0, j->children[0]->estimated_rows),
                                        std::max(1.0, j->children[1]->estimated_rows));
      return Comp{j, u};
    };
    while (comps.size() > 1) {
      int bi = -1, bj = -1;
      double best = 0;
      for (size_t i = 0; i < comps.size(); ++i)
        for (size_t k = i + 1; k < comps.size(); ++k) {
          std::set<size_t> u = comps[i].leaves;
          u.insert(comps[k].leaves.begin(), comps[k].leaves.end());
          bool connected = false;
          for (const auto& p : multi)
            if (!p.placed && std::includes(u.begin(), u.end(), p.leaves.begin(), p.leaves.end())) connected = true;
          if (!connected) continue;
          const double est = join_pair(comps[i], comps[k], false).plan->estimated_rows;
          if (bi < 0 || est < best) {
            bi = static_cast<int>(i);
            bj = static_cast<int>(k);
            best = est;
          }
        }
      if (bi < 0) {  // nothing connects: cross product of the two smallest
        std::vector<size_t> order(comps.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return comps[a].plan->estimated_rows < comps[b].plan->estimated_rows; });
        bi = static_cast<int>(std::min(order[0], order[1]));
        bj = static_cast<int>(std::max(order[0], order[1]));
      }
      Comp joined = join_pair(comps[bi], comps[bj], true);
      comps.erase(comps.begin() + bj);
      comps[bi] = std::move(joined);
    }
    PlanPtr out = comps[0].plan;
    for (auto& p : multi)
      if (!p.placed) top.push_back(p.e);  // cannot happen: every multi-input predicate is placed
    out = make_filter(out, top);
    // A region's root keeps the column order the binder gave it (SELECT * and derived tables).
    if (out->outputs.size() == root->outputs.size()) {
      bool same = true;
      for (size_t i = 0; i < out->outputs.size() && same; ++i) same = out->outputs[i].id == root->outputs[i].id;
      if (!same) {
        auto proj = make_plan(OpKind::Project);
        for (const auto& o : root->outputs) proj->exprs.push_back(column_ref(o.id, o.type, o.name));
        proj->outputs = root->outputs;
        proj->children = {out};
        out = proj;
      }
    }
    estimate_all(*out);
    return out;
  }

  // ---- column pruning ----

  void prune(LogicalOp& op, const IdSet& required) {
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
          prune(*op.children[c], IdSet(ids.begin(), ids.end()));
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
        prune(*op.children[0], need);
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
        prune(*op.children[0], child);
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
        }
        prune(*op.children[0], child);
        return;
      }
      case OpKind::Join: {
        IdSet need = required;
        need_exprs(need, op.predicates);
        prune(*op.children[0], need);
        prune(*op.children[1], need);
        op.outputs = op.children[0]->outputs;
        if (op.join_type == JoinType::Inner || op.join_type == JoinType::Left)
          op.outputs.insert(op.outputs.end(), op.children[1]->outputs.begin(), op.children[1]->outputs.end());
        return;
      }
      default: {  // Filter, Sort, Limit
        IdSet need = required;
        need_exprs(need, op.predicates);
        for (const auto& k : op.sort_keys) need_exprs(need, {k.expr});
        prune(*op.children[0], need);
        op.outputs = op.children[0]->outputs;
        return;
      }
    }
  }

  const OptimizerEnv& env_;
  std::map<ColumnId, ColumnOrigin> origins_;
};

}  // namespace

PlanPtr optimize(PlanPtr plan, const OptimizerEnv& env) { return Optimizer(env).run(std::move(plan)); }

}  // namespace tessera::plan
