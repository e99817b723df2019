// Functions the binder shapes itself rather than resolving one kernel by argument types: GREATEST, LEAST, CONCAT and
// CONCAT_WS over 1..254 arguments as chains of the library's two- and three-argument kernels; STRING_ESCAPE, the bit
// functions, UNISTR and JSON_CONTAINS, whose kernels it picks and whose constant arguments it checks; FORMATMESSAGE as
// a chain of six-parameter links; NULLIF, IIF and CHOOSE as CASE expressions.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <ctime>

#include "binder_impl.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/format_functions.hpp"
#include "tessera/functions/utf8.hpp"
#include "tessera/runtime/catalog.hpp"

namespace tessera::plan {

// ---- functions of 1..254 arguments: chains of the library's two- and three-argument kernels ----

namespace {

// SQL Server's Msg 189 for a variadic function's argument count.
void check_argument_count(const std::string& name, size_t count, size_t min, size_t max, sql::SourceLocation loc) {
  if (count >= min && count <= max) return;
  throw BindError(loc, "Msg 189: The " + lower(name) + " function requires " + std::to_string(min) + " to " +
                           std::to_string(max) + " arguments.");
}

bool is_null_constant(const ExprPtr& e) { return e->kind == ExprKind::Constant && e->value.null; }

// The type GREATEST and LEAST convert their arguments to (SQL Server's data type precedence): the common type
// of numbers, of dates and times, of strings; a number or a date beats a string.
std::optional<DataType> precedence_type(const DataType& a, const DataType& b) {
  if (auto t = common_type(a, b)) return t;
  const auto typed = [](const DataType& t) { return is_numeric(t) || t.is_temporal(); };
  if (a.is_string() && typed(b)) return b;
  if (b.is_string() && typed(a)) return a;
  return std::nullopt;
}

// The suffix of the GREATEST / LEAST kernel for values of type t (logical_registry.cpp).
std::string_view extreme_kernel_suffix(const DataType& t) {
  switch (t.physical()) {
    case fn::SqlType::Bool: return "bool";
    case fn::SqlType::Int32: return "int";
    case fn::SqlType::Int64: return "bigint";
    case fn::SqlType::Float64: return "float";
    case fn::SqlType::Decimal:
    case fn::SqlType::Decimal128: return "decimal";
    case fn::SqlType::Money: return "money";
    case fn::SqlType::Date: return "date";
    case fn::SqlType::DateTime: return "datetime";
    case fn::SqlType::Time: return "time";
    case fn::SqlType::String: return "string";
  }
  return "int";
}

}  // namespace

// A library kernel by its id, for a chain that must not be re-resolved by argument types.
const fn::FunctionSpec& Binder::kernel_spec(std::string_view kernel, sql::SourceLocation loc) {
  const fn::FunctionSpec* spec = fn::find_kernel(kernel);
  if (!spec || !env_.kernels || !env_.kernels->find(spec->kernel))
    throw BindError(loc, "this function needs the catalog kernel '" + std::string(kernel) + "', which the catalog lacks");
  return *spec;
}

// A value as CONCAT reads it: text (SQL Server converts every argument to a string, as CAST does; BIT as 1/0).
ExprPtr Binder::as_text(ExprPtr e, sql::SourceLocation loc) {
  if (e->type.is_string()) return e;
  if (is_null_constant(e)) return constant(Value::null_of(DataType::varchar(0)));
  if (e->type.id == TypeId::Bool) e = coerce(e, DataType::int32(), loc);
  sql::TypeName varchar;
  varchar.id = sql::TypeId::VarChar;
  varchar.spelling = "VARCHAR";
  varchar.loc = loc;
  return bind_cast(std::move(e), varchar, nullptr, false, loc);
}

ExprPtr Binder::bind_variadic(const std::string& n, std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (n == "GREATEST" || n == "LEAST") {
    // NULLs are ignored (all NULL: NULL); the others are converted to the type of the highest precedence and
    // folded left through the two-value kernels, which keep the first of equal values.
    check_argument_count(n, args.size(), 1, 254, loc);
    std::optional<DataType> t;
    for (const ExprPtr& a : args) {
      if (is_null_constant(a)) continue;
      const std::optional<DataType> next = t ? precedence_type(*t, a->type) : a->type;
      if (!next)
        throw BindError(loc, "Msg 206: Operand type clash: " + type_text(*t) + " is incompatible with " + type_text(a->type));
      t = next;
    }
    if (!t) return constant(Value::null_of(DataType::int32()));
    DataType target = narrowed_for_kernel(*t);
    if (target.is_string()) target.length = 0;
    const fn::FunctionSpec& spec = kernel_spec(lower(n) + "_" + std::string(extreme_kernel_suffix(target)), loc);
    ExprPtr r;
    for (ExprPtr a : args) {
      if (is_null_constant(a)) continue;
      if (a->type.is_string() && !target.is_string() && !a->is_constant()) a = cast_to(a, target, loc);
      else if (!(a->type.is_string() && target.is_string())) a = coerce(a, target, loc);
      r = r ? call(n, {r, a}, loc, std::nullopt, &spec) : a;
    }
    return r;
  }
  if (n == "CONCAT") {
    // NULL reads as an empty string, so NULL constants drop out; chains of concat_3 (never NULL).
    check_argument_count(n, args.size(), 2, 254, loc);
    std::vector<ExprPtr> parts;
    for (const ExprPtr& a : args)
      if (!is_null_constant(a)) parts.push_back(as_text(a, loc));
    if (parts.empty()) return constant(Value::string(""));
    if (parts.size() == 1) parts.push_back(constant(Value::string("")));
    const fn::FunctionSpec& two = kernel_spec("concat_2", loc);
    const fn::FunctionSpec& three = kernel_spec("concat_3", loc);
    ExprPtr r;
    size_t i = 0;
    while (i < parts.size()) {
      std::vector<ExprPtr> link;
      if (r) link.push_back(r);
      while (link.size() < 3 && i < parts.size()) link.push_back(parts[i++]);
      r = call(n, link, loc, std::nullopt, link.size() == 3 ? &three : &two);
    }
    return r;
  }
  if (n == "CONCAT_WS") {
    // NULL parts are skipped (NULL constants drop out) and a NULL separator is empty. Up to three parts: one
    // kernel; more: links that are NULL while every part so far is NULL (concat_ws_3_or_null), so the next link
    // skips them, then concat_ws_2/_3, which is never NULL.
    check_argument_count(n, args.size(), 3, 254, loc);
    const ExprPtr sep = is_null_constant(args[0]) ? constant(Value::string("")) : as_text(args[0], loc);
    std::vector<ExprPtr> parts;
    for (size_t i = 1; i < args.size(); ++i)
      if (!is_null_constant(args[i])) parts.push_back(as_text(args[i], loc));
    if (parts.empty()) return constant(Value::string(""));
    if (parts.size() == 1) return call("CONCAT", {parts[0], constant(Value::string(""))}, loc, std::nullopt,
                                       &kernel_spec("concat_2", loc));
    const fn::FunctionSpec& two = kernel_spec("concat_ws_2", loc);
    const fn::FunctionSpec& three = kernel_spec("concat_ws_3", loc);
    if (parts.size() <= 3) {
      std::vector<ExprPtr> all{sep};
      all.insert(all.end(), parts.begin(), parts.end());
      return call(n, all, loc, std::nullopt, parts.size() == 3 ? &three : &two);
    }
    const fn::FunctionSpec& link = kernel_spec("concat_ws_3_or_null", loc);
    ExprPtr acc = call(n, {sep, parts[0], parts[1], parts[2]}, loc, std::nullopt, &link);
    size_t i = 3;
    for (; parts.size() - i >= 3; i += 2) acc = call(n, {sep, acc, parts[i], parts[i + 1]}, loc, std::nullopt, &link);
    if (parts.size() - i == 1) return call(n, {sep, acc, parts[i]}, loc, std::nullopt, &two);
    return call(n, {sep, acc, parts[i], parts[i + 1]}, loc, std::nullopt, &three);
  }
  if (n == "STRING_ESCAPE") {
    // STRING_ESCAPE(text, type): 'json' is the only type (a constant; SQL Server compares it as its collation
    // does, so any case); the text as CONCAT reads it.
    if (args.size() != 2) throw BindError(loc, "Msg 174: The string_escape function requires 2 argument(s).");
    const ExprPtr& type = args[1];
    if (!type->is_constant() || !type->type.is_string() || type->value.null || lower(type->value.s) != "json")
      throw BindError(loc, "The type argument of STRING_ESCAPE must be the constant 'json', the only escaping rules "
                           "SQL Server has.");
    return call(n, {as_text(args[0], loc)}, loc, std::nullopt, &kernel_spec("string_escape_json", loc));
  }
  if (n == "UNISTR") {
    // UNISTR(text [, unicode_escape_character]): the escape character, a one-character constant (a backslash by
    // default), goes to the kernel as its code point.
    if (args.empty() || args.size() > 2) throw BindError(loc, "Msg 174: The unistr function requires 1 to 2 argument(s).");
    uint32_t escape = '\\';
    if (args.size() == 2) {
      const ExprPtr& e = args[1];
      const std::string& text = e->value.s;
      const fn::CodePoint c = text.empty() ? fn::CodePoint{} : fn::Utf8::decode(text.data(), int32_t(text.size()), 0);
      if (!e->is_constant() || !e->type.is_string() || e->value.null || text.empty() || c.size != int32_t(text.size()))
        throw BindError(loc, "The unicode_escape_character of UNISTR must be a constant of one character.");
      escape = c.cp;
    }
    return call(n, {as_text(args[0], loc), constant(Value::int32(static_cast<int32_t>(escape)))}, loc, std::nullopt,
                &kernel_spec("unistr", loc));
  }
  if (n == "BIT_COUNT" || n == "GET_BIT" || n == "SET_BIT" || n == "LEFT_SHIFT" || n == "RIGHT_SHIFT") {
    // The bit manipulation functions: on the value's own type (INT or BIGINT here; SQL Server also has TINYINT,
    // SMALLINT and BINARY), never cast (BIT_COUNT counts an INT's 32 bits, a BIGINT's 64); other types are Msg
    // 8116 (an untyped NULL too: bind_function). The offset or shift amount is converted to BIGINT, a bit_value BIT
    // to INT.
    const size_t most = n == "BIT_COUNT" ? 1 : n == "SET_BIT" ? 3 : 2;
    const size_t least = n == "BIT_COUNT" ? 1 : 2;
    if (args.size() < least || args.size() > most)
      throw BindError(loc, "Msg 174: The " + lower(n) + " function requires " +
                               (least == most ? std::to_string(least) : "2 to 3") + " argument(s).");
    const DataType& t = args[0]->type;
    if (t.id != TypeId::Int32 && t.id != TypeId::Int64)
      throw BindError(loc, "Msg 8116: Argument data type " + type_text(t) + " is invalid for argument 1 of " + lower(n) +
                               " function.");
    if (args.size() == 3 && args[2]->type.id == TypeId::Bool) args[2] = coerce(args[2], DataType::int32(), loc);
    const std::string kernel = lower(n) + (args.size() == 3 ? "_value" : "") + (t.id == TypeId::Int32 ? "_int" : "_bigint");
    return call(n, std::move(args), loc, std::nullopt, &kernel_spec(kernel, loc));
  }
  if (n == "JSON_CONTAINS") {
    // JSON_CONTAINS(target, search_value [, path [, search_mode]]) (SQL Server 2025): path '$' and search_mode 0
    // (equality) by default; search_mode, which only a string search value reads, a constant 0 or 1 (1: LIKE). The
    // kernel by the search value's SQL type, which decides the comparison (a number with JSON numbers, a string with
    // JSON strings, a BIT with true and false); a NULL argument gives NULL.
    if (args.size() < 2 || args.size() > 4)
      throw BindError(loc, "Msg 174: The json_contains function requires 2 to 4 argument(s).");
    int32_t mode = 0;
    if (args.size() == 4) {
      const ExprPtr& m = args[3];
      if (is_null_constant(m)) return constant(Value::null_of(DataType::int32()));
      if (!m->is_constant() || (m->type.id != TypeId::Int32 && m->type.id != TypeId::Int64 && m->type.id != TypeId::Bool) ||
          (m->value.i != 0 && m->value.i != 1))
        throw BindError(loc, "The search_mode of JSON_CONTAINS must be the constant 0 (equality) or 1 (LIKE).");
      mode = static_cast<int32_t>(m->value.i);
    }
    for (size_t i = 0; i < std::min<size_t>(args.size(), 3); ++i)
      if (is_null_constant(args[i])) return constant(Value::null_of(DataType::int32()));
    ExprPtr target = as_text(args[0], loc);
    ExprPtr path = args.size() >= 3 ? as_text(args[2], loc) : constant(Value::string("$"));
    ExprPtr value = args[1];
    switch (value->type.id) {
      case TypeId::Bool: return call(n, {target, value, path}, loc, std::nullopt, &kernel_spec("json_contains_bit", loc));
      case TypeId::Int32:
      case TypeId::Int64:
        return call(n, {target, coerce(value, DataType::int64(), loc), path}, loc, std::nullopt,
                    &kernel_spec("json_contains_bigint", loc));
      case TypeId::Decimal:
        return call(n, {target, coerce(value, narrowed_for_kernel(value->type), loc), path}, loc, std::nullopt,
                    &kernel_spec("json_contains_decimal", loc));
      case TypeId::Money:
        return call(n, {target, value, path}, loc, std::nullopt, &kernel_spec("json_contains_money", loc));
      case TypeId::Double:
        return call(n, {target, value, path}, loc, std::nullopt, &kernel_spec("json_contains_float", loc));
      default:
        if (value->type.is_string())
          return call(n, {target, value, path, constant(Value::int32(mode))}, loc, std::nullopt,
                      &kernel_spec("json_contains", loc));
        throw BindError(loc, "Msg 8116: Argument data type " + type_text(value->type) +
                                 " is invalid for argument 2 of json_contains function.");
    }
  }
  if (n == "FORMATMESSAGE") return bind_formatmessage(args, loc);
  if (n == "STR") return bind_str(args, loc);
  if (n == "FORMAT") return bind_format(args, loc);
  if (n == "NULLIF" || n == "IIF" || n == "CHOOSE") return bind_case_function(n, args, loc);
  return nullptr;
}

// FORMATMESSAGE('msg_string' | @msg_variable, param_value, ...): the message a string (a message number needs
// sys.messages, which Tessera does not have), at most 20 parameters (Msg 2747), each an INT or BIGINT (written as
// text) or a string (Msg 2748 for any other type, as RAISERROR). With a constant message the binder checks each
// placeholder's parameter as SQL Server does (Msg 2786: %s takes a string, d i o u x X an integer, a BIGINT only
// with I64, * an integer). Chained six parameters a link (string_message.cpp); a NULL message is NULL.
ExprPtr Binder::bind_formatmessage(std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (args.empty()) throw BindError(loc, "Msg 174: The formatmessage function requires 1 to 21 argument(s).");
  if (args.size() > 21)
    throw BindError(loc, "Msg 2747: Too many substitution parameters for FORMATMESSAGE. Cannot exceed 20 substitution "
                         "parameters.");
  const ExprPtr& message = args[0];
  if (is_null_constant(message)) return constant(Value::null_of(DataType::varchar(0)));
  if (!message->type.is_string())
    throw BindError(loc, "FORMATMESSAGE with a message number reads sys.messages, which Tessera does not have: give the "
                         "message as a string.");
  const auto is_integer = [](const DataType& t) { return t.id == TypeId::Int32 || t.id == TypeId::Int64; };
  for (size_t i = 1; i < args.size(); ++i) {
    const DataType& t = args[i]->type;
    if (!is_null_constant(args[i]) && !is_integer(t) && !t.is_string())
      throw BindError(loc, "Msg 2748: Cannot specify " + type_text(t) + " data type (parameter " + std::to_string(i) +
                               ") as a substitution parameter.");
  }
  if (message->is_constant()) {
    // The placeholders in order against the parameters (string_message.cpp's parse, the flags and size only read).
    const std::string& f = message->value.s;
    size_t next = 1;
    const auto check = [&](bool integer, bool wide) {
      if (next >= args.size()) return;  // missing: (null)
      const ExprPtr& a = args[next];
      const DataType& t = a->type;
      const bool ok = is_null_constant(a) || (integer ? is_integer(t) && (t.id == TypeId::Int32 || wide) : t.is_string());
      if (!ok)
        throw BindError(loc, "Msg 2786: The data type of substitution parameter " + std::to_string(next) +
                                 " does not match the expected type of the format specification.");
      ++next;
    };
    for (size_t pos = 0; pos < f.size(); ++pos) {
      if (f[pos] != '%') continue;
      if (pos + 1 < f.size() && f[pos + 1] == '%') {
        ++pos;
        continue;
      }
      size_t i = pos + 1;
      while (i < f.size() && std::string_view("-+0# ").find(f[i]) != std::string_view::npos) ++i;
      bool width_star = false, precision_star = false;
      if (i < f.size() && f[i] == '*') width_star = true, ++i;
      else while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) ++i;
      if (i < f.size() && f[i] == '.') {
        ++i;
        if (i < f.size() && f[i] == '*') precision_star = true, ++i;
        else while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) ++i;
      }
      bool wide = false;
      if (i < f.size() && (f[i] == 'h' || f[i] == 'l')) ++i;
      else if (f.compare(i, 3, "I64") == 0) wide = true, i += 3;
      if (i >= f.size() || std::string_view("diouxXs").find(f[i]) == std::string_view::npos) continue;
      if (width_star) check(true, false);
      if (precision_star) check(true, false);
      check(f[i] != 's', wide);
      pos = i;
    }
  }
  std::vector<ExprPtr> params;
  for (size_t i = 1; i < args.size(); ++i)
    params.push_back(is_null_constant(args[i]) ? constant(Value::null_of(DataType::varchar(0))) : as_text(args[i], loc));
  const fn::FunctionSpec& spec = kernel_spec("formatmessage", loc);
  ExprPtr acc = as_text(message, loc);
  size_t i = 0;
  do {
    const size_t k = std::min<size_t>(fn::kFormatMessageMaxParams, params.size() - i);
    const bool last = i + k == params.size();
    std::vector<ExprPtr> link{acc};
    for (size_t j = 0; j < fn::kFormatMessageMaxParams; ++j)
      link.push_back(j < k ? params[i + j] : constant(Value::null_of(DataType::varchar(0))));
    link.push_back(constant(Value::int32(static_cast<int32_t>(k) | (last ? fn::kFormatMessageLast : 0))));
    acc = call("FORMATMESSAGE", std::move(link), loc, std::nullopt, &spec);
    i += k;
  } while (i < params.size());
  return acc;
}

