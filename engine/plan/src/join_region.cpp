// Predicate push-down and join ordering over an inner-join region: the region flattened into its inputs and
// conjuncts, each conjunct moved to the one input it reads or made a join condition, then the connected pair with
// the smallest estimated result joined first, the smaller input on the build (right) side.
#include "optimizer_impl.hpp"

namespace tessera::plan::optimizer_detail {

void Optimizer::collect_region(const PlanPtr& p, std::vector<PlanPtr>& leaves, std::vector<ExprPtr>& preds) {
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
PlanPtr Optimizer::push_into(PlanPtr p, const ExprPtr& pred) {
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

PlanPtr Optimizer::rewrite_region(PlanPtr root) {
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

}  // namespace tessera::plan::optimizer_detail
