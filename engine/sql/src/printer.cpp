// S-expression printer of the AST. Forms:
//   literals   42  0.05  1e-3  'text'  (date '1998-12-01')  (interval '90' day)  NULL
//   names      l_shipdate  n1.n_name  *  (star t)
//   operators  (+ a b)  (and a b)  (neg x)  (not x)  (between x lo hi)  (not-between ...)
//              (in x (list a b))  (in x (select ...))  (not-in ...)  (exists (select ...))  (not-exists ...)
//              (like x p)  (like x p (escape e))  (not-like ...)  (is-null x)  (is-not-null x)
//   others     (case [x] (when c r)... (else e))  (cast x DECIMAL(15,2))  (try-cast ...)
//              (convert VARCHAR(10) d 101)  (try-convert ...)  (call SUM x)  (call COUNT *)
//              (call COUNT distinct x)  (extract YEAR d)  (part quarter)  (subquery (select ...))
//   queries    (select [distinct] [(top n)] (list item...) [(from ...)] [(where e)] [(group-by e...)]
//              [(having e)] [(order-by (asc e) (desc e))] [(limit n)]); a WITH adds (with (cte name (cols) q)...)
//   tables     (table lineitem [alias])  (derived alias (cols...) q)  (join inner|left|right|full|cross L R [on])
//   statements (create-view name [(cols)] q)  (drop-view [if-exists] name)  (create-table name (col TYPE [not-null])...)
//              (create-table name (as q))  (drop-table [if-exists] name)  (truncate name)
//              (insert name [(cols)] (values (row e...)...))  (insert name [(cols)] q);  a SELECT INTO adds (into name)
//              (bulk-insert name 'file' (OPTION value)...)  (table-function read_csv 'f' (= header TRUE) [alias])
//              (create-function name (params (@p TYPE)...) (returns TYPE) (external catalog.symbol))  (drop-function [if-exists] name)
#include "tessera/sql/printer.hpp"

#include <cctype>

namespace tessera::sql {
namespace {

std::string quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

std::string name(const Identifier& id) { return id.quoted ? "\"" + id.name + "\"" : id.name; }

std::string dotted(const std::vector<Identifier>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i ? "." : "") + name(parts[i]);
  return s;
}

std::string names(const std::vector<Identifier>& ids) {
  std::string s = "(";
  for (size_t i = 0; i < ids.size(); ++i) s += (i ? " " : "") + name(ids[i]);
  return s + ")";
}

std::string_view unit_name(IntervalUnit u) {
  switch (u) {
    case IntervalUnit::Year: return "year";
    case IntervalUnit::Month: return "month";
    case IntervalUnit::Day: return "day";
  }
  return "?";
}

std::string_view join_name(JoinKind k) {
  switch (k) {
    case JoinKind::Inner: return "inner";
    case JoinKind::Left: return "left";
    case JoinKind::Right: return "right";
    case JoinKind::Full: return "full";
    case JoinKind::Cross: return "cross";
  }
  return "?";
}

}  // namespace

std::string to_sexpr(const TypeName& t) {
  std::string s = t.spelling;
  if (t.max_length) return s + "(MAX)";
  if (t.length) {
    s += "(" + std::to_string(*t.length);
    if (t.scale) s += "," + std::to_string(*t.scale);
    s += ")";
  }
  return s;
}

