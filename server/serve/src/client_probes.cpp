#include "tessera/server/client_probes.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "tessera/server/logins.hpp"
#include "tessera/server/sql_error.hpp"
#include "tessera/server/sql_tokens.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::server {

namespace {

using Tokens = std::vector<SqlToken>;

constexpr int64_t kDatabaseId = 5;  // DB_ID(): the first id SQL Server gives a user database

struct SystemValue {
  tds::ColumnType type;
  tds::Value value;
};

SystemValue text_value(std::string s, uint32_t declared_length = 128) {
  const uint32_t length = std::max<uint32_t>(declared_length, static_cast<uint32_t>(tds::utf16_length(s)));
  return {tds::ColumnType::nvarchar(std::min<uint32_t>(length, 4000)), tds::Value::string(std::move(s))};
}
SystemValue int_value(tds::SqlType type, int64_t v) { return {tds::ColumnType::of(type), tds::Value::integer(v)}; }
SystemValue null_text() { return {tds::ColumnType::nvarchar(128), tds::Value::null()}; }

SqlError syntax_error_near(const Tokens& t, size_t i) {
  const std::string near = i < t.size() ? std::string(t[i].text) : "end of statement";
  return SqlError(102, 15, 1, "Incorrect syntax near '" + near + "'.");
}

// The database user a login acts as: sa is dbo, as in SQL Server.
std::string user_name(const SessionState& s) { return iequals(s.login, kAdministratorLogin) ? "dbo" : s.login; }

// @@NAME (without the @@, upper case); nullopt for a name SQL Server does not have.
std::optional<SystemValue> system_variable(std::string_view name, const SessionState& s, const ServerIdentity& server) {
  using tds::SqlType;
  if (name == "VERSION") return text_value(server.version_text(), 300);
  if (name == "SERVERNAME") return text_value(server.server_name);
  if (name == "SERVICENAME") return text_value("MSSQLSERVER");
  if (name == "LANGUAGE") return text_value("us_english");
  if (name == "SPID") return int_value(SqlType::SmallInt, s.spid);
  if (name == "TRANCOUNT") return int_value(SqlType::Int, s.trancount);
  if (name == "ROWCOUNT") return int_value(SqlType::Int, std::min<int64_t>(s.last_rowcount, INT32_MAX));
  if (name == "ERROR") return int_value(SqlType::Int, s.last_error);
  if (name == "OPTIONS") return int_value(SqlType::Int, s.options);
  if (name == "TEXTSIZE") return int_value(SqlType::Int, std::min<int64_t>(s.textsize, INT32_MAX));
  if (name == "LOCK_TIMEOUT") return int_value(SqlType::Int, s.lock_timeout);
  if (name == "DATEFIRST") return int_value(SqlType::TinyInt, 7);
  if (name == "LANGID") return int_value(SqlType::SmallInt, 0);
  if (name == "MAX_PRECISION") return int_value(SqlType::TinyInt, 38);
  if (name == "MAX_CONNECTIONS") return int_value(SqlType::Int, 32767);
  if (name == "NESTLEVEL" || name == "PROCID") return int_value(SqlType::Int, 0);
  if (name == "MICROSOFTVERSION")
    return int_value(SqlType::Int, (int64_t{server.program_version.major} << 24) |
                                       (int64_t{server.program_version.minor} << 16) | server.program_version.build);
  if (name == "IDENTITY") return SystemValue{tds::ColumnType::decimal(38, 0), tds::Value::null()};  // no IDENTITY columns
  return std::nullopt;
}

std::optional<SystemValue> server_property(std::string_view property, const ServerIdentity& server) {
  const std::string p = to_upper_ascii(property);
  using tds::SqlType;
  if (p == "PRODUCTVERSION") return text_value(server.product_version);
  if (p == "PRODUCTMAJORVERSION") return text_value(std::to_string(server.program_version.major));
  if (p == "PRODUCTMINORVERSION") return text_value(std::to_string(server.program_version.minor));
  if (p == "PRODUCTBUILD") return text_value(std::to_string(server.program_version.build));
  if (p == "PRODUCTLEVEL") return text_value("RTM");
  if (p == "EDITION") return text_value("Tessera (64-bit)");
  if (p == "ENGINEEDITION") return int_value(SqlType::Int, 3);  // what drivers read as a full-featured edition
  if (p == "SERVERNAME" || p == "MACHINENAME") return text_value(server.server_name);
  if (p == "COLLATION") return text_value(server.collation_name);
  if (p == "PROCESSID") return int_value(SqlType::Int, server.process_id);
  if (p == "ISINTEGRATEDSECURITYONLY" || p == "ISCLUSTERED" || p == "ISFULLTEXTINSTALLED" || p == "ISHADRENABLED" ||
      p == "ISSINGLEUSER" || p == "ISLOCALDB" || p == "ISXTPSUPPORTED" || p == "ISPOLYBASEINSTALLED")
    return int_value(SqlType::Int, 0);
  return null_text();  // SQL Server's answer for a property it does not know
}

class Cursor {
 public:
  Cursor(const Tokens& t, size_t i) : t_(t), i_(i) {}
  bool at_end() const { return i_ >= t_.size(); }
  const SqlToken* peek(size_t ahead = 0) const { return i_ + ahead < t_.size() ? &t_[i_ + ahead] : nullptr; }
  bool is(std::string_view keyword, size_t ahead = 0) const { return peek(ahead) && peek(ahead)->is(keyword); }
  bool is_symbol(std::string_view s, size_t ahead = 0) const { return peek(ahead) && peek(ahead)->is_symbol(s); }
  const SqlToken& take() { return t_[i_++]; }
  size_t position() const { return i_; }
  void reset(size_t i) { i_ = i; }
  const Tokens& tokens() const { return t_; }

