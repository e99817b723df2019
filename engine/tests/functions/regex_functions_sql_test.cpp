// SQL Server 2025's regular-expression functions from SQL: REGEXP_LIKE, REGEXP_REPLACE, REGEXP_SUBSTR,
// REGEXP_INSTR, REGEXP_COUNT. The documented examples by hand (learn.microsoft.com, 2025-11: the pages give the
// queries, the rows here are made up), NULLs, errors, and answers against DuckDB's regexp_matches,
// regexp_replace and regexp_extract (RE2 too) where the semantics agree: DuckDB's regexp_replace replaces the
// first match unless given 'g' (SQL Server's default occurrence 0 replaces all), its regexp_extract gives ''
// where there is no match (SQL Server's REGEXP_SUBSTR NULL), and its replacement has no '&'.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "tessera/engine/database.hpp"
#include "tessera/sql_oracle_test.hpp"
#include "tessera/tpch/loader.hpp"

using namespace tessera;
using storage::DataType;
using V = std::vector<std::string>;

namespace {

// ClickBench Q29's pattern and replacement.
constexpr const char* kQ29 = "REGEXP_REPLACE(Referer, '^https?://(?:www\\.)?([^/]+)/.*$', '\\1')";

// people: names, e-mail addresses, phone numbers and free text, some NULL.
constexpr const char* kPeople =
    "1|Andy|andy.smith@contoso.com|555-123-4567|The apple is red|\n"
    "2|Amy|AMY@Example.ORG|555-12-4567|Under the sea, 2020-02-14|\n"
    "3|Bob|bob@localhost|(555) 123-4567|no vowels: rhythm|\n"
    "4|anthony|anthony_b+tag@mail.example.co.uk|555-987-6543|Queue of BEAUTIFUL ideas|\n"
    "5|Zoë|zoë@exämple.de|555-000-0000|naïve café, 3 items|\n"
    "6||||  |\n"
    "7|Ayy|not an e-mail|5551234567|a1b22c333|\n";

// t: 300 rows of generated words, digits and punctuation (NULL in about a fifth), for the DuckDB comparisons.
std::string t_text() {
  std::mt19937 rng(29);
  const char* parts[] = {"apple", "Pear", "fig", "KIWI", "plum", "lime", "12", "7", "-", " ", "x@y.z", "aa", "é",
                         "", "www.", "http://", "/", "ab12cd", "e"};
  std::ostringstream out;
  for (int id = 1; id <= 300; ++id) {
    out << id << '|';
    if (rng() % 5 != 0) {
      const int n = static_cast<int>(rng() % 6);
      for (int i = 0; i < n; ++i) out << parts[rng() % (sizeof parts / sizeof *parts)];
    }
    out << "|\n";
  }
  return out.str();
}

// Referers like ClickBench's, and the edge cases of Q29's pattern.
constexpr const char* kReferers =
    "1|https://www.example.com/path/x?q=1|\n2|http://example.com/|\n3|http://www.yandex.ru/yandsearch?text=a/b|\n"
    "4|https://an.yandex.ru/count/12|\n5|http://vk.com|\n6|android-app://com.google/|\n7||\n8|http://www./x|\n"
    "9|http:///x|\n10|https://www.a.b/c?d=e/f|\n11|http://a/|\n12|ftp://a/b|\n13|www.x.ru/|\n14|https://wwwx.ru/|\n"
    "15|http://www.www.x/|\n16|HTTP://x.ru/|\n17|https:/x.ru/|\n18|http://x.ru?q=1/2|\n19|https://яндекс.рф/поиск|\n"
    "20|http://0123456789012345678901234567890123456789012345678901234567890123456789/|\n";

class RegexFunctions : public test::SqlOracleTest {
 protected:
  static void SetUpTestSuite() {
    storage::Table people = test::tbl_table("people", kPeople, storage::Schema({{"id", DataType::int32(), false},
                                                                                {"name", DataType::varchar(50), true},
                                                                                {"email", DataType::varchar(100), true},
                                                                                {"phone", DataType::varchar(20), true},
                                                                                {"note", DataType::varchar(100), true}}));
    storage::Table t = test::tbl_table("t", t_text(), storage::Schema({{"id", DataType::int32(), false},
                                                                       {"s", DataType::varchar(100), true}}));
    storage::Table referers = test::tbl_table(
        "referers", kReferers,
        storage::Schema({{"id", DataType::int32(), false}, {"Referer", DataType::varchar(200), true}}));
    open(test::tables(std::move(t), std::move(referers)), test::tables(std::move(people)));
  }
};

}  // namespace