// JSON_OBJECT([key : value, ...] [NULL | ABSENT ON NULL]) and JSON_ARRAY([value, ...] [...]) (SQL Server 2022):
// each value is text the kernel writes by its kind (fn's json_flags: a string quoted and escaped; a number, or a
// nested JSON_OBJECT / JSON_ARRAY / JSON_QUERY / JSON_MODIFY, as it is; a BIT as true or false), as "How FOR JSON
// converts SQL Server data types to JSON data types" says; chained three members or elements a link from the
// constant '{}' or '[]'.
ExprPtr Binder::bind_json_constructor(const sql::FunctionCallExpr& f, std::vector<ExprPtr>& args) {
  const std::string& n = f.upper_name;
  const sql::SourceLocation loc = f.loc;
  const bool object = n == "JSON_OBJECT";
  if (args.empty() || !args.back()->is_constant() || args.back()->type.id != TypeId::Int32)
    throw BindError(loc, n + " needs its key : value syntax (the parser's form)");
  const bool absent = args.back()->value.i != 0;
  const size_t count = args.size() - 1;
  if (count > (object ? 2 * 127u : 254u))
    throw BindError(loc, "Msg 189: The " + lower(n) + " function requires 0 to " + (object ? "127 key : value pairs."
                                                                                          : "254 arguments."));
  constexpr int32_t kString = 0, kRaw = 1, kBit = 2;  // string_json.cpp's kJsonValue*
  const auto is_json_call = [](const sql::Expr& e) {
    if (e.kind != sql::ExprKind::FunctionCall) return false;
    const std::string& name = e.as<sql::FunctionCallExpr>().upper_name;
    return name == "JSON_OBJECT" || name == "JSON_ARRAY" || name == "JSON_QUERY" || name == "JSON_MODIFY";
  };
  sql::TypeName varchar;
  varchar.id = sql::TypeId::VarChar;
  varchar.spelling = "VARCHAR";
  varchar.loc = loc;
  struct Member {
    ExprPtr key;  // JSON_OBJECT's
    ExprPtr value;
    int32_t kind;
  };
  std::vector<Member> members;
  const size_t step = object ? 2 : 1;
  for (size_t i = 0; i < count; i += step) {
    Member m;
    if (object) {
      if (is_null_constant(args[i]))
        throw BindError(f.args[i]->loc, "Msg 8116: The key of a JSON_OBJECT member cannot be NULL.");
      m.key = as_text(args[i], f.args[i]->loc);
    }
    const size_t vi = object ? i + 1 : i;
    ExprPtr v = args[vi];
    const sql::SourceLocation vloc = f.args[vi]->loc;
    if (is_null_constant(v)) {
      if (absent) continue;
      m.value = constant(Value::string("null"));
      m.kind = kRaw;
    } else if (is_json_call(*f.args[vi])) {
      m.value = as_text(v, vloc);
      m.kind = kRaw;
    } else {
      switch (v->type.id) {
        case TypeId::Bool: m.value = as_text(v, vloc), m.kind = kBit; break;
        case TypeId::Int32:
        case TypeId::Int64:
        case TypeId::Decimal: m.value = as_text(v, vloc), m.kind = kRaw; break;
        case TypeId::Double:  // FLOAT: CONVERT(varchar, x, 2), as JSON_MODIFY writes it
          m.value = bind_cast(v, varchar, constant(Value::int32(2)), false, vloc), m.kind = kRaw;
          break;
        case TypeId::DateTime2:
        case TypeId::DateTime:
        case TypeId::SmallDateTime:  // ISO 8601 with the T, as FOR JSON writes dates and times
          m.value = bind_cast(v, varchar, constant(Value::int32(126)), false, vloc), m.kind = kString;
          break;
        default: m.value = as_text(v, vloc), m.kind = kString;  // strings, DATE, TIME, MONEY
      }
    }
    members.push_back(std::move(m));
  }
  ExprPtr acc = constant(Value::string(object ? "{}" : "[]"));
  for (size_t i = 0; i < members.size(); i += 3) {
    const size_t k = std::min<size_t>(3, members.size() - i);
    std::vector<ExprPtr> link{acc};
    int32_t flags = absent ? 1 : 0;
    for (size_t j = 0; j < k; ++j) {
      const Member& m = members[i + j];
      if (object) link.push_back(m.key);
      link.push_back(m.value);
      flags |= m.kind << (1 + 2 * j);
    }
    link.push_back(constant(Value::int32(flags)));
    const std::string kernel = std::string(object ? "json_object_" : "json_array_") + std::to_string(k);
    acc = call(n, std::move(link), loc, std::nullopt, &kernel_spec(kernel, loc));
  }
  return acc;
}

