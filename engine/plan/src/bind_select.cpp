// SELECT -> plan: FROM (cross products of the items, explicit joins), WHERE (conjuncts; subqueries to
// semi / anti / left joins), GROUP BY and aggregates, HAVING, the SELECT list, DISTINCT, ORDER BY,
// TOP / LIMIT. The plan is naive on purpose: the optimizer pushes the filters into the cross
// products and orders the joins.
#include <algorithm>

#include "binder_impl.hpp"

namespace tessera::plan {

BindError::BindError(sql::SourceLocation loc, const std::string& message, ErrorKind kind)
    : tessera::Error(sql::to_string(loc) + ": " + message, kind) {}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}
std::string upper(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return r;
}

namespace {

// Splits an AST predicate on AND.
void ast_conjuncts(const sql::Expr& e, std::vector<const sql::Expr*>& out) {
  if (e.kind == sql::ExprKind::Binary && e.as<sql::BinaryExpr>().op == sql::BinaryOp::And) {
    ast_conjuncts(*e.as<sql::BinaryExpr>().left, out);
    ast_conjuncts(*e.as<sql::BinaryExpr>().right, out);
  } else {
    out.push_back(&e);
  }
}

// Rewrites an expression bound over the FROM scope to one over the aggregate's outputs: group
// expressions become references to the group columns; any other column of this query is an error.
ExprPtr after_aggregate(const ExprPtr& e, const std::vector<std::string>& group_keys,
                        const std::vector<OutputColumn>& group_out, const std::set<ColumnId>& agg_ids,
                        const Scope& scope, const char* clause, sql::SourceLocation loc) {
  if (!e) return e;
  const std::string key = fingerprint(*e);
  for (size_t i = 0; i < group_keys.size(); ++i)
    if (group_keys[i] == key) return column_ref(group_out[i].id, group_out[i].type, group_out[i].name);
  if (e->kind == ExprKind::Column) {
    if (agg_ids.count(e->column) || !scope.owns(e->column)) return e;
    throw BindError(loc, "column '" + e->name + "' is invalid in the " + clause +
                    " because it is not contained in either an aggregate function or the GROUP BY clause");
  }
  if (e->kind == ExprKind::Subquery || e->args.empty()) return e;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& a : copy->args) a = after_aggregate(a, group_keys, group_out, agg_ids, scope, clause, loc);
  return copy;
}

// A table function's argument: a literal, or a number with a sign (GENERATE_SERIES(-5, 5)).
TableFunctionArg table_function_arg(const sql::TableFunctionArg& a, const std::string& function) {
  TableFunctionArg out;
  out.name = a.name ? lower(a.name->name) : std::string();
  out.loc = a.value->loc;
  const sql::Expr* v = a.value.get();
  std::string sign;
  if (v->kind == sql::ExprKind::Unary) {
    const auto& u = v->as<sql::UnaryExpr>();
    if (u.op == sql::UnaryOp::Negate || u.op == sql::UnaryOp::Plus) {
      sign = u.op == sql::UnaryOp::Negate ? "-" : "";
      v = u.operand.get();
    }
  }
  const auto* lit = v->kind == sql::ExprKind::Literal ? &v->as<sql::LiteralExpr>() : nullptr;
  const bool number = lit && (lit->literal_kind == sql::LiteralKind::Integer || lit->literal_kind == sql::LiteralKind::Decimal ||
                              lit->literal_kind == sql::LiteralKind::Float);
  if (!lit || (v != a.value.get() && !number))
    throw BindError(a.value->loc, "the arguments of " + function + " must be constants");
  switch (lit->literal_kind) {
    case sql::LiteralKind::Null: out.kind = TableFunctionArg::Kind::Null; break;
    case sql::LiteralKind::True:
    case sql::LiteralKind::False: out.kind = TableFunctionArg::Kind::Boolean; break;
    case sql::LiteralKind::Integer:
    case sql::LiteralKind::Decimal:
    case sql::LiteralKind::Float: out.kind = TableFunctionArg::Kind::Number; break;
    default: out.kind = TableFunctionArg::Kind::String; break;
  }
  out.text = lit->literal_kind == sql::LiteralKind::True    ? "true"
             : lit->literal_kind == sql::LiteralKind::False ? "false"
                                                             : sign + lit->text;
  return out;
}

