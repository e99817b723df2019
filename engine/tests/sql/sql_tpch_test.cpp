// The 22 TPC-H queries (engine/queries/tpch) parse; a few shapes are checked through the printer; random
// truncations and mutations of every query give a ParseError or a parse, never a crash.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "tessera/sql/parser.hpp"
#include "tessera/sql/printer.hpp"

using namespace tessera::sql;

namespace {

std::string read_query(int n) {
  char name[16];
  std::snprintf(name, sizeof name, "q%02d.sql", n);
  std::ifstream in(std::string(TESSERA_TPCH_SQL_DIR) + "/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string parse_to_sexpr(int n) { return to_sexpr(parse_script(read_query(n))); }

// Every location in the error must lie inside `text` (or just after its end).
void expect_location_inside(const ParseError& e, std::string_view text) {
  int32_t lines = 1;
  for (char c : text) lines += c == '\n';
  EXPECT_GE(e.location().line, 1);
  EXPECT_LE(e.location().line, lines);
  EXPECT_GE(e.location().column, 1);
}

}  // namespace

class SqlTpch : public ::testing::TestWithParam<int> {};

TEST_P(SqlTpch, Parses) {
  const std::string sql = read_query(GetParam());
  ASSERT_FALSE(sql.empty()) << "missing query file";
  Script s;
  try {
    s = parse_script(sql);
  } catch (const ParseError& e) {
    FAIL() << "q" << GetParam() << ": " << e.what();
  }
  ASSERT_EQ(s.statements.size(), GetParam() == 15 ? 3u : 1u);
  if (GetParam() == 15) {
    EXPECT_EQ(s.statements[0]->kind, StatementKind::CreateView);
    EXPECT_EQ(s.statements[1]->kind, StatementKind::Select);
    EXPECT_EQ(s.statements[2]->kind, StatementKind::DropView);
  } else {
    EXPECT_EQ(s.statements[0]->kind, StatementKind::Select);
  }
}

TEST_P(SqlTpch, TruncationsAndMutationsNeverCrash) {
  const std::string sql = read_query(GetParam());
  std::mt19937 rng(1234 + GetParam());
  int errors = 0;
  const int kTrials = 300;
  for (int i = 0; i < kTrials; ++i) {
    const size_t cut = std::uniform_int_distribution<size_t>(0, sql.size())(rng);
    const std::string prefix = sql.substr(0, cut);
    try {
      parse_script(prefix);
    } catch (const ParseError& e) {
      ++errors;
      expect_location_inside(e, prefix);
    }
  }
  // Most prefixes are incomplete; some end exactly after a clause and are valid queries.
  EXPECT_GT(errors, kTrials / 2);

  static const char kNoise[] = "()',;.*-+/=<>\"[]x1 \n";
  for (int i = 0; i < kTrials; ++i) {
    std::string m = sql;
    const size_t at = std::uniform_int_distribution<size_t>(0, m.size() - 1)(rng);
    switch (i % 3) {
      case 0: m.erase(at, 1); break;
      case 1: m.insert(at, 1, kNoise[rng() % (sizeof kNoise - 1)]); break;
      default: m[at] = kNoise[rng() % (sizeof kNoise - 1)]; break;
    }
    try {
      parse_script(m);
    } catch (const ParseError& e) {
      expect_location_inside(e, m);
    }
  }
}

TEST_P(SqlTpch, EveryPrefixEndingInsideAParenthesisFails) {
  const std::string sql = read_query(GetParam());
  int depth = 0;
  bool in_string = false, in_comment = false;
  for (size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (in_comment) {
      in_comment = c != '\n';
      continue;
    }
    if (in_string) {
      in_string = c != '\'';
      continue;
    }
    if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') in_comment = true;
    else if (c == '\'') in_string = true;
    else if (c == '(') ++depth;
    else if (c == ')') --depth;
    if (depth > 0 && i % 7 == 0) {
      EXPECT_THROW(parse_script(sql.substr(0, i + 1)), ParseError) << "q" << GetParam() << " cut at " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SqlTpchQueries, SqlTpch, ::testing::Range(1, 23),
                         [](const ::testing::TestParamInfo<int>& info) {
                           char name[8];
                           std::snprintf(name, sizeof name, "Q%02d", info.param);
                           return std::string(name);
                         });

TEST(SqlTpchShapes, Q01WhereAndAggregates) {
  const std::string s = parse_to_sexpr(1);
  EXPECT_NE(s.find("(where (<= l_shipdate (- (date '1998-12-01') (interval '90' day))))"), std::string::npos) << s;
  EXPECT_NE(s.find("(as (call SUM (* (* l_extendedprice (- 1 l_discount)) (+ 1 l_tax))) sum_charge)"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("(as (call COUNT *) count_order)"), std::string::npos) << s;
}

TEST(SqlTpchShapes, Q06Between) {
  EXPECT_EQ(parse_to_sexpr(6),
            "(select (list (as (call SUM (* l_extendedprice l_discount)) revenue)) (from (table lineitem)) (where "
            "(and (and (and (>= l_shipdate (date '1994-01-01')) (< l_shipdate (+ (date '1994-01-01') (interval '1' "
            "year)))) (between l_discount (- 0.06 0.01) (+ 0.06 0.01))) (< l_quantity 24))))");
}

TEST(SqlTpchShapes, Q13LeftOuterJoinAndDerivedColumns) {
  const std::string s = parse_to_sexpr(13);
  EXPECT_NE(s.find("(derived c_orders (c_custkey c_count) (select (list c_custkey (call COUNT o_orderkey)) (from "
                   "(join left (table customer) (table orders) (and (= c_custkey o_custkey) (not-like o_comment "
                   "'%special%requests%'))))"),
            std::string::npos)
      << s;
}

TEST(SqlTpchShapes, Q21ExistsAndNotExists) {
  const std::string s = parse_to_sexpr(21);
  EXPECT_NE(s.find("(exists (select (list *) (from (table lineitem l2))"), std::string::npos) << s;
  EXPECT_NE(s.find("(not-exists (select (list *) (from (table lineitem l3))"), std::string::npos) << s;
  EXPECT_NE(s.find("(limit 100)"), std::string::npos) << s;
}

TEST(SqlTpchShapes, Q22SubstringAndInList) {
  const std::string s = parse_to_sexpr(22);
  EXPECT_NE(s.find("(in (call SUBSTRING c_phone 1 2) (list '13' '31' '23' '29' '30' '18' '17'))"), std::string::npos)
      << s;
}

TEST(SqlTpchShapes, Q15View) {
  const std::string s = parse_to_sexpr(15);
  EXPECT_EQ(s.substr(0, 53), "(create-view revenue0 (supplier_no total_revenue) (se");
  EXPECT_NE(s.find("(= total_revenue (subquery (select (list (call MAX total_revenue)) (from (table revenue0)))))"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.substr(s.size() - 20), "(drop-view revenue0)");
}