// The clock: UTC from the system clock in 100-ns ticks, the zone's offset from the C library's local time.
StatementInstant statement_instant() {
  const auto now = std::chrono::system_clock::now();
  const int64_t ticks =
      std::chrono::duration_cast<std::chrono::duration<int64_t, std::ratio<1, 10'000'000>>>(now.time_since_epoch())
          .count();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  std::tm local{};
  int64_t offset = 0;
  tzset();  // TZ as it is now (localtime_r need not read it again)
  if (localtime_r(&seconds, &local) != nullptr) offset = static_cast<int64_t>(local.tm_gmtoff) * 10'000'000;
  return {ticks, offset};
}

// SYSDATETIME() and SYSUTCDATETIME() are DATETIME2(7), GETDATE(), GETUTCDATE() and CURRENT_TIMESTAMP DATETIME (the
// same instant on DATETIME's grid), CURRENT_DATE (SQL Server 2025) a DATE; the local ones add the zone's offset. Inside
// ODBC's escape also CURDATE() (CURRENT_DATE), CURTIME() (TIME(7)) and CURRENT_TIME[(p)] (TIME(p), 7 when omitted): the
// time of day of GETDATE()'s value. Each is its own kernel over the statement's instant and offset (constants of the
// statement: the kernel's arguments are constants, folded here).
ExprPtr Binder::bind_current_time(const std::string& n, const std::vector<ExprPtr>& args, sql::SourceLocation loc,
                                  bool odbc) {
  struct Form {
    std::string_view name, kernel;
    bool utc;
    DataType type;
  };
  static const Form kForms[] = {
      {"SYSDATETIME", "current_datetime", false, DataType::datetime2(7)},
      {"SYSUTCDATETIME", "sysutcdatetime", true, DataType::datetime2(7)},
      {"GETDATE", "getdate", false, DataType::datetime()},
      {"CURRENT_TIMESTAMP", "current_timestamp", false, DataType::datetime()},
      {"GETUTCDATE", "getutcdate", true, DataType::datetime()},
      {"CURRENT_DATE", "current_date", false, DataType::date()},
      {"CURDATE", "curdate", false, DataType::date()},
      {"CURTIME", "curtime", false, DataType::time(7)},
      {"CURRENT_TIME", "current_time", false, DataType::time(7)},
  };
  const Form* form = nullptr;
  for (const Form& f : kForms)
    if (f.name == n) form = &f;
  if (!form || (!odbc && (n == "CURDATE" || n == "CURTIME" || n == "CURRENT_TIME"))) return nullptr;
  const bool precision = form->kernel == "current_time";
  if (args.size() > (precision ? 1u : 0u))
    throw BindError(loc, "Msg 174: The " + lower(n) + " function requires " + (precision ? "0 or 1" : "0") +
                             " argument(s).");
  if (!instant_) instant_ = env_.instant ? *env_.instant : statement_instant();
  const ExprPtr instant = constant(Value::int64(instant_->utc_ticks));
  const fn::FunctionSpec* spec = &kernel_spec(form->kernel, loc);
  if (form->utc) return call(n, {instant}, loc, form->type, spec);
  std::vector<ExprPtr> kernel_args{instant, constant(Value::int64(instant_->offset_ticks))};
  DataType type = form->type;
  if (form->kernel == "current_datetime") kernel_args.push_back(constant(Value::int32(7)));  // its grid
  if (precision) {
    int64_t digits = 7;
    if (!args.empty()) {
      const ExprPtr& p = args[0];
      if (!p->is_constant() || p->value.null || !is_integer(p->type))
        throw BindError(loc, "the precision of CURRENT_TIME must be an integer constant from 0 to 7");
      digits = p->value.i;
      if (digits < 0 || digits > 7)
        throw BindError(loc, "Msg 1002: Line " + std::to_string(loc.line) + ": Specified scale " +
                                 std::to_string(digits) + " is invalid.");
    }
    kernel_args.push_back(constant(Value::int32(static_cast<int32_t>(digits))));
    type = DataType::time(static_cast<int>(digits));
  }
  return call(n, std::move(kernel_args), loc, type, spec);
}

