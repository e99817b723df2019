#include "tessera/server/parameters.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tessera/server/sql_error.hpp"
#include "tessera/server/sql_tokens.hpp"
#include "tessera/tds/value.hpp"

namespace tessera::server {

namespace {

// Joins text without `"literal" + std::string&&`, which GCC 12 misreports as overlapping copies (-Wrestrict).
std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

SqlError syntax_error_near(std::string_view token) {
  return SqlError(102, 15, 1, "Incorrect syntax near '" + std::string(token) + "'.");
}

// A type's arguments: none, (n), (MAX) or (p, s).
struct TypeArguments {
  int count = 0;
  bool max = false;
  int64_t values[2] = {0, 0};
};

TypeArguments read_type_arguments(const std::vector<SqlToken>& t, size_t from, std::string_view declared) {
  TypeArguments a;
  if (from == t.size()) return a;
  if (!t[from].is_symbol("(")) throw syntax_error_near(t[from].text);
  size_t i = from + 1;
  while (true) {
    if (i >= t.size()) throw syntax_error_near(declared);
    if (a.count == 0 && t[i].is("MAX")) {
      a.max = true;
    } else if (t[i].kind == SqlTokenKind::Number && a.count < 2 &&
               t[i].text.find_first_not_of("0123456789") == std::string_view::npos && t[i].text.size() <= 9) {
      a.values[a.count] = std::stoll(std::string(t[i].text));
    } else {
      throw syntax_error_near(t[i].text);
    }
    ++a.count;
    ++i;
    if (i < t.size() && t[i].is_symbol(",") && !a.max) {
      ++i;
      continue;
    }
    if (i < t.size() && t[i].is_symbol(")") && i + 1 == t.size()) return a;
    throw syntax_error_near(i < t.size() ? t[i].text : declared);
  }
}

SqlError bad_argument(std::string_view declared, std::string_view what) {
  return SqlError(kNotSupported, 16, 1, std::string(what) + " is declared " + std::string(declared) +
                                            ", which is not a valid type");
}

std::string date_text(int32_t days) {
  const tds::CivilDate c = tds::civil_from_days(days);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", c.year, c.month, c.day);
  return buf;
}

std::string time_text(int64_t ticks) {
  const int64_t seconds = ticks / tds::kTicksPerSecond;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02d:%02d:%02d.%07d", static_cast<int>(seconds / 3600),
                static_cast<int>(seconds / 60 % 60), static_cast<int>(seconds % 60),
                static_cast<int>(ticks % tds::kTicksPerSecond));
  return buf;
}

// The digits of unscaled / 10^scale, with the point: -5 at scale 2 is "-0.05".
std::string scaled_text(__int128 unscaled, int scale) {
  std::string digits = tds::int128_to_string(unscaled);
  const bool negative = digits[0] == '-';
  if (negative) digits.erase(0, 1);
  if (scale > 0) {
    if (static_cast<int>(digits.size()) <= scale) digits.insert(0, static_cast<size_t>(scale + 1) - digits.size(), '0');
    digits.insert(digits.size() - static_cast<size_t>(scale), ".");
  }
  return negative ? "-" + digits : digits;
}

// The literal text of a value (no type around it). SqlError for what SQL text cannot hold.
std::string literal_text(const tds::RpcParameter& p) {
  const tds::Value& v = p.value;
  switch (v.kind()) {
    case tds::ValueKind::Null: return "NULL";
    case tds::ValueKind::Bool: return v.as<bool>() ? "1" : "0";
    case tds::ValueKind::Int: return std::to_string(v.as<int64_t>());
    case tds::ValueKind::Float: {
      const double d = v.as<double>();
      if (!std::isfinite(d))
        throw SqlError(8023, 16, 1, "The incoming tabular data stream (TDS) remote procedure call (RPC) protocol stream "
                                    "is incorrect. " + p.name + ": The supplied value is not a valid instance of data type float.");
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.16E", d);  // 17 significant digits: the double read back exactly
      return buf;
    }
    case tds::ValueKind::Decimal: return scaled_text(v.as<tds::Decimal>().unscaled, v.as<tds::Decimal>().scale);
    case tds::ValueKind::Money: return scaled_text(v.as<tds::Money>().units, 4);
    case tds::ValueKind::Date: return concat({"'", date_text(v.as<tds::Date>().days), "'"});
    case tds::ValueKind::Time: return concat({"'", time_text(v.as<tds::Time>().ticks), "'"});
    case tds::ValueKind::DateTime2: {
      const tds::DateTime2& d = v.as<tds::DateTime2>();
      return concat({"'", date_text(d.days), " ", time_text(d.ticks), "'"});
    }
    case tds::ValueKind::String: return quote_string_literal(v.as<std::string>());
    case tds::ValueKind::DateTimeOffset:
    case tds::ValueKind::Binary: break;
  }
  throw not_supported("the value of " + (p.name.empty() ? std::string("a parameter") : p.name) + " is " +
                      std::string(tds::Value::kind_name(v.kind())) + ", which Tessera has no type for");
}

[[noreturn]] void unsupported_wire_type(const tds::RpcParameter& p, std::string_view type_name) {
  throw not_supported((p.name.empty() ? std::string("a parameter") : p.name) + " is sent as " + std::string(type_name) +
                      ": Tessera has no binary, UNIQUEIDENTIFIER or DATETIMEOFFSET types");
}

}  // namespace

