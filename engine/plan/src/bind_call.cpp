// Scalar functions and conversions: overload resolution over the library's registry (one
// FunctionSpec per kernel, several per SQL name), implicit argument conversions, type parameters
// (a DECIMAL argument's precision and scale travel as constant kernel arguments), and CAST/CONVERT.
#include <algorithm>

#include "binder_impl.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/functions/utf8.hpp"
#include "tessera/runtime/catalog.hpp"

namespace tessera::plan {

namespace {

// The kind of a date-time or TIME (functions/clock.hpp) the binder fills in: `kind` and `from_kind`
// from the date-time argument, `to_kind` from a conversion's target.
bool is_kind_param(const fn::ArgSpec& a) {
  return a.constant && (a.name == "kind" || a.name == "from_kind" || a.name == "to_kind");
}

// Kernel arguments the binder fills from argument types rather than from SQL arguments.
// A DECIMAL type parameter the binder fills in (precision/scale of an argument or the result): a
// constant argument of one of these names. (A user's column argument named `s` is an argument.)
bool is_type_param(const fn::ArgSpec& a) {
  if (!a.constant) return false;
  const std::string_view n = a.name;
  return n == "p" || n == "s" || n == "p1" || n == "s1" || n == "p2" || n == "s2" || n == "from_scale" ||
         n == "precision" || n == "scale" || is_kind_param(a);
}

DataType storage_type(fn::SqlType t) {
  switch (t) {
    case fn::SqlType::Bool: return DataType::boolean();
    case fn::SqlType::Int32: return DataType::int32();
    case fn::SqlType::Int64: return DataType::int64();
    case fn::SqlType::Float64: return DataType::float64();
    case fn::SqlType::Date: return DataType::date();
    case fn::SqlType::Decimal: return DataType::decimal(18, 0);
    case fn::SqlType::Money: return DataType::money();
    case fn::SqlType::String: return DataType::varchar(0);
    case fn::SqlType::Decimal128: return DataType::decimal(storage::kMaxDecimalDigits, 0);
    case fn::SqlType::DateTime: return DataType::datetime2();
    case fn::SqlType::Time: return DataType::time();
  }
  return DataType::int32();
}

// Cost of passing a value of type `from` where the kernel wants `to`; -1 if not allowed.
int conversion_cost(const ExprPtr& arg, fn::SqlType to) {
  const DataType& from = arg->type;
  if (arg->is_constant() && arg->value.null) return 0;
  if (from.physical() == to) return 0;
  switch (to) {
    // Other numbers convert to an integer parameter as CAST converts them (the dearest choice: an overload of
    // the argument's own kind wins).
    case fn::SqlType::Int64: return from.id == TypeId::Int32 || from.id == TypeId::Bool ? 1 : is_numeric(from) ? 6 : -1;
    case fn::SqlType::Int32:
      return from.id == TypeId::Bool || (arg->is_constant() && from.id == TypeId::Int64) ? 1 : is_numeric(from) ? 6 : -1;
    case fn::SqlType::Decimal: return is_integer(from) ? 2 : from.is_wide_decimal() ? 1 : -1;
    case fn::SqlType::Money: return is_integer(from) ? 3 : -1;
    case fn::SqlType::Float64: return is_numeric(from) ? 4 : -1;
    // A date-time's date (YEAR(datetime), EOMONTH(datetime)): dearer than a date-time overload.
    case fn::SqlType::Date: return arg->is_constant() && from.is_string() ? 1 : from.is_datetime() ? 5 : -1;
    // Date-times take DATE (at midnight) and TIME (on 1900-01-01); string constants convert as literals.
    case fn::SqlType::DateTime:
      return arg->is_constant() && from.is_string() ? 1 : from.id == TypeId::Date ? 2 : from.id == TypeId::Time ? 3 : -1;
    case fn::SqlType::Time: return arg->is_constant() && from.is_string() ? 1 : -1;
    default: return -1;
  }
}

// The SQL type of a date-time or TIME result: a conversion's target; DATETIME2FROMPARTS /
// TIMEFROMPARTS at their `digits`; DATETIMEFROMPARTS a DATETIME; otherwise (DATEADD, DATETRUNC,
// DATE_BUCKET) the type of the date-time argument.
DataType temporal_result(const fn::FunctionSpec& spec, const Expr& call, const std::optional<DataType>& target,
                         const std::optional<DataType>& temporal) {
  if (target && target->is_temporal()) return *target;
  for (size_t i = 0; i < spec.args.size(); ++i)
    if (spec.args[i].name == "digits") {
      const int p = static_cast<int>(call.constants[i].i);
      if (p < 0 || p > 7) return spec.result == fn::SqlType::Time ? DataType::time() : DataType::datetime2();
      return spec.result == fn::SqlType::Time ? DataType::time(p) : DataType::datetime2(p);
    }
  if (spec.kernel == "datetimefromparts") return DataType::datetime();
  if (spec.kernel == "smalldatetimefromparts") return DataType::smalldatetime();
  if (temporal && temporal->physical() == spec.result) return *temporal;
  return spec.result == fn::SqlType::Time ? DataType::time() : DataType::datetime2();
}

}  // namespace

// A wider argument is converted to DECIMAL(18, s) first, and a value that needs more digits is an overflow error at
// run time (docs/ENGINE.md).
DataType narrowed_for_kernel(const DataType& t) {
  if (!t.is_wide_decimal()) return t;
  return DataType::decimal(storage::kMaxNarrowDecimalDigits, std::min(t.scale, storage::kMaxNarrowDecimalDigits));
}

ExprPtr Binder::call(std::string_view sql_name, std::vector<ExprPtr> args, sql::SourceLocation loc,
                     std::optional<DataType> decimal_result, const fn::FunctionSpec* only) {
  const fn::FunctionSpec* best = nullptr;
  const rt::KernelEntry* best_kernel = nullptr;
  int best_cost = 1 << 30;
  bool named = false;
  std::string overloads;
  // The library's functions, then the user's (UDF catalogs merged into the catalog).
  std::vector<const fn::FunctionSpec*> specs;
  for (const fn::FunctionSpec& spec : fn::all_functions()) specs.push_back(&spec);
  if (env_.kernels)
    for (const fn::FunctionSpec* spec : env_.kernels->udf_specs()) specs.push_back(spec);
  for (const fn::FunctionSpec* spec_ptr : specs) {
    const fn::FunctionSpec& spec = *spec_ptr;
    if (spec.sql_name != sql_name || (only && &spec != only)) continue;
    named = true;
    std::vector<const fn::ArgSpec*> visible;
    std::string sig;
    for (const auto& a : spec.args)
      if (!is_type_param(a)) {
        visible.push_back(&a);
        sig += (sig.empty() ? "" : ", ") + std::string(fn::type_name(a.type)) + (a.constant ? " constant" : "");
      }
    overloads += "\n  " + std::string(sql_name) + "(" + sig + ")";
    if (visible.size() != args.size()) continue;
    int cost = 0;
    for (size_t i = 0; i < args.size() && cost >= 0; ++i) {
      const int c = conversion_cost(args[i], visible[i]->type);
      if (c < 0 || (visible[i]->constant && !args[i]->is_constant())) cost = -1;
      else cost += c;
    }
    if (cost < 0 || cost >= best_cost) continue;
    const rt::KernelEntry* k = env_.kernels ? env_.kernels->find(spec.kernel) : nullptr;
    if (!k) continue;
    best = &spec;
    best_kernel = k;
    best_cost = cost;
  }
  if (!named) throw BindError(loc, "unknown function '" + std::string(sql_name) + "'");
  if (!best) {
    std::string got;
    for (const auto& a : args) got += (got.empty() ? "" : ", ") + type_text(a->type) + (a->is_constant() ? " constant" : "");
    throw BindError(loc, "no overload of " + std::string(sql_name) + " takes (" + got + "); available:" + overloads);
  }
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Call;
  e->kernel = best_kernel;
  e->name = std::string(sql_name);
  std::vector<DataType> decimals;  // the DECIMAL arguments' types, for p/s parameters
  std::optional<DataType> temporal;  // the first date-time or TIME argument's type, for kinds
  size_t next = 0;
  for (const auto& a : best->args) {
    if (is_type_param(a)) {
      e->args.push_back(nullptr);
      e->constants.push_back(Value{});  // filled below
      continue;
    }
    ExprPtr arg = args[next++];
    DataType want = storage_type(a.type);
    if (a.type == fn::SqlType::Decimal) want = arg->type.id == TypeId::Decimal ? narrowed_for_kernel(arg->type)
                                             : arg->type.id == TypeId::Int64 ? DataType::decimal(18, 0) : DataType::decimal(10, 0);
    if (a.type == fn::SqlType::String && arg->type.is_string()) want = arg->type;
    if (a.type == fn::SqlType::DateTime && arg->type.is_datetime()) want = arg->type;  // DATETIME stays DATETIME
    if (a.type == fn::SqlType::Time && arg->type.id == TypeId::Time) want = arg->type;
    // SQL Server converts a number to a function's integer parameter implicitly, as CAST does: a BIGINT that
    // does not fit is Msg 8115, a DECIMAL or FLOAT is truncated (DATEADD(day, CAST(n AS BIGINT), d), LEFT(s, 2.0)).
    if ((want.id == TypeId::Int32 || want.id == TypeId::Int64) && is_numeric(arg->type) && arg->type.id != TypeId::Bool &&
        arg->type != want && !(want.id == TypeId::Int64 && arg->type.id == TypeId::Int32))
      arg = cast_to(arg, want, loc);
    arg = coerce(arg, want, loc);
    if (!temporal && !a.constant && (arg->type.is_datetime() || arg->type.id == TypeId::Time)) temporal = arg->type;
    if (a.type == fn::SqlType::Decimal) decimals.push_back(arg->type);
    if (a.constant) {
      if (arg->value.null) throw BindError(loc, "argument '" + std::string(a.name) + "' of " + std::string(sql_name) + " cannot be NULL");
      e->args.push_back(nullptr);
      e->constants.push_back(arg->value);
    } else {
      e->args.push_back(arg);
      e->constants.push_back(Value{});
    }
  }
  // The string arguments' collation (a COLLATE's or a column's) is the one the kernel's session context says
  // (LIKE, REPLACE, CHARINDEX ... compare under it) and a string result's; conflicting ones are Msg 468.
  DataType collated;
  for (const auto& a : e->args)
    if (a && a->type.is_string()) collated = collation_of(collated, a->type, loc);
  e->collation = collated.collation;
  // Type parameters: p/s (p1/s1, p2/s2) of the DECIMAL arguments; for conversions the target's.
  const DataType src = decimals.empty() ? DataType::decimal(18, 0) : decimals[0];
  const DataType src2 = decimals.size() > 1 ? decimals[1] : src;
  const DataType dst = decimal_result ? *decimal_result : DataType::decimal(18, 0);
  const bool has_precision = std::any_of(best->args.begin(), best->args.end(), [](const fn::ArgSpec& a) { return a.name == "precision"; });
  for (size_t i = 0; i < best->args.size(); ++i) {
    const std::string_view n = best->args[i].name;
    if (!is_type_param(best->args[i])) continue;
    int v = 0;
    if (is_kind_param(best->args[i])) v = n == "to_kind" ? (decimal_result ? decimal_result->time_kind() : 7)
                                                          : (temporal ? temporal->time_kind() : 7);
    else if (n == "p" || n == "p1") v = src.precision;
    else if (n == "s" || n == "s1") v = src.scale;
    else if (n == "p2") v = src2.precision;
    else if (n == "s2") v = src2.scale;
    else if (n == "from_scale") v = src.scale;
    else if (n == "precision") v = dst.precision;
    else if (n == "scale") v = has_precision ? (dst.id == TypeId::Money ? 4 : dst.scale) : src.scale;
    e->constants[i] = Value::int32(v);
  }
  // Result type.
  switch (best->result) {
    case fn::SqlType::Decimal: {
      const std::string_view k = best->kernel;
      if (decimal_result) e->type = *decimal_result;
      else if (k.starts_with("floor_") || k.starts_with("ceiling_")) e->type = DataType::decimal(src.precision, 0);
      else e->type = src;
      break;
    }
    case fn::SqlType::String: e->type = DataType::varchar(0); break;
    case fn::SqlType::DateTime:
    case fn::SqlType::Time: e->type = temporal_result(*best, *e, decimal_result, temporal); break;
    default: e->type = storage_type(best->result);
  }
  e->type.length = 0;
  if (e->type.is_string()) {  // UPPER(x COLLATE ...) keeps x's collation
    e->type.collation = collated.collation;
    e->type.collation_explicit = collated.collation_explicit;
  }
  return fold(e);
}

ExprPtr Binder::bind_function(const sql::FunctionCallExpr& f, ExprContext& ctx) {
  const std::string& n = f.upper_name;
  if (f.distinct || f.star) throw BindError(f.loc, (f.star ? "'*'" : "DISTINCT") + std::string(" is only valid in aggregates"));
  // The ODBC escape's own names (DAYNAME, TRUNCATE, CURDATE, ...) exist only inside {fn ...}, as in SQL Server.
  if (!f.odbc && (n == "CURDATE" || n == "CURTIME" || n == "CURRENT_TIME" ||
                  std::any_of(fn::all_functions().begin(), fn::all_functions().end(),
                              [&](const fn::FunctionSpec& s) { return s.odbc_only && s.sql_name == n; })))
    throw BindError(f.loc, "Msg 195: '" + f.name.name + "' is not a recognized built-in function name.");
  if (n == "COALESCE" || n == "ISNULL") {
    if (f.args.size() < 2 || (n == "ISNULL" && f.args.size() != 2))
      throw BindError(f.loc, n + (n == "ISNULL" ? " takes two arguments" : " takes at least two arguments"));
    std::vector<ExprPtr> args;
    std::optional<DataType> t;
    for (const auto& a : f.args) {
      args.push_back(bind_expr(*a, ctx));
      if (args.back()->is_constant() && args.back()->value.null) continue;
      t = !t ? args.back()->type : n == "ISNULL" ? *t : common_type(*t, args.back()->type);
      if (!t) throw BindError(a->loc, "the arguments of " + n + " have incompatible types");
    }
    if (!t) t = DataType::int32();
    auto e = std::make_shared<Expr>();
    e->kind = ExprKind::Coalesce;
    e->type = *t;
    for (size_t i = 0; i < args.size(); ++i) e->args.push_back(coerce(args[i], *t, f.args[i]->loc));
    return fold(e);
  }
  std::vector<ExprPtr> args;
  for (const auto& a : f.args) {
    if (a->kind == sql::ExprKind::DatePartKeyword) {
      const std::string& name = a->as<sql::DatePartKeywordExpr>().name;
      fn::DatePart part;
      if (!fn::parse_datepart(lower(name), part))
        throw BindError(a->loc, "'" + name + "' is not a recognized datepart option of " + n);
      args.push_back(constant(Value::int32(static_cast<int32_t>(part))));
      continue;
    }
    args.push_back(bind_expr(*a, ctx));
  }
  if (!f.args.empty() && f.args[0]->kind == sql::ExprKind::DatePartKeyword)
    check_datepart_types(n, f.args[0]->as<sql::DatePartKeywordExpr>().name, args, f.loc);
  // The bit functions take a typed NULL (CAST(NULL AS INT)), not an untyped one (Msg 8116, as SQL Server).
  if ((n == "BIT_COUNT" || n == "GET_BIT" || n == "SET_BIT" || n == "LEFT_SHIFT" || n == "RIGHT_SHIFT") &&
      !f.args.empty() && f.args[0]->kind == sql::ExprKind::Literal &&
      f.args[0]->as<sql::LiteralExpr>().literal_kind == sql::LiteralKind::Null)
    throw BindError(f.loc, "Msg 8116: Argument data type NULL is invalid for argument 1 of " + lower(n) + " function.");
  if (n == "JSON_OBJECT" || n == "JSON_ARRAY") return bind_json_constructor(f, args);
  if (ExprPtr e = bind_current_time(n, args, f.loc, f.odbc)) return e;
  if (f.odbc) {
    if (ExprPtr e = bind_odbc_length(n, args, f.loc)) return e;
    // The ODBC date functions read a string constant as a date-time ('2007-04-21 01:01:01.1234567', the page's
    // @date_exp), whose date they take.
    if ((n == "DAYNAME" || n == "MONTHNAME" || n == "DAYOFMONTH" || n == "DAYOFWEEK" || n == "QUARTER" || n == "WEEK") &&
        args.size() == 1 && args[0]->is_constant() && args[0]->type.is_string() && !args[0]->value.null)
      args[0] = coerce(args[0], DataType::datetime2(7), f.loc);
  }
  if (ExprPtr e = bind_statement_value(n, args, f.loc)) return e;
  if (ExprPtr e = bind_variadic(n, args, f.loc)) return e;
  return call(n, std::move(args), f.loc);
}

// The date and time arguments of DATEPART, DATEADD, DATEDIFF, ... against the part (SQL Server's rules):
// a part of a time of day reads string literals as date-times ('2000-01-01 10:00') and DATEDIFF's
// dates as DATETIME2 at midnight; DATEPART(hour, <date>) and DATEPART(year, <time>) are Msg 9810.
void Binder::check_datepart_types(const std::string& function, const std::string& part_name, std::vector<ExprPtr>& args,
                                  sql::SourceLocation loc) {
  if (args.empty() || !args[0]->is_constant()) return;
  const bool time_part = args[0]->value.i >= static_cast<int32_t>(fn::DatePart::Hour);
  const bool is_diff = function == "DATEDIFF" || function == "DATEDIFF_BIG";
  for (size_t i = 1; i < args.size(); ++i) {
    if ((function == "DATEADD" || function == "DATE_BUCKET") && i == 1) continue;  // the number
    ExprPtr& a = args[i];
    if (a->kind == ExprKind::Constant && a->value.null) continue;
    const bool literal = a->is_constant() && a->type.is_string();
    if (time_part && (literal || (is_diff && a->type.id == TypeId::Date))) {
      a = coerce(a, DataType::datetime2(), loc);
      continue;
    }
    const bool unsupported = is_diff ? false : time_part ? a->type.id == TypeId::Date
                                                         : a->type.id == TypeId::Time;
    if (unsupported)
      throw BindError(loc, "Msg 9810: The datepart " + lower(part_name) + " is not supported by date function " +
                               function + " for data type " + type_text(a->type) + ".");
  }
}

namespace {

// TINYINT, SMALLINT and SMALLMONEY are stored as INT and MONEY: a conversion to one is a conversion to the
// wide type followed by the library's range check (range_tinyint, ...).
std::string_view range_kernel_of(sql::TypeId t) {
  switch (t) {
    case sql::TypeId::TinyInt: return "range_tinyint";
    case sql::TypeId::SmallInt: return "range_smallint";
    case sql::TypeId::SmallMoney: return "range_smallmoney";
    default: return {};
  }
}

}  // namespace

ExprPtr Binder::bind_cast(ExprPtr value, const sql::TypeName& type, ExprPtr style, bool is_try, sql::SourceLocation loc) {
  if (const std::string_view range = range_kernel_of(type.id); !range.empty()) {
    sql::TypeName wide = type;
    wide.id = type.id == sql::TypeId::SmallMoney ? sql::TypeId::Money : sql::TypeId::Int;
    ExprPtr converted = bind_cast(std::move(value), wide, std::move(style), is_try, loc);
    const fn::FunctionSpec* spec = fn::find_kernel(range);
    if (!spec || !env_.kernels || !env_.kernels->find(spec->kernel))
      throw BindError(loc, "this conversion needs the catalog kernel '" + std::string(range) + "', which the catalog lacks");
    const DataType to = storage_type_of(type);
    return call("CAST", {converted, constant(Value::int32(is_try ? 1 : 0))}, loc,
                to.id == TypeId::Money ? std::optional<DataType>(to) : std::nullopt, spec);
  }
  const DataType to = storage_type_of(type);
  const DataType& from = value->type;
  if (value->is_constant() && value->value.null) return constant(Value::null_of(to));
  if (style && !style->is_constant()) throw BindError(style->is_constant() ? loc : loc, "the CONVERT style must be a constant");
  if (from.is_string() && to.is_string()) {
    if (to.id == TypeId::Char && to.length > 0) {
      // CHAR(n) is blank-padded to n characters (cut to n when longer), as SQL Server stores it.
      ExprPtr blanks = call("REPLICATE", {constant(Value::string(" ")), constant(Value::int64(to.length))}, loc);
      auto padded = std::make_shared<Expr>(*call("LEFT", {call("CONCAT", {value, blanks}, loc),
                                                          constant(Value::int64(to.length))}, loc));
      padded->type = to;
      if (value->is_constant() && value->value.null) return constant(Value::null_of(to));
      // CONCAT reads NULL as empty: a NULL input stays NULL.
      return fold(null_when(is_null(value), padded));
    }
    if (to.length > 0) return call("LEFT", {value, constant(Value::int64(to.length))}, loc);
    if (from.length == 0) return value;
    auto unbounded = std::make_shared<Expr>(*value);  // VARCHAR(MAX): the same values, no length bound
    unbounded->type.length = 0;
    return unbounded;
  }
  if (from == to && !style) return value;
  if (from.is_wide_decimal() && !is_numeric(to)) {
    // No kernel reads a 38-digit DECIMAL: text conversions see it as DECIMAL(18, s).
    return bind_cast(coerce(value, narrowed_for_kernel(from), loc), type, style, is_try, loc);
  }
  const std::string cast_name = is_try ? "TRY_CAST" : "CAST";
  const std::string convert_name = is_try ? "TRY_CONVERT" : "CONVERT";
  // A kernel converting exactly from -> to, with the style if CONVERT gave one.
  auto find = [&](const std::string& name, bool with_style) -> const fn::FunctionSpec* {
    for (const fn::FunctionSpec& s : fn::all_functions()) {
      if (s.sql_name != name || s.args.empty() || s.result != to.physical()) continue;
      if (s.args[0].type != from.physical()) continue;
      const bool has_style = std::any_of(s.args.begin(), s.args.end(), [](const fn::ArgSpec& a) { return a.name == "style"; });
      if (has_style == with_style && env_.kernels && env_.kernels->find(s.kernel)) return &s;
    }
    return nullptr;
  };
  std::vector<ExprPtr> args{value};
  const fn::FunctionSpec* spec = nullptr;
  std::string name;
  if (style) {
    spec = find(convert_name, true);
    name = convert_name;
    args.push_back(coerce(style, DataType::int32(), loc));
    if (!spec) {
      // CONVERT's style only matters for date and money/float text; elsewhere it is CAST.
      spec = find(cast_name, false);
      name = cast_name;
      args.pop_back();
    }
  } else {
    spec = find(cast_name, false);
    name = cast_name;
  }
  if (!spec && is_try && (from.is_temporal() || to.is_temporal() || (is_numeric(from) && to.is_string()))) {
    // Conversions that cannot fail (DATETIME2 to DATE, TIME to DATETIME2, a date-time or a number to text)
    // have no TRY_ twin: TRY_ is CAST there (a number's text too long for its target is the TRY_ fit below).
    args.resize(1);
    if (style && (spec = find("CONVERT", true))) {
      args.push_back(coerce(style, DataType::int32(), loc));
      name = "CONVERT";
    } else {
      spec = find("CAST", false);
      name = "CAST";
    }
  }
  if (spec) {
    const bool typed_target = to.id == TypeId::Decimal || to.id == TypeId::Money || to.is_temporal();
    ExprPtr converted = call(name, args, loc, typed_target ? std::optional<DataType>(to) : std::nullopt, spec);
    if (!to.is_string() || to.length <= 0) return converted;
    fn::LengthInputs in;
    for (size_t i = 1; i < args.size() && i < fn::kMaxArgs; ++i)
      if (args[i]->is_constant()) in.value[i] = static_cast<int64_t>(args[i]->value.i);
    const bool may_not_fit = !spec->max_length || spec->max_length(in) > to.length;
    if (may_not_fit && from.is_temporal()) {
      // A date's text cut to the target's length, as SQL Server does (CONVERT(VARCHAR(3), d, 101) is '03/').
      converted = call("LEFT", {converted, constant(Value::int64(to.length))}, loc);
    } else if (may_not_fit && !(from.id == TypeId::Int32 || from.id == TypeId::Int64) || may_not_fit &&
               (type.id == sql::TypeId::NChar || type.id == sql::TypeId::NVarChar)) {
      // A number whose text does not fit: SQL Server's Msg 8115 for DECIMAL, MONEY and FLOAT into any of
      // CHAR/VARCHAR/NCHAR/NVARCHAR(n), and for integers into NCHAR/NVARCHAR(n) (the TRY_ forms: NULL). Op::Cast
      // between strings is that check (the text unchanged when it fits); the message names the target type.
      auto fit = std::make_shared<Expr>(*op(is_try ? Op::TryCast : Op::Cast, to, {converted}));
      fit->name = type.id == sql::TypeId::NChar      ? "nchar"
                  : type.id == sql::TypeId::NVarChar ? "nvarchar"
                  : type.id == sql::TypeId::Char     ? "char"
                                                     : "varchar";
      converted = fold(fit);
    } else if (may_not_fit && (from.id == TypeId::Int32 || from.id == TypeId::Int64)) {
      // An integer whose text does not fit CHAR(n)/VARCHAR(n) is '*' ("result length too short to display", SQL
      // Server's CAST and CONVERT documentation).
      auto star = std::make_shared<Expr>();
      star->kind = ExprKind::Case;
      star->type = to;
      star->has_else = true;
      star->args = {bind_comparison(sql::BinaryOp::Gt, call("LEN", {converted}, loc), constant(Value::int64(to.length)), loc),
                    constant(Value::string("*")), converted};
      converted = fold(star);
    }
    // CHAR(n) is blank-padded to n characters, whatever the source (CAST(12 AS CHAR(5)) is '12   ').
    if (to.id == TypeId::Char) return bind_cast(converted, type, nullptr, false, loc);
    return converted;
  }
  if (!is_try && implicit_castable(from, to)) return fold(op(Op::Cast, to, {value}));
  if (!is_try && is_numeric(from) && is_numeric(to)) return fold(op(Op::Cast, to, {value}));
  if (is_try && is_numeric(from) && is_numeric(to)) return fold(op(Op::TryCast, to, {value}));
  throw BindError(loc, std::string(is_try ? "TRY_" : "") + (style ? "CONVERT" : "CAST") + " from " + type_text(from) +
                           " to " + type_text(to) + " is not supported");
}

}  // namespace tessera::plan