std::string output_name(const sql::SelectItem& item, const ExprPtr& e, size_t index) {
  if (item.alias) return item.alias->quoted ? item.alias->name : lower(item.alias->name);
  if (item.expr->kind == sql::ExprKind::ColumnRef) return lower(item.expr->as<sql::ColumnRefExpr>().parts.back().name);
  if (e->kind == ExprKind::Column) return e->name;
  return "col" + std::to_string(index + 1);
}

}  // namespace

// Under a case-insensitive collation strings that differ only in case are one group: the aggregate
// groups on UPPER(key) and gives, as the key, the group's smallest value in binary order (a value of the
// data, as SQL Server's answer holds one of the group's values).
void Binder::group_case_insensitively(LogicalOp& agg, sql::SourceLocation loc) {
  const size_t groups = agg.groups.size();
  for (size_t i = 0; i < groups; ++i) {
    const ExprPtr key = agg.groups[i];
    if (!key->type.is_string() || !case_insensitive(key->type, key->type, loc)) continue;
    agg.groups[i] = fold_case(key, loc);
    const OutputColumn shown = agg.outputs[i];  // what the plan above reads as the key
    agg.outputs[i] = {new_id(), shown.name + "_folded", agg.groups[i]->type};
    agg.aggregates.push_back({AggFunc::Min, key, false});
    agg.outputs.push_back(shown);
  }
}

// Under a case-insensitive collation ORDER BY of a string sorts on UPPER(key), the key itself breaking
// ties (so the order is the same every run). `plan` is sort_and_limit's result: a Sort, maybe under a Limit.
void Binder::order_case_insensitively(LogicalOp& plan, sql::SourceLocation loc) {
  LogicalOp* sort = plan.kind == OpKind::Limit ? plan.children[0].get() : &plan;
  if (sort->kind != OpKind::Sort) return;
  std::vector<SortKey> keys;
  for (const SortKey& k : sort->sort_keys) {
    if (k.expr->type.is_string() && case_insensitive(k.expr->type, k.expr->type, loc))
      keys.push_back({fold_case(k.expr, loc), k.descending});
    keys.push_back(k);
  }
  sort->sort_keys = std::move(keys);
}

PlanPtr Binder::bind_named_query(const sql::SelectStatement& q, const std::vector<std::string>& columns,
                                 const std::string& qualifier, sql::SourceLocation loc, Scope& scope) {
  BoundSelect b = bind_select(q, nullptr, SubqueryMode::None);
  if (!columns.empty() && columns.size() != b.plan->outputs.size())
    throw BindError(loc, "'" + qualifier + "' has " + std::to_string(b.plan->outputs.size()) +
                             " columns but " + std::to_string(columns.size()) + " names were given");
  for (size_t i = 0; i < b.plan->outputs.size(); ++i) {
    auto& out = b.plan->outputs[i];
    if (!columns.empty()) out.name = columns[i];
    // Two columns of one derived table, CTE or view under one name could never be told apart.
    for (size_t k = 0; k < i; ++k)
      if (lower(b.plan->outputs[k].name) == lower(out.name))
        throw BindError(loc, "Msg 8156: The column '" + out.name + "' was specified multiple times for '" + qualifier + "'.");
    scope.entries.push_back({qualifier, lower(out.name), out.id, out.type});
  }
  return b.plan;
}