std::string canonical_type(std::string_view declared, std::string_view what) {
  const SqlTokens tokens = tokenize_sql(declared);
  const std::vector<SqlToken>& t = tokens.tokens;
  if (t.empty() || !t[0].is_name()) throw syntax_error_near(t.empty() ? declared : t[0].text);
  const std::string name = to_upper_ascii(t[0].value);
  const TypeArguments a = read_type_arguments(t, 1, declared);
  const auto no_arguments = [&](const std::string& canonical) {
    if (a.count != 0) throw bad_argument(declared, what);
    return canonical;
  };
  const auto length = [&](const std::string& canonical, int64_t max_length, bool max_allowed) {
    if (a.max) {
      if (!max_allowed) throw bad_argument(declared, what);
      return canonical + "(MAX)";
    }
    if (a.count > 1) throw bad_argument(declared, what);
    const int64_t n = a.count == 0 ? 1 : a.values[0];  // SQL Server's default length in a declaration
    if (n < 1 || n > max_length) throw bad_argument(declared, what);
    return canonical + "(" + std::to_string(n) + ")";
  };
  const auto fraction = [&](const std::string& canonical) {
    if (a.max || a.count > 1) throw bad_argument(declared, what);
    const int64_t s = a.count == 0 ? 7 : a.values[0];
    if (s > 7) throw bad_argument(declared, what);
    return canonical + "(" + std::to_string(s) + ")";
  };
  if (name == "INT" || name == "INTEGER") return no_arguments("INT");
  if (name == "BIGINT" || name == "SMALLINT" || name == "TINYINT" || name == "BIT" || name == "MONEY" ||
      name == "SMALLMONEY" || name == "REAL" || name == "DATE" || name == "DATETIME" || name == "SMALLDATETIME")
    return no_arguments(name);
  if (name == "DECIMAL" || name == "DEC" || name == "NUMERIC") {
    if (a.max) throw bad_argument(declared, what);
    const int64_t p = a.count >= 1 ? a.values[0] : 18, s = a.count >= 2 ? a.values[1] : 0;
    if (p < 1 || p > 38 || s > p) throw bad_argument(declared, what);
    return "DECIMAL(" + std::to_string(p) + "," + std::to_string(s) + ")";
  }
  if (name == "FLOAT") {
    if (a.max || a.count > 1) throw bad_argument(declared, what);
    const int64_t bits = a.count == 0 ? 53 : a.values[0];
    if (bits < 1 || bits > 53) throw bad_argument(declared, what);
    return bits <= 24 ? "REAL" : "FLOAT";
  }
  if (name == "TIME" || name == "DATETIME2") return fraction(name);
  if (name == "CHAR" || name == "CHARACTER") return length("CHAR", 8000, false);
  if (name == "VARCHAR") return length("VARCHAR", 8000, true);
  if (name == "NCHAR") return length("NCHAR", 4000, false);
  if (name == "NVARCHAR") return length("NVARCHAR", 4000, true);
  if (name == "TEXT") return no_arguments("VARCHAR(MAX)");
  if (name == "NTEXT") return no_arguments("NVARCHAR(MAX)");
  if (name == "BINARY" || name == "VARBINARY" || name == "IMAGE" || name == "UNIQUEIDENTIFIER" ||
      name == "DATETIMEOFFSET" || name == "XML" || name == "SQL_VARIANT" || name == "TIMESTAMP" ||
      name == "ROWVERSION" || name == "HIERARCHYID" || name == "GEOGRAPHY" || name == "GEOMETRY")
    throw not_supported(std::string(what) + " is declared " + name + ": Tessera has no " + name + " type");
  throw SqlError(2715, 16, 3, "Column, parameter, or variable " + std::string(what) + ": Cannot find data type " +
                                  std::string(t[0].value) + ".");
}

