// Function calls. Generic form: name ( [DISTINCT | ALL] args | * ). Special forms:
//   CAST(x AS type), TRY_CAST(x AS type)
//   CONVERT(type, x [, style]), TRY_CONVERT(type, x [, style])
//   PARSE(x AS type [USING culture]), TRY_PARSE(...): a CastExpr with is_parse
//   EXTRACT(field FROM x)
//   SUBSTRING(x FROM start [FOR length])  (also the comma form)
//   TRIM([LEADING | TRAILING | BOTH] [characters FROM] x)  (SQL Server 2022): LTRIM(x, characters),
//     RTRIM(x, characters), TRIM(characters, x) -- the library's kernels' argument orders
//   DATEPART(part, d), DATENAME, DATEADD(part, n, d), DATEDIFF(part, a, b), DATEDIFF_BIG, DATETRUNC,
//   DATE_BUCKET(part, n, d [, origin]): the first argument is a date part keyword.
//   ISJSON(x [, VALUE | ARRAY | OBJECT | SCALAR])  (SQL Server 2022): the constraint keyword becomes the integer
//     constant of the kernel isjson_type (1 VALUE, 2 ARRAY, 3 OBJECT, 4 SCALAR; tessera::fn::kJsonType*)
//   JSON_OBJECT([key : value [, ...]] [NULL ON NULL | ABSENT ON NULL]), JSON_ARRAY([value [, ...]] [... ON NULL])
//     (SQL Server 2022): the arguments in order (key, value, key, value, ... for JSON_OBJECT), then the clause as
//     an integer literal, always present: 1 ABSENT ON NULL, 0 NULL ON NULL (the defaults: JSON_OBJECT's NULL ON
//     NULL, JSON_ARRAY's ABSENT ON NULL)
#include <array>

#include "parser_impl.hpp"

