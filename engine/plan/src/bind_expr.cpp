// Expression binding: names to columns, literals to typed constants, operators with SQL Server's
// implicit conversions, CASE / IN / BETWEEN / LIKE / IS NULL, INTERVAL arithmetic (as DATEADD),
// EXTRACT (as YEAR / MONTH / DAY / DATEPART), scalar subqueries; constant subtrees are folded.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>

#include "binder_impl.hpp"
#include "tessera/functions/date_part.hpp"

namespace tessera::plan {

namespace {

bool is_null_constant(const ExprPtr& e) { return e->kind == ExprKind::Constant && e->value.null; }

Value parse_literal(const sql::LiteralExpr& l, const std::function<void(std::string)>& warn) {
  switch (l.literal_kind) {
    case sql::LiteralKind::Integer: {
      // Beyond BIGINT an integer literal is a DECIMAL(p, 0), as in SQL Server (up to 38 digits).
      std::string digits = l.text;
      while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
      if (digits.size() > static_cast<size_t>(storage::kMaxDecimalDigits))
        throw BindError(l.loc, "the integer " + l.text + " is out of range (more than 38 digits)");
      __int128 v = 0;
      for (char c : digits) v = v * 10 + (c - '0');
      if (v > INT64_MAX) return Value::decimal(v, static_cast<int>(digits.size()), 0);
      return Value::integer(static_cast<int64_t>(v));
    }
    case sql::LiteralKind::Decimal: {
      const size_t dot = l.text.find('.');
      std::string digits = l.text.substr(0, dot) + (dot == std::string::npos ? "" : l.text.substr(dot + 1));
      const int scale = dot == std::string::npos ? 0 : static_cast<int>(l.text.size() - dot - 1);
      while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
      const int precision = std::max<int>(static_cast<int>(digits.size()), scale == 0 ? 1 : scale);
      if (precision > storage::kMaxDecimalDigits)
        throw BindError(l.loc, "the decimal literal " + l.text + " has more than 38 digits");
      __int128 v = 0;
      for (char c : digits) v = v * 10 + (c - '0');
      return Value::decimal(v, std::max(precision, scale), scale);
    }
    case sql::LiteralKind::Float: {
      // strtod, not stod: an out-of-range literal is SQL Server's Msg 168, not an exception named "stod";
      // one too small for a double is 0 (or a subnormal), as there.
      const double d = std::strtod(l.text.c_str(), nullptr);
      if (std::isinf(d))
        throw BindError(l.loc, "Msg 168: The floating point value '" + l.text +
                                   "' is out of the range of computer representation (8 bytes).");
      // Below the normal range (a subnormal, or nonzero digits that read as 0): SQL Server reads 0 and warns.
      const bool nonzero_digits = l.text.find_first_of("123456789") < l.text.find_first_of("eE");
      if (std::fpclassify(d) == FP_SUBNORMAL || (d == 0 && nonzero_digits)) {
        if (warn) warn("Warning: the floating point value '" + l.text + "' is too small. It will be interpreted as 0.");
        return Value::float64(0);
      }
      return Value::float64(d);
    }
    case sql::LiteralKind::String: return Value::string(l.text);
    case sql::LiteralKind::Date: {
      int32_t days = 0;
      if (!storage::parse_date(l.text, days)) throw BindError(l.loc, "invalid date literal '" + l.text + "'");
      return Value::date(days);
    }
    case sql::LiteralKind::Null: return Value::null_of(DataType::int32());
    case sql::LiteralKind::True: return Value::boolean(true);
    case sql::LiteralKind::False: return Value::boolean(false);
  }
  return {};
}

Op comparison_op(sql::BinaryOp o) {
  switch (o) {
    case sql::BinaryOp::Eq: return Op::Eq;
    case sql::BinaryOp::NotEq: return Op::Ne;
    case sql::BinaryOp::Lt: return Op::Lt;
    case sql::BinaryOp::LtEq: return Op::Le;
    case sql::BinaryOp::Gt: return Op::Gt;
    case sql::BinaryOp::GtEq: return Op::Ge;
    default: return Op::Eq;
  }
}

Op arithmetic_op(sql::BinaryOp o) {
  switch (o) {
    case sql::BinaryOp::Add: return Op::Add;
    case sql::BinaryOp::Sub: return Op::Sub;
    case sql::BinaryOp::Mul: return Op::Mul;
    case sql::BinaryOp::Div: return Op::Div;
    default: return Op::Mod;
  }
}

bool is_comparison(sql::BinaryOp o) {
  return o == sql::BinaryOp::Eq || o == sql::BinaryOp::NotEq || o == sql::BinaryOp::Lt || o == sql::BinaryOp::LtEq ||
         o == sql::BinaryOp::Gt || o == sql::BinaryOp::GtEq;
}

}  // namespace

// SQL Server's statistical aggregates: rewritten by the binder into aggregates the engine runs on both devices
// and merges across morsels (Binder::bind_statistical).
bool is_statistical_aggregate(std::string_view n) {
  return n == "STDEV" || n == "STDEVP" || n == "VAR" || n == "VARP" || n == "APPROX_COUNT_DISTINCT";
}

bool is_aggregate_name(std::string_view n) {
  return n == "SUM" || n == "COUNT" || n == "COUNT_BIG" || n == "AVG" || n == "MIN" || n == "MAX" || n == "STRING_AGG" ||
         is_statistical_aggregate(n);
}

bool has_aggregate(const sql::Expr& e) {
  using K = sql::ExprKind;
  switch (e.kind) {
    case K::FunctionCall: {
      const auto& f = e.as<sql::FunctionCallExpr>();
      auto any = [](const auto& es) { return std::any_of(es.begin(), es.end(), [](const auto& a) { return has_aggregate(*a); }); };
      if (f.over) {  // SUM(x) OVER (...) is a window function; SUM(SUM(x)) OVER (...) holds an aggregate
        bool in_order = false;
        for (const auto& o : f.over->order_by) in_order = in_order || has_aggregate(*o.expr);
        return any(f.args) || any(f.over->partition_by) || in_order;
      }
      if (is_aggregate_name(f.upper_name)) return true;
      return any(f.args);
    }
    case K::Unary: return has_aggregate(*e.as<sql::UnaryExpr>().operand);
    case K::Binary: return has_aggregate(*e.as<sql::BinaryExpr>().left) || has_aggregate(*e.as<sql::BinaryExpr>().right);
    case K::Between: {
      const auto& b = e.as<sql::BetweenExpr>();
      return has_aggregate(*b.value) || has_aggregate(*b.low) || has_aggregate(*b.high);
    }
    case K::InList: {
      const auto& in = e.as<sql::InListExpr>();
      if (has_aggregate(*in.value)) return true;
      return std::any_of(in.list.begin(), in.list.end(), [](const auto& a) { return has_aggregate(*a); });
    }
    case K::Like: return has_aggregate(*e.as<sql::LikeExpr>().value);
    case K::IsNull: return has_aggregate(*e.as<sql::IsNullExpr>().value);
    case K::Case: {
      const auto& c = e.as<sql::CaseExpr>();
      if (c.operand && has_aggregate(*c.operand)) return true;
      if (c.else_result && has_aggregate(*c.else_result)) return true;
      for (const auto& w : c.whens)
        if (has_aggregate(*w.condition) || has_aggregate(*w.result)) return true;
      return false;
    }
    case K::Cast: return has_aggregate(*e.as<sql::CastExpr>().value);
    case K::Convert: return has_aggregate(*e.as<sql::ConvertExpr>().value);
    case K::Extract: return has_aggregate(*e.as<sql::ExtractExpr>().value);
    case K::Collate: return has_aggregate(*e.as<sql::CollateExpr>().value);
    default: return false;
  }
}

ExprPtr Binder::fold(ExprPtr e) {
  if (e->kind == ExprKind::Constant || e->kind == ExprKind::Column || e->kind == ExprKind::Subquery) return e;
  std::vector<ColumnId> cols;
  collect_columns(*e, cols);
  if (!cols.empty() || contains_subquery(*e) || !env_.fold) return e;
  return constant(env_.fold(e));
}

ExprPtr Binder::cast_to(ExprPtr e, const DataType& to, sql::SourceLocation loc) {
  sql::TypeName n;
  n.loc = loc;
  switch (to.id) {
    case TypeId::Int32: n.id = sql::TypeId::Int; n.spelling = "INT"; break;
    case TypeId::Int64: n.id = sql::TypeId::BigInt; n.spelling = "BIGINT"; break;
    case TypeId::Double: n.id = sql::TypeId::Float; n.spelling = "FLOAT"; break;
    case TypeId::Money: n.id = sql::TypeId::Money; n.spelling = "MONEY"; break;
    case TypeId::Date: n.id = sql::TypeId::Date; n.spelling = "DATE"; break;
    case TypeId::DateTime: n.id = sql::TypeId::DateTime; n.spelling = "DATETIME"; break;
    case TypeId::SmallDateTime: n.id = sql::TypeId::SmallDateTime; n.spelling = "SMALLDATETIME"; break;
    case TypeId::DateTime2:
    case TypeId::Time:
      n.id = to.id == TypeId::Time ? sql::TypeId::Time : sql::TypeId::DateTime2;
      n.spelling = to.id == TypeId::Time ? "TIME" : "DATETIME2";
      n.length = to.precision;
      break;
    case TypeId::Decimal:
      n.id = sql::TypeId::Decimal;
      n.spelling = "DECIMAL";
      n.length = to.precision;
      n.scale = to.scale;
      break;
    default: throw BindError(loc, "cannot convert " + type_text(e->type) + " to " + type_text(to) + " implicitly (use CAST)");
  }
  return bind_cast(std::move(e), n, nullptr, false, loc);
}

storage::Collation Binder::collation_named(const std::string& name, sql::SourceLocation loc) {
  if (auto c = storage::collation_from_name(name)) return *c;
  throw BindError(loc, "Msg 448: Invalid collation '" + name + "' (names say _CI_ or _CS_, or end in _BIN / _BIN2).");
}

DataType Binder::collation_of(const DataType& a, const DataType& b, sql::SourceLocation loc) const {
  // SQL Server's collation precedence: a COLLATE clause beats a column's collation, which beats the database's;
  // two different collations of the same rank conflict.
  auto rank = [](const DataType& t) { return t.collation == storage::Collation::Default ? 0 : t.collation_explicit ? 2 : 1; };
  if (rank(a) == rank(b) && a.collation != b.collation)
    throw BindError(loc, "Msg 468: Cannot resolve the collation conflict between a case-insensitive and a binary "
                         "collation in this operation.");
  DataType r;
  r.collation = rank(a) >= rank(b) ? a.collation : b.collation;
  r.collation_explicit = rank(a) == 2 || rank(b) == 2;
  return r;
}

bool Binder::case_insensitive(const DataType& a, const DataType& b, sql::SourceLocation loc) const {
  const storage::Collation c = collation_of(a, b, loc).collation;
  return c == storage::Collation::Default ? env_.case_insensitive : c == storage::Collation::CaseInsensitive;
}

// Case-insensitive comparison, grouping and joins compare UPPER(s): the library's kernel, on either device.
ExprPtr Binder::fold_case(ExprPtr e, sql::SourceLocation loc) {
  if (is_null_constant(e)) return e;
  return call("UPPER", {std::move(e)}, loc);
}

ExprPtr Binder::coerce(ExprPtr e, const DataType& to, sql::SourceLocation loc) {
  const DataType& from = e->type;
  if (from == to || (from.is_string() && to.is_string())) return e;
  if (is_null_constant(e)) return constant(Value::null_of(to));
  if (e->kind == ExprKind::Constant && from.is_string()) {
    // SQL Server converts a string constant to the other side's type ('1998-12-01' = a date).
    const std::string& s = e->value.s;
    if (to.id == TypeId::Date) {
      int32_t days = 0;
      if (!storage::parse_date(s, days))
        throw BindError(loc, "conversion failed when converting the string '" + s + "' to DATE");
      return constant(Value::date(days));
    }
    if (to.is_temporal()) return cast_to(e, to, loc);  // CAST's kernel, folded to a constant
    if (to.id == TypeId::Decimal || to.id == TypeId::Money) {
      __int128 v = 0;
      const int scale = to.id == TypeId::Money ? 4 : to.scale;
      if (!storage::parse_decimal(s, to.id == TypeId::Money ? 19 : to.precision, scale, v) ||
          (to.id == TypeId::Money && (v > INT64_MAX || v < INT64_MIN)))
        throw BindError(loc, "conversion failed when converting the string '" + s + "' to " + type_text(to));
      Value r = Value::decimal(v, to.precision, scale);
      r.type = to;
      return constant(r);
    }
    if (is_integer(to) || to.id == TypeId::Double) {
      try {
        size_t used = 0;
        if (to.id == TypeId::Double) {
          const double d = std::stod(s, &used);
          if (used == s.size()) return constant(Value::float64(d));
        } else {
          const long long v = std::stoll(s, &used);
          if (used == s.size()) {
            // SQL Server's Msg 248, not a wrapped value ('4294967296' matched key 0; issue 12).
            if (to.id != TypeId::Int64 && (v < INT32_MIN || v > INT32_MAX))
              throw BindError(loc, "Msg 248: The conversion of the varchar value '" + s + "' overflowed an int column.");
            Value r = to.id == TypeId::Int64 ? Value::int64(v) : Value::int32(static_cast<int32_t>(v));
            return constant(r);
          }
        }
      } catch (const BindError&) {
        throw;
      } catch (const std::exception&) {  // no number, or beyond BIGINT / FLOAT
      }
      throw BindError(loc, "conversion failed when converting the string '" + s + "' to " + type_text(to));
    }
  }
  if (implicit_castable(from, to)) return fold(op(Op::Cast, to, {e}));
  // Between date and time types (DATE to DATETIME2, DATETIME to DATETIME2(3), ...): CAST's kernels.
  if (from.is_temporal() && to.is_temporal() && common_type(from, to)) return cast_to(e, to, loc);
  throw BindError(loc, "cannot convert " + type_text(from) + " to " + type_text(to) + " implicitly (use CAST)");
}

ExprPtr Binder::lookup_column(const sql::ColumnRefExpr& c, const Scope& scope) {
  const std::string name = lower(c.parts.back().name);
  const std::string qual = c.parts.size() >= 2 ? lower(c.parts[c.parts.size() - 2].name) : "";
  const std::string shown = c.parts.size() >= 2 ? c.parts[c.parts.size() - 2].name + "." + c.parts.back().name
                                                : c.parts.back().name;
  bool outer = false;
  for (const Scope* s = &scope; s; s = s->outer) {
    const ScopeEntry* found = nullptr;
    for (const auto& e : s->entries) {
      if (e.name != name || (!qual.empty() && e.qualifier != qual)) continue;
      if (found && found->id != e.id)
        throw BindError(c.loc, "ambiguous column name '" + shown + "' (qualify it with a table name)");
      found = &e;
    }
    if (found) {
      if (outer && scope.outer_refs) scope.outer_refs->insert(found->id);
      return column_ref(found->id, found->type, found->name);
    }
    outer = true;
  }
  throw BindError(c.loc, "unknown column '" + shown + "'");
}

ExprPtr Binder::bind_comparison(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc) {
  std::optional<DataType> t = is_null_constant(a) ? b->type : is_null_constant(b) ? a->type : comparison_type(a->type, b->type);
  if (!t && a->kind == ExprKind::Constant && a->type.is_string()) t = b->type;
  if (!t && b->kind == ExprKind::Constant && b->type.is_string()) t = a->type;
  if (!t)
    throw BindError(loc, "cannot compare " + type_text(a->type) + " with " + type_text(b->type));
  ExprPtr x = coerce(a, *t, loc), y = coerce(b, *t, loc);
  if (t->is_string() && case_insensitive(a->type, b->type, loc)) {
    x = fold_case(x, loc);
    y = fold_case(y, loc);
  }
  return fold(op(comparison_op(o), DataType::boolean(), {x, y}));
}

ExprPtr Binder::bind_arithmetic(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc) {
  const Op aop = arithmetic_op(o);
  const bool a_text = a->type.is_string() || (is_null_constant(a) && b->type.is_string());
  const bool b_text = b->type.is_string() || (is_null_constant(b) && a->type.is_string());
  if (aop == Op::Add && a_text && b_text) {
    // String concatenation, SQL Server's `+`: the library's CONCAT, with a CHAR(n) operand blank-padded to its
    // n characters first (CHAR keeps its blanks in +; stored values are not padded), and NULL if either side
    // is NULL (CONCAT reads NULL as empty). Runs on either device (catalog kernels, CASE, IS NULL).
    auto padded = [&](ExprPtr s) -> ExprPtr {
      if (s->type.id != TypeId::Char || s->type.length <= 0) return s;
      const int n = s->type.length;
      ExprPtr blanks = call("REPLICATE", {constant(Value::string(" ")), constant(Value::int64(n))}, loc);
      return call("LEFT", {call("CONCAT", {s, blanks}, loc), constant(Value::int64(n))}, loc);
    };
    if (is_null_constant(a) || is_null_constant(b)) return constant(Value::null_of(DataType::varchar(0)));
    ExprPtr joined = call("CONCAT", {padded(a), padded(b)}, loc);
    return fold(null_when(op(Op::Or, DataType::boolean(), {is_null(a), is_null(b)}), joined));
  }
  // A string with a number: SQL Server converts the string to the number's type (data type precedence), so
  // '1' + 1 is 2 and 'a' + 1 is Msg 245, by CAST's kernels.
  if (a->type.is_string() && !is_null_constant(a) && !b->type.is_string() && !is_null_constant(b))
    if (is_numeric(b->type)) a = cast_to(a, b->type, loc);
  if (b->type.is_string() && !is_null_constant(b) && !a->type.is_string() && !is_null_constant(a))
    if (is_numeric(a->type)) b = cast_to(b, a->type, loc);
  if (is_null_constant(a)) a = constant(Value::null_of(b->type));
  if (is_null_constant(b)) b = constant(Value::null_of(a->type));
  auto t = arithmetic_types(aop, a->type, b->type);
  if (!t)
    throw BindError(loc, "operator " + std::string(sql::binary_op_name(o)) + " is not defined for " +
                             type_text(a->type) + " and " + type_text(b->type));
  return fold(op(aop, t->result, {coerce(a, t->left, loc), coerce(b, t->right, loc)}));
}

namespace {
// The bitwise operators' types, lowest first: BIT, INT, BIGINT (SQL Server's data type precedence among them); -1
// for any other (SQL Server also takes TINYINT, SMALLINT and BINARY, which Tessera lacks).
int bitwise_rank(const DataType& t) {
  return t.id == TypeId::Bool ? 0 : t.id == TypeId::Int32 ? 1 : t.id == TypeId::Int64 ? 2 : -1;
}
std::string_view bitwise_suffix(int rank) { return rank == 0 ? "bit" : rank == 1 ? "int" : "bigint"; }
}  // namespace

// a & b, a | b, a ^ b: both operands converted to the higher type, so BIT & BIT is a BIT and BIT & INT an INT. An
// untyped NULL is an INT NULL (SQL Server's too) and gives NULL (the kernel's NULL rule). Other types are Msg 402,
// strings included: SQL Server does not convert them here as it does for +.
ExprPtr Binder::bind_bitwise(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc) {
  const std::string name(sql::binary_op_name(o));
  const int ra = bitwise_rank(a->type), rb = bitwise_rank(b->type);
  if (ra < 0 || rb < 0)
    throw BindError(loc, "Msg 402: The data types " + type_text(a->type) + " and " + type_text(b->type) +
                             " are incompatible in the '" + name + "' operator.");
  const int r = std::max(ra, rb);
  const DataType t = r == 0 ? DataType::boolean() : r == 1 ? DataType::int32() : DataType::int64();
  const std::string kernel = std::string(o == sql::BinaryOp::BitAnd ? "bitwise_and_" : o == sql::BinaryOp::BitOr ? "bitwise_or_" : "bitwise_xor_") +
                             std::string(bitwise_suffix(r));
  return fold(call(name, {coerce(a, t, loc), coerce(b, t, loc)}, loc, std::nullopt, &kernel_spec(kernel, loc)));
}

// ~x on BIT (~1 is 0), INT or BIGINT, of x's type; other types are Msg 8117.
ExprPtr Binder::bind_bitwise_not(ExprPtr v, sql::SourceLocation loc) {
  const int r = bitwise_rank(v->type);
  if (r < 0) throw BindError(loc, "Msg 8117: Operand data type " + type_text(v->type) + " is invalid for ~ operator.");
  return fold(call("~", {v}, loc, std::nullopt, &kernel_spec("bitwise_not_" + std::string(bitwise_suffix(r)), loc)));
}

// date +/- INTERVAL 'n' unit  ->  DATEADD(unit, +/-n, date)
ExprPtr Binder::bind_interval_arith(const sql::BinaryExpr& b, ExprContext& ctx) {
  const bool left_is_interval = b.left->kind == sql::ExprKind::Interval;
  const auto& iv = (left_is_interval ? *b.left : *b.right).as<sql::IntervalExpr>();
  if (left_is_interval && b.op == sql::BinaryOp::Sub) throw BindError(b.loc, "cannot subtract a date from an INTERVAL");
  if (b.op != sql::BinaryOp::Add && b.op != sql::BinaryOp::Sub)
    throw BindError(b.loc, "an INTERVAL can only be added to or subtracted from a date");
  ExprPtr date = bind_expr(left_is_interval ? *b.right : *b.left, ctx);
  date = coerce(date, DataType::date(), b.loc);
  int64_t n = 0;
  try {
    n = std::stoll(iv.value);
  } catch (const std::exception&) {
    throw BindError(iv.loc, "invalid INTERVAL value '" + iv.value + "'");
  }
  if (b.op == sql::BinaryOp::Sub) n = -n;
  fn::DatePart part = iv.unit == sql::IntervalUnit::Year ? fn::DatePart::Year
                      : iv.unit == sql::IntervalUnit::Month ? fn::DatePart::Month : fn::DatePart::Day;
  return call("DATEADD", {constant(Value::int32(static_cast<int32_t>(part))), constant(Value::int32(static_cast<int32_t>(n))), date},
              b.loc);
}

ExprPtr Binder::bind_subquery_value(const sql::SubqueryExpr& s, ExprContext& ctx) {
  BoundSelect sub = bind_select(*s.query, ctx.scope, SubqueryMode::Scalar);
  const OutputColumn v = *sub.value;
  if (sub.correlated.empty()) {
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Subquery;
    e->type = v.type;
    e->subplan = sub.plan;
    return e;
  }
  if (!ctx.applies) throw BindError(s.loc, "a correlated subquery is only supported in the WHERE clause");
  ctx.applies->push_back({sub.plan, sub.correlated});
  ExprPtr ref = column_ref(v.id, v.type, v.name);
  if (sub.value_is_count) {
    auto c = std::make_shared<Expr>();
    c->kind = ExprKind::Coalesce;
    c->type = v.type;
    c->args = {ref, constant(Value::int32(0))};
    return c;
  }
  return ref;
}

ExprPtr Binder::bind_expr(const sql::Expr& e, ExprContext& ctx) {
  using K = sql::ExprKind;
  switch (e.kind) {
    case K::Literal: return constant(parse_literal(e.as<sql::LiteralExpr>(), env_.warn));
    case K::Interval: throw BindError(e.loc, "an INTERVAL must be added to or subtracted from a date");
    case K::ColumnRef: return lookup_column(e.as<sql::ColumnRefExpr>(), *ctx.scope);
    case K::Star: throw BindError(e.loc, "'*' is only allowed in a select list or COUNT(*)");
    case K::DatePartKeyword:
      throw BindError(e.loc, "'" + e.as<sql::DatePartKeywordExpr>().name + "' is only valid as a date part argument");
    case K::Unary: {
      const auto& u = e.as<sql::UnaryExpr>();
      ExprPtr v = bind_expr(*u.operand, ctx);
      if (u.op == sql::UnaryOp::Plus) return v;
      if (u.op == sql::UnaryOp::Not) return fold(op(Op::Not, DataType::boolean(), {coerce(v, DataType::boolean(), e.loc)}));
      if (u.op == sql::UnaryOp::BitNot) return bind_bitwise_not(v, e.loc);
      if (!is_numeric(v->type)) throw BindError(e.loc, "cannot negate a " + type_text(v->type));
      // -x is 0 - x in x's type (its overflow SQL Server's: -(-2147483648) is Msg 8115), rewritten here once so
      // that neither evaluator needs a negation of its own.
      Value zero;
      zero.type = v->type;
      return fold(op(Op::Sub, v->type, {constant(zero), v}));
    }
    case K::Binary: {
      const auto& b = e.as<sql::BinaryExpr>();
      if (b.left->kind == K::Interval || b.right->kind == K::Interval) return bind_interval_arith(b, ctx);
      ExprPtr l = bind_expr(*b.left, ctx);
      ExprPtr r = bind_expr(*b.right, ctx);
      if (b.op == sql::BinaryOp::And || b.op == sql::BinaryOp::Or)
        return fold(op(b.op == sql::BinaryOp::And ? Op::And : Op::Or, DataType::boolean(),
                       {coerce(l, DataType::boolean(), b.left->loc), coerce(r, DataType::boolean(), b.right->loc)}));
      if (is_comparison(b.op)) return bind_comparison(b.op, l, r, b.loc);
      if (b.op == sql::BinaryOp::BitAnd || b.op == sql::BinaryOp::BitOr || b.op == sql::BinaryOp::BitXor)
        return bind_bitwise(b.op, l, r, b.loc);
      return bind_arithmetic(b.op, l, r, b.loc);
    }
    case K::Between: {
      const auto& b = e.as<sql::BetweenExpr>();
      ExprPtr v = bind_expr(*b.value, ctx);
      ExprPtr lo = bind_comparison(sql::BinaryOp::GtEq, v, bind_expr(*b.low, ctx), b.loc);
      ExprPtr hi = bind_comparison(sql::BinaryOp::LtEq, v, bind_expr(*b.high, ctx), b.loc);
      ExprPtr both = fold(op(Op::And, DataType::boolean(), {lo, hi}));
      return b.negated ? fold(op(Op::Not, DataType::boolean(), {both})) : both;
    }
    case K::InList: {
      const auto& in = e.as<sql::InListExpr>();
      ExprPtr v = bind_expr(*in.value, ctx);
      std::vector<ExprPtr> items;
      DataType t = v->type;
      for (const auto& item : in.list) {
        items.push_back(bind_expr(*item, ctx));
        if (is_null_constant(items.back())) continue;
        auto c = comparison_type(t, items.back()->type);
        if (!c && items.back()->is_constant() && items.back()->type.is_string()) c = t;
        if (!c) throw BindError(item->loc, "cannot compare " + type_text(v->type) + " with " + type_text(items.back()->type));
        t = *c;
      }
      const bool all_constant = std::all_of(items.begin(), items.end(), [](const ExprPtr& x) { return x->is_constant(); });
      if (!all_constant) {
        ExprPtr acc;
        for (auto& item : items) {
          ExprPtr eq = bind_comparison(sql::BinaryOp::Eq, v, item, in.loc);
          acc = acc ? op(Op::Or, DataType::boolean(), {acc, eq}) : eq;
        }
        return in.negated ? op(Op::Not, DataType::boolean(), {acc}) : acc;
      }
      auto r = std::make_shared<Expr>();
      r->kind = ExprKind::InList;
      r->type = DataType::boolean();
      r->negated = in.negated;
      r->args.push_back(coerce(v, t, in.loc));
      for (auto& item : items) r->args.push_back(coerce(item, t, in.loc));
      bool ci = t.is_string() && case_insensitive(v->type, v->type, in.loc);
      for (const auto& item : items) ci = ci && case_insensitive(v->type, item->type, in.loc);
      if (ci)
        for (auto& a : r->args) a = fold_case(a, in.loc);
      return fold(r);
    }
    case K::InSubquery:
    case K::Exists:
      throw BindError(e.loc, "IN (subquery) and EXISTS are supported as conditions of a WHERE clause joined by AND");
    case K::Subquery: return bind_subquery_value(e.as<sql::SubqueryExpr>(), ctx);
    case K::Like: {
      const auto& l = e.as<sql::LikeExpr>();
      ExprPtr v = bind_expr(*l.value, ctx);
      ExprPtr p = bind_expr(*l.pattern, ctx);
      ExprPtr m = l.escape ? call("LIKE", {v, p, bind_expr(*l.escape, ctx)}, l.loc) : call("LIKE", {v, p}, l.loc);
      return l.negated ? fold(op(Op::Not, DataType::boolean(), {m})) : m;
    }
    case K::IsNull: {
      const auto& n = e.as<sql::IsNullExpr>();
      return fold(is_null(bind_expr(*n.value, ctx), n.negated));
    }
    case K::Case: {
      const auto& c = e.as<sql::CaseExpr>();
      ExprPtr operand = c.operand ? bind_expr(*c.operand, ctx) : nullptr;
      std::vector<ExprPtr> conds, results;
      for (const auto& w : c.whens) {
        ExprPtr cond = bind_expr(*w.condition, ctx);
        cond = operand ? bind_comparison(sql::BinaryOp::Eq, operand, cond, w.loc) : coerce(cond, DataType::boolean(), w.loc);
        conds.push_back(cond);
        results.push_back(bind_expr(*w.result, ctx));
      }
      if (c.else_result) results.push_back(bind_expr(*c.else_result, ctx));
      std::optional<DataType> t;
      for (const auto& r : results) {
        if (is_null_constant(r)) continue;
        t = t ? common_type(*t, r->type) : r->type;
        if (!t) throw BindError(e.loc, "the results of CASE have incompatible types");
      }
      if (!t) t = DataType::int32();
      auto r = std::make_shared<Expr>();
      r->kind = ExprKind::Case;
      r->type = *t;
      r->has_else = c.else_result != nullptr;
      for (size_t i = 0; i < conds.size(); ++i) {
        r->args.push_back(conds[i]);
        r->args.push_back(coerce(results[i], *t, c.whens[i].loc));
      }
      if (c.else_result) r->args.push_back(coerce(results.back(), *t, c.else_result->loc));
      return fold(r);
    }
    case K::Cast: {
      const auto& c = e.as<sql::CastExpr>();
      if (c.is_parse)
        return bind_parse(bind_expr(*c.value, ctx), c.type, c.culture ? bind_expr(*c.culture, ctx) : nullptr, c.is_try,
                          e.loc);
      return bind_cast(bind_expr(*c.value, ctx), c.type, nullptr, c.is_try, e.loc);
    }
    case K::Convert: {
      const auto& c = e.as<sql::ConvertExpr>();
      ExprPtr style = c.style ? bind_expr(*c.style, ctx) : nullptr;
      return bind_cast(bind_expr(*c.value, ctx), c.type, style, c.is_try, e.loc);
    }
    case K::FunctionCall: {
      const auto& f = e.as<sql::FunctionCallExpr>();
      if (!f.within_group.empty() && f.upper_name != "STRING_AGG")
        throw BindError(f.within_loc, "Msg 10757: The function '" + f.upper_name + "' may not have a WITHIN GROUP clause.");
      if (f.over && f.upper_name == "STRING_AGG")
        throw BindError(f.over->loc, "STRING_AGG OVER (...) is not supported (SQL Server has no windowed STRING_AGG either)");
      if (f.over) return bind_window(f, ctx);
      if (f.upper_name == "GROUPING" || f.upper_name == "GROUPING_ID") return bind_grouping(f, ctx);
      if (is_aggregate_name(f.upper_name)) return bind_aggregate(f, ctx);
      return bind_function(f, ctx);
    }
    case K::Collate: {
      const auto& c = e.as<sql::CollateExpr>();
      ExprPtr v = bind_expr(*c.value, ctx);
      if (!v->type.is_string() && !is_null_constant(v))
        throw BindError(e.loc, "Msg 447: Expression type " + type_text(v->type) + " is invalid for COLLATE clause.");
      auto r = std::make_shared<Expr>(*v);
      r->type.collation = collation_named(c.name, e.loc);
      r->type.collation_explicit = true;
      return r;
    }
    case K::Extract: {
      const auto& x = e.as<sql::ExtractExpr>();
      ExprPtr v = bind_expr(*x.value, ctx);
      if (x.field == "YEAR" || x.field == "MONTH" || x.field == "DAY") return call(x.field, {v}, e.loc);
      fn::DatePart part;
      if (!fn::parse_datepart(lower(x.field), part))
        throw BindError(x.field_loc, "EXTRACT field '" + x.field + "' is not supported");
      return call("DATEPART", {constant(Value::int32(static_cast<int32_t>(part))), v}, e.loc);
    }
  }
  throw BindError(e.loc, "unsupported expression");
}

std::pair<AggFunc, DataType> aggregate_type(const std::string& n, const ExprPtr& arg, sql::SourceLocation loc) {
  if (n == "COUNT" || n == "COUNT_BIG")
    return {arg ? AggFunc::Count : AggFunc::CountStar, n == "COUNT" ? DataType::int32() : DataType::int64()};
  const DataType& at = arg->type;
  if (n == "MIN" || n == "MAX")
    return {n == "MIN" ? AggFunc::Min : AggFunc::Max, at.is_string() ? DataType::varchar(at.length) : at};
  if (!is_numeric(at) || at.id == TypeId::Bool) throw BindError(loc, n + " needs a numeric argument, not " + type_text(at));
  const AggFunc f = n == "SUM" ? AggFunc::Sum : AggFunc::Avg;
  if (at.id == TypeId::Decimal)
    return {f, DataType::decimal(storage::kMaxDecimalDigits, f == AggFunc::Sum ? at.scale : std::max(at.scale, 6))};
  return {f, at};
}

ExprPtr Binder::bind_aggregate(const sql::FunctionCallExpr& f, ExprContext& ctx) {
  if (!ctx.aggs) throw BindError(f.loc, "aggregate " + f.upper_name + " is not allowed in the " + ctx.clause);
  if (f.upper_name == "STRING_AGG") return bind_string_agg(f, ctx);
  Aggregate a;
  a.distinct = f.distinct;
  ExprContext inner{ctx.scope, nullptr, nullptr, "argument of an aggregate"};
  if (f.star) {
    if (f.upper_name != "COUNT" && f.upper_name != "COUNT_BIG") throw BindError(f.loc, f.upper_name + "(*) is not valid");
    a.func = AggFunc::CountStar;
  } else {
    if (f.args.size() != 1) throw BindError(f.loc, f.upper_name + " takes one argument");
    a.arg = bind_expr(*f.args[0], inner);
  }
  const std::string& n = f.upper_name;
  if (is_statistical_aggregate(n)) return bind_statistical(f, a.arg, *ctx.aggs);
  auto [func, t] = aggregate_type(n, a.arg, f.args.empty() ? f.loc : f.args[0]->loc);
  a.func = func;
  if ((func == AggFunc::Min || func == AggFunc::Max) && a.arg->type.is_string() &&
      case_insensitive(a.arg->type, a.arg->type, f.loc))
    a.folded = fold_case(a.arg, f.loc);
  if (ExprPtr shifted = shifted_sum(a, *ctx.aggs)) return shifted;
  return aggregate_output(a, t, lower(n), *ctx.aggs);
}

ExprPtr Binder::aggregate_output(const Aggregate& a, const DataType& t, const std::string& name, AggContext& aggs) {
  std::string key = std::string(agg_name(a.func)) + (a.distinct ? " DISTINCT " : " ") +
                    (a.arg ? fingerprint(*a.arg) : "*") + " " + t.to_string() +  // COUNT and COUNT_BIG differ
                    (a.folded ? " case-insensitive" : "");  // MIN(s) and MIN(s COLLATE ..._CI_..) differ
  if (a.func == AggFunc::StringAgg) {  // the separator and the order are part of what it computes
    key += " SEPARATOR " + std::to_string(a.separator.size()) + ":" + a.separator;
    for (const auto& k : a.order) key += std::string(k.descending ? " DESC " : " ASC ") + fingerprint(*k.expr);
  }
  for (size_t i = 0; i < aggs.keys.size(); ++i)
    if (aggs.keys[i] == key) {
      const auto& o = aggs.outputs[i];
      return column_ref(o.id, o.type, o.name);
    }
  const std::string shown = name + "(" + (a.distinct ? "distinct " : "") + (a.arg ? to_string(*a.arg) : "*") + ")";
  aggs.keys.push_back(key);
  aggs.aggs.push_back(a);
  aggs.outputs.push_back({new_id(), shown, t});
  const auto& o = aggs.outputs.back();
  return column_ref(o.id, o.type, o.name);
}

// STRING_AGG(x, separator) [WITHIN GROUP (ORDER BY k, ...)]: the group's non-NULL values of x, converted to
// VARCHAR, joined by the separator (a string constant), in the WITHIN GROUP order (without one: the input's
// order; SQL Server leaves it undefined). NULL for a group without a non-NULL value. VARCHAR(MAX) for an unbounded
// argument; otherwise VARCHAR(8000), and a longer result is SQL Server's Msg 9829 (cast the argument to
// VARCHAR(MAX) to allow it). No DISTINCT, no OVER (as SQL Server). An aggregate of the CPU operators only.
ExprPtr Binder::bind_string_agg(const sql::FunctionCallExpr& f, ExprContext& ctx) {
  if (f.star || f.args.size() != 2)
    throw BindError(f.loc, "Msg 174: The string_agg function requires 2 argument(s).");
  if (f.distinct) throw BindError(f.loc, "STRING_AGG does not take DISTINCT (SQL Server neither)");
  ExprContext inner{ctx.scope, nullptr, nullptr, "argument of an aggregate"};
  Aggregate a;
  a.func = AggFunc::StringAgg;
  a.arg = bind_expr(*f.args[0], inner);
  if (!a.arg->type.is_string() && !is_null_constant(a.arg)) {
    sql::TypeName varchar;
    varchar.id = sql::TypeId::VarChar;
    varchar.spelling = "VARCHAR";
    varchar.max_length = true;
    a.arg = bind_cast(a.arg, varchar, nullptr, false, f.args[0]->loc);
  }
  const ExprPtr separator = fold(bind_expr(*f.args[1], inner));
  if (separator->kind != ExprKind::Constant || separator->value.null || !separator->type.is_string())
    throw BindError(f.args[1]->loc, "STRING_AGG's separator must be a string constant (a literal)");
  a.separator = separator->value.s;
  for (const sql::OrderItem& o : f.within_group) {
    ExprPtr k = bind_expr(*o.expr, inner);
    // As ORDER BY: under a case-insensitive collation UPPER(k) first, k itself breaking ties.
    if (k->type.is_string() && case_insensitive(k->type, k->type, o.loc)) a.order.push_back({fold_case(k, o.loc), o.descending});
    a.order.push_back({k, o.descending});
  }
  const bool unbounded = a.arg->type.length <= 0 || is_null_constant(a.arg);
  return aggregate_output(a, DataType::varchar(unbounded ? 0 : 8000), "string_agg", *ctx.aggs);
}

// STDEV, STDEVP, VAR, VARP and APPROX_COUNT_DISTINCT as expressions over the engine's own aggregates, so that
// they run on either device, under GROUP BY, and streamed (COUNT and SUM merge across morsels; DISTINCT runs
// whole). With x = CAST(arg AS FLOAT), n = COUNT_BIG(x), s1 = SUM(x), s2 = SUM(x * x):
//   m2 = max(s2 - s1 * s1 / n, 0), 0 for n = 1 (the sum of squared deviations; one pass, in FLOAT, as SQL Server)
//   VARP = m2 / n, VAR = m2 / (n - 1) (NULL for n <= 1), STDEVP = SQRT(VARP), STDEV = SQRT(VAR)
// NULLs are ignored; no rows give NULL; one row gives VARP 0 and VAR NULL. The relative error of m2 is at most
// about 4 n u (1 + mean^2 / VARP), u = 2^-53 (docs/FUNCTIONS.md): values far from 0 against their spread lose
// digits, as in SQL Server. With DISTINCT the squares are summed per sign (SUM(DISTINCT x * x) would take x and -x
// once): x * x is one-to-one on x >= 0 and on x < 0. APPROX_COUNT_DISTINCT(x) is COUNT_BIG(DISTINCT x): exact,
// within SQL Server's documented 2% error.
ExprPtr Binder::bind_statistical(const sql::FunctionCallExpr& f, const ExprPtr& arg, AggContext& aggs) {
  const std::string& n = f.upper_name;
  if (!arg) throw BindError(f.loc, n + " takes one argument");
  if (n == "APPROX_COUNT_DISTINCT") {
    if (f.distinct) throw BindError(f.loc, "APPROX_COUNT_DISTINCT counts distinct values already: write APPROX_COUNT_DISTINCT(x)");
    return aggregate_output({AggFunc::Count, arg, true}, DataType::int64(), "approx_count_distinct", aggs);
  }
  const DataType F = DataType::float64();
  const bool d = f.distinct;
  const ExprPtr x = statistical_argument(n, arg, f.args[0]->loc);
  const ExprPtr zero = constant(Value::float64(0));
  const ExprPtr count = aggregate_output({AggFunc::Count, x, d}, DataType::int64(), "count_big", aggs);
  const ExprPtr s1 = aggregate_output({AggFunc::Sum, x, d}, F, "sum", aggs);
  const ExprPtr square = op(Op::Mul, F, {x, x});
  ExprPtr s2;
  if (!d) {
    s2 = aggregate_output({AggFunc::Sum, square, false}, F, "sum", aggs);
  } else {
    auto per_sign = [&](Op o) {
      auto when = std::make_shared<Expr>();
      when->kind = ExprKind::Case;
      when->type = F;
      when->args = {op(o, DataType::boolean(), {x, zero}), square};
      auto sum = std::make_shared<Expr>();
      sum->kind = ExprKind::Coalesce;
      sum->type = F;
      sum->args = {aggregate_output({AggFunc::Sum, when, true}, F, "sum", aggs), zero};
      return ExprPtr(sum);
    };
    s2 = op(Op::Add, F, {per_sign(Op::Ge), per_sign(Op::Lt)});
  }
  return statistical_result(n, count, s1, s2, f.loc);
}

ExprPtr Binder::statistical_argument(const std::string& n, const ExprPtr& arg, sql::SourceLocation loc) {
  if (!is_numeric(arg->type) || arg->type.id == TypeId::Bool)
    throw BindError(loc, "Msg 8117: Operand data type " + lower(type_text(arg->type)) + " is invalid for " + lower(n) + " operator.");
  return coerce(arg, DataType::float64(), loc);
}

ExprPtr Binder::statistical_result(const std::string& n, const ExprPtr& count, const ExprPtr& s1, const ExprPtr& s2,
                                   sql::SourceLocation loc) {
  const DataType F = DataType::float64();
  const ExprPtr zero = constant(Value::float64(0));
  auto case_of = [&](std::vector<ExprPtr> args, bool has_else) {
    auto r = std::make_shared<Expr>();
    r->kind = ExprKind::Case;
    r->type = F;
    r->has_else = has_else;
    r->args = std::move(args);
    return ExprPtr(r);
  };
  // s1 is NULL exactly where n is 0, so s1 * s1 / n never divides by 0; VAR's n - 1 is NULL below 2 rows.
  const ExprPtr nf = coerce(count, F, loc);
  const ExprPtr raw = op(Op::Sub, F, {s2, op(Op::Div, F, {op(Op::Mul, F, {s1, s1}), nf})});
  // One value deviates by 0 exactly (a sliding window frame's sums are differences of prefix sums, not exact).
  const ExprPtr one_value = op(Op::Eq, DataType::boolean(), {count, constant(Value::int64(1))});
  const ExprPtr m2 = case_of({one_value, zero, op(Op::Lt, DataType::boolean(), {raw, zero}), zero, raw}, true);
  ExprPtr divisor = nf;
  if (n == "STDEV" || n == "VAR") {
    const ExprPtr more_than_one = op(Op::Gt, DataType::boolean(), {count, constant(Value::int64(1))});
    divisor = case_of({more_than_one, coerce(op(Op::Sub, DataType::int64(), {count, constant(Value::int64(1))}), F, loc)}, false);
  }
  const ExprPtr variance = op(Op::Div, F, {m2, divisor});
  return n == "STDEV" || n == "STDEVP" ? call("SQRT", {variance}, loc) : variance;
}

// SUM(e + c) = SUM(e) + c * COUNT(e) for a constant c: one SUM and one COUNT serve every shift of e (ClickBench
// Q30 sums e + 0 .. e + 89), where each SUM would otherwise compute its own column. Exact only where no row's
// e + c can overflow: e a BIGINT converted from an INT (or narrower) and |c| < 2^31; the final BIGINT sum
// and product are checked as any other (Msg 8115), and an all-NULL or empty input still gives NULL.
ExprPtr Binder::shifted_sum(const Aggregate& a, AggContext& aggs) {
  if (a.func != AggFunc::Sum || a.distinct || !a.arg || a.arg->kind != ExprKind::Op ||
      (a.arg->op != Op::Add && a.arg->op != Op::Sub) || a.arg->type.id != TypeId::Int64)
    return nullptr;
  const bool constant_first = a.arg->op == Op::Add && a.arg->args[0]->is_constant();
  const ExprPtr& e = a.arg->args[constant_first ? 1 : 0];
  const ExprPtr& c = a.arg->args[constant_first ? 0 : 1];
  const bool int32_range = e->kind == ExprKind::Op && e->op == Op::Cast && e->type.id == TypeId::Int64 &&
                           (e->args[0]->type.id == TypeId::Int32 || e->args[0]->type.id == TypeId::Bool);
  if (!int32_range || !c->is_constant() || c->value.null || c->value.i >= (__int128{1} << 31) ||
      c->value.i <= -(__int128{1} << 31) || (c->type.id != TypeId::Int32 && c->type.id != TypeId::Int64))
    return nullptr;
  const int64_t shift = static_cast<int64_t>(a.arg->op == Op::Sub ? -c->value.i : c->value.i);
  const ExprPtr sum = aggregate_output({AggFunc::Sum, e}, DataType::int64(), "sum", aggs);
  const ExprPtr count = aggregate_output({AggFunc::Count, e}, DataType::int64(), "count_big", aggs);
  const ExprPtr times = op(Op::Mul, DataType::int64(), {constant(Value::int64(shift)), count});
  return op(Op::Add, DataType::int64(), {sum, times});
}

}  // namespace tessera::plan