TEST_F(RegexFunctions, RegexpLikeDocumentedExamples) {
  // First names that start with A and end with Y, case-sensitively and with 'i'.
  EXPECT_EQ(rows("SELECT name FROM people WHERE REGEXP_LIKE(name, '^A.*Y$') ORDER BY id"), V({}));
  EXPECT_EQ(rows("SELECT name FROM people WHERE REGEXP_LIKE(name, '^A.*Y$', 'i') ORDER BY id"),
            V({"Andy", "Amy", "anthony", "Ayy"}));
  // A date in February 2020; three consecutive vowels.
  EXPECT_EQ(rows("SELECT id FROM people WHERE REGEXP_LIKE(note, '2020-02-\\d\\d')"), V({"2"}));
  EXPECT_EQ(rows("SELECT id FROM people WHERE REGEXP_LIKE(note, '[AEIOU]{3,}') ORDER BY id"), V({"4"}));
  // The CHECK constraints' patterns of the Employees example, as filters.
  EXPECT_EQ(rows("SELECT id FROM people WHERE REGEXP_LIKE(email, '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$') "
                 "ORDER BY id"),
            V({"1", "2", "4"}));
  EXPECT_EQ(rows("SELECT id FROM people WHERE REGEXP_LIKE(phone, '^(\\d{3})-(\\d{3})-(\\d{4})$') ORDER BY id"),
            V({"1", "4", "5"}));
  EXPECT_EQ(rows("SELECT id FROM people WHERE NOT REGEXP_LIKE(phone, '^(\\d{3})-(\\d{3})-(\\d{4})$') ORDER BY id"),
            V({"2", "3", "7"}));  // NULL is neither
}

TEST_F(RegexFunctions, RegexpReplaceSubstrInstrCountDocumentedExamples) {
  EXPECT_EQ(rows("SELECT REGEXP_REPLACE('123-456-7890', '(\\d{3})-(\\d{3})-(\\d{4})', '(\\1) \\2-\\3'), "
                 "REGEXP_REPLACE('123-456-7890', '(\\d{3})-(\\d{3})-(\\d{4})', '(\\1) (\\4)-xxxx')"),
            V({"(123) 456-7890|(123) ()-xxxx"}));
  EXPECT_EQ(rows("SELECT REGEXP_REPLACE(name, '[ae]', 'X', 1, 0, 'i'), REGEXP_REPLACE(phone, '\\d{4}$', '****') "
                 "FROM people WHERE id IN (1, 4) ORDER BY id"),
            V({"Xndy|555-123-****", "Xnthony|555-987-****"}));
  EXPECT_EQ(rows("SELECT REGEXP_REPLACE('My Dog likes my cat', 'cat|dog', 'pet', 1, 1, 'i')"), V({"My pet likes my cat"}));
  // The domain of an e-mail address (group 1); the first word starting with a vowel; the last four digits.
  EXPECT_EQ(rows("SELECT id, REGEXP_SUBSTR(email, '@(.+)$', 1, 1, 'i', 1), REGEXP_SUBSTR(note, '\\b[aeiou]\\w*', 1, 1, 'i'), "
                 "REGEXP_SUBSTR(phone, '\\d{4}$') FROM people ORDER BY id"),
            V({"1|contoso.com|apple|4567", "2|Example.ORG|Under|4567", "3|localhost|NULL|4567",
               "4|mail.example.co.uk|of|6543", "5|exämple.de|items|0000", "6|NULL|NULL|NULL",
               "7|NULL|a1b22c333|4567"}));
  // Positions: the first digits; the third a (case-insensitively); the end of the first t...e (lazy).
  EXPECT_EQ(rows("SELECT id, REGEXP_INSTR(note, '\\d+'), REGEXP_INSTR(name, 'a', 1, 3, 0, 'i'), "
                 "REGEXP_INSTR(note, 't.*?e', 1, 1, 1) FROM people ORDER BY id"),
            V({"1|0|0|0", "2|16|0|10", "3|0|0|0", "4|0|0|0", "5|13|0|18", "6|0|NULL|0", "7|2|0|0"}));
  // Counts: the letter a; names ending in y; three consonants in a row, ignoring case.
  EXPECT_EQ(rows("SELECT id, REGEXP_COUNT(note, 'a'), REGEXP_COUNT(name, 'y$'), REGEXP_COUNT(note, '[^aeiou ]{3}', 1, 'i') "
                 "FROM people ORDER BY id"),
            V({"1|1|1|1", "2|1|1|3", "3|0|0|3", "4|1|1|0", "5|2|0|1", "6|0|NULL|0", "7|1|1|2"}));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM people WHERE REGEXP_COUNT(name, 'y$') > 0"), V({"4"}));
}