std::vector<ParameterDeclaration> parse_parameter_declarations(std::string_view text) {
  const SqlTokens tokens = tokenize_sql(text);
  const std::vector<SqlToken>& t = tokens.tokens;
  std::vector<ParameterDeclaration> out;
  size_t i = 0;
  while (i < t.size()) {
    if (t[i].kind != SqlTokenKind::Variable || t[i].text.size() < 2) throw syntax_error_near(t[i].text);
    ParameterDeclaration d;
    d.name = std::string(t[i].text);
    ++i;
    // The type runs to the next ',' or OUTPUT at parenthesis depth 0.
    const size_t type_begin = i;
    int depth = 0;
    while (i < t.size() && !(depth == 0 && (t[i].is_symbol(",") || t[i].is("OUTPUT") || t[i].is("OUT") ||
                                             t[i].is("READONLY") || t[i].is_symbol("=")))) {
      if (t[i].is_symbol("(")) ++depth;
      if (t[i].is_symbol(")")) --depth;
      ++i;
    }
    if (i == type_begin) throw syntax_error_near(i < t.size() ? t[i].text : d.name);
    d.type = canonical_type(text.substr(t[type_begin].begin, t[i - 1].end - t[type_begin].begin), d.name);
    if (i < t.size() && t[i].is_symbol("="))
      throw not_supported("default values in parameter declarations (" + d.name + " = ...) are not supported");
    if (i < t.size() && t[i].is("READONLY")) throw not_supported("table-valued parameters (" + d.name + ") are not supported");
    if (i < t.size() && (t[i].is("OUTPUT") || t[i].is("OUT"))) {
      d.output = true;
      ++i;
    }
    for (const ParameterDeclaration& other : out)
      if (iequals(other.name, d.name))
        throw SqlError(134, 15, 1, "The variable name '" + d.name +
                                       "' has already been declared. Variable names must be unique within a query "
                                       "batch or stored procedure.");
    out.push_back(std::move(d));
    if (i == t.size()) break;
    if (!t[i].is_symbol(",") || i + 1 == t.size()) throw syntax_error_near(t[i].text);
    ++i;
  }
  return out;
}

std::vector<BoundParameter> match_parameters(const std::vector<ParameterDeclaration>& declarations,
                                             std::span<const tds::RpcParameter> values, uint16_t first_ordinal,
                                             std::string_view procedure, std::string_view declarations_text,
                                             std::string_view statement) {
  std::vector<BoundParameter> bound(declarations.size());
  for (size_t i = 0; i < declarations.size(); ++i) bound[i].declaration = &declarations[i];
  bool named_seen = false;
  for (size_t k = 0; k < values.size(); ++k) {
    const tds::RpcParameter& v = values[k];
    const uint16_t ordinal = static_cast<uint16_t>(first_ordinal + k);
    size_t slot;
    if (v.name.empty()) {
      if (named_seen)
        throw SqlError(119, 15, 1, "Must pass parameter number " + std::to_string(ordinal + 1) +
                                       " and subsequent parameters as '@name = value'. After the form '@name = value' "
                                       "has been used, all subsequent parameters must be passed in the form '@name = value'.");
      if (k >= declarations.size())
        throw SqlError(8144, 16, 2, "Procedure or function " + std::string(procedure) + " has too many arguments specified.");
      slot = k;
    } else {
      named_seen = true;
      const auto it = std::find_if(declarations.begin(), declarations.end(),
                                   [&](const ParameterDeclaration& d) { return iequals(d.name, v.name); });
      if (it == declarations.end())
        throw SqlError(8145, 16, 2, v.name + " is not a parameter for procedure " + std::string(procedure) + ".");
      slot = static_cast<size_t>(it - declarations.begin());
    }
    if (bound[slot].value)
      throw SqlError(8143, 16, 1, "Parameter '" + declarations[slot].name + "' was supplied multiple times.");
    if (v.is_output() && !declarations[slot].output)
      throw SqlError(8162, 16, 2, "The formal parameter \"" + declarations[slot].name +
                                      "\" was not declared as an OUTPUT parameter, but the actual parameter passed in "
                                      "requested output.");
    if (!v.is_default()) {
      bound[slot].value = &v;
      bound[slot].ordinal = ordinal;
    }
  }
  for (const BoundParameter& b : bound) {
    if (b.value) continue;
    const std::string shown = std::string(statement.substr(0, 200)) + (statement.size() > 200 ? "..." : "");
    throw SqlError(8178, 16, 1, "The parameterized query '(" + std::string(declarations_text) + ")" + shown +
                                    "' expects the parameter '" + b.declaration->name + "', which was not supplied.");
  }
  return bound;
}

