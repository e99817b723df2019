#include "tessera/sql/token.hpp"

#include <algorithm>
#include <array>

namespace tessera::sql {

std::string to_string(SourceLocation loc) {
  return std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

ParseError::ParseError(SourceLocation loc, std::string message)
    : tessera::Error(to_string(loc) + ": " + message), loc_(loc), message_(std::move(message)) {}

bool Token::is_word(std::string_view upper) const {
  if (kind != TokenKind::Identifier || text.size() != upper.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (c != upper[i]) return false;
  }
  return true;
}

std::string_view token_kind_name(TokenKind k) {
  switch (k) {
    case TokenKind::End: return "end of input";
    case TokenKind::Identifier: return "identifier";
    case TokenKind::QuotedIdentifier: return "quoted identifier";
    case TokenKind::Keyword: return "keyword";
    case TokenKind::Integer: return "integer";
    case TokenKind::Number: return "number";
    case TokenKind::String: return "string literal";
    case TokenKind::LParen: return "'('";
    case TokenKind::RParen: return "')'";
    case TokenKind::Comma: return "','";
    case TokenKind::Dot: return "'.'";
    case TokenKind::Semicolon: return "';'";
    case TokenKind::Plus: return "'+'";
    case TokenKind::Minus: return "'-'";
    case TokenKind::Star: return "'*'";
    case TokenKind::Slash: return "'/'";
    case TokenKind::Percent: return "'%'";
    case TokenKind::Eq: return "'='";
    case TokenKind::NotEq: return "'<>'";
    case TokenKind::Lt: return "'<'";
    case TokenKind::LtEq: return "'<='";
    case TokenKind::Gt: return "'>'";
    case TokenKind::GtEq: return "'>='";
    case TokenKind::Colon: return "':'";
    case TokenKind::Ampersand: return "'&'";
    case TokenKind::Pipe: return "'|'";
    case TokenKind::Caret: return "'^'";
    case TokenKind::Tilde: return "'~'";
    case TokenKind::LBrace: return "'{'";
    case TokenKind::RBrace: return "'}'";
  }
  return "?";
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case TokenKind::End: return "end of input";
    case TokenKind::String: {
      std::string s = t.spelling.size() > 40 ? t.spelling.substr(0, 37) + "..." : t.spelling;
      return "string literal " + s;
    }
    default: {
      std::string s = t.spelling.size() > 40 ? t.spelling.substr(0, 37) + "..." : t.spelling;
      return "'" + s + "'";
    }
  }
}

bool is_reserved_word(std::string_view upper) {
  // Sorted, for binary search.
  static constexpr std::array<std::string_view, 56> kReserved = {
      "ALL", "AND", "AS", "ASC", "BETWEEN", "BY", "CASE", "CAST", "CREATE", "CROSS", "DESC", "DISTINCT",
      "DROP", "ELSE", "END", "ESCAPE", "EXCEPT", "EXISTS", "FALSE", "FETCH", "FOR", "FROM", "FULL", "GROUP",
      "HAVING", "IN", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "JOIN", "LEFT", "LIKE", "LIMIT", "NOT",
      "NULL", "OFFSET", "ON", "OR", "ORDER", "OUTER", "RIGHT", "SELECT", "TABLE", "THEN", "TOP", "TRUE",
      "TRUNCATE", "TRY_CAST", "UNION", "VALUES", "VIEW", "WHEN", "WHERE", "WITH"};
  static const bool sorted = std::is_sorted(kReserved.begin(), kReserved.end());
  if (!sorted) return std::find(kReserved.begin(), kReserved.end(), upper) != kReserved.end();
  return std::binary_search(kReserved.begin(), kReserved.end(), upper);
}

}  // namespace tessera::sql