 private:
  const Tokens& t_;
  size_t i_;
};

// A CAST/CONVERT target the probes convert to: the character types and the integers; nullopt for others.
std::optional<tds::ColumnType> probe_cast_type(Cursor& c) {
  if (c.at_end() || !c.peek()->is_name()) return std::nullopt;
  const std::string name = to_upper_ascii(c.take().value);
  uint32_t length = 0;
  if (c.is_symbol("(")) {
    c.take();
    if (c.is("MAX")) {
      c.take();
      length = tds::ColumnType::kMax;
    } else if (!c.at_end() && c.peek()->kind == SqlTokenKind::Number) {
      const std::string_view digits = c.take().text;
      std::from_chars(digits.data(), digits.data() + digits.size(), length);
    } else {
      return std::nullopt;
    }
    if (!c.is_symbol(")")) return std::nullopt;
    c.take();
  }
  using tds::SqlType;
  if (name == "SYSNAME") return tds::ColumnType::nvarchar(128);
  if (name == "NVARCHAR" || name == "VARCHAR" || name == "NCHAR" || name == "CHAR")
    return tds::ColumnType::nvarchar(length == 0 ? 30 : std::min<uint32_t>(length, 4000));  // SQL Server's default 30
  if (name == "INT") return tds::ColumnType::of(SqlType::Int);
  if (name == "BIGINT") return tds::ColumnType::of(SqlType::BigInt);
  if (name == "SMALLINT") return tds::ColumnType::of(SqlType::SmallInt);
  if (name == "TINYINT") return tds::ColumnType::of(SqlType::TinyInt);
  return std::nullopt;
}

std::optional<SystemValue> convert_probe(SystemValue v, const tds::ColumnType& to) {
  if (to.type == tds::SqlType::NVarChar) {
    std::string text;
    if (v.value.kind() == tds::ValueKind::Int) text = std::to_string(v.value.as<int64_t>());
    else if (v.value.kind() == tds::ValueKind::String) text = v.value.as<std::string>();
    else if (!v.value.is_null()) return std::nullopt;
    if (v.value.is_null()) return SystemValue{to, tds::Value::null()};
    // CAST cuts a string to its length, counted in characters here.
    std::string cut;
    size_t chars = 0;
    for (size_t i = 0; i < text.size() && chars < to.length; ++chars) {
      size_t n = 1;
      while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
      cut.append(text, i, n);
      i += n;
    }
    return SystemValue{to, tds::Value::string(std::move(cut))};
  }
  if (v.value.is_null()) return SystemValue{to, tds::Value::null()};
  int64_t n = 0;
  if (v.value.kind() == tds::ValueKind::Int) {
    n = v.value.as<int64_t>();
  } else if (v.value.kind() == tds::ValueKind::String) {
    const std::string& s = v.value.as<std::string>();
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  } else {
    return std::nullopt;
  }
  return SystemValue{to, tds::Value::integer(n)};
}

// One system value at the cursor, or nullopt (cursor where it was) when the expression is anything else.
std::optional<SystemValue> system_value(Cursor& c, const SessionState& s, const ServerIdentity& server) {
  const size_t start = c.position();
  const auto fail = [&]() -> std::optional<SystemValue> {
    c.reset(start);
    return std::nullopt;
  };
  if (c.at_end()) return std::nullopt;
  const SqlToken& first = c.take();
  if (first.kind == SqlTokenKind::SystemVariable) {
    const std::string name = to_upper_ascii(first.text.substr(2));
    std::optional<SystemValue> v = system_variable(name, s, server);
    if (!v) throw SqlError(137, 15, 2, "Must declare the scalar variable \"" + std::string(first.text) + "\".");
    return v;
  }
  if (first.kind != SqlTokenKind::Word) return fail();
  const std::string word = to_upper_ascii(first.text);
  if (word == "SYSTEM_USER") return text_value(s.login);
  if ((word == "CURRENT_USER" || word == "SESSION_USER" || word == "USER") && !c.is_symbol("(")) return text_value(user_name(s));
  if (!c.is_symbol("(")) return fail();
  c.take();
  // CAST(value AS type), CONVERT(type, value)
  if (word == "CAST") {
    std::optional<SystemValue> inner = system_value(c, s, server);
    if (!inner || !c.is("AS")) return fail();
    c.take();
    const std::optional<tds::ColumnType> to = probe_cast_type(c);
    if (!to || !c.is_symbol(")")) return fail();
    c.take();
    std::optional<SystemValue> converted = convert_probe(std::move(*inner), *to);
    return converted ? converted : fail();
  }
  if (word == "CONVERT") {
    const std::optional<tds::ColumnType> to = probe_cast_type(c);
    if (!to || !c.is_symbol(",")) return fail();
    c.take();
    std::optional<SystemValue> inner = system_value(c, s, server);
    if (!inner || !c.is_symbol(")")) return fail();
    c.take();
    std::optional<SystemValue> converted = convert_probe(std::move(*inner), *to);
    return converted ? converted : fail();
  }
  std::optional<SystemValue> argument;
  std::optional<std::string> string_argument;
  if (!c.is_symbol(")")) {
    if (c.peek()->kind == SqlTokenKind::String) {
      string_argument = c.take().value;
    } else {
      argument = system_value(c, s, server);
      if (!argument) return fail();
    }
  }
  if (!c.is_symbol(")")) return fail();
  c.take();
  const bool none = !argument && !string_argument;
  if (word == "DB_NAME") {
    if (none) return text_value(server.database_name);
    if (argument && argument->value.kind() == tds::ValueKind::Int)
      return argument->value.as<int64_t>() == kDatabaseId ? text_value(server.database_name) : null_text();
    return fail();
  }
  if (word == "DB_ID") {
    if (none) return int_value(tds::SqlType::SmallInt, kDatabaseId);
    if (string_argument)
      return iequals(*string_argument, server.database_name) ? int_value(tds::SqlType::SmallInt, kDatabaseId)
                                                             : SystemValue{tds::ColumnType::of(tds::SqlType::SmallInt), tds::Value::null()};
    return fail();
  }
  if (word == "SERVERPROPERTY" && string_argument) return server_property(*string_argument, server);
  if (!none) return fail();
  if (word == "SCHEMA_NAME") return text_value("dbo");
  if (word == "USER_NAME" || word == "CURRENT_USER") return text_value(user_name(s));
  if (word == "SUSER_NAME" || word == "SUSER_SNAME" || word == "ORIGINAL_LOGIN") return text_value(s.login);
  if (word == "APP_NAME") return text_value(s.app_name);
  if (word == "HOST_NAME") return text_value(s.host_name);
  return fail();
}

bool is_statement_keyword(const SqlToken& t) {
  static constexpr std::string_view kKeywords[] = {"SELECT", "INSERT", "UPDATE", "DELETE", "SET", "IF", "CREATE", "DROP",
                                                   "ALTER", "TRUNCATE", "WITH", "EXEC", "EXECUTE", "USE", "BEGIN",
                                                   "COMMIT", "ROLLBACK", "SAVE", "DECLARE", "PRINT", "FROM", "WHERE",
                                                   "MERGE", "BULK", "EXPLAIN", "GO", "UNION", "ORDER", "GROUP"};
  if (t.kind != SqlTokenKind::Word) return false;
  return std::any_of(std::begin(kKeywords), std::end(kKeywords), [&](std::string_view k) { return t.is(k); });
}

// SELECT <system value> [[AS] alias], ... with nothing after.
std::optional<ProbeAnswer> select_probe(const Tokens& t, const SessionState& s, const ServerIdentity& server) {
  Cursor c(t, 1);
  LocalResult result;
  std::vector<tds::Value> row;
  while (true) {
    std::string name;
    if (c.peek() && c.peek()->is_name() && !is_statement_keyword(*c.peek()) && c.is_symbol("=", 1)) {
      name = c.take().value;
      c.take();
    }
    std::optional<SystemValue> v = system_value(c, s, server);
    if (!v) return std::nullopt;
    if (c.is("AS")) {
      c.take();
      if (c.at_end() || !(c.peek()->is_name() || c.peek()->kind == SqlTokenKind::String)) throw syntax_error_near(t, c.position());
      name = c.take().value;
    } else if (c.peek() && (c.peek()->kind == SqlTokenKind::QuotedName || c.peek()->kind == SqlTokenKind::String ||
                            (c.peek()->kind == SqlTokenKind::Word && !is_statement_keyword(*c.peek())))) {
      name = c.take().value;
    }
    result.columns.push_back({name, v->type, true});
    row.push_back(std::move(v->value));
    if (c.at_end()) break;
    if (!c.is_symbol(",")) return std::nullopt;  // FROM, WHERE, an operator: the engine's statement
    c.take();
  }
  result.rows.push_back(std::move(row));
  ProbeAnswer answer;
  answer.result = std::move(result);
  return answer;
}

// ---- SET ----

struct BooleanOption {
  std::string_view name;
  uint32_t bit;  // 0: not an @@OPTIONS bit
  bool on_ok;
  bool off_ok;
  std::string_view tessera_does;  // for the refusal
};

constexpr BooleanOption kBooleanOptions[] = {
    {"ANSI_NULLS", option_bit::kAnsiNulls, true, false, "comparisons with NULL are unknown (ANSI_NULLS ON)"},
    {"ANSI_PADDING", option_bit::kAnsiPadding, true, false, "trailing blanks are kept (ANSI_PADDING ON)"},
    {"ANSI_WARNINGS", option_bit::kAnsiWarnings, true, false,
     "division by zero, overflow and truncation are errors (ANSI_WARNINGS ON)"},
    {"ARITHABORT", option_bit::kArithAbort, true, true, ""},
    {"ARITHIGNORE", option_bit::kArithIgnore, true, true, ""},
    {"CONCAT_NULL_YIELDS_NULL", option_bit::kConcatNullYieldsNull, true, false,
     "NULL + 'text' is NULL (CONCAT_NULL_YIELDS_NULL ON)"},
    {"CURSOR_CLOSE_ON_COMMIT", option_bit::kCursorCloseOnCommit, true, true, ""},
    {"QUOTED_IDENTIFIER", option_bit::kQuotedIdentifier, true, false, "\"name\" is an identifier (QUOTED_IDENTIFIER ON)"},
    {"NUMERIC_ROUNDABORT", option_bit::kNumericRoundAbort, false, true,
     "decimals are rounded without an error (NUMERIC_ROUNDABORT OFF)"},
    {"XACT_ABORT", option_bit::kXactAbort, true, true, ""},
    {"NOCOUNT", option_bit::kNoCount, true, true, ""},
    {"IMPLICIT_TRANSACTIONS", option_bit::kImplicitTransactions, true, true, ""},
    {"ANSI_NULL_DFLT_ON", option_bit::kAnsiNullDefaultOn, true, false,
     "new columns allow NULL unless declared NOT NULL (ANSI_NULL_DFLT_ON ON)"},
    {"ANSI_NULL_DFLT_OFF", option_bit::kAnsiNullDefaultOff, false, true,
     "new columns allow NULL unless declared NOT NULL (ANSI_NULL_DFLT_OFF OFF)"},
    {"NO_BROWSETABLE", 0, true, true, ""},
    {"REMOTE_PROC_TRANSACTIONS", 0, true, true, ""},
    {"FMTONLY", 0, false, true, "every statement sent is run (FMTONLY OFF)"},
    {"NOEXEC", 0, false, true, "every statement sent is run (NOEXEC OFF)"},
    {"PARSEONLY", 0, false, true, "every statement sent is run (PARSEONLY OFF)"},
    {"FORCEPLAN", 0, false, true, "the optimizer orders joins (FORCEPLAN OFF)"},
    {"SHOWPLAN_ALL", 0, false, true, "plans are shown by EXPLAIN SELECT ... (SHOWPLAN_ALL OFF)"},
    {"SHOWPLAN_TEXT", 0, false, true, "plans are shown by EXPLAIN SELECT ... (SHOWPLAN_TEXT OFF)"},
    {"SHOWPLAN_XML", 0, false, true, "plans are shown by EXPLAIN SELECT ... (SHOWPLAN_XML OFF)"},
};

const BooleanOption* find_boolean_option(const SqlToken& t) {
  for (const BooleanOption& o : kBooleanOptions)
    if (t.is(o.name)) return &o;
  return nullptr;
}

// An integer at the cursor, with an optional '-'.
std::optional<int64_t> take_integer(Cursor& c) {
  bool negative = false;
  const size_t start = c.position();
  if (c.is_symbol("-")) {
    c.take();
    negative = true;
  }
  if (c.at_end() || c.peek()->kind != SqlTokenKind::Number) {
    c.reset(start);
    return std::nullopt;
  }
  const std::string_view digits = c.take().text;
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    c.reset(start);
    return std::nullopt;
  }
  return negative ? -v : v;
}

