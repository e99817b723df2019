// Expressions, lowest precedence first:
//   OR < AND < NOT < predicates (comparisons, [NOT] BETWEEN/IN/LIKE, IS [NOT] NULL)
//      < + - & ^ | (one level, as SQL Server's "Operator Precedence") < * / % < unary - + ~ < primary
// BETWEEN's bounds are additive expressions, so "a BETWEEN b AND c AND d" is (and (between a b c) d).
#include "parser_impl.hpp"

namespace tessera::sql::detail {

ExprPtr Parser::expr() {
  DepthGuard guard(*this);
  ExprPtr left = and_expr();
  int links = 0;
  while (at_keyword("OR")) {
    chain_link(links);
    const SourceLocation loc = next().loc;
    left = std::make_unique<BinaryExpr>(loc, BinaryOp::Or, std::move(left), and_expr());
  }
  return left;
}

ExprPtr Parser::and_expr() {
  ExprPtr left = not_expr();
  int links = 0;
  while (at_keyword("AND")) {
    chain_link(links);
    const SourceLocation loc = next().loc;
    left = std::make_unique<BinaryExpr>(loc, BinaryOp::And, std::move(left), not_expr());
  }
  return left;
}

ExprPtr Parser::not_expr() {
  if (!at_keyword("NOT")) return predicate();
  DepthGuard guard(*this);
  const Token& t = next();
  if (at_keyword("EXISTS")) {  // NOT EXISTS (...): one node
    ExprPtr e = predicate();
    if (e->kind == ExprKind::Exists && !e->as<ExistsExpr>().negated) {
      e->as<ExistsExpr>().negated = true;
      e->loc = t.loc;
      return e;
    }
    return std::make_unique<UnaryExpr>(t.loc, UnaryOp::Not, std::move(e));
  }
  return std::make_unique<UnaryExpr>(t.loc, UnaryOp::Not, not_expr());
}

namespace {
bool comparison_op(TokenKind k, BinaryOp& op) {
  switch (k) {
    case TokenKind::Eq: op = BinaryOp::Eq; return true;
    case TokenKind::NotEq: op = BinaryOp::NotEq; return true;
    case TokenKind::Lt: op = BinaryOp::Lt; return true;
    case TokenKind::LtEq: op = BinaryOp::LtEq; return true;
    case TokenKind::Gt: op = BinaryOp::Gt; return true;
    case TokenKind::GtEq: op = BinaryOp::GtEq; return true;
    default: return false;
  }
}
}  // namespace

ExprPtr Parser::predicate() {
  ExprPtr left = additive();
  int links = 0;
  for (;;) {
    BinaryOp op;
    if (comparison_op(peek().kind, op)) {
      chain_link(links);
      const Token& t = next();
      if (at_keyword("ALL") || peek().is_word("ANY") || peek().is_word("SOME"))
        fail_at(peek(), "quantified comparisons (" + upper(peek().text) + " (subquery)) are not supported");
      left = std::make_unique<BinaryExpr>(t.loc, op, std::move(left), additive());
      continue;
    }
    bool negated = false;
    SourceLocation loc = peek().loc;
    if (at_keyword("NOT") && (peek(1).is_keyword("BETWEEN") || peek(1).is_keyword("IN") || peek(1).is_keyword("LIKE"))) {
      next();
      negated = true;
    }
    const Token& t = peek();
    if (t.is_keyword("BETWEEN")) {
      next();
      auto b = std::make_unique<BetweenExpr>(loc);
      b->negated = negated;
      b->value = std::move(left);
      b->low = additive();
      expect_keyword("AND", "between the bounds of BETWEEN");
      b->high = additive();
      left = std::move(b);
    } else if (t.is_keyword("IN")) {
      next();
      if (!at(TokenKind::LParen)) fail_expected("'('", "after IN");
      if (peek(1).is_keyword("SELECT") || peek(1).is_keyword("WITH")) {
        auto in = std::make_unique<InSubqueryExpr>(loc);
        in->negated = negated;
        in->value = std::move(left);
        in->query = subquery_body("after IN");
        left = std::move(in);
      } else {
        const Token& open = next();
        auto in = std::make_unique<InListExpr>(loc);
        in->negated = negated;
        in->value = std::move(left);
        if (at(TokenKind::RParen)) fail_expected("a value", "in the IN list (an IN list cannot be empty)");
        do {
          in->list.push_back(expr());
        } while (accept(TokenKind::Comma));
        if (!at(TokenKind::RParen))
          fail_expected("',' or ')'", "in the IN list opened at " + to_string(open.loc));
        next();
        left = std::move(in);
      }
    } else if (t.is_keyword("LIKE")) {
      next();
      auto l = std::make_unique<LikeExpr>(loc);
      l->negated = negated;
      l->value = std::move(left);
      l->pattern = additive();
      if (accept_keyword("ESCAPE")) l->escape = additive();
      left = std::move(l);
    } else if (t.is_keyword("IS")) {
      next();
      auto n = std::make_unique<IsNullExpr>(loc);
      n->negated = accept_keyword("NOT");
      expect_keyword("NULL", n->negated ? "after IS NOT" : "after IS");
      n->value = std::move(left);
      left = std::move(n);
    } else {
      return left;
    }
  }
}

ExprPtr Parser::additive() {
  ExprPtr left = multiplicative();
  int links = 0;
  for (;;) {
    BinaryOp op;
    if (at(TokenKind::Plus)) op = BinaryOp::Add;
    else if (at(TokenKind::Minus)) op = BinaryOp::Sub;
    else if (at(TokenKind::Ampersand)) op = BinaryOp::BitAnd;
    else if (at(TokenKind::Pipe)) op = BinaryOp::BitOr;
    else if (at(TokenKind::Caret)) op = BinaryOp::BitXor;
    else return left;
    chain_link(links);
    const SourceLocation loc = next().loc;
    left = std::make_unique<BinaryExpr>(loc, op, std::move(left), multiplicative());
  }
}

ExprPtr Parser::multiplicative() {
  ExprPtr left = unary();
  int links = 0;
  for (;;) {
    BinaryOp op;
    if (at(TokenKind::Star)) op = BinaryOp::Mul;
    else if (at(TokenKind::Slash)) op = BinaryOp::Div;
    else if (at(TokenKind::Percent)) op = BinaryOp::Mod;
    else return left;
    chain_link(links);
    const SourceLocation loc = next().loc;
    left = std::make_unique<BinaryExpr>(loc, op, std::move(left), unary());
  }
}

ExprPtr Parser::unary() {
  if (at(TokenKind::Minus) || at(TokenKind::Plus) || at(TokenKind::Tilde)) {
    DepthGuard guard(*this);
    const Token& t = next();
    const UnaryOp op = t.kind == TokenKind::Minus ? UnaryOp::Negate : t.kind == TokenKind::Plus ? UnaryOp::Plus : UnaryOp::BitNot;
    return std::make_unique<UnaryExpr>(t.loc, op, unary());
  }
  ExprPtr e = primary();
  // value COLLATE name: binds to the primary before it, as in SQL Server (a + b COLLATE x collates b).
  while (peek().is_word("COLLATE")) {
    const Token& c = next();
    e = std::make_unique<CollateExpr>(c.loc, std::move(e), identifier("a collation name", "after COLLATE").name);
  }
  return e;
}

SelectPtr Parser::subquery_body(std::string_view context) {
  const Token& open = expect(TokenKind::LParen, context);
  if (!at_keyword("SELECT") && !at_keyword("WITH")) fail_expected("SELECT", "after '(' " + std::string(context));
  SelectPtr q = query();
  expect(TokenKind::RParen, "to close the subquery opened at " + to_string(open.loc));
  return q;
}

ExprPtr Parser::parenthesized_or_subquery() {
  const Token& open = peek();
  if (peek(1).is_keyword("SELECT") || peek(1).is_keyword("WITH")) {
    auto s = std::make_unique<SubqueryExpr>(open.loc);
    s->query = subquery_body("");
    return s;
  }
  next();
  ExprPtr e = expr();
  if (!at(TokenKind::RParen)) fail_expected("')'", "to close the parenthesis opened at " + to_string(open.loc));
  next();
  return e;
}

ExprPtr Parser::case_expr() {
  const Token& t = next();  // CASE
  auto c = std::make_unique<CaseExpr>(t.loc);
  if (!at_keyword("WHEN")) c->operand = expr();
  if (!at_keyword("WHEN")) fail_expected("WHEN", "in CASE");
  while (at_keyword("WHEN")) {
    WhenClause w;
    w.loc = next().loc;
    w.condition = expr();
    expect_keyword("THEN", "after the WHEN condition");
    w.result = expr();
    c->whens.push_back(std::move(w));
  }
  if (accept_keyword("ELSE")) c->else_result = expr();
  if (!at_keyword("END"))
    fail_expected(c->else_result ? "END" : "WHEN, ELSE or END", "in the CASE expression started at " + to_string(t.loc));
  next();
  return c;
}

ExprPtr Parser::column_ref() {
  auto c = std::make_unique<ColumnRefExpr>(peek().loc);
  c->parts.push_back(make_identifier(next()));
  while (at(TokenKind::Dot)) {
    next();
    c->parts.push_back(identifier("a column name", "after '.'"));
  }
  return c;
}

ExprPtr Parser::primary() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::Integer:
      next();
      return std::make_unique<LiteralExpr>(t.loc, LiteralKind::Integer, t.text);
    case TokenKind::Number: {
      next();
      const bool approx = t.text.find_first_of("eE") != std::string::npos;
      return std::make_unique<LiteralExpr>(t.loc, approx ? LiteralKind::Float : LiteralKind::Decimal, t.text);
    }
    case TokenKind::String:
      next();
      return std::make_unique<LiteralExpr>(t.loc, LiteralKind::String, t.text);
    case TokenKind::LParen:
      return parenthesized_or_subquery();
    case TokenKind::LBrace:
      return odbc_escape();
    case TokenKind::QuotedIdentifier:
      if (peek(1).kind == TokenKind::LParen) return function_call();
      return column_ref();
    case TokenKind::Identifier: {
      if (peek(1).kind == TokenKind::String) {
        if (t.is_word("DATE")) {
          next();
          const Token& s = next();
          return std::make_unique<LiteralExpr>(t.loc, LiteralKind::Date, s.text);
        }
        if (t.is_word("INTERVAL")) {
          next();
          const Token& s = next();
          IntervalUnit unit;
          const Token& u = peek();
          if (u.is_word("YEAR") || u.is_word("YEARS")) unit = IntervalUnit::Year;
          else if (u.is_word("MONTH") || u.is_word("MONTHS")) unit = IntervalUnit::Month;
          else if (u.is_word("DAY") || u.is_word("DAYS")) unit = IntervalUnit::Day;
          else fail_expected("YEAR, MONTH or DAY", "after the value of INTERVAL");
          next();
          auto iv = std::make_unique<IntervalExpr>(t.loc, s.text, unit);
          if (at(TokenKind::LParen) && peek(1).kind == TokenKind::Integer) {  // DAY (3): leading precision
            next();
            iv->precision = integer("a precision", "");
            expect(TokenKind::RParen, "after the interval's precision");
          }
          return iv;
        }
      }
      if (peek(1).kind == TokenKind::LParen) return function_call();
      if ((t.is_word("CURRENT_TIMESTAMP") || t.is_word("CURRENT_DATE")) && peek(1).kind != TokenKind::Dot) {
        // SQL Server's niladic functions, written without parentheses: a call with no arguments.
        next();
        auto f = std::make_unique<FunctionCallExpr>(t.loc);
        f->name = make_identifier(t);
        f->upper_name = upper(t.text);
        return f;
      }
      return column_ref();
    }
    case TokenKind::Keyword:
      if (t.text == "NULL") {
        next();
        return std::make_unique<LiteralExpr>(t.loc, LiteralKind::Null, "NULL");
      }
      if (t.text == "TRUE" || t.text == "FALSE") {
        next();
        return std::make_unique<LiteralExpr>(t.loc, t.text == "TRUE" ? LiteralKind::True : LiteralKind::False, t.text);
      }
      if (t.text == "CASE") return case_expr();
      if (t.text == "CAST" || t.text == "TRY_CAST") return cast_call();
      if (t.text == "EXISTS") {
        next();
        auto e = std::make_unique<ExistsExpr>(t.loc);
        e->query = subquery_body("after EXISTS");
        return e;
      }
      if ((t.text == "LEFT" || t.text == "RIGHT") && peek(1).kind == TokenKind::LParen) return function_call();
      break;
    default:
      break;
  }
  fail_expected("an expression", pos_ > 0 ? "after " + describe(toks_[pos_ - 1]) : std::string());
}

}  // namespace tessera::sql::detail
