// The server's T-SQL tokenizer (sql_tokens.hpp): strings with '' and N'', quoted names, nested comments,
// @variables and @@system variables, numbers, and text that ends inside a string or comment.
#include <gtest/gtest.h>

#include "tessera/server/sql_tokens.hpp"

namespace tessera::server {
namespace {

std::vector<std::string> texts(std::string_view sql) {
  std::vector<std::string> out;
  for (const SqlToken& t : tokenize_sql(sql).tokens) out.emplace_back(t.text);
  return out;
}

TEST(SqlTokens, WordsSymbolsAndNumbers) {
  EXPECT_EQ(texts("SELECT a.b, 1.5E3, 0x1F, x<>y >= 2"),
            (std::vector<std::string>{"SELECT", "a", ".", "b", ",", "1.5E3", ",", "0x1F", ",", "x", "<>", "y", ">=", "2"}));
}

TEST(SqlTokens, StringsUndoDoubledQuotes) {
  const SqlTokens t = tokenize_sql("N'O''Brien' 'x' n'\xC3\xA9'");
  ASSERT_EQ(t.tokens.size(), 3u);
  EXPECT_EQ(t.tokens[0].kind, SqlTokenKind::String);
  EXPECT_EQ(t.tokens[0].value, "O'Brien");
  EXPECT_TRUE(t.tokens[0].unicode);
  EXPECT_FALSE(t.tokens[1].unicode);
  EXPECT_EQ(t.tokens[2].value, "\xC3\xA9");  // é
}

TEST(SqlTokens, QuotedNamesAreNamesNotKeywords) {
  const SqlTokens t = tokenize_sql("[SET] \"a\"\"b\" [x]]y] SET");
  ASSERT_EQ(t.tokens.size(), 4u);
  EXPECT_EQ(t.tokens[0].value, "SET");
  EXPECT_FALSE(t.tokens[0].is("SET"));
  EXPECT_EQ(t.tokens[1].value, "a\"b");
  EXPECT_EQ(t.tokens[2].value, "x]y");
  EXPECT_TRUE(t.tokens[3].is("set"));
}

TEST(SqlTokens, VariablesAndSystemVariables) {
  const SqlTokens t = tokenize_sql("@p1 @@SPID @x#y");
  ASSERT_EQ(t.tokens.size(), 3u);
  EXPECT_EQ(t.tokens[0].kind, SqlTokenKind::Variable);
  EXPECT_EQ(t.tokens[1].kind, SqlTokenKind::SystemVariable);
  EXPECT_EQ(t.tokens[1].text, "@@SPID");
  EXPECT_EQ(t.tokens[2].text, "@x#y");
}

TEST(SqlTokens, CommentsNestAndAreSkipped) {
  EXPECT_EQ(texts("a -- @x ' \n b /* c /* d */ @y */ e"), (std::vector<std::string>{"a", "b", "e"}));
  EXPECT_TRUE(tokenize_sql("a /* /* */").unterminated_comment);
}

TEST(SqlTokens, UnterminatedStringsRunToTheEnd) {
  const SqlTokens t = tokenize_sql("SELECT 'abc");
  ASSERT_EQ(t.tokens.size(), 2u);
  EXPECT_TRUE(t.tokens[1].unterminated);
  EXPECT_EQ(t.tokens[1].value, "abc");
}

TEST(SqlTokens, OffsetsPointIntoTheText) {
  const std::string sql = "SELECT @p";
  const SqlTokens tokens = tokenize_sql(sql);
  const SqlToken& t = tokens.tokens[1];
  EXPECT_EQ(sql.substr(t.begin, t.end - t.begin), "@p");
}

TEST(SqlTokens, QuotingAndCase) {
  EXPECT_EQ(quote_string_literal("it's"), "N'it''s'");
  EXPECT_EQ(quote_string_literal("x", false), "'x'");
  EXPECT_TRUE(iequals("Sa", "sA"));
  EXPECT_FALSE(iequals("sa", "sab"));
  EXPECT_EQ(to_upper_ascii("us_english"), "US_ENGLISH");
}

}  // namespace
}  // namespace tessera::server