namespace tessera::sql::detail {
namespace {

bool takes_datepart(std::string_view upper_name) {
  static constexpr std::array<std::string_view, 7> kNames = {
      "DATEPART", "DATENAME", "DATEADD", "DATEDIFF", "DATEDIFF_BIG", "DATETRUNC", "DATE_BUCKET"};
  for (std::string_view n : kNames)
    if (n == upper_name) return true;
  return false;
}

}  // namespace

ExprPtr Parser::function_call() {
  const Token& name = peek();
  const std::string uname = name.kind == TokenKind::QuotedIdentifier ? name.text : upper(name.text);
  if (name.kind != TokenKind::QuotedIdentifier) {
    if (uname == "CONVERT" || uname == "TRY_CONVERT") return convert_call(name);
    if (uname == "PARSE" || uname == "TRY_PARSE") return parse_call(name);
    if (uname == "EXTRACT") return extract_call(name);
    if (uname == "SUBSTRING") return substring_call(name);
    if (uname == "TRIM") return trim_call(name);
    if (uname == "ISJSON") return isjson_call(name);
    if (uname == "JSON_OBJECT" || uname == "JSON_ARRAY") return json_constructor_call(name);
    if (takes_datepart(uname)) return datepart_call(name);
  }
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = uname;
  const std::string context = "after the argument list of " + uname;
  if (at(TokenKind::Star)) {
    next();
    f->star = true;
    expect(TokenKind::RParen, "after " + uname + "(*");
    if (peek().is_word("OVER") && peek(1).kind == TokenKind::LParen) f->over = window_spec();
    return f;
  }
  if (accept_keyword("DISTINCT")) {
    f->distinct = true;
    if (at(TokenKind::RParen)) fail_expected("an argument", "after DISTINCT in " + uname + "(");
  } else if (accept_keyword("ALL")) {
    if (at(TokenKind::RParen)) fail_expected("an argument", "after ALL in " + uname + "(");
  }
  if (!at(TokenKind::RParen)) {
    do {
      f->args.push_back(expr());
    } while (accept(TokenKind::Comma));
  }
  expect(TokenKind::RParen, context);
  if (peek().is_word("WITHIN") && peek(1).is_keyword("GROUP")) {
    f->within_loc = next().loc;
    next();  // GROUP
    expect(TokenKind::LParen, "after WITHIN GROUP");
    expect_keyword("ORDER", "in WITHIN GROUP (");
    expect_keyword("BY", "after ORDER in WITHIN GROUP (");
    f->within_group = order_items();
    expect(TokenKind::RParen, "after WITHIN GROUP (ORDER BY ...");
  }
  if (peek().is_word("OVER") && peek(1).kind == TokenKind::LParen) f->over = window_spec();
  return f;
}

std::vector<OrderItem> Parser::order_items() {
  std::vector<OrderItem> items;
  do {
    OrderItem o;
    o.loc = peek().loc;
    o.expr = expr();
    if (accept_keyword("DESC")) o.descending = true;
    else accept_keyword("ASC");
    items.push_back(std::move(o));
  } while (accept(TokenKind::Comma));
  return items;
}

std::unique_ptr<WindowSpec> Parser::window_spec() {
  auto w = std::make_unique<WindowSpec>();
  w->loc = next().loc;  // OVER
  const Token& open = expect(TokenKind::LParen, "after OVER");
  if (peek().is_word("PARTITION")) {
    next();
    expect_keyword("BY", "after PARTITION");
    do {
      w->partition_by.push_back(expr());
    } while (accept(TokenKind::Comma));
  }
  if (accept_keyword("ORDER")) {
    expect_keyword("BY", "after ORDER in OVER (...)");
    w->order_by = order_items();
  }
  if (peek().is_word("ROWS") || peek().is_word("RANGE")) {
    WindowFrame f;
    f.loc = peek().loc;
    f.rows = next().is_word("ROWS");
    if (accept_keyword("BETWEEN")) {
      f.start = frame_bound();
      expect_keyword("AND", "between the bounds of the window frame");
      f.end = frame_bound();
    } else {
      f.start = frame_bound();
      f.end.kind = FrameBound::Kind::CurrentRow;
      f.end.loc = f.start.loc;
    }
    w->frame = f;
  }
  if (!at(TokenKind::RParen))
    fail_expected("PARTITION BY, ORDER BY, ROWS, RANGE or ')'", "in the OVER clause opened at " + to_string(open.loc));
  next();
  return w;
}

FrameBound Parser::frame_bound() {
  FrameBound b;
  b.loc = peek().loc;
  if (peek().is_word("UNBOUNDED")) {
    next();
    if (peek().is_word("PRECEDING")) b.kind = FrameBound::Kind::UnboundedPreceding;
    else if (peek().is_word("FOLLOWING")) b.kind = FrameBound::Kind::UnboundedFollowing;
    else fail_expected("PRECEDING or FOLLOWING", "after UNBOUNDED");
    next();
    return b;
  }
  if (peek().is_word("CURRENT")) {
    next();
    if (!peek().is_word("ROW")) fail_expected("ROW", "after CURRENT");
    next();
    b.kind = FrameBound::Kind::CurrentRow;
    return b;
  }
  b.offset = integer("UNBOUNDED, CURRENT ROW or a row count", "in the window frame");
  if (peek().is_word("PRECEDING")) b.kind = FrameBound::Kind::Preceding;
  else if (peek().is_word("FOLLOWING")) b.kind = FrameBound::Kind::Following;
  else fail_expected("PRECEDING or FOLLOWING", "after the row count of the window frame");
  next();
  return b;
}

// ODBC's escapes, which SQL Server reads in T-SQL ("ODBC Scalar Functions", "ODBC Datetime Format"). {fn call}: the call,
// marked as written in the escape (the binder accepts the ODBC-only names, DAYNAME, TRUNCATE, ..., there alone); a
// name without an argument list is a call with no arguments ({fn CURRENT_TIME}). {d 'yyyy-mm-dd'} is a DATE literal,
// {t 'hh:mm:ss[.fff]'} and {ts 'yyyy-mm-dd hh:mm:ss[.fff]'} the string CAST to TIME and DATETIME (text that does not
// convert is the conversion's error). The letters are any case.
ExprPtr Parser::odbc_escape() {
  const Token& brace = next();  // '{'
  const Token& kind = peek();
  ExprPtr e;
  if (kind.is_word("FN")) {
    next();
    const Token& name = peek();
    if (name.kind != TokenKind::Identifier && name.kind != TokenKind::QuotedIdentifier && name.kind != TokenKind::Keyword)
      fail_expected("a function name", "after {fn");
    if (peek(1).kind == TokenKind::LParen) {
      e = name.is_keyword("CAST") || name.is_keyword("TRY_CAST") ? cast_call() : function_call();
    } else {
      next();
      auto f = std::make_unique<FunctionCallExpr>(name.loc);
      f->name = make_identifier(name);
      f->upper_name = name.kind == TokenKind::QuotedIdentifier ? name.text : upper(name.text);
      e = std::move(f);
    }
    if (e->kind == ExprKind::FunctionCall) e->as<FunctionCallExpr>().odbc = true;
  } else if (kind.is_word("D") || kind.is_word("T") || kind.is_word("TS")) {
    next();
    const std::string letter = upper(kind.text);
    if (!at(TokenKind::String)) fail_expected("a string literal", "after {" + kind.text);
    const Token& text = next();
    if (letter == "D") {
      e = std::make_unique<LiteralExpr>(brace.loc, LiteralKind::Date, text.text);
    } else {
      auto c = std::make_unique<CastExpr>(brace.loc);
      c->value = std::make_unique<LiteralExpr>(text.loc, LiteralKind::String, text.text);
      c->type.id = letter == "T" ? TypeId::Time : TypeId::DateTime;
      c->type.spelling = letter == "T" ? "TIME" : "DATETIME";
      c->type.loc = kind.loc;
      e = std::move(c);
    }
  } else {
    fail_expected("fn, d, t or ts", "after '{'");
  }
  expect(TokenKind::RBrace, "to close the ODBC escape that starts at " + to_string(brace.loc));
  return e;
}

ExprPtr Parser::cast_call() {
  const Token& name = next();  // CAST or TRY_CAST
  auto c = std::make_unique<CastExpr>(name.loc);
  c->is_try = name.text == "TRY_CAST";
  expect(TokenKind::LParen, "after " + name.text);
  c->value = expr();
  expect_keyword("AS", "after the value in " + name.text + "(x AS type)");
  c->type = type_name("after AS in " + name.text);
  expect(TokenKind::RParen, "after the type in " + name.text);
  return c;
}

ExprPtr Parser::convert_call(const Token& name) {
  const std::string uname = upper(name.text);
  next();
  next();  // '('
  auto c = std::make_unique<ConvertExpr>(name.loc);
  c->is_try = uname == "TRY_CONVERT";
  c->type = type_name("as the first argument of " + uname + " (" + uname + "(type, value [, style]))");
  expect(TokenKind::Comma, "after the type in " + uname);
  c->value = expr();
  if (accept(TokenKind::Comma)) c->style = expr();
  expect(TokenKind::RParen, "after the argument list of " + uname);
  return c;
}

ExprPtr Parser::parse_call(const Token& name) {
  const std::string uname = upper(name.text);
  next();
  next();  // '('
  auto c = std::make_unique<CastExpr>(name.loc);
  c->is_parse = true;
  c->is_try = uname == "TRY_PARSE";
  c->value = expr();
  expect_keyword("AS", "after the value in " + uname + "(x AS type [USING culture])");
  c->type = type_name("after AS in " + uname);
  if (peek().is_word("USING")) {
    next();
    c->culture = expr();
  }
  expect(TokenKind::RParen, "after the type or culture in " + uname);
  return c;
}

ExprPtr Parser::extract_call(const Token& name) {
  next();
  next();  // '('
  auto e = std::make_unique<ExtractExpr>(name.loc);
  if (!at(TokenKind::Identifier)) fail_expected("a date field (YEAR, MONTH, DAY, ...)", "after EXTRACT(");
  e->field_loc = peek().loc;
  e->field = upper(next().text);
  expect_keyword("FROM", "after the field in EXTRACT(" + e->field);
  e->value = expr();
  expect(TokenKind::RParen, "after the argument of EXTRACT");
  return e;
}

ExprPtr Parser::trim_call(const Token& name) {
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = "TRIM";
  std::string side;  // LEADING, TRAILING or BOTH (a column of that name is followed by ')', ',' or '.')
  if ((peek().is_word("LEADING") || peek().is_word("TRAILING") || peek().is_word("BOTH")) &&
      peek(1).kind != TokenKind::RParen && peek(1).kind != TokenKind::Comma && peek(1).kind != TokenKind::Dot)
    side = upper(next().text);
  ExprPtr characters;
  ExprPtr value;
  if (side.empty() || !accept_keyword("FROM")) {
    value = expr();
    if (accept_keyword("FROM")) {
      characters = std::move(value);
      value = expr();
    } else if (side.empty()) {
      while (accept(TokenKind::Comma)) f->args.push_back(expr());  // TRIM(characters, x) as bound before
    }
  } else {
    value = expr();  // TRIM(LEADING FROM x): spaces
  }
  expect(TokenKind::RParen, "after the argument of TRIM");
  if (!f->args.empty()) {
    f->args.insert(f->args.begin(), std::move(value));
    return f;
  }
  if (side == "LEADING" || side == "TRAILING") {
    f->upper_name = side == "LEADING" ? "LTRIM" : "RTRIM";
    f->args.push_back(std::move(value));
    if (characters) f->args.push_back(std::move(characters));
    return f;
  }
  if (characters) f->args.push_back(std::move(characters));
  f->args.push_back(std::move(value));
  return f;
}

ExprPtr Parser::substring_call(const Token& name) {
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = "SUBSTRING";
  f->args.push_back(expr());
  if (accept_keyword("FROM")) {
    f->args.push_back(expr());
    if (accept_keyword("FOR")) f->args.push_back(expr());
  } else {
    while (accept(TokenKind::Comma)) f->args.push_back(expr());
  }
  expect(TokenKind::RParen, "after the argument list of SUBSTRING");
  return f;
}

ExprPtr Parser::isjson_call(const Token& name) {
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = "ISJSON";
  f->args.push_back(expr());
  if (accept(TokenKind::Comma)) {
    const char* const expected = "VALUE, ARRAY, OBJECT or SCALAR";
    if (!at(TokenKind::Identifier)) fail_expected(expected, "as the json_type_constraint of ISJSON");
    const std::string constraint = upper(peek().text);
    const int code = constraint == "VALUE" ? 1 : constraint == "ARRAY" ? 2 : constraint == "OBJECT" ? 3
                     : constraint == "SCALAR" ? 4 : 0;
    if (code == 0) fail_expected(expected, "as the json_type_constraint of ISJSON");
    const Token& keyword = next();
    f->args.push_back(std::make_unique<LiteralExpr>(keyword.loc, LiteralKind::Integer, std::to_string(code)));
  }
  expect(TokenKind::RParen, "after the argument list of ISJSON");
  return f;
}

ExprPtr Parser::json_constructor_call(const Token& name) {
  const std::string uname = upper(name.text);
  const bool object = uname == "JSON_OBJECT";
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = uname;
  // NULL ON NULL | ABSENT ON NULL (NULL is a reserved word, ABSENT an identifier).
  const auto word = [&](size_t ahead, std::string_view w) { return peek(ahead).is_keyword(w) || peek(ahead).is_word(w); };
  const auto at_null_clause = [&] {
    return (word(0, "NULL") || word(0, "ABSENT")) && word(1, "ON") && word(2, "NULL");
  };
  if (!at(TokenKind::RParen) && !at_null_clause()) {
    do {
      if (object) {
        f->args.push_back(expr());
        expect(TokenKind::Colon, "after the key in JSON_OBJECT (key : value)");
      }
      f->args.push_back(expr());
    } while (accept(TokenKind::Comma));
  }
  bool absent = !object;
  if (at_null_clause()) {
    const Token& clause = next();
    absent = clause.is_word("ABSENT");
    next();
    next();
  }
  const Token& close = expect(TokenKind::RParen, "after the argument list of " + uname);
  f->args.push_back(std::make_unique<LiteralExpr>(close.loc, LiteralKind::Integer, absent ? "1" : "0"));
  return f;
}

ExprPtr Parser::datepart_call(const Token& name) {
  const std::string uname = upper(name.text);
  next();
  next();  // '('
  auto f = std::make_unique<FunctionCallExpr>(name.loc);
  f->name = make_identifier(name);
  f->upper_name = uname;
  if (!at(TokenKind::Identifier))
    fail_expected("a date part keyword (year, quarter, month, dayofyear, day, week, weekday, iso_week)",
                  "as the first argument of " + uname);
  const Token& part = next();
  f->args.push_back(std::make_unique<DatePartKeywordExpr>(part.loc, part.text));
  expect(TokenKind::Comma, "after the date part of " + uname);
  do {
    f->args.push_back(expr());
  } while (accept(TokenKind::Comma));
  expect(TokenKind::RParen, "after the argument list of " + uname);
  return f;
}

}  // namespace tessera::sql::detail
