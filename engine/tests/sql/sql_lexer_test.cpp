#include <gtest/gtest.h>

#include "tessera/sql/lexer.hpp"

using namespace tessera::sql;

namespace {

std::string kinds(std::string_view sql) {
  std::string s;
  for (const Token& t : tokenize(sql)) {
    if (!s.empty()) s += ' ';
    s += std::string(token_kind_name(t.kind)) + ":" + t.text;
  }
  return s;
}

}  // namespace

TEST(SqlLexer, KeywordsAreUpperCasedIdentifiersKeepTheirSpelling) {
  const auto toks = tokenize("select L_Name from Lineitem");
  ASSERT_EQ(toks.size(), 5u);
  EXPECT_EQ(toks[0].kind, TokenKind::Keyword);
  EXPECT_EQ(toks[0].text, "SELECT");
  EXPECT_EQ(toks[1].kind, TokenKind::Identifier);
  EXPECT_EQ(toks[1].text, "L_Name");
  EXPECT_EQ(toks[3].text, "Lineitem");
  EXPECT_EQ(toks[4].kind, TokenKind::End);
}

TEST(SqlLexer, NumbersStringsAndQuotedIdentifiers) {
  EXPECT_EQ(kinds("42 0.05 .5 1. 1e-3 2.5E+10"),
            "integer:42 number:0.05 number:.5 number:1. number:1e-3 number:2.5E+10 end of input:");
  EXPECT_EQ(kinds("'it''s' '' N'x'"), "string literal:it's string literal: string literal:x end of input:");
  EXPECT_EQ(kinds("\"Order \"\"Key\"\"\" [my col] [a]]b]"),
            "quoted identifier:Order \"Key\" quoted identifier:my col quoted identifier:a]b end of input:");
}

TEST(SqlLexer, Operators) {
  EXPECT_EQ(kinds("= <> != < <= > >= + - * / % ( ) , . ;"),
            "'=': '<>': '<>': '<': '<=': '>': '>=': '+': '-': '*': '/': '%': '(': ')': ',': '.': ';': end of input:");
}

TEST(SqlLexer, BitwiseOperators) {
  EXPECT_EQ(kinds("a&b|c^~d"), "identifier:a '&': identifier:b '|': identifier:c '^': '~': identifier:d end of input:");
  // Inside strings and quoted names they are text.
  EXPECT_EQ(kinds("'a&b|c' [x^~y]"), "string literal:a&b|c quoted identifier:x^~y end of input:");
}

TEST(SqlLexer, CommentsAreSkippedAndLocationsCounted) {
  const auto toks = tokenize("-- a comment\n  /* block\n /* nested */ */ x\n\tyé z");
  ASSERT_EQ(toks.size(), 4u);
  EXPECT_EQ(toks[0].text, "x");
  EXPECT_EQ(toks[0].loc, (SourceLocation{3, 18}));
  EXPECT_EQ(toks[1].text, "yé");
  EXPECT_EQ(toks[1].loc, (SourceLocation{4, 2}));
  EXPECT_EQ(toks[2].loc, (SourceLocation{4, 5}));  // 'é' is one column
  EXPECT_EQ(toks[3].loc, (SourceLocation{4, 6}));  // End: just after the last character
}

TEST(SqlLexer, Errors) {
  auto err = [](std::string_view sql) {
    try {
      tokenize(sql);
    } catch (const ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(err("select 'abc"), "1:8: unterminated string literal: expected closing ' before end of input");
  EXPECT_EQ(err("x\n  \"abc"), "2:3: unterminated quoted identifier: expected closing \" before end of input");
  EXPECT_EQ(err("a /* b"), "1:3: unterminated comment: expected '*/' before end of input");
  EXPECT_EQ(err("a ? b"), "1:3: unexpected character '?'");
  EXPECT_EQ(err("a ! b"), "1:3: unexpected character '!' (did you mean '!=' or NOT?)");
  EXPECT_EQ(err("12abc"), "1:1: malformed number '12abc'");
  EXPECT_EQ(err("1e+"), "1:1: malformed number '1e': expected digits after the exponent");
  EXPECT_EQ(err("[]"), "1:1: empty quoted identifier");
}
