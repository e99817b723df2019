#include "tessera/sql/lexer.hpp"

#include <string>

namespace tessera::sql {
namespace {

bool is_ident_start(unsigned char c) {  // '@': SQL Server's parameter names (CREATE FUNCTION f(@x INT))
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '#' || c == '@' || c >= 0x80;
}
bool is_ident_char(unsigned char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9') || c == '$' || c == '@';
}
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

class Lexer {
 public:
  explicit Lexer(std::string_view sql) : s_(sql) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      skip_space_and_comments();
      Token t;
      t.loc = loc();
      const size_t start = pos_;
      if (pos_ >= s_.size()) {
        t.kind = TokenKind::End;
        out.push_back(std::move(t));
        return out;
      }
      lex_one(t);
      t.spelling = std::string(s_.substr(start, pos_ - start));
      out.push_back(std::move(t));
    }
  }

 private:
  std::string_view s_;
  size_t pos_ = 0;
  int32_t line_ = 1, col_ = 1;

  SourceLocation loc() const { return {line_, col_}; }
  unsigned char peek(size_t ahead = 0) const {
    return pos_ + ahead < s_.size() ? static_cast<unsigned char>(s_[pos_ + ahead]) : 0;
  }
  bool at_end(size_t ahead = 0) const { return pos_ + ahead >= s_.size(); }
  void advance() {
    const unsigned char c = peek();
    ++pos_;
    if (c == '\n') {
      ++line_;
      col_ = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++col_;  // a UTF-8 continuation byte does not start a new column
    }
  }

  [[noreturn]] void fail(SourceLocation at, std::string msg) { throw ParseError(at, std::move(msg)); }

  void skip_space_and_comments() {
    for (;;) {
      const unsigned char c = peek();
      if (at_end()) return;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '-' && peek(1) == '-') {
        while (!at_end() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        const SourceLocation start = loc();
        advance();
        advance();
        int depth = 1;
        while (depth > 0) {
          if (at_end()) fail(start, "unterminated comment: expected '*/' before end of input");
          if (peek() == '*' && peek(1) == '/') {
            advance();
            advance();
            --depth;
          } else if (peek() == '/' && peek(1) == '*') {
            advance();
            advance();
            ++depth;
          } else {
            advance();
          }
        }
      } else {
        return;
      }
    }
  }