SqlError refused(const std::string& set, std::string_view tessera_does) {
  return not_supported("SET " + set + " is not supported: in Tessera " + std::string(tessera_does));
}

// One SET clause after the SET keyword; leaves the cursor after it.
void set_clause(Cursor& c, SessionState& s) {
  const Tokens& t = c.tokens();
  if (c.at_end()) throw syntax_error_near(t, c.position());
  if (c.peek()->kind == SqlTokenKind::Variable)
    throw SqlError(137, 15, 2, "Must declare the scalar variable \"" + std::string(c.peek()->text) + "\".");
  const SqlToken& option = c.take();
  const std::string name = to_upper_ascii(option.value);

  if (name == "TRANSACTION") {
    if (!c.is("ISOLATION") || !c.is("LEVEL", 1)) throw syntax_error_near(t, c.position());
    c.take();
    c.take();
    std::string level;
    if (c.is("READ") && (c.is("COMMITTED", 1) || c.is("UNCOMMITTED", 1))) {
      c.take();
      level = "READ " + to_upper_ascii(c.take().text);
    } else if (c.is("REPEATABLE") && c.is("READ", 1)) {
      c.take();
      c.take();
      level = "REPEATABLE READ";
    } else if (c.is("SNAPSHOT") || c.is("SERIALIZABLE")) {
      level = to_upper_ascii(c.take().text);
    } else {
      throw syntax_error_near(t, c.position());
    }
    // Statements run one at a time from the query queue, each against a committed database: every level's
    // guarantees hold for a statement.
    s.isolation_level = level;
    return;
  }
  if (name == "STATISTICS") {
    std::vector<std::string> which;
    while (c.is("IO") || c.is("TIME") || c.is("XML") || c.is("PROFILE")) {
      which.push_back(to_upper_ascii(c.take().text));
      if (!c.is_symbol(",")) break;
      c.take();
    }
    if (which.empty()) throw syntax_error_near(t, c.position());
    if (c.is("OFF")) {
      c.take();
      return;
    }
    if (c.is("ON")) throw refused("STATISTICS " + which.front() + " ON", "EXPLAIN ANALYZE SELECT ... shows each operator's rows and time");
    throw syntax_error_near(t, c.position());
  }
  if (name == "ANSI_DEFAULTS") {
    if (c.is("ON")) {
      c.take();
      for (uint32_t bit : {option_bit::kAnsiNulls, option_bit::kAnsiNullDefaultOn, option_bit::kAnsiPadding,
                           option_bit::kAnsiWarnings, option_bit::kCursorCloseOnCommit,
                           option_bit::kImplicitTransactions, option_bit::kQuotedIdentifier})
        s.set(bit, true);
      return;
    }
    if (c.is("OFF")) throw refused("ANSI_DEFAULTS OFF", "ANSI_NULLS, ANSI_PADDING, ANSI_WARNINGS and QUOTED_IDENTIFIER are ON");
    throw syntax_error_near(t, c.position());
  }
  const auto value_word = [&]() -> std::string {
    if (c.at_end() || !(c.peek()->is_name() || c.peek()->kind == SqlTokenKind::String)) throw syntax_error_near(t, c.position());
    return c.take().value;
  };
  const auto integer = [&]() -> int64_t {
    const std::optional<int64_t> v = take_integer(c);
    if (!v) throw syntax_error_near(t, c.position());
    return *v;
  };
  if (name == "TEXTSIZE") {
    const int64_t v = integer();
    s.textsize = v <= 0 ? 2147483647 : v;  // 0 and -1 restore the default
    return;
  }
  if (name == "LOCK_TIMEOUT") {
    s.lock_timeout = static_cast<int32_t>(std::clamp<int64_t>(integer(), -1, INT32_MAX));
    return;
  }
  if (name == "LANGUAGE") {
    const std::string v = value_word();
    if (!iequals(v, "us_english") && !iequals(v, "English"))
      throw refused("LANGUAGE " + v, "messages, date names and date formats are us_english");
    return;
  }
  if (name == "DATEFORMAT") {
    const std::string v = value_word();
    if (!iequals(v, "mdy")) throw refused("DATEFORMAT " + v, "date strings are read as us_english does (DATEFORMAT mdy)");
    return;
  }
  if (name == "DATEFIRST") {
    const int64_t v = integer();
    if (v != 7) throw refused("DATEFIRST " + std::to_string(v), "weeks start on Sunday (DATEFIRST 7)");
    return;
  }
  if (name == "ROWCOUNT") {
    const int64_t v = integer();
    if (v != 0) throw refused("ROWCOUNT " + std::to_string(v), "statements return all their rows; use TOP (n)");
    return;
  }
  if (name == "QUERY_GOVERNOR_COST_LIMIT") {
    const int64_t v = integer();
    if (v != 0) throw refused("QUERY_GOVERNOR_COST_LIMIT " + std::to_string(v), "the server's --statement-timeout limits statements");
    return;
  }
  if (name == "DEADLOCK_PRIORITY") {
    if (c.is("LOW") || c.is("NORMAL") || c.is("HIGH")) c.take();
    else integer();
    return;  // statements never wait for each other's locks: nothing to prioritise
  }
  // ON/OFF options, possibly several: SET ANSI_NULLS, QUOTED_IDENTIFIER ON
  std::vector<const BooleanOption*> options;
  c.reset(c.position() - 1);
  while (true) {
    if (c.at_end()) throw syntax_error_near(t, c.position());
    const BooleanOption* o = find_boolean_option(*c.peek());
    if (!o) throw SqlError(195, 15, 1, "'" + std::string(c.peek()->text) + "' is not a recognized SET option.");
    c.take();
    options.push_back(o);
    if (!c.is_symbol(",")) break;
    c.take();
  }
  if (!c.is("ON") && !c.is("OFF")) throw syntax_error_near(t, c.position());
  const bool on = c.take().is("ON");
  for (const BooleanOption* o : options)
    if (!(on ? o->on_ok : o->off_ok)) throw refused(std::string(o->name) + (on ? " ON" : " OFF"), o->tessera_does);
  for (const BooleanOption* o : options)
    if (o->bit) s.set(o->bit, on);
}

