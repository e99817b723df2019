// Window functions (name(args) OVER (PARTITION BY ... ORDER BY ... ROWS|RANGE ...)) -> WindowFunction entries
// of the query's Window operator, with SQL Server's rules: ranking functions, NTILE, LAG/LEAD and
// FIRST_VALUE/LAST_VALUE need ORDER BY; ranking functions, NTILE and LAG/LEAD take no frame; RANGE frames
// only with UNBOUNDED and CURRENT ROW; no DISTINCT; the default frame is RANGE BETWEEN UNBOUNDED PRECEDING
// AND CURRENT ROW with ORDER BY and the whole partition without. Window functions may appear only in the
// SELECT list and ORDER BY (Msg 4108) and not inside each other's arguments.
#include "binder_impl.hpp"

namespace tessera::plan {

namespace {

// A non-negative integer constant argument (NTILE's count, LAG's offset).
int64_t constant_count(const ExprPtr& e, const std::string& fn, const char* what, sql::SourceLocation loc, bool positive) {
  if (e->kind != ExprKind::Constant || e->value.null || !is_integer(e->type))
    throw BindError(loc, "the " + std::string(what) + " of " + fn + " must be an integer constant");
  const int64_t v = static_cast<int64_t>(e->value.i);
  if (v < 0 || (positive && v == 0))
    throw BindError(loc, "the " + std::string(what) + " of " + fn + " must be " + (positive ? "positive" : "non-negative") +
                             ", not " + std::to_string(v));
  return v;
}

FrameBound frame_bound(const sql::FrameBound& b, bool rows, bool is_start) {
  using K = sql::FrameBound::Kind;
  switch (b.kind) {
    case K::UnboundedPreceding:
      if (!is_start) throw BindError(b.loc, "a window frame cannot end at UNBOUNDED PRECEDING");
      return {FrameBound::Kind::Unbounded, 0};
    case K::UnboundedFollowing:
      if (is_start) throw BindError(b.loc, "a window frame cannot start at UNBOUNDED FOLLOWING");
      return {FrameBound::Kind::Unbounded, 0};
    case K::CurrentRow: return {FrameBound::Kind::CurrentRow, 0};
    case K::Preceding:
    case K::Following:
      if (!rows)
        throw BindError(b.loc, "Msg 4194: RANGE is only supported with UNBOUNDED and CURRENT ROW window frame delimiters");
      return {FrameBound::Kind::Offset, b.kind == K::Preceding ? -b.offset : b.offset};
  }
  return {};
}

// Position of a bound on a line (unbounded ends outermost), to check that a frame does not start after it ends.
int64_t bound_rank(const FrameBound& b, bool is_start) {
  if (b.kind == FrameBound::Kind::Unbounded) return is_start ? INT64_MIN : INT64_MAX;
  return b.kind == FrameBound::Kind::CurrentRow ? 0 : b.offset;
}

}  // namespace

ExprPtr Binder::bind_window(const sql::FunctionCallExpr& f, ExprContext& ctx) {
  const std::string& n = f.upper_name;
  if (!ctx.windows)
    throw BindError(f.loc, "Msg 4108: Windowed functions can only appear in the SELECT or ORDER BY clauses (" + n +
                               " OVER is in the " + ctx.clause + ")");
  const sql::WindowSpec& over = *f.over;
  ExprContext inner = ctx;
  inner.windows = nullptr;
  inner.clause = "argument of a window function";
  if (f.distinct) throw BindError(f.loc, "Msg 10759: Use of DISTINCT is not allowed with the OVER clause");
  WindowFunction w;
  // Under a case-insensitive collation strings that differ only in case share a partition and are peers in
  // the window's order (RANK ties them): both bind to the case-folded key.
  auto collated = [&](ExprPtr e, sql::SourceLocation loc) {
    return e->type.is_string() && case_insensitive(e->type, e->type, loc) ? fold_case(e, loc) : e;
  };
  for (const auto& p : over.partition_by) w.partition.push_back(collated(bind_expr(*p, inner), p->loc));
  for (const auto& o : over.order_by) w.order.push_back({collated(bind_expr(*o.expr, inner), o.loc), o.descending});
  std::vector<ExprPtr> args;
  for (const auto& a : f.args) args.push_back(bind_expr(*a, inner));
  auto arity = [&](size_t lo, size_t hi) {
    if (args.size() < lo || args.size() > hi || (f.star && n != "COUNT" && n != "COUNT_BIG"))
      throw BindError(f.loc, "wrong number of arguments for " + n + " OVER (...)");
  };
  auto need_order = [&] {
    if (over.order_by.empty()) throw BindError(f.loc, "Msg 4112: The function '" + n + "' must have an OVER clause with ORDER BY");
  };
  auto no_frame = [&] {
    if (over.frame) throw BindError(over.frame->loc, "Msg 10752: The function '" + n + "' may not have a window frame");
  };
  DataType type;
  if (n == "ROW_NUMBER" || n == "RANK" || n == "DENSE_RANK") {
    arity(0, 0);
    need_order();
    no_frame();
    w.func = n == "ROW_NUMBER" ? WindowFunc::RowNumber : n == "RANK" ? WindowFunc::Rank : WindowFunc::DenseRank;
    type = DataType::int64();
  } else if (n == "NTILE") {
    arity(1, 1);
    need_order();
    no_frame();
    w.func = WindowFunc::Ntile;
    constant_count(args[0], n, "bucket count", f.args[0]->loc, true);
    w.args = {coerce(args[0], DataType::int64(), f.args[0]->loc)};
    type = DataType::int64();
  } else if (n == "LAG" || n == "LEAD") {
    arity(1, 3);
    need_order();
    no_frame();
    w.func = n == "LAG" ? WindowFunc::Lag : WindowFunc::Lead;
    type = args[0]->type;
    ExprPtr offset = args.size() > 1 ? args[1] : constant(Value::int64(1));
    constant_count(offset, n, "offset", args.size() > 1 ? f.args[1]->loc : f.loc, false);
    ExprPtr def = args.size() > 2 ? coerce(args[2], type, f.args[2]->loc) : constant(Value::null_of(type));
    w.args = {args[0], coerce(offset, DataType::int64(), f.loc), def};
  } else if (n == "FIRST_VALUE" || n == "LAST_VALUE") {
    arity(1, 1);
    need_order();
    w.func = n == "FIRST_VALUE" ? WindowFunc::FirstValue : WindowFunc::LastValue;
    type = args[0]->type;
    w.args = args;
  } else if (n == "APPROX_COUNT_DISTINCT") {
    throw BindError(f.loc, "APPROX_COUNT_DISTINCT OVER (...) is not supported (a distinct count over a window, as "
                           "COUNT(DISTINCT x) OVER, Msg 10759)");
  } else if (is_statistical_aggregate(n)) {
    // COUNT_BIG(x), SUM(x) and SUM(x * x) over the same window (Binder::statistical_result), x as FLOAT.
    arity(1, 1);
    w.func = WindowFunc::Count;
    w.args = {statistical_argument(n, args[0], f.args[0]->loc)};
    type = DataType::int64();
  } else if (is_aggregate_name(n)) {
    if (!f.star) arity(1, 1);
    auto [func, t] = aggregate_type(n, f.star ? nullptr : args[0], f.args.empty() ? f.loc : f.args[0]->loc);
    switch (func) {
      case AggFunc::Sum: w.func = WindowFunc::Sum; break;
      case AggFunc::Avg: w.func = WindowFunc::Avg; break;
      case AggFunc::Count: w.func = WindowFunc::Count; break;
      case AggFunc::CountStar: w.func = WindowFunc::CountStar; break;
      case AggFunc::Min: w.func = WindowFunc::Min; break;
      case AggFunc::Max: w.func = WindowFunc::Max; break;
      case AggFunc::StringAgg: throw BindError(f.loc, "STRING_AGG OVER (...) is not supported");  // bind_expr says so first
    }
    if ((func == AggFunc::Min || func == AggFunc::Max) && args[0]->type.is_string() &&
        case_insensitive(args[0]->type, args[0]->type, f.loc))
      throw BindError(f.loc, n + " OVER of a string under a case-insensitive collation is not supported yet (the window "
                             "operators compare strings in binary order); write " + n + "(x COLLATE Latin1_General_BIN2)");
    type = t;
    w.args = args;
  } else {
    throw BindError(f.loc, "Msg 4109: The function '" + n + "' is not a valid windowing function, and cannot be used "
                           "with the OVER clause");
  }
  // The frame: written, or the default.
  if (over.frame) {
    if (over.order_by.empty())
      throw BindError(over.frame->loc, "Msg 10756: Window frame with ROWS or RANGE must have an ORDER BY clause");
    w.frame.rows = over.frame->rows;
    w.frame.start = frame_bound(over.frame->start, w.frame.rows, true);
    w.frame.end = frame_bound(over.frame->end, w.frame.rows, false);
    if (bound_rank(w.frame.start, true) > bound_rank(w.frame.end, false))
      throw BindError(over.frame->loc, "the window frame starts after it ends");
  } else if (over.order_by.empty()) {
    w.frame.end = {FrameBound::Kind::Unbounded, 0};  // the whole partition
  }
  if (is_statistical_aggregate(n)) {
    const ExprPtr x = w.args[0];
    auto add = [&](WindowFunc func, ExprPtr arg, const DataType& t, const char* name) {
      WindowFunction v = w;
      v.func = func;
      v.args = {std::move(arg)};
      ctx.windows->funcs.push_back(std::move(v));
      ctx.windows->outputs.push_back({new_id(), name, t});
      const OutputColumn& o = ctx.windows->outputs.back();
      return column_ref(o.id, o.type, o.name);
    };
    const DataType F = DataType::float64();
    const ExprPtr count = add(WindowFunc::Count, x, type, "count_big");
    const ExprPtr s1 = add(WindowFunc::Sum, x, F, "sum");
    const ExprPtr s2 = add(WindowFunc::Sum, op(Op::Mul, F, {x, x}), F, "sum");
    return statistical_result(n, count, s1, s2, f.loc);
  }
  ctx.windows->funcs.push_back(std::move(w));
  ctx.windows->outputs.push_back({new_id(), lower(n), type});
  const OutputColumn& o = ctx.windows->outputs.back();
  return column_ref(o.id, o.type, o.name);
}

}  // namespace tessera::plan