PlanPtr Binder::bind_named_reference(const void* query_node, const std::function<PlanPtr()>& bind, const std::string& what,
                                     const sql::SourceLocation& loc) {
  if (std::find(expanding_.begin(), expanding_.end(), query_node) != expanding_.end())
    throw BindError(loc, "the " + what + " refers to itself (directly or through other views or CTEs); recursive "
                         "queries are not supported");
  expanding_.push_back(query_node);
  struct Pop {
    std::vector<const void*>& v;
    ~Pop() { v.pop_back(); }
  } pop{expanding_};
  return bind();
}

PlanPtr Binder::bind_table_ref(const sql::TableRef& t, Scope& scope) {
  switch (t.kind) {
    case sql::TableRefKind::Table: {
      const auto& n = t.as<sql::TableNameRef>();
      const std::string name = lower(n.name.back().name);
      const std::string qualifier = n.alias ? lower(n.alias->name) : name;
      for (auto it = ctes_.rbegin(); it != ctes_.rend(); ++it) {
        auto f = it->find(name);
        if (f != it->end()) {
          std::vector<std::string> cols;
          for (const auto& c : f->second->columns) cols.push_back(lower(c.name));
          const sql::CommonTableExpr* cte = f->second;
          return bind_named_reference(cte->query.get(), [&] { return bind_named_query(*cte->query, cols, qualifier, t.loc, scope); },
                                      "common table expression '" + n.name.back().name + "'", n.name.back().loc);
        }
      }
      if (const ViewDef* v = env_.find_view ? env_.find_view(name) : nullptr)
        return bind_named_reference(v->query, [&] { return bind_named_query(*v->query, v->columns, qualifier, t.loc, scope); },
                                    "view '" + n.name.back().name + "'", n.name.back().loc);
      const storage::Table* table = nullptr;
      if (n.is_function) {
        std::vector<TableFunctionArg> args;
        for (const auto& a : n.args) args.push_back(table_function_arg(a, n.name.back().name));
        table = env_.table_function ? env_.table_function(name, args, t.loc) : nullptr;
        if (!table)
          throw BindError(n.name.back().loc, "unknown table function '" + n.name.back().name +
                                                 "' (read_csv, read_parquet, GENERATE_SERIES and STRING_SPLIT are)");
      } else {
        table = env_.find_table ? env_.find_table(name) : nullptr;
        if (!table) throw BindError(n.name.back().loc, "unknown table '" + n.name.back().name + "'");
      }
      auto scan = make_plan(OpKind::Scan);
      scan->table = table;
      if (qualifier != lower(table->name())) scan->alias = qualifier;
      for (const auto& f : table->schema().fields()) {
        const ColumnId id = new_id();
        scan->table_ids.push_back(id);
        scan->outputs.push_back({id, lower(f.name), f.type});
        scope.entries.push_back({qualifier, lower(f.name), id, f.type});
      }
      return scan;
    }
    case sql::TableRefKind::Derived: {
      const auto& d = t.as<sql::DerivedTableRef>();
      std::vector<std::string> cols;
      for (const auto& c : d.column_aliases) cols.push_back(lower(c.name));
      return bind_named_query(*d.query, cols, lower(d.alias.name), t.loc, scope);
    }
    case sql::TableRefKind::Join: {
      const auto& j = t.as<sql::JoinRef>();
      if (j.join_kind == sql::JoinKind::Full) throw BindError(t.loc, "FULL OUTER JOIN is not supported");
      const bool right = j.join_kind == sql::JoinKind::Right;
      Scope side;
      PlanPtr l = bind_table_ref(right ? *j.right : *j.left, side);
      PlanPtr r = bind_table_ref(right ? *j.left : *j.right, side);
      std::vector<ExprPtr> conds;
      if (j.condition) {
        side.outer = scope.outer;
        side.outer_refs = scope.outer_refs;
        ExprContext ctx{&side, nullptr, nullptr, "ON clause"};
        ExprPtr c = coerce(bind_expr(*j.condition, ctx), DataType::boolean(), j.condition->loc);
        split_conjuncts(c, conds);
      }
      scope.entries.insert(scope.entries.end(), side.entries.begin(), side.entries.end());
      const JoinType type = j.join_kind == sql::JoinKind::Left || right ? JoinType::Left : JoinType::Inner;
      return make_join(type, std::move(l), std::move(r), std::move(conds));
    }
  }
  throw BindError(t.loc, "unsupported table reference");
}

