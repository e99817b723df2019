// Tokens of Tessera's SQL dialect and the source locations every token and AST node carries.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tessera/runtime/error.hpp"

namespace tessera::sql {

// 1-based line and column; the column counts characters (UTF-8 code points), tabs count as one.
struct SourceLocation {
  int32_t line = 1;
  int32_t column = 1;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};
std::string to_string(SourceLocation loc);  // "3:17"

// A lexical or syntax error. what() is "line:column: message".
class ParseError : public tessera::Error {
 public:
  ParseError(SourceLocation loc, std::string message);
  SourceLocation location() const { return loc_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation loc_;
  std::string message_;
};

enum class TokenKind : uint8_t {
  End,               // end of input
  Identifier,        // unquoted name that is not a reserved word: text as written
  QuotedIdentifier,  // "x" or [x]: text without the quotes, "" / ]] unescaped
  Keyword,           // reserved word: text upper-cased ("SELECT")
  Integer,           // 123
  Number,            // 1.5, .5, 1e-3 (anything with a '.' or an exponent)
  String,            // 'it''s': text unescaped ("it's")
  LParen, RParen, Comma, Dot, Semicolon,
  Plus, Minus, Star, Slash, Percent,
  Eq, NotEq, Lt, LtEq, Gt, GtEq,
  Colon,             // JSON_OBJECT(key : value)
  Ampersand, Pipe, Caret, Tilde,  // the bitwise operators & | ^ ~
  LBrace, RBrace,    // ODBC's escapes: {fn name(...)}, {d '...'}, {t '...'}, {ts '...'}
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;    // see TokenKind
  std::string spelling;  // the source text of the token, for messages
  SourceLocation loc;

  bool is_keyword(std::string_view upper) const { return kind == TokenKind::Keyword && text == upper; }
  // An unquoted identifier equal to `upper` ignoring case (non-reserved words: DATE, INTERVAL, YEAR ...).
  bool is_word(std::string_view upper) const;
};

// "'FROM'", "'l_shipdate'", "string literal 'abc'", "end of input": how an error message names a token.
std::string describe(const Token& t);
std::string_view token_kind_name(TokenKind k);  // "')'", "identifier", ...

// Reserved words (upper case): cannot be used as unquoted names or aliases.
bool is_reserved_word(std::string_view upper);

}  // namespace tessera::sql