// {fn OCTET_LENGTH(x)} and {fn BIT_LENGTH(x)}: a string's bytes (UTF-8) and bits through the kernels; any other type
// is not converted to text: its internal size, as DATALENGTH gives it in SQL Server (INT 4, DATE 3, DECIMAL(p) 5 to
// 17, ...; TINYINT and SMALLINT are stored as INT here, so 4), NULL for NULL.
ExprPtr Binder::bind_odbc_length(const std::string& n, std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  if (n != "OCTET_LENGTH" && n != "BIT_LENGTH") return nullptr;
  if (args.size() != 1) throw BindError(loc, "Msg 174: The " + lower(n) + " function requires 1 argument(s).");
  const ExprPtr& x = args[0];
  if (x->type.is_string()) return nullptr;  // the kernels
  if (x->is_constant() && x->value.null) return constant(Value::null_of(DataType::int32()));
  const DataType& t = x->type;
  auto by_digits = [](int digits, int small, int medium) { return digits <= 2 ? small : digits <= 4 ? medium : medium + 1; };
  int32_t bytes = 0;
  switch (t.id) {
    case TypeId::Bool: bytes = 1; break;
    case TypeId::Int32: bytes = 4; break;
    case TypeId::Int64:
    case TypeId::Double:
    case TypeId::Money:
    case TypeId::DateTime: bytes = 8; break;
    case TypeId::SmallDateTime: bytes = 4; break;
    case TypeId::Date: bytes = 3; break;
    case TypeId::Time: bytes = by_digits(t.precision, 3, 4); break;
    case TypeId::DateTime2: bytes = by_digits(t.precision, 6, 7); break;
    case TypeId::Decimal: bytes = t.precision <= 9 ? 5 : t.precision <= 19 ? 9 : t.precision <= 28 ? 13 : 17; break;
    default: throw BindError(loc, "Msg 8116: Argument data type " + type_text(t) + " is invalid for argument 1 of " +
                                      lower(n) + " function.");
  }
  const int32_t size = n == "BIT_LENGTH" ? bytes * 8 : bytes;
  return fold(null_when(is_null(x), constant(Value::int32(size))));
}