std::string to_sexpr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Literal: {
      const auto& l = e.as<LiteralExpr>();
      switch (l.literal_kind) {
        case LiteralKind::String: return quote(l.text);
        case LiteralKind::Date: return "(date " + quote(l.text) + ")";
        default: return l.text;
      }
    }
    case ExprKind::Interval: {
      const auto& i = e.as<IntervalExpr>();
      return "(interval " + quote(i.value) + " " + std::string(unit_name(i.unit)) + ")";
    }
    case ExprKind::ColumnRef: return dotted(e.as<ColumnRefExpr>().parts);
    case ExprKind::Star: {
      const auto& s = e.as<StarExpr>();
      return s.qualifier ? "(star " + name(*s.qualifier) + ")" : "*";
    }
    case ExprKind::Unary: {
      const auto& u = e.as<UnaryExpr>();
      const char* op = u.op == UnaryOp::Negate ? "neg" : u.op == UnaryOp::Plus ? "pos" : u.op == UnaryOp::BitNot ? "~" : "not";
      return std::string("(") + op + " " + to_sexpr(*u.operand) + ")";
    }
    case ExprKind::Binary: {
      const auto& b = e.as<BinaryExpr>();
      return "(" + std::string(binary_op_name(b.op)) + " " + to_sexpr(*b.left) + " " + to_sexpr(*b.right) + ")";
    }
    case ExprKind::Between: {
      const auto& b = e.as<BetweenExpr>();
      return std::string(b.negated ? "(not-between " : "(between ") + to_sexpr(*b.value) + " " + to_sexpr(*b.low) +
             " " + to_sexpr(*b.high) + ")";
    }
    case ExprKind::InList: {
      const auto& in = e.as<InListExpr>();
      std::string s = std::string(in.negated ? "(not-in " : "(in ") + to_sexpr(*in.value) + " (list";
      for (const auto& x : in.list) s += " " + to_sexpr(*x);
      return s + "))";
    }
    case ExprKind::InSubquery: {
      const auto& in = e.as<InSubqueryExpr>();
      return std::string(in.negated ? "(not-in " : "(in ") + to_sexpr(*in.value) + " " + to_sexpr(*in.query) + ")";
    }
    case ExprKind::Exists: {
      const auto& x = e.as<ExistsExpr>();
      return std::string(x.negated ? "(not-exists " : "(exists ") + to_sexpr(*x.query) + ")";
    }
    case ExprKind::Subquery: return "(subquery " + to_sexpr(*e.as<SubqueryExpr>().query) + ")";
    case ExprKind::Like: {
      const auto& l = e.as<LikeExpr>();
      std::string s = std::string(l.negated ? "(not-like " : "(like ") + to_sexpr(*l.value) + " " + to_sexpr(*l.pattern);
      if (l.escape) s += " (escape " + to_sexpr(*l.escape) + ")";
      return s + ")";
    }
    case ExprKind::IsNull: {
      const auto& n = e.as<IsNullExpr>();
      return std::string(n.negated ? "(is-not-null " : "(is-null ") + to_sexpr(*n.value) + ")";
    }
    case ExprKind::Case: {
      const auto& c = e.as<CaseExpr>();
      std::string s = "(case";
      if (c.operand) s += " " + to_sexpr(*c.operand);
      for (const auto& w : c.whens) s += " (when " + to_sexpr(*w.condition) + " " + to_sexpr(*w.result) + ")";
      if (c.else_result) s += " (else " + to_sexpr(*c.else_result) + ")";
      return s + ")";
    }
    case ExprKind::Cast: {
      const auto& c = e.as<CastExpr>();
      if (c.is_parse)
        return std::string(c.is_try ? "(try-parse " : "(parse ") + to_sexpr(*c.value) + " " + to_sexpr(c.type) +
               (c.culture ? " " + to_sexpr(*c.culture) : std::string()) + ")";
      return std::string(c.is_try ? "(try-cast " : "(cast ") + to_sexpr(*c.value) + " " + to_sexpr(c.type) + ")";
    }
    case ExprKind::Convert: {
      const auto& c = e.as<ConvertExpr>();
      std::string s = std::string(c.is_try ? "(try-convert " : "(convert ") + to_sexpr(c.type) + " " + to_sexpr(*c.value);
      if (c.style) s += " " + to_sexpr(*c.style);
      return s + ")";
    }
    case ExprKind::FunctionCall: {
      const auto& f = e.as<FunctionCallExpr>();
      std::string s = (f.odbc ? "(odbc-call " : "(call ") + f.upper_name;
      if (f.star) s += " *";
      if (f.distinct) s += " distinct";
      for (const auto& a : f.args) s += " " + to_sexpr(*a);
      if (!f.within_group.empty()) {
        s += " (within-group";
        for (const auto& o : f.within_group) s += std::string(o.descending ? " (desc " : " (asc ") + to_sexpr(*o.expr) + ")";
        s += ")";
      }
      if (f.over) {
        s += " (over";
        if (!f.over->partition_by.empty()) {
          s += " (partition-by";
          for (const auto& p : f.over->partition_by) s += " " + to_sexpr(*p);
          s += ")";
        }
        if (!f.over->order_by.empty()) {
          s += " (order-by";
          for (const auto& o : f.over->order_by) s += std::string(o.descending ? " (desc " : " (asc ") + to_sexpr(*o.expr) + ")";
          s += ")";
        }
        if (f.over->frame) {
          auto bound = [](const FrameBound& b) -> std::string {
            switch (b.kind) {
              case FrameBound::Kind::UnboundedPreceding: return "unbounded-preceding";
              case FrameBound::Kind::Preceding: return std::to_string(b.offset) + "-preceding";
              case FrameBound::Kind::CurrentRow: return "current-row";
              case FrameBound::Kind::Following: return std::to_string(b.offset) + "-following";
              case FrameBound::Kind::UnboundedFollowing: return "unbounded-following";
            }
            return "?";
          };
          s += std::string(f.over->frame->rows ? " (rows " : " (range ") + bound(f.over->frame->start) + " " +
               bound(f.over->frame->end) + ")";
        }
        s += ")";
      }
      return s + ")";
    }
    case ExprKind::Extract: {
      const auto& x = e.as<ExtractExpr>();
      return "(extract " + x.field + " " + to_sexpr(*x.value) + ")";
    }
    case ExprKind::DatePartKeyword: return "(part " + e.as<DatePartKeywordExpr>().name + ")";
    case ExprKind::Collate: {
      const auto& c = e.as<CollateExpr>();
      return "(collate " + to_sexpr(*c.value) + " " + c.name + ")";
    }
  }
  return "?";
}