TEST_F(RegexFunctions, NullsDefaultsAndErrors) {
  // Any NULL argument gives NULL (a NULL text, pattern, replacement, start, occurrence or flags).
  EXPECT_EQ(rows("SELECT REGEXP_LIKE(name, 'a'), REGEXP_REPLACE(name, 'a', 'b'), REGEXP_SUBSTR(name, 'a'), "
                 "REGEXP_INSTR(name, 'a'), REGEXP_COUNT(name, 'a') FROM people WHERE id = 6"),
            V({"NULL|NULL|NULL|NULL|NULL"}));
  EXPECT_EQ(rows("SELECT REGEXP_REPLACE('abc', NULL, 'x'), REGEXP_REPLACE('abc', 'b', NULL), "
                 "REGEXP_COUNT('abc', 'b', NULL), REGEXP_LIKE('abc', 'B', NULL), REGEXP_INSTR('abc', 'b', 1, NULL)"),
            V({"NULL|NULL|NULL|NULL|NULL"}));
  // The shorter forms' defaults: replacement '', every occurrence.
  EXPECT_EQ(rows("SELECT REGEXP_REPLACE(note, '\\d+'), REGEXP_REPLACE(note, '\\d+', '#', 3), "
                 "REGEXP_REPLACE(note, '\\d+', '#', 1, 2), REGEXP_SUBSTR(note, '\\d+', 1, 3), REGEXP_COUNT(note, '\\d', 4) "
                 "FROM people WHERE id = 7"),
            V({"abc|a1b#c#|a1b#c333|333|5"}));
  // No match: REGEXP_SUBSTR is NULL, REGEXP_INSTR 0, REGEXP_REPLACE the text; start past the end likewise.
  EXPECT_EQ(rows("SELECT REGEXP_SUBSTR('abc', 'x'), REGEXP_INSTR('abc', 'x'), REGEXP_REPLACE('abc', 'x', 'y'), "
                 "REGEXP_SUBSTR('abc', 'b', 4), REGEXP_INSTR('abc', 'b', 4), REGEXP_REPLACE('abc', 'b', 'y', 4), "
                 "REGEXP_COUNT('abc', 'b', 4)"),
            V({"NULL|0|abc|NULL|0|abc|0"}));
  // Errors: an invalid pattern, a flag other than c, i, m, s, a start below 1, a return_option other than 0/1.
  EXPECT_NE(error("SELECT REGEXP_LIKE(name, '(a') FROM people").find("8116"), std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_LIKE(name, '(a') FROM people").find("invalid pattern"), std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_COUNT(name, 'a**') FROM people").find("invalid pattern"), std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_REPLACE(name, '\\p{L}', '') FROM people").find("invalid pattern"), std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_LIKE(name, 'a', 'g') FROM people").find("Only {c,i,s,m} flags are valid"),
            std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_SUBSTR(name, 'a', 0) FROM people").find("8116"), std::string::npos);
  EXPECT_NE(error("SELECT REGEXP_INSTR(name, 'a', 1, 1, 2) FROM people").find("8116"), std::string::npos);
}

TEST_F(RegexFunctions, RegexpLikeEqualsDuckDb) {
  same_as_duckdb("SELECT id, REGEXP_LIKE(s, '^[a-z]+$'), REGEXP_LIKE(s, 'p[a-z]+', 'i'), REGEXP_LIKE(s, '\\d{2}'), "
                 "REGEXP_LIKE(s, '(apple|fig)+e?$') FROM t ORDER BY id",
                 "SELECT id, regexp_matches(s, '^[a-z]+$'), regexp_matches(s, 'p[a-z]+', 'i'), regexp_matches(s, '\\d{2}'), "
                 "regexp_matches(s, '(apple|fig)+e?$') FROM t ORDER BY id");
  same_as_duckdb("SELECT id FROM t WHERE REGEXP_LIKE(s, '^(kiwi|pear)', 'i') OR REGEXP_LIKE(s, 'x@y\\.z$') ORDER BY id",
                 "SELECT id FROM t WHERE regexp_matches(s, '^(kiwi|pear)', 'i') OR regexp_matches(s, 'x@y\\.z$') ORDER BY id");
}

