// A small T-SQL tokenizer for the statements the server reads itself (SET options, logins, transactions, the
// probes clients send on connect) and for finding @parameters in a statement: strings ('..', N'..', with ''
// inside), quoted identifiers ("..", [..]), -- and nested /* */ comments (skipped), @variables, @@system
// variables, words, numbers and symbols. It never fails: an unterminated string, identifier or comment runs to
// the end of the text and is marked, so that the engine (which lexes every statement again) reports it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::server {

enum class SqlTokenKind {
  Word,            // SELECT, sa, us_english: letters, digits, _ # $ @ (not first), and any non-ASCII byte
  QuotedName,      // "name" or [name]; `value` holds the name without quotes
  String,          // 'text' or N'text'; `value` holds the text with '' undone
  Number,          // 42, 1.5, 2E10, 0x1F
  Variable,        // @name (`text` with the @)
  SystemVariable,  // @@name
  Symbol,          // one character: ( ) , = . ; * and the rest; <> >= <= != as two
};

struct SqlToken {
  SqlTokenKind kind = SqlTokenKind::Symbol;
  std::string_view text;  // the token as written
  std::string value;      // String: its text; QuotedName: the name; else the same as text
  size_t begin = 0;       // byte offsets into the tokenized text
  size_t end = 0;
  bool unicode = false;     // String: written N'...'
  bool unterminated = false;  // String, QuotedName: the text ended first

  // A Word equal to `keyword`, ignoring case (a quoted [SET] is a name, not the keyword).
  bool is(std::string_view keyword) const;
  bool is_symbol(std::string_view symbol) const { return kind == SqlTokenKind::Symbol && text == symbol; }
  bool is_name() const { return kind == SqlTokenKind::Word || kind == SqlTokenKind::QuotedName; }
};

struct SqlTokens {
  std::vector<SqlToken> tokens;
  bool unterminated_comment = false;
};

SqlTokens tokenize_sql(std::string_view sql);

// ASCII case-insensitive equality and upper case: SQL Server's keywords, names of logins and parameters.
bool iequals(std::string_view a, std::string_view b);
std::string to_upper_ascii(std::string_view s);

// 'text' with every ' doubled, or N'text' when `unicode`: a string literal for SQL text.
std::string quote_string_literal(std::string_view text, bool unicode = true);

}  // namespace tessera::server
