// Entry points and token helpers of the parser.
#include "tessera/sql/parser.hpp"

#include <charconv>

#include "parser_impl.hpp"

namespace tessera::sql {
namespace detail {

std::string upper(std::string_view s) {
  std::string u(s);
  for (char& c : u)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
  return u;
}

Identifier make_identifier(const Token& t) {
  return Identifier{t.text, t.kind == TokenKind::QuotedIdentifier, t.loc};
}

Parser::DepthGuard::DepthGuard(Parser& parser) : p(parser) {
  if (++p.depth_ > kMaxDepth) {
    --p.depth_;
    p.fail_at(p.peek(), "expression or query nested too deeply (more than " + std::to_string(kMaxDepth) +
                            " levels)");
  }
}

void Parser::fail_at(const Token& t, std::string message) const { throw ParseError(t.loc, std::move(message)); }

void Parser::fail_expected(std::string_view expected, std::string_view context) const {
  std::string m = "expected ";
  m += expected;
  if (!context.empty()) {
    m += ' ';
    m += context;
  }
  m += ", found ";
  m += describe(peek());
  fail_at(peek(), std::move(m));
}

const Token& Parser::expect(TokenKind k, std::string_view context) {
  if (!at(k)) fail_expected(token_kind_name(k), context);
  return next();
}

const Token& Parser::expect_keyword(std::string_view kw, std::string_view context) {
  if (!at_keyword(kw)) fail_expected(kw, context);
  return next();
}

Identifier Parser::identifier(std::string_view what, std::string_view context) {
  if (!at_identifier()) {
    // A reserved word where a name is the only possibility (after AS, WITH, VIEW or '.'): say how to quote it.
    const Token* prev = pos_ > 0 ? &toks_[pos_ - 1] : nullptr;
    const bool name_only = prev && (prev->is_keyword("AS") || prev->is_keyword("WITH") || prev->is_keyword("VIEW") ||
                                    prev->kind == TokenKind::Dot);
    if (at(TokenKind::Keyword) && name_only) {
      std::string exp(what);
      if (!context.empty()) exp += " " + std::string(context);
      fail_at(peek(), "expected " + exp + ", found reserved word " +
                          describe(peek()) + " (quote it as \"" + peek().spelling + "\" to use it as a name)");
    }
    fail_expected(what, context);
  }
  return make_identifier(next());
}

int64_t Parser::integer(std::string_view what, std::string_view context) {
  if (!at(TokenKind::Integer)) fail_expected(what, context);
  const Token& t = peek();
  int64_t v = 0;
  const auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
  if (r.ec != std::errc() || r.ptr != t.text.data() + t.text.size())
    fail_at(t, "integer " + t.text + " is out of range " + std::string(context));
  next();
  return v;
}

Script Parser::script() {
  Script s;
  for (;;) {
    s.statements.push_back(statement());
    if (accept(TokenKind::Semicolon)) {
      if (at(TokenKind::End)) break;
      continue;
    }
    if (at(TokenKind::End)) break;
    fail_expected("';' or end of input", "after the statement");
  }
  return s;
}

StatementPtr Parser::single_statement() {
  StatementPtr st = statement();
  accept(TokenKind::Semicolon);
  if (!at(TokenKind::End)) fail_expected("end of input", "after the statement");
  return st;
}

ExprPtr Parser::standalone_expression() {
  if (at(TokenKind::End)) fail_expected("an expression", "");
  ExprPtr e = expr();
  if (!at(TokenKind::End)) fail_expected("end of input", "after the expression");
  return e;
}

TypeName Parser::standalone_type() {
  TypeName t = type_name("");
  if (!at(TokenKind::End)) fail_expected("end of input", "after the type name");
  return t;
}

}  // namespace detail

Script parse_script(std::string_view sql) { return detail::Parser(sql).script(); }
StatementPtr parse_statement(std::string_view sql) { return detail::Parser(sql).single_statement(); }
ExprPtr parse_expression(std::string_view sql) { return detail::Parser(sql).standalone_expression(); }
TypeName parse_type(std::string_view sql) { return detail::Parser(sql).standalone_type(); }

}  // namespace tessera::sql