TEST_F(RegexFunctions, RegexpReplaceEqualsDuckDb) {
  same_as_duckdb("SELECT id, REGEXP_REPLACE(s, '[aeiou]', '#'), REGEXP_REPLACE(s, '(\\w)(\\w)', '\\2\\1'), "
                 "REGEXP_REPLACE(s, 'a+|\\d+', '<\\0>'), REGEXP_REPLACE(s, 'p(l|e)', 'P', 1, 0, 'i') FROM t ORDER BY id",
                 "SELECT id, regexp_replace(s, '[aeiou]', '#', 'g'), regexp_replace(s, '(\\w)(\\w)', '\\2\\1', 'g'), "
                 "regexp_replace(s, 'a+|\\d+', '<\\0>', 'g'), regexp_replace(s, 'p(l|e)', 'P', 'gi') FROM t ORDER BY id");
  // The first occurrence only (DuckDB's default).
  same_as_duckdb("SELECT id, REGEXP_REPLACE(s, '[a-z]+', '_', 1, 1), REGEXP_REPLACE(s, '(\\d)(\\d)?', '\\2\\1', 1, 1) "
                 "FROM t ORDER BY id",
                 "SELECT id, regexp_replace(s, '[a-z]+', '_'), regexp_replace(s, '(\\d)(\\d)?', '\\2\\1') FROM t ORDER BY id");
}

TEST_F(RegexFunctions, RegexpSubstrAndCountEqualDuckDb) {
  // DuckDB's regexp_extract is '' without a match; SQL Server's REGEXP_SUBSTR NULL.
  same_as_duckdb("SELECT id, REGEXP_SUBSTR(s, '[0-9]+'), REGEXP_SUBSTR(s, '([a-z]+)([0-9]+)', 1, 1, 'c', 2), "
                 "REGEXP_SUBSTR(s, 'p.*?e', 1, 1, 'i') FROM t ORDER BY id",
                 "SELECT id, CASE WHEN regexp_matches(s, '[0-9]+') THEN regexp_extract(s, '[0-9]+') END, "
                 "CASE WHEN regexp_matches(s, '([a-z]+)([0-9]+)') THEN regexp_extract(s, '([a-z]+)([0-9]+)', 2) END, "
                 "CASE WHEN regexp_matches(s, 'p.*?e', 'i') THEN regexp_extract(s, '(?i)p.*?e') END FROM t ORDER BY id");
  same_as_duckdb("SELECT id, REGEXP_COUNT(s, 'a'), REGEXP_COUNT(s, '[0-9]+'), REGEXP_COUNT(s, 'p|k', 1, 'i') "
                 "FROM t ORDER BY id",
                 "SELECT id, len(regexp_extract_all(s, 'a')), len(regexp_extract_all(s, '[0-9]+')), "
                 "len(regexp_extract_all(s, '(?i)p|k')) FROM t ORDER BY id");
  // As fused predicates: a count and a substring compared with constants.
  same_as_duckdb("SELECT id FROM t WHERE REGEXP_COUNT(s, 'a') >= 2 ORDER BY id",
                 "SELECT id FROM t WHERE len(regexp_extract_all(s, 'a')) >= 2 ORDER BY id");
  same_as_duckdb("SELECT id FROM t WHERE REGEXP_SUBSTR(s, '[0-9]+') = '12' ORDER BY id",
                 "SELECT id FROM t WHERE regexp_extract(s, '[0-9]+') = '12' ORDER BY id");
}

TEST_F(RegexFunctions, ClickBenchQ29HostEqualsDuckDb) {
  same_as_duckdb(std::string("SELECT id, ") + kQ29 + " FROM referers ORDER BY id");
  EXPECT_EQ(rows(std::string("SELECT id, ") + kQ29 + " FROM referers WHERE id IN (1, 3, 5, 8, 15, 19) ORDER BY id"),
            V({"1|example.com", "3|yandex.ru", "5|http://vk.com", "8|www.", "15|www.x", "19|яндекс.рф"}));
  // Grouped by the host, as Q29 does.
  same_as_duckdb(std::string("SELECT ") + kQ29 + " AS k, COUNT(*) FROM referers WHERE Referer <> '' GROUP BY " + kQ29 +
                     " ORDER BY k",
                 std::string("SELECT ") + kQ29 + " AS k, COUNT(*) FROM referers WHERE Referer <> '' GROUP BY k ORDER BY k");
}
