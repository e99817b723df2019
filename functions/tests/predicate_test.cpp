// The fused predicates' comparison semantics and derived specs (predicate.hpp), against expectations
// written by hand.
#include "tessera/functions/predicate.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tessera::fn {
namespace {

std::vector<PredicateConstant> fixed(const std::vector<int64_t>& values) {
  std::vector<PredicateConstant> out;
  for (int64_t v : values) out.push_back({v, {}});
  return out;
}

uint8_t cmp_i(int32_t v, CompareOp op, std::vector<int64_t> values) {
  const std::string operand = encode_operand(SqlType::Int32, fixed(values));
  return tsf_compare_i(v, static_cast<int32_t>(op), operand.data(), static_cast<int32_t>(operand.size()));
}
uint8_t cmp_l(int64_t v, CompareOp op, std::vector<int64_t> values) {
  const std::string operand = encode_operand(SqlType::Money, fixed(values));
  return tsf_compare_l(v, static_cast<int32_t>(op), operand.data(), static_cast<int32_t>(operand.size()));
}
uint8_t cmp_d(double v, CompareOp op, std::vector<double> values) {
  std::vector<PredicateConstant> constants;
  for (double d : values) constants.push_back(PredicateConstant::of(d));
  const std::string operand = encode_operand(SqlType::Float64, constants);
  return tsf_compare_d(v, static_cast<int32_t>(op), operand.data(), static_cast<int32_t>(operand.size()));
}
uint8_t cmp_s(const std::string& v, CompareOp op, std::vector<std::string> values) {
  std::vector<PredicateConstant> constants;
  for (std::string& t : values) constants.push_back({0, std::move(t)});
  const std::string operand = encode_operand(SqlType::String, constants);
  return tsf_compare_s(v.data(), static_cast<int32_t>(v.size()), static_cast<int32_t>(op), operand.data(),
                       static_cast<int32_t>(operand.size()));
}

TEST(Predicate, ComparesIntegers) {
  EXPECT_EQ(cmp_i(1994, CompareOp::Eq, {1994}), 1);
  EXPECT_EQ(cmp_i(1995, CompareOp::Eq, {1994}), 0);
  EXPECT_EQ(cmp_i(1995, CompareOp::Ne, {1994}), 1);
  EXPECT_EQ(cmp_i(-5, CompareOp::Lt, {3}), 1);
  EXPECT_EQ(cmp_i(3, CompareOp::Lt, {3}), 0);
  EXPECT_EQ(cmp_i(3, CompareOp::Le, {3}), 1);
  EXPECT_EQ(cmp_i(4, CompareOp::Gt, {3}), 1);
  EXPECT_EQ(cmp_i(2, CompareOp::Ge, {3}), 0);
  EXPECT_EQ(cmp_i(7, CompareOp::In, {1, 7, 9}), 1);
  EXPECT_EQ(cmp_i(8, CompareOp::In, {1, 7, 9}), 0);
  EXPECT_EQ(cmp_i(8, CompareOp::In, {}), 0);
  EXPECT_EQ(cmp_l(-1'000'000'000'000LL, CompareOp::Lt, {0}), 1);
  EXPECT_EQ(cmp_l(INT64_MAX, CompareOp::Eq, {INT64_MAX}), 1);
}

TEST(Predicate, ComparesFloats) {
  EXPECT_EQ(cmp_d(0.5, CompareOp::Lt, {0.75}), 1);
  EXPECT_EQ(cmp_d(-0.0, CompareOp::Eq, {0.0}), 1);
  EXPECT_EQ(cmp_d(2.5, CompareOp::In, {1.0, 2.5}), 1);
}

TEST(Predicate, ComparesStringsIgnoringTrailingBlanks) {
  EXPECT_EQ(cmp_s("brass", CompareOp::Eq, {"brass"}), 1);
  EXPECT_EQ(cmp_s("brass  ", CompareOp::Eq, {"brass"}), 1);
  EXPECT_EQ(cmp_s("brass", CompareOp::Eq, {"brass   "}), 1);
  EXPECT_EQ(cmp_s(" brass", CompareOp::Eq, {"brass"}), 0);
  EXPECT_EQ(cmp_s("Brass", CompareOp::Eq, {"brass"}), 0);  // binary: case counts
  EXPECT_EQ(cmp_s("abc", CompareOp::Lt, {"abd"}), 1);
  EXPECT_EQ(cmp_s("ab", CompareOp::Lt, {"abc"}), 1);
  EXPECT_EQ(cmp_s("", CompareOp::Eq, {"   "}), 1);
  EXPECT_EQ(cmp_s("\xc3\xa9", CompareOp::Gt, {"z"}), 1);  // bytes compare unsigned
  EXPECT_EQ(cmp_s("2", CompareOp::In, {"1", "2"}), 1);
  EXPECT_EQ(cmp_s("3", CompareOp::In, {"1", "2"}), 0);
  EXPECT_EQ(cmp_s("x", CompareOp::Ge, {}), 0);
}

TEST(Predicate, RejectsMalformedStringOperand) {
  const std::string operand = std::string("\x09\0\0\0", 4) + "ab";  // says 9 bytes, has 2
  EXPECT_EQ(tsf_compare_s("ab", 2, static_cast<int32_t>(CompareOp::Eq), operand.data(), 6), 0);
}

TEST(Predicate, DerivesOneSpecPerFunction) {
  const FunctionSpec* year = find_kernel("year");
  ASSERT_NE(year, nullptr);
  const FunctionSpec* p = predicate_spec(*year);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->kernel, "year__cmp");
  EXPECT_EQ(find_kernel("year__cmp"), p);
  EXPECT_EQ(p->compared, year);
  EXPECT_EQ(p->symbol, year->symbol);
  EXPECT_EQ(p->result, SqlType::Bool);
  ASSERT_EQ(p->args.size(), year->args.size() + 2);
  EXPECT_EQ(p->args[1].type, SqlType::Int32);
  EXPECT_TRUE(p->args[1].constant);
  EXPECT_EQ(p->args[2].type, SqlType::String);
  EXPECT_TRUE(p->args[2].constant);
  // Every function has one (DATETIME2FROMPARTS's eight arguments too).
  EXPECT_EQ(all_predicates().size(), all_functions().size());
}

TEST(Predicate, StringResultsMustFitTheBuffer) {
  const FunctionSpec* lower = predicate_spec(*find_kernel("lower"));
  ASSERT_NE(lower, nullptr);
  LengthInputs in;
  in.length[0] = 200;
  EXPECT_EQ(check_predicate_length(*lower, in), "");
  in.length[0] = 4000;
  EXPECT_NE(check_predicate_length(*lower, in).find("at most 256 bytes"), std::string::npos);
  const FunctionSpec* year = predicate_spec(*find_kernel("year"));
  EXPECT_EQ(check_predicate_length(*year, in), "");
}

}  // namespace
}  // namespace tessera::fn