PlanPtr Binder::bind_from(const sql::SelectStatement& q, Scope& scope) {
  if (q.from.empty()) {
    auto one = make_plan(OpKind::SingleRow);
    return one;
  }
  PlanPtr plan;
  for (const auto& item : q.from) {
    PlanPtr p = bind_table_ref(*item, scope);
    plan = plan ? make_join(JoinType::Inner, std::move(plan), std::move(p), {}) : std::move(p);
  }
  // Two FROM items with the same name would make every reference ambiguous: SQL Server refuses it.
  for (size_t i = 0; i < scope.entries.size(); ++i)
    for (size_t k = i + 1; k < scope.entries.size(); ++k)
      if (scope.entries[i].qualifier == scope.entries[k].qualifier && scope.entries[i].name == scope.entries[k].name &&
          scope.entries[i].id != scope.entries[k].id && !scope.entries[i].qualifier.empty())
        throw BindError(q.loc, "Msg 1011: The correlation name '" + scope.entries[i].qualifier +
                                   "' is specified multiple times in a FROM clause.");
  return plan;
}

PlanPtr sort_and_limit(PlanPtr plan, const std::vector<std::pair<size_t, bool>>& order, size_t visible,
                       const sql::SelectStatement& q, BoundSelect& out) {
  if (!order.empty()) {
    auto s = make_plan(OpKind::Sort);
    s->outputs = plan->outputs;
    for (auto [i, desc] : order) {
      const auto& o = plan->outputs[i];
      s->sort_keys.push_back({column_ref(o.id, o.type, o.name), desc});
    }
    s->children = {plan};
    plan = s;
    out.ordered = true;
    for (auto [i, desc] : order)
      if (i < visible) out.order_by.push_back(static_cast<int>(i));
  }
  const std::optional<int64_t> limit = q.top ? q.top : q.limit;
  if (limit || q.offset) {
    auto l = make_plan(OpKind::Limit);
    l->outputs = plan->outputs;
    l->limit = limit ? *limit : -1;  // -1: every row after the offset
    l->offset = q.offset.value_or(0);
    l->children = {plan};
    plan = l;
  }
  return plan;
}

