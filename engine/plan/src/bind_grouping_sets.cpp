// GROUP BY ROLLUP / CUBE / GROUPING SETS -> one Aggregate per grouping set over its own copy of the input,
// each projected to the full row of group keys (NULL for the keys not in its set), the aggregates and the
// GROUPING / GROUPING_ID values of that set (constants), then a UnionAll whose outputs are the columns a
// plain GROUP BY would have produced. Everything downstream (HAVING, the SELECT list, ORDER BY) binds as
// for a plain GROUP BY, and both devices run it with the operators they have. Each set scans its input
// again (re-aggregating the finest set would save that for SUM, COUNT, MIN and MAX, not for AVG or DISTINCT).
#include "binder_impl.hpp"

namespace tessera::plan {

ExprPtr Binder::bind_grouping(const sql::FunctionCallExpr& f, ExprContext& ctx) {
  const std::string& n = f.upper_name;
  if (!ctx.aggs)
    throw BindError(f.loc, n + " is allowed only in the SELECT list, HAVING and ORDER BY of a query with GROUP BY");
  if (f.args.empty() || (n == "GROUPING" && f.args.size() != 1) || f.star || f.distinct)
    throw BindError(f.loc, n == "GROUPING" ? "GROUPING takes one GROUP BY expression" : "GROUPING_ID takes GROUP BY expressions");
  if (f.args.size() > 31) throw BindError(f.loc, "GROUPING_ID takes at most 31 expressions");
  ExprContext inner{ctx.scope, nullptr, nullptr, "argument of GROUPING"};
  std::vector<size_t> keys;
  for (size_t i = 0; i < f.args.size(); ++i) {
    const std::string key = fingerprint(*bind_expr(*f.args[i], inner));
    const auto& g = ctx.aggs->group_keys;
    const auto it = std::find(g.begin(), g.end(), key);
    if (it == g.end())
      throw BindError(f.args[i]->loc, "Msg 8161: Argument " + std::to_string(i + 1) + " of the " + n +
                                          " function does not match any of the expressions in the GROUP BY clause");
    keys.push_back(static_cast<size_t>(it - g.begin()));
  }
  ctx.aggs->groupings.push_back(std::move(keys));
  ctx.aggs->grouping_outputs.push_back({new_id(), lower(n), DataType::int32()});
  const OutputColumn& o = ctx.aggs->grouping_outputs.back();
  return column_ref(o.id, o.type, o.name);
}

PlanPtr Binder::grouping_sets_plan(const PlanPtr& input, const std::vector<ExprPtr>& groups,
                                   const std::vector<std::vector<size_t>>& sets, const std::vector<OutputColumn>& group_out,
                                   const AggContext& actx, sql::SourceLocation loc) {
  // GROUP BY a, ROLLUP (a, b) names a twice: the first position stands for both.
  std::vector<size_t> canonical(groups.size());
  for (size_t k = 0; k < groups.size(); ++k) {
    canonical[k] = k;
    for (size_t j = 0; j < k; ++j)
      if (fingerprint(*groups[j]) == fingerprint(*groups[k])) {
        canonical[k] = j;
        break;
      }
  }
  auto u = make_plan(OpKind::UnionAll);
  for (size_t s = 0; s < sets.size(); ++s) {
    std::vector<bool> in_set(groups.size(), false);
    for (size_t k = 0; k < groups.size(); ++k)
      for (size_t m : sets[s]) in_set[k] = in_set[k] || canonical[m] == canonical[k];
    auto agg = make_plan(OpKind::Aggregate);
    agg->children = {sets.size() == 1 ? input : clone_plan(*input)};
    std::vector<int> at(groups.size(), -1);  // canonical key -> its output in this set's aggregate
    for (size_t k = 0; k < groups.size(); ++k)
      if (in_set[k] && canonical[k] == k) {
        at[k] = static_cast<int>(agg->groups.size());
        agg->groups.push_back(groups[k]);
        agg->outputs.push_back({new_id(), group_out[k].name, group_out[k].type});
      }
    const size_t first_agg = agg->outputs.size();
    agg->aggregates = actx.aggs;
    for (const auto& o : actx.outputs) agg->outputs.push_back({new_id(), o.name, o.type});
    const std::vector<OutputColumn> agg_out = agg->outputs;  // by id: folding moves the string keys
    group_case_insensitively(*agg, loc);

    auto p = make_plan(OpKind::Project);
    p->children = {agg};
    auto emit = [&](ExprPtr e, const OutputColumn& like) {
      p->exprs.push_back(std::move(e));
      p->outputs.push_back({new_id(), like.name, like.type});
    };
    for (size_t k = 0; k < groups.size(); ++k) {
      const OutputColumn& g = group_out[k];
      if (!in_set[k]) {
        emit(constant(Value::null_of(g.type)), g);
        continue;
      }
      const OutputColumn& src = agg_out[at[canonical[k]]];
      emit(column_ref(src.id, src.type, src.name), g);
    }
    for (size_t a = 0; a < actx.outputs.size(); ++a) {
      const OutputColumn& src = agg_out[first_agg + a];
      emit(column_ref(src.id, src.type, src.name), actx.outputs[a]);
    }
    for (size_t g = 0; g < actx.groupings.size(); ++g) {
      // GROUPING_ID (a, b) = GROUPING (a) * 2 + GROUPING (b): a bit set where the key is rolled up.
      const auto& keys = actx.groupings[g];
      int32_t bits = 0;
      for (size_t i = 0; i < keys.size(); ++i)
        if (!in_set[keys[i]]) bits |= int32_t{1} << (keys.size() - 1 - i);
      emit(constant(Value::int32(bits)), actx.grouping_outputs[g]);
    }
    std::vector<ColumnId> ids;
    for (const auto& o : p->outputs) ids.push_back(o.id);
    u->children.push_back(p);
    u->union_inputs.push_back(std::move(ids));
  }
  u->outputs = group_out;
  u->outputs.insert(u->outputs.end(), actx.outputs.begin(), actx.outputs.end());
  u->outputs.insert(u->outputs.end(), actx.grouping_outputs.begin(), actx.grouping_outputs.end());
  return u;
}

}  // namespace tessera::plan
