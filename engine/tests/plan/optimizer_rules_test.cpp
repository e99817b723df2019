// The optimizer's rules below SQL's answers (engine/plan/src/optimizer_impl.hpp lists them): each test binds a
// query over small tables, optimises it with known distinct-value statistics and looks at the plan itself --
// where each predicate went, which input builds a join, which columns a scan keeps, the estimates. The queries'
// answers are tested end to end elsewhere (engine_sql_test.cpp, the TPC-H suites against DuckDB).
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "tessera/plan/binder.hpp"
#include "tessera/plan/optimizer.hpp"
#include "tessera/sql/parser.hpp"
#include "tessera/storage/table.hpp"

using namespace tessera;
using plan::OpKind;
using storage::DataType;

namespace {

// Table `name` of `rows` rows: x (0..rows-1), y (x % 10), z (x % 100), s ("s" + x % 3).
storage::Table table(const std::string& name, int64_t rows) {
  storage::Table t(name, storage::Schema({{"x", DataType::int32()},
                                          {"y", DataType::int32()},
                                          {"z", DataType::int32()},
                                          {"s", DataType::varchar(10)}}));
  for (int64_t r = 0; r < rows; ++r) {
    t.column(0).append<int32_t>(static_cast<int32_t>(r));
    t.column(1).append<int32_t>(static_cast<int32_t>(r % 10));
    t.column(2).append<int32_t>(static_cast<int32_t>(r % 100));
    t.column(3).append_string("s" + std::to_string(r % 3));
  }
  return t;
}

class OptimizerRules : public ::testing::Test {
 protected:
  OptimizerRules() {
    tables_.emplace("big", table("big", 10000));
    tables_.emplace("mid", table("mid", 1000));
    tables_.emplace("small", table("small", 20));
  }

  // The optimised plan of `sql`; distinct values of every column as the column's own count of values.
  plan::PlanPtr optimized(const std::string& sql) {
    script_ = sql::parse_script(sql);
    plan::BindEnv env;
    env.find_table = [this](std::string_view n) -> const storage::Table* {
      auto it = tables_.find(std::string(n));
      return it == tables_.end() ? nullptr : &it->second;
    };
    env.find_view = [](std::string_view) -> const plan::ViewDef* { return nullptr; };
    const plan::BoundQuery b = plan::bind_query(*script_.statements.at(0)->as<sql::SelectStmt>().query, env);
    plan::OptimizerEnv oenv;
    oenv.distinct_values = [](const storage::Table* t, size_t col) {
      const double rows = static_cast<double>(t->num_rows());
      return col == 0 ? rows : col == 1 ? 10.0 : col == 2 ? 100.0 : 3.0;
    };
    return plan::optimize(b.plan, oenv);
  }

  // Every operator of `kind` in the plan, in pre-order.
  static std::vector<const plan::LogicalOp*> all(const plan::LogicalOp& op, OpKind kind) {
    std::vector<const plan::LogicalOp*> out;
    std::function<void(const plan::LogicalOp&)> walk = [&](const plan::LogicalOp& o) {
      if (o.kind == kind) out.push_back(&o);
      for (const auto& c : o.children) walk(*c);
    };
    walk(op);
    return out;
  }
  static const plan::LogicalOp* scan_of(const plan::LogicalOp& root, const std::string& table) {
    for (const plan::LogicalOp* s : all(root, OpKind::Scan))
      if (s->table->name() == table) return s;
    return nullptr;
  }

