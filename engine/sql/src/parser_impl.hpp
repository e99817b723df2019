// The parser's class, shared by the files that implement it (one grammar area per file):
//   parse_statement.cpp  scripts, SELECT [INTO], INSERT, CREATE/DROP/TRUNCATE TABLE, views, FROM, joins
//   parse_expression.cpp expressions by precedence level, CASE, subqueries, literals
//   parse_function.cpp   function calls, including SQL Server's keyword-argument forms
//   parse_type.cpp       type names of CAST and CONVERT
// Internal: not installed, not included outside engine/sql/src.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tessera/sql/ast.hpp"
#include "tessera/sql/lexer.hpp"

namespace tessera::sql::detail {

class Parser {
 public:
  explicit Parser(std::string_view sql) : toks_(tokenize(sql)) {}

  // ---- entry points ----
  Script script();
  StatementPtr single_statement();
  ExprPtr standalone_expression();
  TypeName standalone_type();

  // ---- statements and queries (parse_statement.cpp) ----
  StatementPtr statement();
  StatementPtr create_table(SourceLocation loc);  // after CREATE TABLE
  StatementPtr insert(SourceLocation loc);        // after INSERT
  StatementPtr create_function(SourceLocation loc);  // after CREATE FUNCTION
  SelectPtr query();  // [WITH ...] query expression [ORDER BY ...] [OFFSET/FETCH | LIMIT]
  SelectPtr set_expression();   // terms joined by UNION [ALL] / EXCEPT
  SelectPtr intersect_term();   // primaries joined by INTERSECT
  SelectPtr query_primary();    // SELECT ... | '(' query ')'
  SelectPtr set_operation(SetOpKind op, SourceLocation at, SelectPtr left, SelectPtr right);
  SelectPtr select_core(SourceLocation start);  // SELECT ... [GROUP BY ...] [HAVING ...]
  void order_and_limit(SelectStatement& q);     // ORDER BY, OFFSET/FETCH, LIMIT of a whole query
  void group_by_clause(SelectStatement& q);     // after GROUP BY
  void from_clause(SelectStatement& q);
  TableRefPtr table_ref(std::string_view context);
  TableRefPtr table_primary(std::string_view context);
  std::optional<Identifier> optional_alias();
  std::vector<Identifier> column_list(std::string_view context);  // '(' a, b ')'
  std::vector<Identifier> qualified_name(std::string_view what);
  SelectItem select_item();

  // ---- expressions (parse_expression.cpp) ----
  ExprPtr expr();
  ExprPtr and_expr();
  ExprPtr not_expr();
  ExprPtr predicate();
  ExprPtr additive();
  ExprPtr multiplicative();
  ExprPtr unary();
  ExprPtr primary();
  ExprPtr case_expr();
  ExprPtr parenthesized_or_subquery();
  SelectPtr subquery_body(std::string_view context);  // '(' query ')'
  ExprPtr column_ref();

  // ---- functions (parse_function.cpp) ----
  ExprPtr function_call();  // at the name; the next token is '('
  ExprPtr odbc_escape();    // at '{': {fn call}, {d 'date'}, {t 'time'}, {ts 'timestamp'}
  ExprPtr cast_call();      // CAST / TRY_CAST
  std::unique_ptr<WindowSpec> window_spec();  // at OVER
  std::vector<OrderItem> order_items();        // after ORDER BY: k [ASC | DESC], ...
  FrameBound frame_bound();
  ExprPtr convert_call(const Token& name);
  ExprPtr parse_call(const Token& name);  // PARSE / TRY_PARSE
  ExprPtr extract_call(const Token& name);
  ExprPtr substring_call(const Token& name);
  ExprPtr trim_call(const Token& name);
  ExprPtr datepart_call(const Token& name);
  ExprPtr isjson_call(const Token& name);
  ExprPtr json_constructor_call(const Token& name);

  // ---- types (parse_type.cpp) ----
  TypeName type_name(std::string_view context);

  // ---- tokens ----
  const Token& peek(size_t ahead = 0) const {
    const size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  const Token& next() {
    const Token& t = peek();
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool at_keyword(std::string_view kw) const { return peek().is_keyword(kw); }
  bool accept(TokenKind k) {
    if (!at(k)) return false;
    next();
    return true;
  }
  bool accept_keyword(std::string_view kw) {
    if (!at_keyword(kw)) return false;
    next();
    return true;
  }
  // "expected <expected> <context>, found <the current token>", at the current token.
  [[noreturn]] void fail_expected(std::string_view expected, std::string_view context) const;
  [[noreturn]] void fail_at(const Token& t, std::string message) const;
  const Token& expect(TokenKind k, std::string_view context);
  const Token& expect_keyword(std::string_view kw, std::string_view context);
  Identifier identifier(std::string_view what, std::string_view context);
  int64_t integer(std::string_view what, std::string_view context);
  bool at_identifier() const {
    return at(TokenKind::Identifier) || at(TokenKind::QuotedIdentifier);
  }

  // A binary-operator chain (a + b + c ..., x = 1 OR x = 2 OR ...) is parsed by a loop but becomes a tree as
  // deep as it is long, which the binder and the evaluators walk recursively: past kMaxChain operators in a
  // row it is an error, not a stack overflow (issue 12: 9,000 terms crashed).
  void chain_link(int& links) {
    if (++links + depth_ > kMaxChain)
      fail_at(peek(), "expression too long: more than " + std::to_string(kMaxChain) +
                          " operators in a row (for long lists of alternatives, use IN (...))");
  }

  // Recursion guard: deeply nested input gets an error, not a stack overflow.
  struct DepthGuard {
    Parser& p;
    explicit DepthGuard(Parser& parser);
    ~DepthGuard() { --p.depth_; }
  };

 private:
  friend struct DepthGuard;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool into_allowed_ = false;  // the next select_core may have INTO (statement's outermost query)
  static constexpr int kMaxDepth = 200;
  static constexpr int kMaxChain = 2048;
  int set_operations_ = 0;  // in the statement: each adds a level to the plan the binder builds
  static constexpr int kMaxSetOperations = 256;
  static constexpr size_t kMaxGroupingSets = 256;
};

Identifier make_identifier(const Token& t);
std::string upper(std::string_view s);

}  // namespace tessera::sql::detail