// ---- transactions ----

void take_transaction_word(Cursor& c) {
  if (c.is("TRAN") || c.is("TRANSACTION") || c.is("WORK")) c.take();
}

// An optional transaction name after TRAN; a statement keyword is the next statement, not a name.
void take_transaction_name(Cursor& c) {
  const SqlToken* t = c.peek();
  if (t && (t->kind == SqlTokenKind::QuotedName || t->kind == SqlTokenKind::Variable ||
            (t->kind == SqlTokenKind::Word && !is_statement_keyword(*t))))
    c.take();
}

// COMMIT/ROLLBACK at the cursor (the keyword not yet taken); `run` false skips it (IF @@TRANCOUNT > 0 was false).
void commit_or_rollback(Cursor& c, SessionState& s, bool run) {
  const bool commit = c.take().is("COMMIT");
  take_transaction_word(c);
  take_transaction_name(c);
  if (!run) return;
  if (commit) commit_transaction(s);
  else rollback_transaction(s);
}

ProbeAnswer answered_up_to(const Tokens& t, const Cursor& c) {
  ProbeAnswer a;
  if (!c.at_end()) {
    if (c.is_symbol(";")) throw syntax_error_near(t, c.position());
    a.rest = t[c.position()].begin;
  }
  return a;
}

}  // namespace