  std::map<std::string, storage::Table> tables_;
  sql::Script script_;  // the bound plan points into it
};

TEST_F(OptimizerRules, PushDownMovesEachConjunctToTheInputItReadsAndJoinsOnTheRest) {
  const plan::PlanPtr p = optimized("SELECT big.x FROM big, small WHERE big.y = small.x AND big.z > 5 AND small.s = 's1'");
  EXPECT_TRUE(all(*p, OpKind::Filter).empty()) << "every conjunct has a home below the join";
  const auto joins = all(*p, OpKind::Join);
  ASSERT_EQ(joins.size(), 1u);
  ASSERT_EQ(joins[0]->predicates.size(), 1u);
  EXPECT_EQ(joins[0]->predicates[0]->op, plan::Op::Eq);
  ASSERT_NE(scan_of(*p, "big"), nullptr);
  ASSERT_NE(scan_of(*p, "small"), nullptr);
  EXPECT_EQ(scan_of(*p, "big")->predicates.size(), 1u);
  EXPECT_EQ(scan_of(*p, "small")->predicates.size(), 1u);
}

TEST_F(OptimizerRules, ThroughALeftJoinOnlyTheLeftInputsConditionsMoveDown) {
  // A WHERE condition on the preserved (left) side filters it first; one on the NULL-supplying side must stay
  // above the join (it also removes the unmatched rows).
  const plan::PlanPtr p = optimized(
      "SELECT big.x FROM big LEFT JOIN small ON big.y = small.x WHERE big.z = 7 AND small.s IS NULL");
  ASSERT_NE(scan_of(*p, "big"), nullptr);
  EXPECT_EQ(scan_of(*p, "big")->predicates.size(), 1u);
  EXPECT_TRUE(scan_of(*p, "small")->predicates.empty());
  EXPECT_EQ(all(*p, OpKind::Filter).size(), 1u);
}

TEST_F(OptimizerRules, JoinOrderBuildsOnTheSmallerInputAndJoinsTheSmallestResultFirst) {
  const plan::PlanPtr p = optimized(
      "SELECT count(*) FROM big, mid, small WHERE big.x = mid.x AND mid.x = small.x");
  const auto joins = all(*p, OpKind::Join);
  ASSERT_EQ(joins.size(), 2u);
  for (const plan::LogicalOp* j : joins)
    EXPECT_LE(j->child(1)->estimated_rows, j->child(0)->estimated_rows) << "the build (right) side is the smaller";
  // The lower join is mid with small (20 rows out), not big with mid (1,000).
  const plan::LogicalOp* lower = joins[1];
  EXPECT_EQ(scan_of(*lower, "big"), nullptr);
  EXPECT_NE(scan_of(*lower, "small"), nullptr);
}

TEST_F(OptimizerRules, FactoredDisjunctionGivesAnEquiJoinAndAnImpliedFilter) {
  // TPC-H Q19's shape: the join key in every branch, each branch restricting both inputs.
  const plan::PlanPtr p = optimized(
      "SELECT count(*) FROM big, small WHERE (big.y = small.x AND big.z = 1 AND small.s = 's0') "
      "OR (big.y = small.x AND big.z = 2 AND small.s = 's1')");
  const auto joins = all(*p, OpKind::Join);
  ASSERT_EQ(joins.size(), 1u);
  bool equi = false;
  for (const auto& c : joins[0]->predicates) equi = equi || c->op == plan::Op::Eq;
  EXPECT_TRUE(equi) << "the common conjunct became the join key";
  // Each input gets the OR of the branches' conditions on it.
  ASSERT_EQ(scan_of(*p, "big")->predicates.size(), 1u);
  EXPECT_EQ(scan_of(*p, "big")->predicates[0]->op, plan::Op::Or);
  ASSERT_EQ(scan_of(*p, "small")->predicates.size(), 1u);
  EXPECT_EQ(scan_of(*p, "small")->predicates[0]->op, plan::Op::Or);
}

TEST_F(OptimizerRules, PruningKeepsOnlyTheColumnsAboveReads) {
  const plan::PlanPtr p = optimized("SELECT x FROM big WHERE z > 3");
  const plan::LogicalOp* s = scan_of(*p, "big");
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->outputs.size(), 1u) << "z is read by the scan's own predicate, not above it";
  EXPECT_EQ(s->outputs[0].name, "x");
  const plan::PlanPtr q = optimized("SELECT s, count(*) FROM big GROUP BY s");
  ASSERT_EQ(scan_of(*q, "big")->outputs.size(), 1u);
}

