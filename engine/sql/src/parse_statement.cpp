// Statements (SELECT [INTO], INSERT, CREATE/DROP TABLE, TRUNCATE TABLE, CREATE/DROP VIEW), queries (WITH, SELECT ... FROM ... WHERE ...) and FROM items.
#include "parser_impl.hpp"

namespace tessera::sql::detail {

StatementPtr Parser::statement() {
  set_operations_ = 0;
  const Token& t = peek();
  if (t.is_keyword("SELECT") || t.is_keyword("WITH") || t.kind == TokenKind::LParen) {
    auto st = std::make_unique<SelectStmt>(t.loc);
    into_allowed_ = true;  // SELECT ... INTO t, in this statement's outermost query only
    st->query = query();
    return st;
  }
  if (t.is_keyword("CREATE")) {
    next();
    if (accept_keyword("TABLE")) return create_table(t.loc);
    if (peek().is_word("FUNCTION")) {
      next();
      return create_function(t.loc);
    }
    auto st = std::make_unique<CreateViewStmt>(t.loc);
    expect_keyword("VIEW", "after CREATE (CREATE TABLE, CREATE VIEW or CREATE FUNCTION)");
    st->name = qualified_name("a view name after CREATE VIEW");
    if (at(TokenKind::LParen)) st->columns = column_list("of the view's column list");
    expect_keyword("AS", "after the view name in CREATE VIEW");
    if (!at_keyword("SELECT") && !at_keyword("WITH")) fail_expected("SELECT or WITH", "after AS in CREATE VIEW");
    st->query = query();
    return st;
  }
  if (t.is_keyword("DROP")) {
    next();
    if (peek().is_word("FUNCTION")) {
      next();
      auto st = std::make_unique<DropFunctionStmt>(t.loc);
      if (peek().is_word("IF")) {
        next();
        expect_keyword("EXISTS", "after DROP FUNCTION IF");
        st->if_exists = true;
      }
      st->name = qualified_name("a function name after DROP FUNCTION");
      return st;
    }
    const bool table = accept_keyword("TABLE");
    if (!table) expect_keyword("VIEW", "after DROP (DROP TABLE, DROP VIEW or DROP FUNCTION)");
    bool if_exists = false;
    if (peek().is_word("IF")) {
      next();
      expect_keyword("EXISTS", table ? "after DROP TABLE IF" : "after DROP VIEW IF");
      if_exists = true;
    }
    if (table) {
      auto st = std::make_unique<DropTableStmt>(t.loc);
      st->name = qualified_name("a table name after DROP TABLE");
      st->if_exists = if_exists;
      return st;
    }
    auto st = std::make_unique<DropViewStmt>(t.loc);
    st->name = qualified_name("a view name after DROP VIEW");
    st->if_exists = if_exists;
    return st;
  }
  if (t.is_keyword("TRUNCATE")) {
    next();
    expect_keyword("TABLE", "after TRUNCATE");
    auto st = std::make_unique<TruncateTableStmt>(t.loc);
    st->name = qualified_name("a table name after TRUNCATE TABLE");
    return st;
  }
  if (t.is_keyword("INSERT")) return insert(next().loc);
  if (t.is_word("BULK")) {
    next();
    expect_keyword("INSERT", "after BULK");
    auto st = std::make_unique<BulkInsertStmt>(t.loc);
    st->name = qualified_name("a table name after BULK INSERT");
    expect_keyword("FROM", "after the table name in BULK INSERT");
    if (!at(TokenKind::String)) fail_expected("the file name as a string ('data.csv')", "after FROM in BULK INSERT");
    st->path_loc = peek().loc;
    st->path = next().text;
    if (accept_keyword("WITH")) {
      const Token& open = expect(TokenKind::LParen, "after WITH in BULK INSERT");
      do {
        BulkInsertStmt::Option o;
        o.loc = peek().loc;
        o.name = upper(identifier("an option name (FORMAT, FIRSTROW, FIELDTERMINATOR, ...)", "in BULK INSERT's WITH").name);
        if (accept(TokenKind::Eq)) {
          if (!at(TokenKind::String) && !at(TokenKind::Integer) && !at_identifier())
            fail_expected("a value", "after " + o.name + " =");
          o.value = next().text;
        }
        st->options.push_back(std::move(o));
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen, "to close WITH ( opened at " + to_string(open.loc));
    }
    return st;
  }
  fail_expected("a statement (SELECT, WITH, INSERT, CREATE TABLE, CREATE VIEW, DROP, TRUNCATE TABLE)", "");  // also BULK INSERT, CREATE FUNCTION
}

// After CREATE TABLE: name (column type [COLLATE name] [NULL | NOT NULL], ...) or name AS query.
StatementPtr Parser::create_table(SourceLocation loc) {
  auto st = std::make_unique<CreateTableStmt>(loc);
  st->name = qualified_name("a table name after CREATE TABLE");
  if (accept_keyword("AS")) {
    if (!at_keyword("SELECT") && !at_keyword("WITH")) fail_expected("SELECT or WITH", "after AS in CREATE TABLE");
    st->as_query = query();
    if (!st->as_query->into.empty()) fail_at(peek(), "CREATE TABLE ... AS SELECT cannot have INTO");
    return st;
  }
  const Token& open = expect(TokenKind::LParen, "after the table name in CREATE TABLE (or AS SELECT ...)");
  do {
    ColumnDef c;
    c.loc = peek().loc;
    if (peek().is_word("PRIMARY") || peek().is_word("CONSTRAINT") || peek().is_word("UNIQUE") ||
        peek().is_word("FOREIGN") || peek().is_word("CHECK"))
      fail_at(peek(), "table constraints (" + upper(peek().text) + ") are not supported; declare columns only");
    c.name = identifier("a column name", "in CREATE TABLE");
    c.type = type_name("after the column name " + c.name.name);
    if (peek().is_word("COLLATE")) {
      c.collation_loc = next().loc;
      c.collation = identifier("a collation name", "after COLLATE").name;
    }
    if (accept_keyword("NOT")) {
      expect_keyword("NULL", "after NOT in the definition of column " + c.name.name);
      c.not_null = true;
    } else {
      accept_keyword("NULL");
    }
    if (!at(TokenKind::Comma) && !at(TokenKind::RParen))
      fail_at(peek(), "column options other than COLLATE and NULL / NOT NULL are not supported (found '" + peek().text +
                          "' in the definition of column " + c.name.name + ")");
    st->columns.push_back(std::move(c));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::RParen, "to close the column list of CREATE TABLE opened at " + to_string(open.loc));
  return st;
}

// After CREATE FUNCTION: name ([@p type, ...]) RETURNS type AS EXTERNAL NAME catalog.symbol.
StatementPtr Parser::create_function(SourceLocation loc) {
  auto st = std::make_unique<CreateFunctionStmt>(loc);
  st->name = qualified_name("a function name after CREATE FUNCTION");
  const Token& open = expect(TokenKind::LParen, "after the function name (its parameter list, '()' for none)");
  if (!at(TokenKind::RParen)) {
    do {
      FunctionParam p;
      if (!at_identifier() || peek().text.empty() || peek().text[0] != '@')
        fail_expected("a parameter name starting with @", "in CREATE FUNCTION");
      p.name = make_identifier(next());
      p.type = type_name("after the parameter " + p.name.name);
      st->params.push_back(std::move(p));
    } while (accept(TokenKind::Comma));
  }
  expect(TokenKind::RParen, "to close the parameter list opened at " + to_string(open.loc));
  if (!peek().is_word("RETURNS")) fail_expected("RETURNS", "after the parameters of CREATE FUNCTION");
  next();
  st->returns = type_name("after RETURNS");
  expect_keyword("AS", "after the return type (AS EXTERNAL NAME [catalog].[symbol])");
  if (!peek().is_word("EXTERNAL")) fail_at(peek(), "only external functions are supported: AS EXTERNAL NAME [catalog].[symbol] (a catalog tessera-cc --udf-spec built, and the C function in it)");
  next();
  if (!peek().is_word("NAME")) fail_expected("NAME", "after EXTERNAL");
  next();
  st->external = qualified_name("[catalog directory].[C symbol] after EXTERNAL NAME");
  if (st->external.size() != 2) fail_at(peek(), "EXTERNAL NAME takes two parts: [catalog directory].[C symbol]");
  return st;
}

// After INSERT: [INTO] name [(column, ...)] {VALUES (e, ...), ... | query}.
StatementPtr Parser::insert(SourceLocation loc) {
  auto st = std::make_unique<InsertStmt>(loc);
  accept_keyword("INTO");
  st->name = qualified_name("a table name after INSERT INTO");
  if (at(TokenKind::LParen)) st->columns = column_list("of INSERT's column list");
  if (accept_keyword("VALUES")) {
    do {
      const Token& open = expect(TokenKind::LParen, "before a row of VALUES");
      std::vector<ExprPtr> row;
      do {
        row.push_back(expr());
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen, "to close the row of VALUES opened at " + to_string(open.loc));
      st->rows.push_back(std::move(row));
      st->row_locs.push_back(open.loc);
    } while (accept(TokenKind::Comma));
    return st;
  }
  if (!at_keyword("SELECT") && !at_keyword("WITH")) fail_expected("VALUES, SELECT or WITH", "in INSERT");
  st->query = query();
  if (!st->query->into.empty()) fail_at(peek(), "INSERT ... SELECT cannot have INTO");
  return st;
}

SelectPtr Parser::query() {
  DepthGuard guard(*this);
  const SourceLocation start = peek().loc;
  std::vector<CommonTableExpr> ctes;
  const bool into_allowed = into_allowed_;  // not in the common table expressions
  into_allowed_ = false;
  if (accept_keyword("WITH")) {
    do {
      CommonTableExpr cte;
      cte.loc = peek().loc;
      cte.name = identifier("a name for the common table expression", "after WITH");
      if (at(TokenKind::LParen)) cte.columns = column_list("of the common table expression's column list");
      expect_keyword("AS", "after the name of the common table expression " + cte.name.name);
      cte.query = subquery_body("as the body of the common table expression " + cte.name.name);
      ctes.push_back(std::move(cte));
    } while (accept(TokenKind::Comma));
    if (!at_keyword("SELECT") && !at(TokenKind::LParen)) fail_expected("SELECT", "after the WITH clause");
  }
  if (!at_keyword("SELECT") && !at(TokenKind::LParen)) fail_expected("SELECT", "");
  into_allowed_ = into_allowed;
  SelectPtr q = set_expression();
  into_allowed_ = false;
  q->loc = start;
  q->ctes = std::move(ctes);
  order_and_limit(*q);
  if (at_keyword("UNION") || at_keyword("INTERSECT") || at_keyword("EXCEPT"))
    fail_at(peek(), "ORDER BY, OFFSET and LIMIT may only follow the last query of a " + upper(peek().text) +
                        " (they apply to the combined rows)");
  return q;
}

SelectPtr Parser::set_operation(SetOpKind op, SourceLocation at, SelectPtr left, SelectPtr right) {
  if (++set_operations_ > kMaxSetOperations)
    throw ParseError(at, "too many UNION, INTERSECT and EXCEPT operators in one statement (at most " +
                    std::to_string(kMaxSetOperations) + ")");
  auto s = std::make_unique<SelectStatement>();
  s->loc = left->loc;
  s->set_op = op;
  s->set_op_loc = at;
  // SELECT ... INTO t FROM a UNION SELECT ... FROM b: INTO (allowed in the first query only) takes the
  // combined rows.
  s->into = std::move(left->into);
  s->into_loc = left->into_loc;
  left->into.clear();
  s->set_left = std::move(left);
  s->set_right = std::move(right);
  return s;
}

SelectPtr Parser::set_expression() {
  SelectPtr left = intersect_term();
  while (at_keyword("UNION") || at_keyword("EXCEPT")) {
    const Token& t = next();
    SetOpKind op = SetOpKind::Except;
    if (t.is_keyword("UNION")) op = accept_keyword("ALL") ? SetOpKind::UnionAll : SetOpKind::Union;
    left = set_operation(op, t.loc, std::move(left), intersect_term());
  }
  return left;
}

SelectPtr Parser::intersect_term() {
  SelectPtr left = query_primary();
  while (at_keyword("INTERSECT")) {
    const Token& t = next();
    left = set_operation(SetOpKind::Intersect, t.loc, std::move(left), query_primary());
  }
  return left;
}

SelectPtr Parser::query_primary() {
  if (at(TokenKind::LParen)) return subquery_body("");
  if (!at_keyword("SELECT")) fail_expected("SELECT or '('", "");
  return select_core(peek().loc);  // INTO: the first query of a statement only (select_core clears the flag)
}

SelectItem Parser::select_item() {
  SelectItem item;
  item.loc = peek().loc;
  if (at(TokenKind::Star)) {
    item.expr = std::make_unique<StarExpr>(next().loc);
    return item;
  }
  if (at_identifier() && peek(1).kind == TokenKind::Dot && peek(2).kind == TokenKind::Star) {
    auto star = std::make_unique<StarExpr>(peek().loc);
    star->qualifier = make_identifier(next());
    next();
    next();
    item.expr = std::move(star);
    return item;
  }
  if (at(TokenKind::End) || at_keyword("FROM") || at(TokenKind::Comma))
    fail_expected("an expression or '*'", "in the select list");
  item.expr = expr();
  if (accept_keyword("AS")) {
    if (at(TokenKind::String)) {  // SQL Server: SELECT x AS 'name'
      const Token& t = next();
      item.alias = Identifier{t.text, true, t.loc};
    } else {
      item.alias = identifier("an alias", "after AS in the select list");
    }
  } else if (at_identifier()) {
    item.alias = make_identifier(next());
  }
  return item;
}

SelectPtr Parser::select_core(SourceLocation start) {
  auto q = std::make_unique<SelectStatement>();
  q->loc = start;
  const bool into_allowed = into_allowed_;  // not in subqueries of the select list or FROM
  into_allowed_ = false;
  expect_keyword("SELECT", "");
  if (accept_keyword("DISTINCT")) q->distinct = true;
  else accept_keyword("ALL");
  if (accept_keyword("TOP")) {
    if (accept(TokenKind::LParen)) {
      q->top = integer("an integer row count", "after TOP (");
      expect(TokenKind::RParen, "after the row count of TOP (n)");
    } else {
      q->top = integer("an integer row count", "after TOP");
    }
    if (peek().is_word("PERCENT")) fail_at(peek(), "TOP ... PERCENT is not supported");
    if (at_keyword("WITH") && peek(1).is_word("TIES")) fail_at(peek(), "TOP ... WITH TIES is not supported");
  }
  do {
    q->items.push_back(select_item());
  } while (accept(TokenKind::Comma));

  if (at_keyword("INTO")) {
    if (!into_allowed) fail_at(peek(), "SELECT ... INTO is allowed only in the outermost SELECT of a statement");
    q->into_loc = next().loc;
    q->into = qualified_name("a table name after INTO");
  }
  if (accept_keyword("FROM")) from_clause(*q);
  if (accept_keyword("WHERE")) {
    if (at(TokenKind::End)) fail_expected("a condition", "after WHERE");
    q->where = expr();
  }
  if (accept_keyword("GROUP")) {
    expect_keyword("BY", "after GROUP");
    group_by_clause(*q);
  }
  if (accept_keyword("HAVING")) q->having = expr();
  return q;
}

// GROUP BY elements: expressions, ROLLUP (a, b) = (a, b), (a), (); CUBE (a, b) = every subset; GROUPING SETS
// ((a, b), a, ()); (). Several elements combine as a cross product of their sets (GROUP BY a, ROLLUP (b) =
// (a, b), (a)). Only a GROUP BY with one of the special elements gets grouping_sets.
void Parser::group_by_clause(SelectStatement& q) {
  using Sets = std::vector<std::vector<size_t>>;
  auto add = [&](ExprPtr e) {
    q.group_by.push_back(std::move(e));
    return q.group_by.size() - 1;
  };
  auto expr_list = [&](const char* what) {
    std::vector<size_t> out;
    expect(TokenKind::LParen, std::string("after ") + what);
    if (!at(TokenKind::RParen)) {
      do {
        out.push_back(add(expr()));
      } while (accept(TokenKind::Comma));
    }
    expect(TokenKind::RParen, std::string("to close ") + what);
    return out;
  };
  Sets sets{{}};
  bool special = false;
  const Token& start = peek();
  do {
    Sets element;
    if (peek().is_word("ROLLUP") && peek(1).kind == TokenKind::LParen) {
      next();
      const std::vector<size_t> cols = expr_list("ROLLUP");
      for (size_t n = cols.size() + 1; n-- > 0;) element.emplace_back(cols.begin(), cols.begin() + static_cast<std::ptrdiff_t>(n));
      special = true;
    } else if (peek().is_word("CUBE") && peek(1).kind == TokenKind::LParen) {
      next();
      const std::vector<size_t> cols = expr_list("CUBE");
      if (cols.size() > 12) fail_at(start, "CUBE of more than 12 expressions is not supported");
      for (size_t mask = (size_t{1} << cols.size()); mask-- > 0;) {
        std::vector<size_t> s;
        for (size_t i = 0; i < cols.size(); ++i)
          if (mask & (size_t{1} << (cols.size() - 1 - i))) s.push_back(cols[i]);
        element.push_back(std::move(s));
      }
      special = true;
    } else if (peek().is_word("GROUPING") && peek(1).is_word("SETS")) {
      next();
      next();
      expect(TokenKind::LParen, "after GROUPING SETS");
      do {
        if (at(TokenKind::LParen)) {  // (a, b), (a), (): a set; (a) is the same set as a
          element.push_back(expr_list("a grouping set"));
        } else {
          element.push_back({add(expr())});
        }
      } while (accept(TokenKind::Comma));
      expect(TokenKind::RParen, "to close GROUPING SETS");
      special = true;
    } else if (at(TokenKind::LParen) && peek(1).kind == TokenKind::RParen) {
      next();
      next();
      element.push_back({});
      special = true;
    } else {
      element.push_back({add(expr())});
    }
    Sets product;
    for (const auto& a : sets)
      for (const auto& b : element) {
        std::vector<size_t> s = a;
        s.insert(s.end(), b.begin(), b.end());
        product.push_back(std::move(s));
      }
    sets = std::move(product);
    if (sets.size() > kMaxGroupingSets)
      fail_at(start, "more than " + std::to_string(kMaxGroupingSets) + " grouping sets in one GROUP BY");
  } while (accept(TokenKind::Comma));
  if (special) q.grouping_sets = std::move(sets);
}

void Parser::order_and_limit(SelectStatement& q) {
  if (accept_keyword("ORDER")) {
    expect_keyword("BY", "after ORDER");
    q.order_by = order_items();
  }
  if (at_keyword("OFFSET")) {
    // SQL Server: ORDER BY ... OFFSET n {ROW|ROWS} [FETCH {FIRST|NEXT} m {ROW|ROWS} ONLY].
    const Token& at = next();
    if (q.order_by.empty()) fail_at(at, "OFFSET needs an ORDER BY before it");
    if (q.top) fail_at(at, "a query cannot have both TOP and OFFSET");
    q.offset = integer("an integer row count", "after OFFSET");
    if (!peek().is_word("ROW") && !peek().is_word("ROWS")) fail_expected("ROW or ROWS", "after the OFFSET count");
    next();
    if (accept_keyword("FETCH")) {
      if (!peek().is_word("FIRST") && !peek().is_word("NEXT")) fail_expected("FIRST or NEXT", "after FETCH");
      next();
      q.limit = integer("an integer row count", "after FETCH NEXT");
      if (!peek().is_word("ROW") && !peek().is_word("ROWS")) fail_expected("ROW or ROWS", "after the FETCH count");
      next();
      if (!peek().is_word("ONLY")) fail_expected("ONLY", "after FETCH NEXT n ROWS");
      next();
    }
  } else if (accept_keyword("LIMIT")) {
    q.limit = integer("an integer row count", "after LIMIT");
    if (accept_keyword("OFFSET")) q.offset = integer("an integer row count", "after LIMIT n OFFSET");
  }
  if (q.top && q.limit) fail_at(peek(), "a query cannot have both TOP and LIMIT");
}

void Parser::from_clause(SelectStatement& q) {
  q.from.push_back(table_ref("after FROM"));
  while (accept(TokenKind::Comma)) q.from.push_back(table_ref("after ',' in the FROM list"));
}

TableRefPtr Parser::table_ref(std::string_view context) {
  TableRefPtr left = table_primary(context);
  for (;;) {
    const Token& t = peek();
    JoinKind kind;
    if (t.is_keyword("JOIN")) {
      kind = JoinKind::Inner;
      next();
    } else if (t.is_keyword("INNER")) {
      next();
      expect_keyword("JOIN", "after INNER");
      kind = JoinKind::Inner;
    } else if (t.is_keyword("LEFT") || t.is_keyword("RIGHT") || t.is_keyword("FULL")) {
      next();
      kind = t.text == "LEFT" ? JoinKind::Left : t.text == "RIGHT" ? JoinKind::Right : JoinKind::Full;
      accept_keyword("OUTER");
      expect_keyword("JOIN", "after " + t.text + " [OUTER]");
    } else if (t.is_keyword("CROSS")) {
      next();
      expect_keyword("JOIN", "after CROSS");
      kind = JoinKind::Cross;
    } else {
      return left;
    }
    auto join = std::make_unique<JoinRef>(t.loc);
    join->join_kind = kind;
    join->left = std::move(left);
    join->right = table_primary("after JOIN");
    if (kind != JoinKind::Cross) {
      expect_keyword("ON", "after the joined table");
      join->condition = expr();
    }
    left = std::move(join);
  }
}

TableRefPtr Parser::table_primary(std::string_view context) {
  DepthGuard guard(*this);
  const Token& t = peek();
  if (t.kind == TokenKind::LParen) {
    if (peek(1).is_keyword("SELECT") || peek(1).is_keyword("WITH")) {
      auto d = std::make_unique<DerivedTableRef>(t.loc);
      d->query = subquery_body("in FROM");
      accept_keyword("AS");
      d->alias = identifier("an alias", "after the subquery in FROM (a derived table needs a name)");
      if (at(TokenKind::LParen)) d->column_aliases = column_list("of the derived table's column aliases");
      return d;
    }
    next();
    TableRefPtr inner = table_ref("after '('");
    expect(TokenKind::RParen, "to close the parenthesis opened at " + to_string(t.loc) + " in FROM");
    return inner;
  }
  if (!at_identifier()) fail_expected("a table name or '('", context);
  auto r = std::make_unique<TableNameRef>(t.loc);
  r->name = qualified_name("a table name");
  if (at(TokenKind::LParen)) {  // a table function: read_csv('x.csv', header = true)
    const Token& open = next();
    r->is_function = true;
    if (!at(TokenKind::RParen)) {
      do {
        TableFunctionArg a;
        if (at_identifier() && peek(1).kind == TokenKind::Eq) {
          a.name = make_identifier(next());
          next();
        }
        a.value = expr();
        r->args.push_back(std::move(a));
      } while (accept(TokenKind::Comma));
    }
    expect(TokenKind::RParen, "to close the arguments of " + r->name.back().name + " opened at " + to_string(open.loc));
  }
  r->alias = optional_alias();
  return r;
}

std::optional<Identifier> Parser::optional_alias() {
  if (accept_keyword("AS")) return identifier("an alias", "after AS");
  if (at_identifier()) return make_identifier(next());
  return std::nullopt;
}

std::vector<Identifier> Parser::column_list(std::string_view context) {
  const Token& open = expect(TokenKind::LParen, context);
  std::vector<Identifier> cols;
  do {
    cols.push_back(identifier("a column name", context));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::RParen, "to close the column list opened at " + to_string(open.loc));
  return cols;
}

std::vector<Identifier> Parser::qualified_name(std::string_view what) {
  std::vector<Identifier> parts;
  parts.push_back(identifier(what, ""));
  while (at(TokenKind::Dot)) {
    next();
    parts.push_back(identifier("a name", "after '.'"));
  }
  return parts;
}

}  // namespace tessera::sql::detail