void begin_transaction(SessionState& s) {
  if (s.trancount == 0) s.changes_in_transaction = 0;
  ++s.trancount;
}

void commit_transaction(SessionState& s) {
  if (s.trancount == 0)
    throw SqlError(3902, 16, 1, "The COMMIT TRANSACTION request has no corresponding BEGIN TRANSACTION.");
  if (--s.trancount == 0) s.changes_in_transaction = 0;
}

void rollback_transaction(SessionState& s) {
  if (s.trancount == 0)
    throw SqlError(3903, 16, 1, "The ROLLBACK TRANSACTION request has no corresponding BEGIN TRANSACTION.");
  const int64_t changes = s.changes_in_transaction;
  s.trancount = 0;
  s.changes_in_transaction = 0;
  if (changes > 0)
    throw not_supported("ROLLBACK cannot undo the " + std::to_string(changes) + " statement" + (changes == 1 ? "" : "s") +
                        " that changed data since BEGIN TRANSACTION: Tessera commits every statement when it ends, "
                        "so they stay committed");
}

std::optional<ProbeAnswer> answer_probe(std::string_view statement, SessionState& s, const ServerIdentity& server) {
  const SqlTokens tokens = tokenize_sql(statement);
  const Tokens& t = tokens.tokens;
  if (t.empty() || tokens.unterminated_comment) return std::nullopt;
  Cursor c(t, 0);

  if (t[0].is("SET")) {
    while (c.is("SET")) {
      c.take();
      set_clause(c, s);
    }
    return answered_up_to(t, c);
  }
  if (t[0].is("SELECT")) return select_probe(t, s, server);
  if (t[0].is("USE")) {
    c.take();
    if (c.at_end() || !c.peek()->is_name()) throw syntax_error_near(t, c.position());
    const std::string name = c.take().value;
    if (!iequals(name, server.database_name))
      throw SqlError(911, 16, 1, "Database '" + name + "' does not exist. Make sure that the name is entered correctly. "
                                 "(This server has one database, '" + server.database_name + "'.)");
    ProbeAnswer a = answered_up_to(t, c);
    a.database = server.database_name;
    a.messages.push_back({5701, 2, 0, "Changed database context to '" + server.database_name + "'.", server.server_name, "", 1});
    return a;
  }
  if (t[0].is("BEGIN")) {
    if (c.is("DISTRIBUTED", 1)) throw not_supported("distributed transactions are not supported");
    if (!c.is("TRAN", 1) && !c.is("TRANSACTION", 1)) return std::nullopt;  // BEGIN ... END: the engine's
    c.take();
    c.take();
    take_transaction_name(c);
    if (c.is("WITH")) throw not_supported("BEGIN TRANSACTION ... WITH MARK is not supported");
    begin_transaction(s);
    return answered_up_to(t, c);
  }
  if (t[0].is("COMMIT") || t[0].is("ROLLBACK")) {
    commit_or_rollback(c, s, true);
    return answered_up_to(t, c);
  }
  if (t[0].is("SAVE")) throw not_supported("savepoints (SAVE TRANSACTION) are not supported: Tessera commits every statement when it ends");
  // IF @@TRANCOUNT > 0 COMMIT|ROLLBACK [TRAN] -- how drivers end a transaction that may not be open.
  if (t[0].is("IF") && t.size() >= 5 && t[1].kind == SqlTokenKind::SystemVariable && iequals(t[1].text, "@@TRANCOUNT") &&
      t[2].is_symbol(">") && t[3].text == "0" && (t[4].is("COMMIT") || t[4].is("ROLLBACK"))) {
    c.reset(4);
    commit_or_rollback(c, s, s.trancount > 0);
    return answered_up_to(t, c);
  }
  return std::nullopt;
}

std::string substitute_system_variables(std::string_view sql, const SessionState& s, const ServerIdentity& server) {
  const SqlTokens tokens = tokenize_sql(sql);
  std::string out;
  size_t copied = 0;
  for (const SqlToken& t : tokens.tokens) {
    if (t.kind != SqlTokenKind::SystemVariable) continue;
    const std::optional<SystemValue> v = system_variable(to_upper_ascii(t.text.substr(2)), s, server);
    if (!v) throw SqlError(137, 15, 2, "Must declare the scalar variable \"" + std::string(t.text) + "\".");
    std::string literal;
    if (v->value.is_null()) literal = "NULL";
    else if (v->value.kind() == tds::ValueKind::Int) literal = std::to_string(v->value.as<int64_t>());
    else literal = quote_string_literal(v->value.as<std::string>());
    out.append(sql.substr(copied, t.begin - copied));
    out += "CAST(" + literal + " AS " + tds::sql_name(v->type) + ")";
    copied = t.end;
  }
  out.append(sql.substr(copied));
  return out;
}

}  // namespace tessera::server
