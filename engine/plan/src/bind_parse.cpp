// PARSE / TRY_PARSE (functions/src/convert/convert_culture_parse.cpp): the kernel by the target type, the culture a
// constant checked here (docs/FUNCTIONS.md, "PARSE and TRY_PARSE"). RAND and CURRENT_TIMEZONE(_ID): values of the
// statement, whose constants (a seed, the zone's offset) the binder draws.
#include <random>

#include "binder_impl.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/plan/type_rules.hpp"

namespace tessera::plan {

namespace {
bool is_null_constant(const ExprPtr& e) { return e->kind == ExprKind::Constant && e->value.null; }
}  // namespace

// PARSE(string AS type [USING culture]): string to a number (INT, BIGINT, DECIMAL, FLOAT, MONEY; TINYINT, SMALLINT
// and SMALLMONEY through INT and MONEY's range checks) or a date and time (DATE, DATETIME2, DATETIME, SMALLDATETIME,
// TIME). The culture: none (the session language us_english's en-US; other languages are not consulted), '' (the
// invariant culture), 'en-US' or 'en'; SQL Server's other cultures are refused with Msg 9818, naming the two.
ExprPtr Binder::bind_parse(ExprPtr value, const sql::TypeName& type, ExprPtr culture_expr, bool is_try,
                           sql::SourceLocation loc) {
  const char* name = is_try ? "TRY_PARSE" : "PARSE";
  int32_t culture = fn::kCultureEnUs;
  if (culture_expr) {
    if (!culture_expr->is_constant() || !culture_expr->type.is_string() || culture_expr->value.null)
      throw BindError(loc, std::string("The culture of ") + name + " must be a constant string in Tessera.");
    const std::string c = lower(culture_expr->value.s);
    if (c.empty()) culture = fn::kCultureInvariant;
    else if (c == "en-us" || c == "en") culture = fn::kCultureEnUs;
    else
      throw BindError(loc, "Msg 9818: The culture parameter '" + culture_expr->value.s + "' provided in the function "
                           "call is not supported. Tessera parses in the invariant culture ('') and en-US ('en-US', "
                           "'en') only.");
  }
  // SQL Server: "If a null constant is passed, an error is raised" (a NULL at run time gives NULL).
  if (is_null_constant(value))
    throw BindError(loc, std::string("Msg 8116: Argument data type NULL is invalid for argument 1 of ") + lower(name) +
                             " function.");
  if (!value->type.is_string())
    throw BindError(loc, "Msg 8116: Argument data type " + type_text(value->type) + " is invalid for argument 1 of " +
                             lower(name) + " function.");
  // TINYINT, SMALLINT, SMALLMONEY: parsed as INT or MONEY, then CAST's range check (TRY_: NULL out of range).
  if (type.id == sql::TypeId::TinyInt || type.id == sql::TypeId::SmallInt || type.id == sql::TypeId::SmallMoney) {
    sql::TypeName wide = type;
    wide.id = type.id == sql::TypeId::SmallMoney ? sql::TypeId::Money : sql::TypeId::Int;
    return bind_cast(bind_parse(value, wide, culture_expr, is_try, loc), type, nullptr, is_try, loc);
  }
  const DataType to = storage_type_of(type);
  std::string kernel;
  switch (to.id) {
    case TypeId::Int32: kernel = "parse_int"; break;
    case TypeId::Int64: kernel = "parse_bigint"; break;
    case TypeId::Decimal:
      if (to.precision > 18)
        throw BindError(loc, std::string(name) + " into DECIMAL of more than 18 digits is not supported in Tessera.");
      kernel = "parse_decimal";
      break;
    case TypeId::Double: kernel = "parse_float"; break;
    case TypeId::Money: kernel = "parse_money"; break;
    case TypeId::Date: kernel = "parse_date"; break;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: kernel = "parse_datetime"; break;
    case TypeId::Time: kernel = "parse_time"; break;
    default:
      // SQL Server: "Use PARSE only for converting from string to date/time and number types."
      throw BindError(loc, std::string("Msg 10761: Invalid data type ") + type_text(to) + " in function " + lower(name) +
                               ".");
  }
  // One SQL name in the catalog for both (TRY_PARSE is the constant try_null).
  return call("PARSE", {value, constant(Value::int32(culture)), constant(Value::int32(is_try ? 1 : 0))}, loc, to,
              &kernel_spec(kernel, loc));
}

// RAND([seed]): the kernel `rand` over the seed (INT; a NULL seed gives NULL). Without one, a seed drawn once for
// this call in this statement, so the value is the same in every row, as SQL Server's RAND() is; two RAND() calls
// of one statement draw two seeds. CURRENT_TIMEZONE() / CURRENT_TIMEZONE_ID(): the kernels over the server's UTC
// offset in minutes, the statement's clock's.
ExprPtr Binder::bind_statement_value(const std::string& n, std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (n == "RAND") {
    if (args.size() > 1) throw BindError(loc, "Msg 174: The rand function requires 0 to 1 argument(s).");
    if (args.empty()) {
      static thread_local std::mt19937 draw{std::random_device{}()};
      return call("RAND", {constant(Value::int32(static_cast<int32_t>(draw())))}, loc, std::nullopt,
                  &kernel_spec("rand", loc));
    }
    ExprPtr seed = args[0];
    if (is_null_constant(seed)) return constant(Value::null_of(DataType::float64()));
    if (!is_integer(seed->type))
      throw BindError(loc, "Msg 8116: Argument data type " + type_text(seed->type) + " is invalid for argument 1 of "
                           "rand function.");
    if (seed->type.id != TypeId::Int32) seed = cast_to(seed, DataType::int32(), loc);
    return call("RAND", {seed}, loc, std::nullopt, &kernel_spec("rand", loc));
  }
  if (n == "CURRENT_TIMEZONE" || n == "CURRENT_TIMEZONE_ID") {
    if (!args.empty()) throw BindError(loc, "Msg 174: The " + lower(n) + " function requires 0 argument(s).");
    if (!instant_) instant_ = env_.instant ? *env_.instant : statement_instant();
    const auto minutes = static_cast<int32_t>(instant_->offset_ticks / (60 * 10'000'000LL));
    const std::string kernel = n == "CURRENT_TIMEZONE" ? "current_timezone" : "current_timezone_id";
    return call(n, {constant(Value::int32(minutes))}, loc, std::nullopt, &kernel_spec(kernel, loc));
  }
  return nullptr;
}

}  // namespace tessera::plan