std::string bind_parameters(std::string_view sql, const std::vector<BoundParameter>& bound) {
  const SqlTokens tokens = tokenize_sql(sql);
  std::string out;
  size_t copied = 0;
  for (const SqlToken& t : tokens.tokens) {
    if (t.kind != SqlTokenKind::Variable) continue;
    const auto it = std::find_if(bound.begin(), bound.end(),
                                 [&](const BoundParameter& b) { return iequals(b.declaration->name, t.text); });
    if (it == bound.end()) throw SqlError(137, 15, 2, "Must declare the scalar variable \"" + std::string(t.text) + "\".");
    out.append(sql.substr(copied, t.begin - copied));
    out += typed_literal(*it->value, it->declaration->type);
    copied = t.end;
  }
  out.append(sql.substr(copied));
  return out;
}

void check_no_variables(std::string_view sql) {
  for (const SqlToken& t : tokenize_sql(sql).tokens)
    if (t.kind == SqlTokenKind::Variable)
      throw SqlError(137, 15, 2, "Must declare the scalar variable \"" + std::string(t.text) + "\".");
}

std::string wire_sql_type(const tds::RpcParameter& p) {
  const tds::TypeInfo& t = p.type;
  const auto sized = [&](const char* name, uint32_t units) {
    return t.is_plp() ? concat({name, "(MAX)"}) : concat({name, "(", std::to_string(std::max<uint32_t>(units, 1)), ")"});
  };
  using tds::WireType;
  switch (t.type) {
    case WireType::Int1: return "TINYINT";
    case WireType::Int2: return "SMALLINT";
    case WireType::Int4: return "INT";
    case WireType::Int8: return "BIGINT";
    case WireType::IntN:
      return t.max_length == 1 ? "TINYINT" : t.max_length == 2 ? "SMALLINT" : t.max_length == 4 ? "INT" : "BIGINT";
    case WireType::Bit:
    case WireType::BitN: return "BIT";
    case WireType::Float4: return "REAL";
    case WireType::Float8: return "FLOAT";
    case WireType::FloatN: return t.max_length == 4 ? "REAL" : "FLOAT";
    case WireType::DecimalN:
    case WireType::NumericN:
      return "DECIMAL(" + std::to_string(std::max<int>(t.precision, 1)) + "," + std::to_string(t.scale) + ")";
    case WireType::Money: return "MONEY";
    case WireType::Money4: return "SMALLMONEY";
    case WireType::MoneyN: return t.max_length == 4 ? "SMALLMONEY" : "MONEY";
    case WireType::DateTime: return "DATETIME";
    case WireType::DateTime4: return "SMALLDATETIME";
    case WireType::DateTimeN: return t.max_length == 4 ? "SMALLDATETIME" : "DATETIME";
    case WireType::DateN: return "DATE";
    case WireType::TimeN: return "TIME(" + std::to_string(t.scale) + ")";
    case WireType::DateTime2N: return "DATETIME2(" + std::to_string(t.scale) + ")";
    case WireType::BigVarChar: return sized("VARCHAR", t.max_length);
    case WireType::BigChar: return sized("CHAR", t.max_length);
    case WireType::NVarChar: return sized("NVARCHAR", t.max_length / 2);
    case WireType::NChar: return sized("NCHAR", t.max_length / 2);
    case WireType::Text: return "VARCHAR(MAX)";
    case WireType::NText: return "NVARCHAR(MAX)";
    case WireType::DateTimeOffsetN: unsupported_wire_type(p, "DATETIMEOFFSET");
    case WireType::Guid: unsupported_wire_type(p, "UNIQUEIDENTIFIER");
    case WireType::BigVarBinary:
    case WireType::BigBinary:
    case WireType::Image: unsupported_wire_type(p, "binary");
    case WireType::Null: return "INT";  // a typeless NULL
  }
  unsupported_wire_type(p, tds::wire_type_name(static_cast<uint8_t>(t.type)));
}