  void lex_one(Token& t) {
    const unsigned char c = peek();
    const SourceLocation start = loc();
    if ((c == 'N' || c == 'n') && peek(1) == '\'') {  // N'...': a Unicode string literal
      advance();
      lex_quoted(t, '\'', TokenKind::String, "string literal", "'");
      return;
    }
    if (is_ident_start(c)) {
      const size_t b = pos_;
      while (!at_end() && is_ident_char(peek())) advance();
      std::string word(s_.substr(b, pos_ - b));
      std::string upper = word;
      for (char& ch : upper)
        if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
      if (is_reserved_word(upper)) {
        t.kind = TokenKind::Keyword;
        t.text = std::move(upper);
      } else {
        t.kind = TokenKind::Identifier;
        t.text = std::move(word);
      }
      return;
    }
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
      lex_number(t);
      return;
    }
    switch (c) {
      case '\'': lex_quoted(t, '\'', TokenKind::String, "string literal", "'"); return;
      case '"': lex_quoted(t, '"', TokenKind::QuotedIdentifier, "quoted identifier", "\""); return;
      case '[': lex_quoted(t, ']', TokenKind::QuotedIdentifier, "quoted identifier", "]"); return;
      case '(': t.kind = TokenKind::LParen; break;
      case ')': t.kind = TokenKind::RParen; break;
      case ',': t.kind = TokenKind::Comma; break;
      case '.': t.kind = TokenKind::Dot; break;
      case ';': t.kind = TokenKind::Semicolon; break;
      case '+': t.kind = TokenKind::Plus; break;
      case '-': t.kind = TokenKind::Minus; break;
      case '*': t.kind = TokenKind::Star; break;
      case '/': t.kind = TokenKind::Slash; break;
      case '%': t.kind = TokenKind::Percent; break;
      case '=': t.kind = TokenKind::Eq; break;
      case ':': t.kind = TokenKind::Colon; break;
      case '&': t.kind = TokenKind::Ampersand; break;
      case '|': t.kind = TokenKind::Pipe; break;
      case '^': t.kind = TokenKind::Caret; break;
      case '~': t.kind = TokenKind::Tilde; break;
      case '{': t.kind = TokenKind::LBrace; break;
      case '}': t.kind = TokenKind::RBrace; break;
      case '<':
        advance();
        if (peek() == '=') t.kind = TokenKind::LtEq, advance();
        else if (peek() == '>') t.kind = TokenKind::NotEq, advance();
        else t.kind = TokenKind::Lt;
        return;
      case '>':
        advance();
        if (peek() == '=') t.kind = TokenKind::GtEq, advance();
        else t.kind = TokenKind::Gt;
        return;
      case '!':
        if (peek(1) == '=') {
          advance();
          advance();
          t.kind = TokenKind::NotEq;
          return;
        }
        fail(start, "unexpected character '!' (did you mean '!=' or NOT?)");
      default: {
        std::string shown;
        if (c < 0x20 || c == 0x7f) {
          static const char* hex = "0123456789abcdef";
          shown = std::string("\\x") + hex[c >> 4] + hex[c & 15];
        } else {
          shown = std::string(1, static_cast<char>(c));
        }
        fail(start, "unexpected character '" + shown + "'");
      }
    }
    advance();
  }

  void lex_number(Token& t) {
    const SourceLocation start = loc();
    const size_t b = pos_;
    bool is_int = true;
    while (is_digit(peek())) advance();
    if (peek() == '.') {
      is_int = false;
      advance();
      while (is_digit(peek())) advance();
    }
    if (peek() == 'e' || peek() == 'E') {
      const unsigned char n1 = peek(1);
      if (is_digit(n1) || ((n1 == '+' || n1 == '-') && is_digit(peek(2)))) {
        is_int = false;
        advance();
        if (peek() == '+' || peek() == '-') advance();
        while (is_digit(peek())) advance();
      } else {
        advance();
        fail(start, "malformed number '" + std::string(s_.substr(b, pos_ - b)) +
                        "': expected digits after the exponent");
      }
    }
    if (is_ident_start(peek()) || peek() == '.') {
      while (!at_end() && (is_ident_char(peek()) || peek() == '.')) advance();
      fail(start, "malformed number '" + std::string(s_.substr(b, pos_ - b)) + "'");
    }
    t.kind = is_int ? TokenKind::Integer : TokenKind::Number;
    t.text = std::string(s_.substr(b, pos_ - b));
  }

  // 'abc' with '' escapes, "x" with "" escapes, [x] with ]] escapes.
  void lex_quoted(Token& t, char close, TokenKind kind, const char* what, const char* close_text) {
    const SourceLocation start = loc();
    advance();  // the opening quote
    std::string text;
    for (;;) {
      if (at_end())
        fail(start, std::string("unterminated ") + what + ": expected closing " + close_text +
                        " before end of input");
      const char ch = static_cast<char>(peek());
      if (ch == close) {
        if (peek(1) == static_cast<unsigned char>(close)) {
          text += ch;
          advance();
          advance();
          continue;
        }
        advance();
        break;
      }
      text += ch;
      advance();
    }
    if (kind == TokenKind::QuotedIdentifier && text.empty()) fail(start, "empty quoted identifier");
    t.kind = kind;
    t.text = std::move(text);
  }
};

}  // namespace

std::vector<Token> tokenize(std::string_view sql) { return Lexer(sql).run(); }

}  // namespace tessera::sql