std::string to_sexpr(const TableRef& t) {
  switch (t.kind) {
    case TableRefKind::Table: {
      const auto& r = t.as<TableNameRef>();
      std::string s = (r.is_function ? "(table-function " : "(table ") + dotted(r.name);
      for (const auto& a : r.args) s += " " + (a.name ? "(= " + name(*a.name) + " " + to_sexpr(*a.value) + ")" : to_sexpr(*a.value));
      if (r.alias) s += " " + name(*r.alias);
      return s + ")";
    }
    case TableRefKind::Derived: {
      const auto& d = t.as<DerivedTableRef>();
      std::string s = "(derived " + name(d.alias);
      if (!d.column_aliases.empty()) s += " " + names(d.column_aliases);
      return s + " " + to_sexpr(*d.query) + ")";
    }
    case TableRefKind::Join: {
      const auto& j = t.as<JoinRef>();
      std::string s = "(join " + std::string(join_name(j.join_kind)) + " " + to_sexpr(*j.left) + " " + to_sexpr(*j.right);
      if (j.condition) s += " " + to_sexpr(*j.condition);
      return s + ")";
    }
  }
  return "?";
}

std::string to_sexpr(const SelectStatement& q) {
  std::string s = "(select";
  if (!q.ctes.empty()) {
    s += " (with";
    for (const auto& c : q.ctes) {
      s += " (cte " + name(c.name);
      if (!c.columns.empty()) s += " " + names(c.columns);
      s += " " + to_sexpr(*c.query) + ")";
    }
    s += ")";
  }
  if (q.set_op != SetOpKind::None) {
    std::string op = set_op_name(q.set_op);
    for (char& c : op) c = c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    s += " (" + op + " " + to_sexpr(*q.set_left) + " " + to_sexpr(*q.set_right) + ")";
  } else {
    if (q.distinct) s += " distinct";
    if (q.top) s += " (top " + std::to_string(*q.top) + ")";
    s += " (list";
    for (const auto& item : q.items) {
      if (item.alias) s += " (as " + to_sexpr(*item.expr) + " " + name(*item.alias) + ")";
      else s += " " + to_sexpr(*item.expr);
    }
    s += ")";
  }
  if (!q.from.empty()) {
    s += " (from";
    for (const auto& t : q.from) s += " " + to_sexpr(*t);
    s += ")";
  }
  if (q.where) s += " (where " + to_sexpr(*q.where) + ")";
  if (!q.group_by.empty()) {
    s += " (group-by";
    for (const auto& g : q.group_by) s += " " + to_sexpr(*g);
    s += ")";
  }
  if (!q.grouping_sets.empty()) {
    s += " (grouping-sets";
    for (const auto& set : q.grouping_sets) {
      s += " (";
      for (size_t i = 0; i < set.size(); ++i) s += (i ? " " : "") + std::to_string(set[i]);
      s += ")";
    }
    s += ")";
  }
  if (q.having) s += " (having " + to_sexpr(*q.having) + ")";
  if (!q.order_by.empty()) {
    s += " (order-by";
    for (const auto& o : q.order_by) s += std::string(o.descending ? " (desc " : " (asc ") + to_sexpr(*o.expr) + ")";
    s += ")";
  }
  if (q.limit) s += " (limit " + std::to_string(*q.limit) + ")";
  if (q.offset) s += " (offset " + std::to_string(*q.offset) + ")";
  if (!q.into.empty()) s += " (into " + dotted(q.into) + ")";
  return s + ")";
}

