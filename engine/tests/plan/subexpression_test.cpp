// plan::repeated_subexpressions: what an operator's evaluation keeps while it evaluates all its expressions
// (only the compound subexpressions that occur more than once; keeping every result held one column per
// SUM argument until the aggregation ended: 90 columns of 10 million rows for ClickBench Q30).
#include <gtest/gtest.h>

#include "tessera/plan/expr.hpp"

using namespace tessera;
using plan::DataType;
using plan::Op;

namespace {

plan::ExprPtr col(int id) { return plan::column_ref(id, DataType::int64(), "c" + std::to_string(id)); }
plan::ExprPtr times(plan::ExprPtr a, plan::ExprPtr b) { return plan::op(Op::Mul, DataType::int64(), {a, b}); }
plan::ExprPtr plus(plan::ExprPtr a, int64_t k) {
  return plan::op(Op::Add, DataType::int64(), {a, plan::constant(plan::Value::int64(k))});
}

TEST(RepeatedSubexpressions, KeepsWhatTwoExpressionsShare) {
  const plan::ExprPtr ab = times(col(1), col(2));
  const plan::ExprPtr abc = times(times(col(1), col(2)), col(3));  // a * b again, a different node
  const std::set<std::string> keep = plan::repeated_subexpressions({ab.get(), abc.get()});
  EXPECT_EQ(keep, (std::set<std::string>{plan::fingerprint(*ab)}));
}

TEST(RepeatedSubexpressions, KeepsNothingOfDistinctExpressions) {
  std::vector<plan::ExprPtr> sums;
  for (int k = 1; k <= 90; ++k) sums.push_back(plus(col(1), k));
  EXPECT_TRUE(plan::repeated_subexpressions(plan::expr_pointers(sums)).empty());
  // A shared inner term is kept once, not the ninety sums over it.
  std::vector<plan::ExprPtr> over_product;
  for (int k = 1; k <= 90; ++k) over_product.push_back(plus(times(col(1), col(2)), k));
  const std::set<std::string> keep = plan::repeated_subexpressions(plan::expr_pointers(over_product));
  EXPECT_EQ(keep, (std::set<std::string>{plan::fingerprint(*times(col(1), col(2)))}));
}

TEST(RepeatedSubexpressions, CountsARepeatedTreeOnceNotItsParts) {
  // (a * b) + 1 twice: the sum is kept; a * b inside it is not counted again (the kept sum is never recomputed).
  const plan::ExprPtr s1 = plus(times(col(1), col(2)), 1);
  const plan::ExprPtr s2 = plus(times(col(1), col(2)), 1);
  EXPECT_EQ(plan::repeated_subexpressions({s1.get(), s2.get()}), (std::set<std::string>{plan::fingerprint(*s1)}));
}

}  // namespace
