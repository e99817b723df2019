// Streaming's planning below SQL (exec/morsels.hpp, plan/aggregate_split.hpp): which scan an aggregation streams
// and what it reuses, how a table is cut into morsels, and how an aggregation splits into a partial and a final
// half. The answers themselves are tested end to end in streamed_aggregate_test.cpp and the StoredTpch suite.
#include <gtest/gtest.h>

#include "tessera/exec/morsels.hpp"
#include "tessera/plan/aggregate_split.hpp"
#include "tessera/storage/table.hpp"

using namespace tessera;
using plan::AggFunc;
using plan::OpKind;
using storage::DataType;

namespace {

storage::Table table(const std::string& name, int64_t rows) {
  storage::Table t(name, storage::Schema({{"a", DataType::int32()}, {"s", DataType::varchar(10)}}));
  for (int64_t r = 0; r < rows; ++r) {
    t.column(0).append<int32_t>(static_cast<int32_t>(r));
    t.column(1).append_string("x");
  }
  return t;
}

plan::PlanPtr scan(const storage::Table& t, plan::ColumnId first_id) {
  auto s = plan::make_plan(OpKind::Scan);
  s->table = &t;
  s->table_ids = {first_id, first_id + 1};
  s->outputs = {{first_id, "a", DataType::int32()}, {first_id + 1, "s", DataType::varchar(10)}};
  return s;
}

plan::PlanPtr over(OpKind k, plan::PlanPtr child) {
  auto p = plan::make_plan(k);
  p->outputs = child->outputs;
  p->children = {std::move(child)};
  return p;
}

plan::ExprPtr col(plan::ColumnId id, DataType t = DataType::int32()) { return plan::column_ref(id, t, "c"); }

TEST(StreamPath, FollowsFiltersProjectionsAndTheLargerSideOfAnInnerJoin) {
  const storage::Table big = table("big", 100), small = table("small", 10);
  const plan::PlanPtr f = over(OpKind::Filter, scan(big, 0));
  exec::StreamPath p = exec::stream_path(*over(OpKind::Project, f));
  ASSERT_NE(p.scan, nullptr);
  EXPECT_EQ(p.scan->table, &big);
  EXPECT_EQ(p.chain.size(), 3u);  // project, filter, scan
  EXPECT_TRUE(p.reused.empty());
  // An inner join streams whichever input holds the larger scan and reuses the other.
  for (bool big_left : {true, false}) {
    plan::PlanPtr l = scan(big_left ? big : small, 0), r = scan(big_left ? small : big, 2);
    const plan::PlanPtr j = plan::make_join(plan::JoinType::Inner, l, r, {plan::op(plan::Op::Eq, DataType::boolean(), {col(0), col(2)})});
    p = exec::stream_path(*j);
    ASSERT_NE(p.scan, nullptr);
    EXPECT_EQ(p.scan->table, &big);
    ASSERT_EQ(p.reused.size(), 1u);
    EXPECT_EQ(p.reused[0], big_left ? r.get() : l.get());
  }
  // Left, semi and anti joins keep or drop each left row by the whole right input: only the left one streams.
  for (plan::JoinType t : {plan::JoinType::Left, plan::JoinType::Semi, plan::JoinType::Anti}) {
    plan::PlanPtr l = scan(small, 0), r = scan(big, 2);
    p = exec::stream_path(*plan::make_join(t, l, r, {plan::op(plan::Op::Eq, DataType::boolean(), {col(0), col(2)})}));
    ASSERT_NE(p.scan, nullptr);
    EXPECT_EQ(p.scan->table, &small);
    EXPECT_EQ(p.reused, std::vector<const plan::LogicalOp*>{r.get()});
  }
  // An aggregation, a sort or a union below cuts the path: nothing streams.
  EXPECT_EQ(exec::stream_path(*over(OpKind::Sort, scan(big, 0))).scan, nullptr);
  auto agg = plan::make_plan(OpKind::Aggregate);
  agg->children = {scan(big, 0)};
  EXPECT_EQ(exec::stream_path(*over(OpKind::Filter, agg)).scan, nullptr);
}

TEST(PlanMorsels, WholeWithinTheBudgetElseRangesThatCoverEveryRowOnce) {
  const storage::Table t = table("t", 1000);
  const plan::PlanPtr s = scan(t, 0);
  const int64_t row = exec::scan_row_bytes(*s);
  EXPECT_EQ(row, (1 + 4) + (1 + 12 + 10));
  using Ranges = std::vector<std::pair<int64_t, int64_t>>;
  EXPECT_EQ(exec::plan_morsels(*s, 0, 0), (Ranges{{0, 1000}}));              // no budget: whole
  EXPECT_EQ(exec::plan_morsels(*s, 0, 2 * 1000 * row), (Ranges{{0, 1000}}));  // fits half the budget
  EXPECT_EQ(exec::plan_morsels(*s, 300, 0), (Ranges{{0, 300}, {300, 600}, {600, 900}, {900, 1000}}));
  const Ranges cut = exec::plan_morsels(*s, 0, 1000 * row);  // twice the half: morsels of an eighth
  ASSERT_GT(cut.size(), 1u);
  int64_t next = 0;
  for (const auto& [b, e] : cut) {
    EXPECT_EQ(b, next);
    EXPECT_LE((e - b) * row, 1000 * row / 8);
    next = e;
  }
  EXPECT_EQ(next, 1000);
  const storage::Table empty = table("e", 0);
  EXPECT_EQ(exec::plan_morsels(*scan(empty, 0), 10, 0), (Ranges{{0, 0}}));  // one empty morsel
}

TEST(SplitAggregate, PartialStatesAndTheFinalMerge) {
  const storage::Table t = table("t", 10);
  auto op = plan::make_plan(OpKind::Aggregate);
  op->children = {scan(t, 0)};
  op->groups = {col(1, DataType::varchar(10))};
  const DataType money = DataType::money(), dec = DataType::decimal(38, 2);
  const plan::ExprPtr d = col(0, DataType::decimal(12, 2));
  op->aggregates = {{AggFunc::Sum, col(0), false, nullptr}, {AggFunc::CountStar, nullptr, false, nullptr},
                    {AggFunc::Avg, d, false, nullptr},      {AggFunc::Max, col(1, DataType::varchar(10)), false, nullptr},
                    {AggFunc::Sum, col(0, money), false, nullptr}};
  op->outputs = {{10, "g", DataType::varchar(10)}, {11, "sum", DataType::int32()}, {12, "n", DataType::int32()},
                 {13, "avg", DataType::decimal(38, 6)}, {14, "max", DataType::varchar(10)}, {15, "m", money}};
  const std::optional<plan::AggregateSplit> s = plan::split_aggregate(*op);
  ASSERT_TRUE(s.has_value());
  // The partial: the same groups; INT sums as BIGINT, COUNT(*) as COUNT_BIG, AVG as a sum and a count.
  EXPECT_EQ(s->partial->children, op->children);
  ASSERT_EQ(s->partial->aggregates.size(), 6u);
  std::vector<DataType> types;
  for (const auto& o : s->partial->outputs) types.push_back(o.type);
  EXPECT_EQ(types, (std::vector<DataType>{DataType::varchar(10), DataType::int64(), DataType::int64(), dec,
                                          DataType::int64(), DataType::varchar(10), money}));
  for (const auto& o : s->partial->outputs) EXPECT_GE(o.id, plan::kSplitColumnIds);
  EXPECT_EQ(s->partial->aggregates[3].func, AggFunc::Count);  // AVG's count, of its argument's non-NULL rows
  // The final: the original outputs; COUNT merges as a SUM, AVG as the summed sums over the summed counts.
  EXPECT_EQ(s->final->outputs.size(), op->outputs.size());
  for (size_t i = 0; i < op->outputs.size(); ++i) EXPECT_EQ(s->final->outputs[i].id, op->outputs[i].id);
  ASSERT_EQ(s->final->aggregates.size(), 5u);
  EXPECT_EQ(s->final->aggregates[1].func, AggFunc::Sum);
  EXPECT_EQ(s->final->aggregates[2].func, AggFunc::Avg);
  ASSERT_NE(s->final->aggregates[2].weight, nullptr);
  EXPECT_EQ(s->final->aggregates[2].weight->column, s->partial->outputs[4].id);
  EXPECT_EQ(s->final->aggregates[3].func, AggFunc::Max);
  // DISTINCT, and MIN/MAX under a case-insensitive collation, do not merge.
  op->aggregates[0].distinct = true;
  EXPECT_FALSE(plan::split_aggregate(*op).has_value());
  op->aggregates[0].distinct = false;
  op->aggregates[3].folded = col(1, DataType::varchar(10));
  EXPECT_FALSE(plan::split_aggregate(*op).has_value());
}

}  // namespace
