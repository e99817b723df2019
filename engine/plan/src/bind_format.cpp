// STR and FORMAT (functions/src/string/string_format.cpp): the binder fills STR's defaults, picks FORMAT's kernel by
// the value's type and turns its culture into the kernel's constant (docs/FUNCTIONS.md, "STR and FORMAT").
#include "binder_impl.hpp"
#include "tessera/functions/format_functions.hpp"

namespace tessera::plan {

namespace {
bool is_null_constant(const ExprPtr& e) { return e->kind == ExprKind::Constant && e->value.null; }
}  // namespace

// STR(float_expression [, length [, decimal]]): the value converted to FLOAT (a string too, as SQL Server converts it
// implicitly); length 10 and decimal 0 by default, both constants here (SQL Server takes expressions: a per-row
// length would leave the result's length unbounded before the rows are read).
ExprPtr Binder::bind_str(std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (args.empty() || args.size() > 3) throw BindError(loc, "Msg 174: The str function requires 1 to 3 argument(s).");
  ExprPtr value = args[0];
  if (!is_null_constant(value) && !is_numeric(value->type) && !value->type.is_string())
    throw BindError(loc, "Msg 8116: Argument data type " + type_text(value->type) + " is invalid for argument 1 of str "
                         "function.");
  int32_t ints[2] = {10, 0};
  for (size_t i = 1; i < args.size(); ++i) {
    const ExprPtr& a = args[i];
    if (is_null_constant(a)) return constant(Value::null_of(DataType::varchar(0)));
    if (!a->is_constant() || !is_numeric(a->type))
      throw BindError(loc, std::string("The ") + (i == 1 ? "length" : "decimal") +
                               " of STR must be a constant number in Tessera (SQL Server also takes an expression).");
    const ExprPtr v = fold(cast_to(a, DataType::int32(), loc));
    if (!v->is_constant()) throw BindError(loc, "The length and decimal of STR must be constant numbers.");
    ints[i - 1] = v->value.null ? 0 : static_cast<int32_t>(v->value.i);
  }
  if (is_null_constant(value)) return constant(Value::null_of(DataType::varchar(0)));
  if (value->type.id != TypeId::Double) value = cast_to(value, DataType::float64(), loc);
  return call("STR", {value, constant(Value::int32(ints[0])), constant(Value::int32(ints[1]))}, loc, std::nullopt,
              &kernel_spec("str", loc));
}

// FORMAT(value, format [, culture]): the kernel by the value's type (.NET's Int32, Int64, Decimal, Double, DateTime,
// TimeSpan); the format per row (a constant or a column); the culture a constant: '' (invariant) or en-US / en
// (the default, us_english's). SQL Server's other cultures are refused, naming the two.
ExprPtr Binder::bind_format(std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (args.size() < 2 || args.size() > 3) throw BindError(loc, "Msg 174: The format function requires 2 to 3 argument(s).");
  ExprPtr value = args[0];
  ExprPtr format = args[1];
  int32_t culture = fn::kCultureEnUs;
  if (args.size() == 3) {
    const ExprPtr& c = args[2];
    if (is_null_constant(c)) return constant(Value::null_of(DataType::varchar(0)));
    if (!c->is_constant() || !c->type.is_string())
      throw BindError(loc, "The culture of FORMAT must be a constant string in Tessera.");
    const std::string name = lower(c->value.s);
    if (name.empty()) culture = fn::kCultureInvariant;
    else if (name == "en-us" || name == "en") culture = fn::kCultureEnUs;
    else
      throw BindError(loc, "Msg 9818: The culture parameter '" + c->value.s + "' provided in the function call is not "
                           "supported. Tessera formats in the invariant culture ('') and en-US ('en-US', 'en') only.");
  }
  if (is_null_constant(format) || is_null_constant(value)) return constant(Value::null_of(DataType::varchar(0)));
  if (!format->type.is_string())
    throw BindError(loc, "Msg 8116: Argument data type " + type_text(format->type) + " is invalid for argument 2 of "
                         "format function.");
  std::string kernel;
  switch (value->type.id) {
    case TypeId::Int32: kernel = "format_int"; break;
    case TypeId::Int64: kernel = "format_bigint"; break;
    case TypeId::Decimal:
      kernel = "format_decimal";
      value = coerce(value, narrowed_for_kernel(value->type), loc);
      break;
    case TypeId::Money: kernel = "format_money"; break;
    case TypeId::Double: kernel = "format_float"; break;
    case TypeId::Date: kernel = "format_date"; break;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: kernel = "format_datetime"; break;
    case TypeId::Time: kernel = "format_time"; break;
    default:
      throw BindError(loc, "Msg 8116: Argument data type " + type_text(value->type) + " is invalid for argument 1 of "
                           "format function.");
  }
  return call("FORMAT", {value, format, constant(Value::int32(culture))}, loc, std::nullopt, &kernel_spec(kernel, loc));
}

}  // namespace tessera::plan