tds::ColumnType wire_column_type(const tds::RpcParameter& p) {
  const std::string sql = wire_sql_type(p);
  const tds::TypeInfo& t = p.type;
  const auto units = [&](bool wide) -> uint32_t {
    if (t.is_plp() || t.type == tds::WireType::Text || t.type == tds::WireType::NText) return tds::ColumnType::kMax;
    return std::max<uint32_t>(wide ? t.max_length / 2 : t.max_length, 1);
  };
  using tds::SqlType;
  if (sql == "TINYINT") return tds::ColumnType::of(SqlType::TinyInt);
  if (sql == "SMALLINT") return tds::ColumnType::of(SqlType::SmallInt);
  if (sql == "INT") return tds::ColumnType::of(SqlType::Int);
  if (sql == "BIGINT") return tds::ColumnType::of(SqlType::BigInt);
  if (sql == "BIT") return tds::ColumnType::of(SqlType::Bit);
  if (sql == "REAL") return tds::ColumnType::of(SqlType::Real);
  if (sql == "FLOAT") return tds::ColumnType::of(SqlType::Float);
  if (sql.rfind("DECIMAL", 0) == 0) return tds::ColumnType::decimal(std::max<uint8_t>(t.precision, 1), t.scale);
  if (sql == "MONEY") return tds::ColumnType::of(SqlType::Money);
  if (sql == "SMALLMONEY") return tds::ColumnType::of(SqlType::SmallMoney);
  if (sql == "DATETIME") return tds::ColumnType::of(SqlType::DateTime);
  if (sql == "SMALLDATETIME") return tds::ColumnType::of(SqlType::SmallDateTime);
  if (sql == "DATE") return tds::ColumnType::of(SqlType::Date);
  if (sql.rfind("TIME(", 0) == 0) return tds::ColumnType::time(t.scale);
  if (sql.rfind("DATETIME2", 0) == 0) return tds::ColumnType::datetime2(t.scale);
  if (sql.rfind("VARCHAR", 0) == 0) return tds::ColumnType::varchar(units(false));
  if (sql.rfind("CHAR", 0) == 0) return tds::ColumnType::character(units(false));
  if (sql.rfind("NVARCHAR", 0) == 0) return tds::ColumnType::nvarchar(units(true));
  return tds::ColumnType::nchar(units(true));
}

namespace {

// A numeric literal as the value the RPC would carry: an integer that fits BIGINT, a DECIMAL of its digits, or a
// FLOAT for E notation.
tds::RpcParameter number_parameter(std::string_view text, bool negative) {
  tds::RpcParameter p;
  if (text.find_first_of("eE") != std::string_view::npos) {
    const double v = std::strtod(std::string(text).c_str(), nullptr);
    p.type.type = tds::WireType::FloatN;
    p.type.max_length = 8;
    p.value = tds::Value::floating(negative ? -v : v);
    return p;
  }
  const size_t point = text.find('.');
  std::string digits(text);
  if (point != std::string_view::npos) digits.erase(point, 1);
  const size_t first = digits.find_first_not_of('0');
  const std::string significant = first == std::string::npos ? "0" : digits.substr(first);
  const int scale = point == std::string_view::npos ? 0 : static_cast<int>(text.size() - point - 1);
  if (significant.size() > 38 || digits.empty()) throw syntax_error_near(text);
  __int128 unscaled = 0;
  for (char c : significant) unscaled = unscaled * 10 + (c - '0');
  if (negative) unscaled = -unscaled;
  if (scale == 0 && unscaled >= INT64_MIN && unscaled <= INT64_MAX) {
    p.type.type = tds::WireType::IntN;
    p.type.max_length = 8;
    p.value = tds::Value::integer(static_cast<int64_t>(unscaled));
    return p;
  }
  const int precision = std::max<int>(static_cast<int>(significant.size()), std::max(scale, 1));
  p.type.type = tds::WireType::DecimalN;
  p.type.precision = static_cast<uint8_t>(precision);
  p.type.scale = static_cast<uint8_t>(scale);
  p.type.max_length = tds::decimal_length(p.type.precision);
  p.value = tds::Value::decimal(unscaled, p.type.precision, p.type.scale);
  return p;
}

}  // namespace

