// physical::place on hand-built plans, with a GPU pretended or absent: where every operator goes, where the
// ToHost transfers are, what --device cuda refuses and why. Runs anywhere (nothing executes).
#include <gtest/gtest.h>

#include "tessera/physical/physical_plan.hpp"
#include "tessera/storage/table.hpp"

using namespace tessera;
using plan::DataType;
using plan::OpKind;

namespace {

const physical::GpuAvailability kGpu{true, ""};
const physical::GpuAvailability kNoGpu{false, "no GPU: no CUDA driver"};

struct Plans {
  storage::Table table{"t", storage::Schema({{"a", DataType::int32(), true}, {"b", DataType::decimal(15, 2), true}})};

  plan::PlanPtr scan(int first_id) {
    auto s = plan::make_plan(OpKind::Scan);
    s->table = &table;
    s->table_ids = {first_id, first_id + 1};
    s->outputs = {{first_id, "a", DataType::int32()}, {first_id + 1, "b", DataType::decimal(15, 2)}};
    s->predicates = {plan::op(plan::Op::Gt, DataType::boolean(),
                              {plan::column_ref(first_id, DataType::int32(), "a"), plan::constant(plan::Value::int32(3))})};
    return s;
  }
  plan::PlanPtr sum_of(plan::PlanPtr in, int id) {
    auto a = plan::make_plan(OpKind::Aggregate);
    a->aggregates.push_back({plan::AggFunc::Sum, plan::column_ref(in->outputs[1].id, DataType::decimal(15, 2), "b")});
    a->outputs = {{id, "s", DataType::decimal(38, 2)}};
    a->children = {std::move(in)};
    return a;
  }
  // An equi-join on t.a = u.a, or with `mixed` on t.a = u.b (an INT and a DECIMAL key, which the GPU join
  // does not compare).
  plan::PlanPtr join(bool mixed = false) {
    auto l = scan(0), r = scan(10);
    const plan::ExprPtr rk = mixed ? plan::column_ref(11, DataType::decimal(15, 2), "b") : plan::column_ref(10, DataType::int32(), "a");
    return plan::make_join(plan::JoinType::Inner, l, r,
                           {plan::op(plan::Op::Eq, DataType::boolean(), {plan::column_ref(0, DataType::int32(), "a"), rk})});
  }
};

TEST(Placement, ASingleTableQueryRunsWhollyOnTheGpuWithOneTransferAtTheTop) {
  Plans p;
  const plan::PlanPtr root = p.sum_of(p.scan(0), 20);
  const physical::PhysicalPlan pp = physical::place(*root, physical::Policy::Cuda, kGpu);
  EXPECT_TRUE(pp.cpu_placements.empty());
  ASSERT_TRUE(pp.root->to_host);
  EXPECT_EQ(pp.root->logical, root.get());
  EXPECT_EQ(pp.to_host.size(), 1u);
  EXPECT_EQ(pp.of.at(root.get())->device, physical::Device::Gpu);
  EXPECT_EQ(pp.of.at(root->child().get())->device, physical::Device::Gpu);
}

TEST(Placement, AnEquiJoinAndWhatIsAboveItRunOnTheGpu) {
  Plans p;
  const plan::PlanPtr root = p.sum_of(p.join(), 30);
  const physical::PhysicalPlan pp = physical::place(*root, physical::Policy::Cuda, kGpu);
  EXPECT_TRUE(pp.cpu_placements.empty());
  EXPECT_EQ(pp.to_host.size(), 1u);
  EXPECT_EQ(pp.of.at(root->child().get())->device, physical::Device::Gpu);
}

// INT = BIGINT keys compare as BIGINT (join_conditions.hpp's widened_key): the GPU runs the join.
TEST(Placement, IntAndBigintKeysJoinOnTheGpu) {
  Plans p;
  auto l = p.scan(0), r = p.scan(10);
  const plan::PlanPtr join = plan::make_join(
      plan::JoinType::Inner, l, r,
      {plan::op(plan::Op::Eq, DataType::boolean(),
                {plan::column_ref(0, DataType::int32(), "a"),
                 plan::op(plan::Op::Cast, DataType::int64(), {plan::column_ref(10, DataType::int32(), "a")})})});
  const plan::PlanPtr root = p.sum_of(join, 30);
  const physical::PhysicalPlan pp = physical::place(*root, physical::Policy::Cuda, kGpu);
  EXPECT_TRUE(pp.cpu_placements.empty());
  EXPECT_EQ(pp.of.at(join.get())->device, physical::Device::Gpu);
}

TEST(Placement, AutoKeepsWhatTheGpuLacksOnTheCpuWithItsReasonAndTransfersBelowIt) {
  Plans p;
  const plan::PlanPtr root = p.sum_of(p.join(true), 30);
  const physical::PhysicalPlan pp = physical::place(*root, physical::Policy::Auto, kGpu);
  const plan::LogicalOp& join = *root->child();
  EXPECT_EQ(pp.of.at(&join)->device, physical::Device::Cpu);
  EXPECT_NE(pp.of.at(&join)->cpu_reason.find("join keys of different types"), std::string::npos);
  // The aggregate above a CPU join cannot be on the GPU (GPU subtrees grow from the scans up).
  EXPECT_EQ(pp.of.at(root.get())->device, physical::Device::Cpu);
  EXPECT_EQ(pp.of.at(root.get())->cpu_reason, "an input runs on the CPU");
  ASSERT_EQ(pp.cpu_placements.size(), 2u);
  // Both scans on the GPU, each brought back by its own ToHost.
  EXPECT_EQ(pp.to_host.size(), 2u);
  EXPECT_TRUE(pp.to_host.count(join.child(0).get()));
  EXPECT_TRUE(pp.to_host.count(join.child(1).get()));
  EXPECT_FALSE(pp.root->to_host);
}

TEST(Placement, CudaRefusesNamingTheOperatorAndWhy) {
  Plans p;
  const plan::PlanPtr root = p.sum_of(p.join(true), 30);
  try {
    physical::place(*root, physical::Policy::Cuda, kGpu);
    FAIL() << "a join was placed under --device cuda";
  } catch (const physical::PlacementError& e) {
    EXPECT_NE(std::string(e.what()).find("HashJoin INNER cannot run on the GPU: join keys of different types"),
              std::string::npos) << e.what();
  }
}

TEST(Placement, AnExpressionTheGpuLacksKeepsItsOperatorOnTheCpu) {
  Plans p;
  auto proj = plan::make_plan(OpKind::Project);
  // CAST(CAST(a AS FLOAT) AS DECIMAL(30,2)): the 38-digit FLOAT conversion is host code.
  const plan::ExprPtr f = plan::op(plan::Op::Cast, DataType::float64(), {plan::column_ref(0, DataType::int32(), "a")});
  proj->exprs = {plan::op(plan::Op::Cast, DataType::decimal(30, 2), {f})};
  proj->outputs = {{40, "c", DataType::decimal(30, 2)}};
  proj->children = {p.scan(0)};
  const physical::PhysicalPlan pp = physical::place(*proj, physical::Policy::Auto, kGpu);
  EXPECT_EQ(pp.of.at(proj.get())->device, physical::Device::Cpu);
  EXPECT_NE(pp.of.at(proj.get())->cpu_reason.find("CAST of FLOAT to DECIMAL(30,2) not yet on the GPU"), std::string::npos)
      << pp.of.at(proj.get())->cpu_reason;
  EXPECT_EQ(pp.of.at(proj->child().get())->device, physical::Device::Gpu);
  EXPECT_EQ(pp.to_host.size(), 1u);
}

TEST(Placement, WithoutAGpuOrUnderCpuEverythingIsOnTheCpuAndSaysWhy) {
  Plans p;
  const plan::PlanPtr root = p.sum_of(p.scan(0), 20);
  for (const auto& [policy, gpu, why] : {std::tuple{physical::Policy::Auto, kNoGpu, std::string("no GPU: no CUDA driver")},
                                         std::tuple{physical::Policy::Cpu, kGpu, std::string("--device cpu")}}) {
    const physical::PhysicalPlan pp = physical::place(*root, policy, gpu);
    EXPECT_TRUE(pp.to_host.empty());
    ASSERT_EQ(pp.cpu_placements.size(), 2u);
    EXPECT_EQ(pp.of.at(root.get())->cpu_reason, why);
  }
  EXPECT_THROW(physical::place(*root, physical::Policy::Cuda, kNoGpu), physical::PlacementError);
}

}  // namespace

namespace {

// STRING_AGG has no GPU operator: its aggregation stays on the CPU with the reason, the scan below on the GPU.
TEST(Placement, StringAggKeepsItsAggregationOnTheCpu) {
  Plans p;
  auto a = plan::make_plan(OpKind::Aggregate);
  plan::Aggregate agg{plan::AggFunc::StringAgg, plan::column_ref(0, DataType::int32(), "a")};
  agg.separator = ",";
  a->aggregates.push_back(agg);
  a->outputs = {{30, "s", DataType::varchar(8000)}};
  a->children = {p.scan(0)};
  const physical::PhysicalPlan pp = physical::place(*a, physical::Policy::Auto, kGpu);
  EXPECT_EQ(pp.of.at(a.get())->device, physical::Device::Cpu);
  EXPECT_EQ(pp.of.at(a.get())->cpu_reason, "STRING_AGG runs on the CPU only");
  EXPECT_EQ(pp.of.at(a->child().get())->device, physical::Device::Gpu);
}

}  // namespace
