#include "tessera/plan/expr.hpp"

#include <map>

#include "tessera/plan/logical_plan.hpp"

namespace tessera::plan {

ExprPtr column_ref(ColumnId id, DataType t, std::string name) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Column;
  e->type = t;
  e->column = id;
  e->name = std::move(name);
  return e;
}

ExprPtr constant(Value v) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Constant;
  e->type = v.type;
  e->value = std::move(v);
  return e;
}

ExprPtr op(Op o, DataType t, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Op;
  e->op = o;
  e->type = t;
  e->args = std::move(args);
  return e;
}

ExprPtr is_null(ExprPtr value, bool negated) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::IsNull;
  e->type = DataType::boolean();
  e->negated = negated;
  e->args = {std::move(value)};
  return e;
}

ExprPtr null_when(ExprPtr cond, ExprPtr value) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Case;
  e->type = value->type;
  e->has_else = true;
  e->args = {std::move(cond), constant(Value::null_of(value->type)), std::move(value)};
  return e;
}

namespace {

const char* op_text(Op o) {
  switch (o) {
    case Op::And: return "AND";
    case Op::Or: return "OR";
    case Op::Not: return "NOT";
    case Op::Eq: return "=";
    case Op::Ne: return "<>";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Mod: return "%";
    case Op::Cast: return "CAST";
    case Op::TryCast: return "TRY_CAST";
    case Op::KeyPartition: return "KEY_PARTITION";
  }
  return "?";
}

std::string render(const Expr& e, bool readable) {
  auto arg = [&](size_t i) { return render(*e.args[i], readable); };
  switch (e.kind) {
    case ExprKind::Column:
      return readable ? e.name : "#" + std::to_string(e.column);
    case ExprKind::Constant:
      return readable ? e.value.to_sql() : e.value.to_sql() + ":" + e.type.to_string();
    case ExprKind::Call: {
      if (e.unfused) return readable ? render(*e.unfused, true) + " [fused]" : "fused:" + render(*e.unfused, false);
      std::string s = e.name + "(";
      bool first = true;
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (!first) s += ", ";
        first = false;
        s += e.args[i] ? arg(i) : e.constants[i].to_sql();
      }
      if (e.collation != storage::Collation::Default)
        s += e.collation == storage::Collation::CaseInsensitive ? " COLLATE CI" : " COLLATE BIN";
      return s + ")";
    }
    case ExprKind::Op:
      if (e.op == Op::Not) return "NOT (" + arg(0) + ")";
      if (e.op == Op::Cast || e.op == Op::TryCast)
        return std::string(op_text(e.op)) + "(" + arg(0) + " AS " + e.type.to_string() + ")";
      if (e.op == Op::KeyPartition) return std::string(op_text(e.op)) + "(" + arg(0) + ", " + arg(1) + ")";
      return "(" + arg(0) + " " + op_text(e.op) + " " + arg(1) + ")";
    case ExprKind::Case: {
      std::string s = "CASE";
      const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
      for (size_t i = 0; i < pairs; ++i) s += " WHEN " + arg(2 * i) + " THEN " + arg(2 * i + 1);
      if (e.has_else) s += " ELSE " + arg(e.args.size() - 1);
      return s + " END";
    }
    case ExprKind::InList: {
      std::string s = arg(0) + (e.negated ? " NOT IN (" : " IN (");
      for (size_t i = 1; i < e.args.size(); ++i) s += (i > 1 ? ", " : "") + arg(i);
      return s + ")";
    }
    case ExprKind::IsNull: return arg(0) + (e.negated ? " IS NOT NULL" : " IS NULL");
    case ExprKind::Coalesce: {
      std::string s = "COALESCE(";
      for (size_t i = 0; i < e.args.size(); ++i) s += (i ? ", " : "") + arg(i);
      return s + ")";
    }
    case ExprKind::Subquery: {
      if (readable) return "(subquery)";
      char buf[32];
      std::snprintf(buf, sizeof buf, "(subquery %p)", static_cast<const void*>(e.subplan.get()));
      return buf;
    }
  }
  return "?";
}

}  // namespace

std::string fingerprint(const Expr& e) { return render(e, false); }
std::string to_string(const Expr& e) { return render(e, true); }

std::vector<const Expr*> expr_pointers(const std::vector<ExprPtr>& es) {
  std::vector<const Expr*> out;
  for (const auto& e : es) out.push_back(e.get());
  return out;
}

bool is_compound(const Expr& e) {
  return e.kind == ExprKind::Op || e.kind == ExprKind::Call || e.kind == ExprKind::Case ||
         e.kind == ExprKind::Coalesce || e.kind == ExprKind::InList;
}

std::set<std::string> repeated_subexpressions(const std::vector<const Expr*>& roots) {
  std::map<std::string, int> seen;
  std::vector<const Expr*> stack(roots.begin(), roots.end());
  while (!stack.empty()) {
    const Expr* e = stack.back();
    stack.pop_back();
    if (!e) continue;
    if (is_compound(*e) && ++seen[fingerprint(*e)] > 1) continue;  // its children were counted the first time
    for (const auto& a : e->args) stack.push_back(a.get());
  }
  std::set<std::string> out;
  for (const auto& [key, n] : seen)
    if (n > 1) out.insert(key);
  return out;
}

void collect_columns(const Expr& e, std::vector<ColumnId>& out) {
  if (e.kind == ExprKind::Column) out.push_back(e.column);
  for (const auto& a : e.args)
    if (a) collect_columns(*a, out);
}

bool contains_subquery(const Expr& e) {
  if (e.kind == ExprKind::Subquery) return true;
  for (const auto& a : e.args)
    if (a && contains_subquery(*a)) return true;
  return false;
}

void split_conjuncts(const ExprPtr& e, std::vector<ExprPtr>& out) {
  if (e->kind == ExprKind::Op && e->op == Op::And) {
    split_conjuncts(e->args[0], out);
    split_conjuncts(e->args[1], out);
  } else {
    out.push_back(e);
  }
}

ExprPtr make_and(const std::vector<ExprPtr>& conjuncts) {
  if (conjuncts.empty()) return nullptr;
  ExprPtr acc = conjuncts[0];
  for (size_t i = 1; i < conjuncts.size(); ++i) acc = op(Op::And, DataType::boolean(), {acc, conjuncts[i]});
  return acc;
}

}  // namespace tessera::plan