std::optional<ExecCall> parse_exec_call(std::string_view statement) {
  const SqlTokens tokens = tokenize_sql(statement);
  const std::vector<SqlToken>& t = tokens.tokens;
  if (t.empty()) return std::nullopt;
  // T-SQL lets a batch's first statement call a procedure without EXEC: FreeTDS's ODBC driver sends
  // `sp_datatype_info_100 12,3` so for SQLGetTypeInfo, which pyodbc calls while connecting. A statement that starts
  // with a name beginning sp_ can be nothing else, and must not queue behind another session's query.
  const bool bare = t[0].kind == SqlTokenKind::Word && t[0].text.size() > 3 && iequals(t[0].text.substr(0, 3), "sp_");
  if (!bare && !(t[0].is("EXEC") || t[0].is("EXECUTE"))) return std::nullopt;
  size_t i = bare ? 0 : 1;
  if (i >= t.size() || !t[i].is_name()) throw syntax_error_near(i < t.size() ? t[i].text : statement);
  ExecCall exec;
  tds::RpcCall& call = exec.call;
  call.proc_name = t[i].value;
  ++i;
  while (i < t.size() && t[i].is_symbol(".") && i + 1 < t.size() && t[i + 1].is_name()) {  // sys.sp_executesql
    call.proc_name = t[i + 1].value;
    i += 2;
  }
  // The first argument directly follows the name; each further one follows a ','.
  bool argument_follows = i < t.size() && !(t[i].kind == SqlTokenKind::Word && !t[i].is("NULL") && !t[i].is("DEFAULT"));
  while (i < t.size() && argument_follows) {
    tds::RpcParameter p;
    if (t[i].kind == SqlTokenKind::Variable && i + 1 < t.size() && t[i + 1].is_symbol("=")) {
      p.name = std::string(t[i].text);
      i += 2;
    }
    if (i >= t.size()) throw syntax_error_near(statement.substr(statement.size()));
    const SqlToken& v = t[i];
    const bool negative = v.is_symbol("-") && i + 1 < t.size() && t[i + 1].kind == SqlTokenKind::Number;
    if (negative) ++i;
    const SqlToken& value = t[i];
    if (value.kind == SqlTokenKind::String) {
      if (value.unterminated) throw SqlError(105, 15, 1, "Unclosed quotation mark after the character string '" + value.value + "'.");
      p.type.type = value.unicode ? tds::WireType::NVarChar : tds::WireType::BigVarChar;
      p.type.max_length = tds::kPlpMaxLength;  // (MAX): the literal's own length is no limit
      p.type.collation = tds::kDefaultCollation;
      p.value = tds::Value::string(value.value);
    } else if (value.kind == SqlTokenKind::Number && !value.text.starts_with("0x") && !value.text.starts_with("0X")) {
      const std::string name = p.name;
      p = number_parameter(value.text, negative);
      p.name = name;
    } else if (value.is("NULL")) {
      p.type.type = tds::WireType::IntN;
      p.type.max_length = 4;
    } else if (value.is("DEFAULT")) {
      p.status = tds::param_status::kDefaultValue;
      p.type.type = tds::WireType::IntN;
      p.type.max_length = 4;
    } else {
      throw syntax_error_near(value.text);  // a variable or an expression: Tessera's EXEC takes literals
    }
    ++i;
    if (i < t.size() && (t[i].is("OUTPUT") || t[i].is("OUT"))) {
      p.status |= tds::param_status::kByRefValue;
      ++i;
    }
    call.parameters.push_back(std::move(p));
    argument_follows = i < t.size() && t[i].is_symbol(",");
    if (argument_follows) ++i;
  }
  if (i < t.size()) {
    if (t[i].kind != SqlTokenKind::Word) throw syntax_error_near(t[i].text);
    exec.rest = t[i].begin;  // the next statement
  }
  return exec;
}

std::string typed_literal(const tds::RpcParameter& p, std::string_view declared_type) {
  const std::string own = wire_sql_type(p);
  const std::string literal = literal_text(p);
  if (p.value.is_null()) return "CAST(NULL AS " + std::string(declared_type) + ")";
  // Date-time and time literals carry 7 fraction digits, which only DATETIME2(7) and TIME(7) read (DATETIME's text
  // takes 3): they become those first, then the wire type.
  const std::string literal_type = p.value.kind() == tds::ValueKind::DateTime2 ? "DATETIME2(7)"
                                   : p.value.kind() == tds::ValueKind::Time    ? "TIME(7)"
                                                                               : own;
  std::string expression = "CAST(" + literal + " AS " + literal_type + ")";
  if (literal_type != own) expression = "CAST(" + expression + " AS " + own + ")";
  if (own != declared_type) expression = "CAST(" + expression + " AS " + std::string(declared_type) + ")";
  return expression;
}

}  // namespace tessera::server