// NULLIF, IIF and CHOOSE are CASE expressions (as SQL Server documents them), the engine's own on either device.
ExprPtr Binder::bind_case_function(const std::string& n, std::vector<ExprPtr>& args, sql::SourceLocation loc) {
  auto make_case = [&](std::vector<ExprPtr> case_args, const DataType& t, bool has_else) {
    auto r = std::make_shared<Expr>();
    r->kind = ExprKind::Case;
    r->type = t;
    r->has_else = has_else;
    r->args = std::move(case_args);
    return fold(r);
  };
  // The type of the results: their precedence type (NULL constants aside); INT when all are NULL.
  auto result_type = [&](const std::vector<ExprPtr>& results) {
    std::optional<DataType> t;
    for (const ExprPtr& r : results) {
      if (is_null_constant(r)) continue;
      const std::optional<DataType> next = t ? precedence_type(*t, r->type) : r->type;
      if (!next)
        throw BindError(loc, "Msg 206: Operand type clash: " + type_text(*t) + " is incompatible with " + type_text(r->type));
      t = next;
    }
    return t;
  };
  auto converted = [&](ExprPtr e, const DataType& t) {
    if (e->type.is_string() && !t.is_string() && !e->is_constant()) return cast_to(e, t, loc);
    if (e->type.is_string() && t.is_string()) return e;
    return coerce(e, t, loc);
  };
  if (n == "NULLIF") {
    // NULLIF(a, b): NULL when a = b, else a (Msg 174 for another count; a NULL constant first is Msg 4151).
    if (args.size() != 2) throw BindError(loc, "Msg 174: The nullif function requires 2 argument(s).");
    if (is_null_constant(args[0]))
      throw BindError(loc, "Msg 4151: The type of the first argument to NULLIF cannot be the NULL constant because the "
                           "type of the first argument has to be known.");
    const ExprPtr equal = bind_comparison(sql::BinaryOp::Eq, args[0], args[1], loc);
    return make_case({equal, constant(Value::null_of(args[0]->type)), args[0]}, args[0]->type, true);
  }
  if (n == "IIF") {
    // IIF(condition, a, b): CASE WHEN condition THEN a ELSE b END (both NULL constants: Msg 8133).
    if (args.size() != 3) throw BindError(loc, "Msg 174: The iif function requires 3 argument(s).");
    const std::optional<DataType> t = result_type({args[1], args[2]});
    if (!t)
      throw BindError(loc, "Msg 8133: At least one of the result expressions in a CASE specification must be an "
                           "expression other than the NULL constant.");
    return make_case({coerce(args[0], DataType::boolean(), loc), converted(args[1], *t), converted(args[2], *t)}, *t,
                     true);
  }
  // CHOOSE(index, v1, ..., vn): v[index], NULL for an index outside 1..n.
  if (args.size() < 2) throw BindError(loc, "Msg 189: The choose function requires 2 to 254 arguments.");
  ExprPtr index = args[0];
  if (!is_null_constant(index) && !is_integer(index->type)) index = cast_to(index, DataType::int32(), loc);
  const std::vector<ExprPtr> values(args.begin() + 1, args.end());
  const DataType t = result_type(values).value_or(DataType::int32());
  std::vector<ExprPtr> case_args;
  for (size_t i = 0; i < values.size(); ++i) {
    case_args.push_back(bind_comparison(sql::BinaryOp::Eq, index, constant(Value::int32(static_cast<int32_t>(i + 1))), loc));
    case_args.push_back(is_null_constant(values[i]) ? constant(Value::null_of(t)) : converted(values[i], t));
  }
  return make_case(std::move(case_args), t, false);
}

}  // namespace tessera::plan
