// See constant_tables.hpp.
#include "constant_tables.hpp"

#include <algorithm>
#include <cstdlib>

namespace tessera::engine {

namespace {

using plan::BindError;
using plan::TableFunctionArg;

// At most this many rows: the series is made whole, in memory.
constexpr __int128 kMaxSeriesRows = 2147483647;

// A number literal's value scaled by 10^scale ("-0.25" at scale 2: -25); false if it is not an exact number or its
// scaled value passes 18 digits.
bool scaled(const std::string& text, int scale, __int128& out) {
  size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) ++i;
  __int128 v = 0;
  int decimals = -1;
  bool digits = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && decimals < 0) {
      decimals = 0;
      continue;
    }
    if (c < '0' || c > '9') return false;
    if (decimals >= 0) {
      if (decimals == scale) {
        if (c != '0') return false;  // more decimals than the scale (the caller chose the largest)
        continue;
      }
      ++decimals;
    }
    v = v * 10 + (c - '0');
    digits = true;
    if (v > static_cast<__int128>(999999999999999999LL)) return false;
  }
  for (int d = std::max(decimals, 0); d < scale; ++d) v *= 10;
  if (!digits || v > static_cast<__int128>(999999999999999999LL)) return false;
  out = negative ? -v : v;
  return true;
}

int decimals_of(const std::string& text) {
  const size_t dot = text.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

storage::Table generate_series(const std::vector<TableFunctionArg>& args, sql::SourceLocation loc, int64_t max_bytes) {
  if (args.size() < 2 || args.size() > 3)
    throw BindError(loc, "GENERATE_SERIES takes 2 or 3 arguments (start, stop [, step]), not " + std::to_string(args.size()));
  bool any_null = false;
  int scale = 0;
  for (const TableFunctionArg& a : args) {
    if (!a.name.empty()) throw BindError(a.loc, "GENERATE_SERIES takes no named arguments ('" + a.name + "')");
    if (a.kind == TableFunctionArg::Kind::Null) {
      any_null = true;
      continue;
    }
    if (a.kind != TableFunctionArg::Kind::Number || a.text.find_first_of("eE") != std::string::npos)
      throw BindError(a.loc, "GENERATE_SERIES takes integer or decimal numbers, not '" + a.text + "'");
    scale = std::max(scale, decimals_of(a.text));
  }
  if (scale > 18) throw BindError(loc, "GENERATE_SERIES: more than 18 decimals");
  std::vector<__int128> v(args.size());
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].kind != TableFunctionArg::Kind::Null && !scaled(args[i].text, scale, v[i]))
      throw BindError(args[i].loc, "GENERATE_SERIES: '" + args[i].text + "' does not fit a DECIMAL(18, " +
                                       std::to_string(scale) + ") or a BIGINT");
  if (args.size() == 3 && args[2].kind != TableFunctionArg::Kind::Null && v[2] == 0)
    throw BindError(args[2].loc, "Msg 4199: Argument value 0 is invalid for argument 3 of generate_series function.");
  const bool wide = std::any_of(v.begin(), v.end(), [](__int128 x) { return x > INT32_MAX || x < INT32_MIN; });
  const storage::DataType type = scale > 0 ? storage::DataType::decimal(18, scale)
                                 : wide    ? storage::DataType::int64()
                                           : storage::DataType::int32();
  storage::Table t("generate_series", storage::Schema({{"value", type, false}}));
  if (any_null) return t;  // no rows, as SQL Server
  const __int128 start = v[0], stop = v[1];
  const __int128 one = [&] {
    __int128 x = 1;
    for (int d = 0; d < scale; ++d) x *= 10;
    return x;
  }();
  const __int128 step = args.size() == 3 ? v[2] : (start <= stop ? one : -one);
  if ((step > 0 && start > stop) || (step < 0 && start < stop)) return t;  // the step leads away from stop: empty
  const __int128 rows = (stop - start) / step + 1;
  if (rows > kMaxSeriesRows)
    throw BindError(loc, "GENERATE_SERIES: " + std::to_string(static_cast<long long>(std::min<__int128>(rows, INT64_MAX))) +
                             " values are more than the 2,147,483,647 one series may make");
  const int64_t bytes = static_cast<int64_t>(rows) * (type.id == storage::TypeId::Int32 ? 4 : 8);
  if (max_bytes > 0 && bytes > max_bytes)
    throw BindError(loc, "GENERATE_SERIES: " + std::to_string(static_cast<long long>(rows)) + " values take " +
                             std::to_string(bytes >> 20) + " MiB, more than the memory limit of " +
                             std::to_string(max_bytes >> 20) + " MiB (--memory-limit)");
  rt::Column& c = t.column(0);
  for (__int128 k = 0; k < rows; ++k) {
    const __int128 x = start + k * step;
    if (type.id == storage::TypeId::Int32) c.append<int32_t>(static_cast<int32_t>(x));
    else c.append<int64_t>(static_cast<int64_t>(x));
  }
  return t;
}