BoundSelect Binder::bind_select(const sql::SelectStatement& q, const Scope* outer, SubqueryMode mode) {
  ctes_.emplace_back();
  for (const auto& cte : q.ctes) ctes_.back()[lower(cte.name.name)] = &cte;
  struct Pop {
    std::vector<std::map<std::string, const sql::CommonTableExpr*>>& s;
    ~Pop() { s.pop_back(); }
  } pop{ctes_};
  if (q.set_op != sql::SetOpKind::None) return bind_set_operation(q, outer, mode);

  BoundSelect out;
  std::set<ColumnId> outer_refs;
  Scope scope;
  scope.outer = outer;
  scope.outer_refs = &outer_refs;
  PlanPtr plan = bind_from(q, scope);

  // ---- WHERE ----
  std::vector<ExprPtr> filters, late_filters, correlated;
  struct SubJoin {
    JoinType type;
    bool null_aware;
    PlanPtr plan;
    std::vector<ExprPtr> conds;
  };
  std::vector<SubJoin> sub_joins;
  std::vector<PendingApply> applies;
  if (q.where) {
    std::vector<const sql::Expr*> conjuncts;
    ast_conjuncts(*q.where, conjuncts);
    for (const sql::Expr* c : conjuncts) {
      bool negated = false;
      const sql::Expr* e = c;
      while (e->kind == sql::ExprKind::Unary && e->as<sql::UnaryExpr>().op == sql::UnaryOp::Not) {
        negated = !negated;
        e = e->as<sql::UnaryExpr>().operand.get();
      }
      if (e->kind == sql::ExprKind::Exists) {
        const auto& ex = e->as<sql::ExistsExpr>();
        BoundSelect sub = bind_select(*ex.query, &scope, SubqueryMode::Exists);
        const bool anti = negated != ex.negated;
        sub_joins.push_back({anti ? JoinType::Anti : JoinType::Semi, false, sub.plan, sub.correlated});
        continue;
      }
      if (e->kind == sql::ExprKind::InSubquery) {
        const auto& in = e->as<sql::InSubqueryExpr>();
        ExprContext ctx{&scope, nullptr, nullptr, "WHERE clause"};
        ExprPtr value = bind_expr(*in.value, ctx);
        BoundSelect sub = bind_select(*in.query, &scope, SubqueryMode::In);
        const OutputColumn& v = *sub.value;
        std::vector<ExprPtr> conds = sub.correlated;
        conds.push_back(bind_comparison(sql::BinaryOp::Eq, value, column_ref(v.id, v.type, v.name), in.loc));
        const bool anti = negated != in.negated;
        sub_joins.push_back({anti ? JoinType::Anti : JoinType::Semi, anti, sub.plan, std::move(conds)});
        continue;
      }
      outer_refs.clear();
      const size_t applies_before = applies.size();
      ExprContext ctx{&scope, nullptr, &applies, "WHERE clause"};
      ExprPtr b = coerce(bind_expr(*c, ctx), DataType::boolean(), c->loc);
      if (!outer_refs.empty() && mode != SubqueryMode::None)
        correlated.push_back(b);
      else if (applies.size() != applies_before)
        late_filters.push_back(b);
      else
        filters.push_back(b);
    }
  }
  if (!correlated.empty() && mode == SubqueryMode::None)
    throw BindError(q.loc, "correlated references are only supported in subqueries");
  plan = make_filter(std::move(plan), std::move(filters));
  for (auto& sj : sub_joins) {
    plan = make_join(sj.type, std::move(plan), sj.plan, sj.conds);
    plan->null_aware = sj.null_aware;
  }
  for (auto& a : applies) {
    plan = make_join(JoinType::Left, std::move(plan), a.plan, a.conditions);
    plan->decorrelated = true;
  }
  plan = make_filter(std::move(plan), std::move(late_filters));

  // EXISTS only needs the rows: the select list does not matter.
  // HAVING without GROUP BY makes the whole input one group, as in SQL Server (a HAVING over plain
  // columns answered row by row).
  bool aggregating = !q.group_by.empty() || q.having || !q.grouping_sets.empty();
  for (const auto& item : q.items) aggregating = aggregating || has_aggregate(*item.expr);
  if (mode == SubqueryMode::Exists && !aggregating) {
    out.plan = plan;
    out.correlated = std::move(correlated);
    return out;
  }
  if (!correlated.empty() && (mode != SubqueryMode::Scalar || !q.group_by.empty() || !aggregating) &&
      !(mode == SubqueryMode::In && !aggregating))
    throw BindError(q.loc, "this correlated subquery form is not supported (supported: EXISTS/IN over "
                           "filters and joins, and scalar subqueries over an aggregate without GROUP BY)");

  // ---- GROUP BY, aggregates ----
  std::vector<ExprPtr> groups;
  std::vector<ExprPtr> join_back;  // Scalar mode: outer side of each correlation key
  for (const auto& g : q.group_by) {
    ExprContext ctx{&scope, nullptr, nullptr, "GROUP BY clause"};
    ExprPtr bound = bind_expr(*g, ctx);
    // SQL Server groups by expressions over the query's own columns only: `GROUP BY 1` is not an
    // ordinal there but an error, and so is a constant or an outer column alone.
    std::vector<ColumnId> cols;
    collect_columns(*bound, cols);
    if (std::none_of(cols.begin(), cols.end(), [&](ColumnId c) { return scope.owns(c); }))
      throw BindError(g->loc, "Msg 164: Each GROUP BY expression must contain at least one column that is not an "
                              "outer reference (GROUP BY 1 is not a column position in SQL Server)");
    groups.push_back(std::move(bound));
  }
  if (mode == SubqueryMode::Scalar && !correlated.empty()) {
    // Decorrelation: each correlated conjunct must be inner = outer; the inner sides become group keys.
    for (const ExprPtr& c : correlated) {
      bool ok = c->kind == ExprKind::Op && c->op == Op::Eq;
      int inner = -1;
      if (ok) {
        for (int side = 0; side < 2 && inner < 0; ++side) {
          std::vector<ColumnId> a, b;
          collect_columns(*c->args[side], a);
          collect_columns(*c->args[1 - side], b);
          const bool a_inner = !a.empty() && std::all_of(a.begin(), a.end(), [&](ColumnId i) { return scope.owns(i); });
          const bool b_outer = std::none_of(b.begin(), b.end(), [&](ColumnId i) { return scope.owns(i); });
          if (a_inner && b_outer) inner = side;
        }
      }
      if (inner < 0)
        throw BindError(q.loc, "a correlated scalar subquery must correlate through equalities "
                               "(inner column = outer expression); found " + to_string(*c));
      groups.push_back(c->args[inner]);
      join_back.push_back(c->args[1 - inner]);
    }
  }
  AggContext actx;
  std::vector<std::string> group_keys;
  std::vector<OutputColumn> group_out;
  std::set<ColumnId> agg_ids;
  WindowContext wctx;  // window functions of the SELECT list and ORDER BY
  auto bind_item = [&](const sql::Expr& e, const char* clause) -> ExprPtr {
    const bool windows_allowed = clause != std::string_view("HAVING clause");
    ExprContext ctx{&scope, aggregating ? &actx : nullptr, mode == SubqueryMode::None ? &applies : nullptr, clause,
                    windows_allowed ? &wctx : nullptr};
    const size_t before = applies.size();
    const size_t windows_before = wctx.funcs.size();
    ExprPtr b = bind_expr(e, ctx);
    if (applies.size() != before) throw BindError(e.loc, "correlated subqueries are only supported in WHERE");
    if (!aggregating) return b;
    for (const auto& o : actx.outputs) agg_ids.insert(o.id);
    auto grouped = [&](const ExprPtr& x) { return after_aggregate(x, group_keys, group_out, agg_ids, scope, clause, e.loc); };
    // A window function of a grouping query reads the groups: its arguments, too, must be group keys or aggregates.
    for (size_t w = windows_before; w < wctx.funcs.size(); ++w) {
      for (auto& a : wctx.funcs[w].args) a = grouped(a);
      for (auto& p : wctx.funcs[w].partition) p = grouped(p);
      for (auto& k : wctx.funcs[w].order) k.expr = grouped(k.expr);
    }
    return grouped(b);
  };
  if (aggregating) {
    for (size_t i = 0; i < groups.size(); ++i) {
      group_keys.push_back(fingerprint(*groups[i]));
      const std::string name = groups[i]->kind == ExprKind::Column ? groups[i]->name : "group" + std::to_string(i + 1);
      group_out.push_back({new_id(), name, groups[i]->type});
    }
    actx.group_keys = group_keys;
  }

  // ---- SELECT list ----
  std::vector<ExprPtr> items;
  std::vector<std::string> names;
  for (size_t i = 0; i < q.items.size(); ++i) {
    const auto& item = q.items[i];
    if (item.expr->kind == sql::ExprKind::Star) {
      const auto& star = item.expr->as<sql::StarExpr>();
      const std::string qual = star.qualifier ? lower(star.qualifier->name) : "";
      bool any = false;
      for (const auto& e : scope.entries) {
        if (!qual.empty() && e.qualifier != qual) continue;
        any = true;
        ExprPtr ref = column_ref(e.id, e.type, e.name);
        items.push_back(aggregating ? after_aggregate(ref, group_keys, group_out, agg_ids, scope, "select list", item.loc) : ref);
        names.push_back(e.name);
      }
      if (!any) throw BindError(item.loc, "'" + qual + ".*' names no table of the FROM clause");
      continue;
    }
    ExprPtr b = bind_item(*item.expr, "select list");
    names.push_back(output_name(item, b, i));
    items.push_back(std::move(b));
  }
  ExprPtr having;
  if (q.having) having = coerce(bind_item(*q.having, "HAVING clause"), DataType::boolean(), q.having->loc);

  // ---- ORDER BY: output aliases, ordinals, or expressions (extra hidden outputs) ----
  const size_t visible = items.size();
  std::vector<std::pair<size_t, bool>> order;  // output index, descending
  for (const auto& o : q.order_by) {
    std::optional<size_t> idx;
    if (o.expr->kind == sql::ExprKind::Literal && o.expr->as<sql::LiteralExpr>().literal_kind == sql::LiteralKind::Integer) {
      const int64_t k = std::stoll(o.expr->as<sql::LiteralExpr>().text);
      if (k < 1 || k > static_cast<int64_t>(visible))
        throw BindError(o.loc, "ORDER BY position " + std::to_string(k) + " is out of range");
      idx = static_cast<size_t>(k - 1);
    } else if (o.expr->kind == sql::ExprKind::ColumnRef && o.expr->as<sql::ColumnRefExpr>().parts.size() == 1) {
      const std::string n = lower(o.expr->as<sql::ColumnRefExpr>().parts[0].name);
      for (size_t i = 0; i < visible && !idx; ++i)
        if (names[i] == n) idx = i;
    }
    if (!idx) {
      ExprPtr b = bind_item(*o.expr, "ORDER BY clause");
      const std::string key = fingerprint(*b);
      for (size_t i = 0; i < items.size() && !idx; ++i)
        if (fingerprint(*items[i]) == key) idx = i;
      if (!idx) {
        if (q.distinct) throw BindError(o.loc, "ORDER BY items must appear in the select list if SELECT DISTINCT is specified");
        items.push_back(b);
        names.push_back("order" + std::to_string(items.size()));
        idx = items.size() - 1;
      }
    }
    order.push_back({*idx, o.descending});
  }

  // GROUPING () over a plain GROUP BY is 0: its one grouping set holds every key.
  std::vector<std::vector<size_t>> sets = q.grouping_sets;
  if (aggregating && sets.empty() && !actx.groupings.empty()) {
    sets.emplace_back();
    for (size_t i = 0; i < q.group_by.size(); ++i) sets.back().push_back(i);
  }
  if (aggregating && !sets.empty()) {
    if (!join_back.empty()) throw BindError(q.loc, "a correlated scalar subquery cannot use grouping sets");
    plan = make_filter(grouping_sets_plan(plan, groups, sets, group_out, actx, q.loc),
                       having ? std::vector<ExprPtr>{having} : std::vector<ExprPtr>{});
  } else if (aggregating) {
    auto agg = make_plan(OpKind::Aggregate);
    agg->groups = groups;
    agg->aggregates = actx.aggs;
    agg->outputs = group_out;
    agg->outputs.insert(agg->outputs.end(), actx.outputs.begin(), actx.outputs.end());
    agg->children = {plan};
    group_case_insensitively(*agg, q.loc);
    plan = make_filter(agg, having ? std::vector<ExprPtr>{having} : std::vector<ExprPtr>{});
  }
  if (!wctx.funcs.empty()) {  // after grouping and HAVING, before DISTINCT, ORDER BY and TOP
    auto w = make_plan(OpKind::Window);
    w->outputs = plan->outputs;
    w->outputs.insert(w->outputs.end(), wctx.outputs.begin(), wctx.outputs.end());
    w->windows = wctx.funcs;
    w->children = {plan};
    plan = w;
  }

  auto project = make_plan(OpKind::Project);
  project->children = {plan};
  for (size_t i = 0; i < items.size(); ++i) {
    project->exprs.push_back(items[i]);
    project->outputs.push_back({new_id(), names[i], items[i]->type});
  }
  // Scalar decorrelation: the key columns travel with the value.
  std::vector<ExprPtr> key_refs;
  for (size_t k = 0; k < join_back.size(); ++k) {
    const OutputColumn& g = group_out[groups.size() - join_back.size() + k];
    project->exprs.push_back(column_ref(g.id, g.type, g.name));
    project->outputs.push_back({new_id(), g.name, g.type});
    key_refs.push_back(column_ref(project->outputs.back().id, g.type, g.name));
  }
  plan = project;

  if (q.distinct) {
    auto d = make_plan(OpKind::Aggregate);
    for (const auto& o : plan->outputs) {
      d->groups.push_back(column_ref(o.id, o.type, o.name));
      d->outputs.push_back({new_id(), o.name, o.type});
    }
    d->children = {plan};
    const std::vector<OutputColumn> distinct_outputs = d->outputs;
    group_case_insensitively(*d, q.loc);
    plan = d;
    if (d->outputs.size() != distinct_outputs.size()) {  // folded keys added: the select list again, in order
      auto p = make_plan(OpKind::Project);
      for (const auto& o : distinct_outputs) {
        p->exprs.push_back(column_ref(o.id, o.type, o.name));
        p->outputs.push_back(o);
      }
      p->children = {plan};
      plan = p;
    }
  }
  plan = sort_and_limit(std::move(plan), order, visible, q, out);
  order_case_insensitively(*plan, q.loc);
  if (items.size() > visible && join_back.empty()) {
    auto p = make_plan(OpKind::Project);
    for (size_t i = 0; i < visible; ++i) {
      const auto& o = plan->outputs[i];
      p->exprs.push_back(column_ref(o.id, o.type, o.name));
      p->outputs.push_back(o);
    }
    p->children = {plan};
    plan = p;
  }

  if (mode == SubqueryMode::In || mode == SubqueryMode::Scalar) {
    if (visible != 1) throw BindError(q.loc, "the subquery must return exactly one column");
    out.value = plan->outputs[0];
    if (mode == SubqueryMode::Scalar && !join_back.empty()) {
      for (size_t k = 0; k < join_back.size(); ++k)
        out.correlated.push_back(bind_comparison(sql::BinaryOp::Eq, join_back[k], key_refs[k], q.loc));
      const ExprPtr& v = items[0];
      out.value_is_count = false;
      if (v->kind == ExprKind::Column)
        for (size_t a = 0; a < actx.outputs.size(); ++a)
          if (actx.outputs[a].id == v->column &&
              (actx.aggs[a].func == AggFunc::Count || actx.aggs[a].func == AggFunc::CountStar))
            out.value_is_count = true;
    } else if (mode == SubqueryMode::In && !correlated.empty()) {
      // IN with correlation: the inner columns the conditions read must stay visible.
      auto p = make_plan(OpKind::Project);
      p->children = {project->children[0]};
      p->exprs = {items[0]};
      p->outputs = {plan->outputs[0]};
      for (const auto& o : project->children[0]->outputs) {
        p->exprs.push_back(column_ref(o.id, o.type, o.name));
        p->outputs.push_back(o);
      }
      plan = p;
      out.correlated = std::move(correlated);
    }
  }
  out.plan = plan;
  return out;
}

BoundQuery bind_query(const sql::SelectStatement& query, const BindEnv& env) {
  Binder b(env);
  BoundSelect s = b.bind_select(query, nullptr, SubqueryMode::None);
  return {s.plan, s.ordered, s.order_by};
}

}  // namespace tessera::plan