std::string to_sexpr(const Statement& st) {
  switch (st.kind) {
    case StatementKind::Select: return to_sexpr(*st.as<SelectStmt>().query);
    case StatementKind::CreateView: {
      const auto& v = st.as<CreateViewStmt>();
      std::string s = "(create-view " + dotted(v.name);
      if (!v.columns.empty()) s += " " + names(v.columns);
      return s + " " + to_sexpr(*v.query) + ")";
    }
    case StatementKind::DropView: {
      const auto& d = st.as<DropViewStmt>();
      return std::string("(drop-view ") + (d.if_exists ? "if-exists " : "") + dotted(d.name) + ")";
    }
    case StatementKind::CreateTable: {
      const auto& c = st.as<CreateTableStmt>();
      std::string s = "(create-table " + dotted(c.name);
      if (c.as_query) return s + " (as " + to_sexpr(*c.as_query) + "))";
      for (const auto& col : c.columns)
        s += " (" + name(col.name) + " " + to_sexpr(col.type) + (col.collation.empty() ? "" : " (collate " + col.collation + ")") +
             (col.not_null ? " not-null" : "") + ")";
      return s + ")";
    }
    case StatementKind::DropTable: {
      const auto& d = st.as<DropTableStmt>();
      return std::string("(drop-table ") + (d.if_exists ? "if-exists " : "") + dotted(d.name) + ")";
    }
    case StatementKind::TruncateTable: return "(truncate " + dotted(st.as<TruncateTableStmt>().name) + ")";
    case StatementKind::CreateFunction: {
      const auto& f = st.as<CreateFunctionStmt>();
      std::string s = "(create-function " + dotted(f.name) + " (params";
      for (const auto& p : f.params) s += " (" + p.name.name + " " + to_sexpr(p.type) + ")";
      return s + ") (returns " + to_sexpr(f.returns) + ") (external " + dotted(f.external) + "))";
    }
    case StatementKind::BulkInsert: {
      const auto& b = st.as<BulkInsertStmt>();
      std::string s = "(bulk-insert " + dotted(b.name) + " " + quote(b.path);
      for (const auto& o : b.options) s += " (" + o.name + (o.value.empty() ? "" : " " + o.value) + ")";
      return s + ")";
    }
    case StatementKind::DropFunction: {
      const auto& d = st.as<DropFunctionStmt>();
      return std::string("(drop-function ") + (d.if_exists ? "if-exists " : "") + dotted(d.name) + ")";
    }
    case StatementKind::Insert: {
      const auto& in = st.as<InsertStmt>();
      std::string s = "(insert " + dotted(in.name);
      if (!in.columns.empty()) s += " " + names(in.columns);
      if (in.query) return s + " " + to_sexpr(*in.query) + ")";
      s += " (values";
      for (const auto& row : in.rows) {
        s += " (row";
        for (const auto& e : row) s += " " + to_sexpr(*e);
        s += ")";
      }
      return s + "))";
    }
  }
  return "?";
}

std::string to_sexpr(const Script& s) {
  std::string out;
  for (size_t i = 0; i < s.statements.size(); ++i) out += (i ? "\n" : "") + to_sexpr(*s.statements[i]);
  return out;
}

}  // namespace tessera::sql