storage::Table string_split(const std::vector<TableFunctionArg>& args, sql::SourceLocation loc) {
  if (args.size() < 2 || args.size() > 3)
    throw BindError(loc, "STRING_SPLIT takes 2 or 3 arguments (string, separator [, enable_ordinal]), not " +
                             std::to_string(args.size()));
  for (const TableFunctionArg& a : args)
    if (!a.name.empty()) throw BindError(a.loc, "STRING_SPLIT takes no named arguments ('" + a.name + "')");
  const TableFunctionArg &text = args[0], &sep = args[1];
  if (text.kind != TableFunctionArg::Kind::String && text.kind != TableFunctionArg::Kind::Null)
    throw BindError(text.loc, "STRING_SPLIT splits a string, not '" + text.text + "'");
  if (sep.kind == TableFunctionArg::Kind::Null || sep.text.size() != 1)
    throw BindError(sep.loc, "Msg 214: Procedure expects parameter 'separator' of type 'nchar(1)/nvarchar(1)'.");
  bool ordinal = false;
  if (args.size() == 3) {
    const TableFunctionArg& o = args[2];
    if (o.kind == TableFunctionArg::Kind::Boolean) ordinal = o.text == "true";
    else if (o.kind == TableFunctionArg::Kind::Number && (o.text == "0" || o.text == "1")) ordinal = o.text == "1";
    else
      throw BindError(o.loc, "Msg 8116: Argument data type " + std::string(o.kind == TableFunctionArg::Kind::Null ? "NULL" : "'" + o.text + "'") +
                                 " is invalid for argument 3 of string_split function.");
  }
  const int width = std::max<int>(1, static_cast<int>(text.text.size()));
  std::vector<storage::Field> fields = {{"value", storage::DataType::varchar(width), false}};
  if (ordinal) fields.push_back({"ordinal", storage::DataType::int64(), false});
  storage::Table t("string_split", storage::Schema(fields));
  if (text.kind == TableFunctionArg::Kind::Null) return t;  // NULL splits into no rows
  const std::string& s = text.text;
  int64_t n = 0;
  for (size_t from = 0;;) {
    const size_t at = s.find(sep.text[0], from);
    const size_t end = at == std::string::npos ? s.size() : at;
    t.column(0).append_string(std::string_view(s).substr(from, end - from));
    if (ordinal) t.column(1).append<int64_t>(++n);
    if (at == std::string::npos) break;
    from = at + 1;
  }
  return t;
}

}  // namespace

std::optional<storage::Table> constant_table(const std::string& name, const std::vector<TableFunctionArg>& args,
                                             sql::SourceLocation loc, int64_t max_bytes) {
  if (name == "generate_series") return generate_series(args, loc, max_bytes);
  if (name == "string_split") return string_split(args, loc);
  return std::nullopt;
}

}  // namespace tessera::engine
