// UNION [ALL], INTERSECT, EXCEPT -> plan. Both inputs are converted to one type per column (CASE's rules:
// SQL Server's data type precedence) and concatenated by a UnionAll; the set forms are grouping over it,
// so both devices need nothing beyond their aggregate, filter and project:
//   UNION      UnionAll, then GROUP BY every column (NULLs equal, as SQL Server's DISTINCT)
//   INTERSECT  each row tagged with its side (0 left, 1 right); GROUP BY every column; keep the groups
//              with MIN(tag) = 0 and MAX(tag) = 1
//   EXCEPT     the same, keeping the groups with MAX(tag) = 0
// Under a case-insensitive collation the grouping is on the case-folded strings (as GROUP BY's).
// Names come from the left input; ORDER BY names a result column (by name or position), OFFSET/FETCH
// and LIMIT apply to the combined rows.
#include "binder_impl.hpp"

namespace tessera::plan {

namespace {

bool is_null_output(const LogicalOp& p, size_t i) {
  return p.kind == OpKind::Project && p.exprs[i]->kind == ExprKind::Constant && p.exprs[i]->value.null;
}

}  // namespace

BoundSelect Binder::bind_set_operation(const sql::SelectStatement& q, const Scope* outer, SubqueryMode mode) {
  const char* op_name = sql::set_op_name(q.set_op);
  const BoundSelect left = bind_select(*q.set_left, outer, SubqueryMode::None);
  const BoundSelect right = bind_select(*q.set_right, outer, SubqueryMode::None);
  const auto& lo = left.plan->outputs;
  const auto& ro = right.plan->outputs;
  if (lo.size() != ro.size())
    throw BindError(q.set_op_loc, std::string("Msg 205: All queries combined using a UNION, INTERSECT or EXCEPT operator "
                                              "must have an equal number of expressions in their target lists (") +
                                      op_name + " of " + std::to_string(lo.size()) + " and " +
                                      std::to_string(ro.size()) + " columns)");
  std::vector<DataType> types;
  for (size_t i = 0; i < lo.size(); ++i) {
    const bool ln = is_null_output(*left.plan, i), rn = is_null_output(*right.plan, i);
    std::optional<DataType> t = ln ? (rn ? DataType::int32() : ro[i].type) : rn ? lo[i].type : common_type(lo[i].type, ro[i].type);
    // A string beside a number or a date takes the other's type (strings come last in SQL Server's precedence).
    const bool ls = lo[i].type.is_string(), rs = ro[i].type.is_string();
    if (!t && ls != rs && (is_numeric(ls ? ro[i].type : lo[i].type) || (ls ? ro[i].type : lo[i].type).id == TypeId::Date))
      t = ls ? ro[i].type : lo[i].type;
    if (!t)
      throw BindError(q.set_op_loc, std::string("column ") + std::to_string(i + 1) + " ('" + lo[i].name + "') of the " +
                                        op_name + " is " + type_text(lo[i].type) + " on the left and " +
                                        type_text(ro[i].type) + " on the right; they cannot be combined (use CAST)");
    types.push_back(*t);
  }

  // Each side converted to the result types (and tagged with its side for INTERSECT / EXCEPT).
  const bool tagged = q.set_op == sql::SetOpKind::Intersect || q.set_op == sql::SetOpKind::Except;
  auto union_all = make_plan(OpKind::UnionAll);
  for (int side = 0; side < 2; ++side) {
    const PlanPtr& in = side == 0 ? left.plan : right.plan;
    auto p = make_plan(OpKind::Project);
    p->children = {in};
    std::vector<ColumnId> ids;
    for (size_t i = 0; i < types.size(); ++i) {
      const OutputColumn& o = in->outputs[i];
      ExprPtr e = column_ref(o.id, o.type, o.name);
      const sql::SourceLocation at = side == 0 ? q.set_left->loc : q.set_right->loc;
      e = o.type.is_string() && !types[i].is_string() && !is_null_output(*in, i) ? cast_to(e, types[i], at)
                                                                               : coerce(e, types[i], at);
      p->exprs.push_back(e);
      p->outputs.push_back({new_id(), o.name, types[i]});
      ids.push_back(p->outputs.back().id);
    }
    if (tagged) {
      p->exprs.push_back(constant(Value::int32(side)));
      p->outputs.push_back({new_id(), "side", DataType::int32()});
      ids.push_back(p->outputs.back().id);
    }
    union_all->children.push_back(p);
    union_all->union_inputs.push_back(std::move(ids));
  }
  for (size_t i = 0; i < types.size(); ++i) union_all->outputs.push_back({new_id(), lo[i].name, types[i]});
  if (tagged) union_all->outputs.push_back({new_id(), "side", DataType::int32()});

  PlanPtr plan = union_all;
  if (q.set_op != sql::SetOpKind::UnionAll) {
    auto g = make_plan(OpKind::Aggregate);
    for (size_t i = 0; i < types.size(); ++i) {
      const OutputColumn& o = union_all->outputs[i];
      g->groups.push_back(column_ref(o.id, o.type, o.name));
      g->outputs.push_back({new_id(), o.name, o.type});
    }
    g->children = {union_all};
    const std::vector<OutputColumn> keys(g->outputs.begin(), g->outputs.end());  // by id: folding moves them
    plan = g;
    if (tagged) {
      const OutputColumn& side = union_all->outputs.back();
      const ExprPtr tag = column_ref(side.id, side.type, side.name);
      g->aggregates = {{AggFunc::Min, tag}, {AggFunc::Max, tag}};
      const OutputColumn lowest{new_id(), "lowest_side", DataType::int32()};
      const OutputColumn highest{new_id(), "highest_side", DataType::int32()};
      g->outputs.push_back(lowest);
      g->outputs.push_back(highest);
      auto is = [&](const OutputColumn& c, int v) {
        return op(Op::Eq, DataType::boolean(), {column_ref(c.id, c.type, c.name), constant(Value::int32(v))});
      };
      std::vector<ExprPtr> keep = {is(highest, 0)};  // EXCEPT: on the left only
      if (q.set_op == sql::SetOpKind::Intersect) keep = {is(lowest, 0), is(highest, 1)};
      plan = make_filter(plan, std::move(keep));
    }
    group_case_insensitively(*g, q.set_op_loc);
    if (tagged || g->outputs.size() != keys.size()) {  // the result columns again, in order
      auto p = make_plan(OpKind::Project);
      p->children = {plan};
      for (const OutputColumn& o : keys) {
        p->exprs.push_back(column_ref(o.id, o.type, o.name));
        p->outputs.push_back(o);
      }
      plan = p;
    }
  }

  // ORDER BY a result column: its position or its name (SQL Server's Msg 104 for anything else).
  std::vector<std::pair<size_t, bool>> order;
  for (const auto& o : q.order_by) {
    std::optional<size_t> idx;
    if (o.expr->kind == sql::ExprKind::Literal && o.expr->as<sql::LiteralExpr>().literal_kind == sql::LiteralKind::Integer) {
      const int64_t k = std::stoll(o.expr->as<sql::LiteralExpr>().text);
      if (k < 1 || k > static_cast<int64_t>(types.size()))
        throw BindError(o.loc, "ORDER BY position " + std::to_string(k) + " is out of range");
      idx = static_cast<size_t>(k - 1);
    } else if (o.expr->kind == sql::ExprKind::ColumnRef) {
      const std::string n = lower(o.expr->as<sql::ColumnRefExpr>().parts.back().name);
      for (size_t i = 0; i < types.size() && !idx; ++i)
        if (lower(plan->outputs[i].name) == n) idx = i;
    }
    if (!idx)
      throw BindError(o.loc, std::string("Msg 104: ORDER BY items must appear in the select list if the statement "
                                         "contains a UNION, INTERSECT or EXCEPT operator"));
    order.push_back({*idx, o.descending});
  }
  BoundSelect out;
  out.plan = sort_and_limit(std::move(plan), order, types.size(), q, out);
  order_case_insensitively(*out.plan, q.loc);
  if (mode == SubqueryMode::In || mode == SubqueryMode::Scalar) {
    if (types.size() != 1) throw BindError(q.loc, "the subquery must return exactly one column");
    out.value = out.plan->outputs[0];
  }
  return out;
}

}  // namespace tessera::plan