// Late materialisation: a top-N over one scan sorts the columns it reads plus the row position; a Fetch above it
// reads the others (renamed ones too) at the kept rows. Not for more than 1,024 rows or an eighth of the table,
// nor over a join, nor when every output is read below.
TEST_F(OptimizerRules, ATopNOverAScanFetchesTheColumnsItDoesNotRead) {
  const plan::PlanPtr p = optimized("SELECT TOP 5 x, s AS label, z FROM big WHERE y = 3 ORDER BY x DESC");
  ASSERT_EQ(p->kind, OpKind::Fetch);
  ASSERT_EQ(p->outputs.size(), 3u);
  EXPECT_EQ(p->outputs[1].name, "label");
  EXPECT_EQ(p->fetch_columns, (std::vector<int>{-1, 3, 2}));  // s and z, by table column
  EXPECT_EQ(p->table->name(), "big");
  const plan::LogicalOp& limit = *p->child();
  EXPECT_EQ(limit.kind, OpKind::Limit);
  const plan::LogicalOp* s = scan_of(*p, "big");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->row_position, p->row_position);
  std::vector<std::string> scanned;
  for (const auto& o : s->outputs) scanned.push_back(o.name);
  EXPECT_EQ(scanned, (std::vector<std::string>{"x", "#row"}));  // y only in the scan's own predicate
  for (const auto& o : limit.outputs) EXPECT_NE(o.name, "label");
  EXPECT_EQ(optimized("SELECT TOP 1024 x, s FROM big ORDER BY x")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT TOP 1025 x, s FROM big ORDER BY x")->kind, OpKind::Fetch);
  EXPECT_EQ(optimized("SELECT x, s FROM big ORDER BY x OFFSET 1000 ROWS FETCH NEXT 24 ROWS ONLY")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT x, s FROM big ORDER BY x OFFSET 1001 ROWS FETCH NEXT 24 ROWS ONLY")->kind, OpKind::Fetch);
  EXPECT_EQ(optimized("SELECT TOP 125 x, s FROM mid ORDER BY x")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT TOP 126 x, s FROM mid ORDER BY x")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT TOP 5 x, s FROM big ORDER BY s, x")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT TOP 5 big.x, mid.s FROM big, mid WHERE big.x = mid.x ORDER BY big.x")->kind, OpKind::Fetch);
  EXPECT_NE(optimized("SELECT TOP 5 x, CASE WHEN y > 3 THEN s ELSE 'no' END AS u FROM big ORDER BY x")->kind, OpKind::Fetch);
}

TEST_F(OptimizerRules, EstimatesUseTheDistinctValuesOfTheStatistics) {
  // x = constant over a column of 10,000 distinct values: one row; y = constant (10 values): a tenth.
  EXPECT_DOUBLE_EQ(scan_of(*optimized("SELECT x FROM big WHERE x = 5"), "big")->estimated_rows, 1.0);
  EXPECT_DOUBLE_EQ(scan_of(*optimized("SELECT x FROM big WHERE y = 5"), "big")->estimated_rows, 1000.0);
  // A foreign-key-like join keeps the larger side: big.y (10 values) = small.x (20).
  const plan::PlanPtr p = optimized("SELECT count(*) FROM big, small WHERE big.y = small.x");
  EXPECT_DOUBLE_EQ(all(*p, OpKind::Join)[0]->estimated_rows, 10000.0 * 20 / 20);
  // GROUP BY s: its 3 distinct values.
  EXPECT_DOUBLE_EQ(all(*optimized("SELECT s, count(*) FROM big GROUP BY s"), OpKind::Aggregate)[0]->estimated_rows, 3.0);
}

TEST_F(OptimizerRules, ASemiJoinFiltersTheOneInputItReads) {
  // IN (subquery) on big's column inside a join of big and mid: the semi join moves down onto big, the input
  // it filters, when big (10,000 rows) is smaller than the whole join tree (big.y = mid.y, 10 values a side:
  // a million rows) ...
  const plan::PlanPtr p = optimized(
      "SELECT count(*) FROM big, mid WHERE big.y = mid.y AND big.z IN (SELECT x FROM small)");
  const auto joins = all(*p, OpKind::Join);
  const plan::LogicalOp* semi = nullptr;
  for (const plan::LogicalOp* j : joins)
    if (j->join_type == plan::JoinType::Semi) semi = j;
  ASSERT_NE(semi, nullptr);
  EXPECT_NE(scan_of(*semi->child(0), "big"), nullptr);
  EXPECT_EQ(scan_of(*semi->child(0), "mid"), nullptr) << "the semi join sits on big alone, below the inner join";
  // ... and stays above the join when the join (big.x = mid.y: at most big's rows, estimated 1,000) is smaller.
  const plan::PlanPtr q = optimized(
      "SELECT count(*) FROM big, mid WHERE big.x = mid.y AND big.z IN (SELECT x FROM small)");
  for (const plan::LogicalOp* j : all(*q, OpKind::Join))
    if (j->join_type == plan::JoinType::Semi) EXPECT_NE(scan_of(*j->child(0), "mid"), nullptr);
}

}  // namespace
