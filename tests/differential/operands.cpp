#include "operands.hpp"

#include <algorithm>

#include "reference.hpp"
#include "tessera/functions/predicate.hpp"

namespace tessera::test {

namespace {

// Sets a predicate's op and operand (`picks`: the compared function's results, or values of its type) in
// `args`; true if the predicate then holds on some and fails on other rows with results among the first 2048,
// or there are too few such rows to judge.
bool set_operand_and_judge(const fn::FunctionSpec& spec, std::vector<rt::KernelArg>& args, int64_t rows,
                           const fn::SessionContext& session, fn::CompareOp op, const std::vector<Expected>& picks) {
  const size_t n = spec.compared->args.size();
  std::vector<fn::PredicateConstant> values;
  for (const Expected& e : picks) values.push_back({static_cast<int64_t>(e.fixed), e.text});  // FLOAT: its bits
  args[n] = rt::KernelArg::integer(static_cast<int32_t>(op));
  args[n + 1] = rt::KernelArg::text(fn::encode_operand(spec.compared->result, values));
  std::string problem;
  int64_t holds = 0, fails = 0;
  for (int64_t r = 0; r < std::min<int64_t>(rows, 2048); ++r) {
    const Expected e = predicate_reference(spec, args, r, session, problem);
    if (e.status == fn::kOk) (e.fixed ? holds : fails)++;
  }
  return holds + fails < 16 || (holds > 0 && fails > 0);
}

// The op and operand of a predicate's batch: constants drawn mostly from the compared function's own
// results on these rows (so that = and IN hold on some rows), sometimes any value of the type. Drawn again
// (up to 32 times) while the predicate holds on all or none of a sample of rows with results, so that both
// outcomes are checked (a random `<> 7` or `> DBL_MAX` would be constant); then `= v` for each of a few
// distinct results v.
void choose_operand(const fn::FunctionSpec& spec, std::vector<rt::KernelArg>& args, int64_t rows,
                    const fn::SessionContext& session, test::RandomInputs& gen, std::mt19937_64& rng) {
  const fn::FunctionSpec& base = *spec.compared;
  const size_t n = base.args.size();
  std::string problem;
  for (int attempt = 0; attempt < 32; ++attempt) {
    const auto op = static_cast<fn::CompareOp>(std::uniform_int_distribution<int>(0, fn::kCompareOpCount - 1)(rng));
    const int count = op == fn::CompareOp::In ? std::uniform_int_distribution<int>(1, 5)(rng) : 1;
    std::vector<Expected> picks;
    for (int k = 0; k < count && rows > 0; ++k) {
      Expected e;
      for (int tries = 0; tries < 64; ++tries) {  // a row with a result (most rows of TIME('garbage') have none)
        const int64_t r = std::uniform_int_distribution<int64_t>(0, rows - 1)(rng);
        e = reference(base, std::span<const rt::KernelArg>(args).first(n), r, session, fn::kPredicateStringBytes,
                      problem);
        if (e.status == fn::kOk) break;
      }
      if (e.status != fn::kOk || rng() % 8 == 0) {  // a value of the type that is likely no row's
        e = Expected{};
        e.fixed = rng();
        e.text = gen.random_string();
        if (fn::type_width(base.result) == 4) e.fixed &= 0xffff;  // a plausible INT or DATE
      }
      picks.push_back(e);
    }
    if (set_operand_and_judge(spec, args, rows, session, op, picks)) return;
  }
  // Random draws kept missing (the results are nearly all one value: most strings CAST to TIME give
  // midnight): `= v` for a result v of a sampled row, where another sampled row has a different result.
  std::vector<Expected> seen;
  for (int64_t r = 0; r < std::min<int64_t>(rows, 2048); ++r) {
    const Expected e = reference(base, std::span<const rt::KernelArg>(args).first(n), r, session,
                                 fn::kPredicateStringBytes, problem);
    if (e.status != fn::kOk) continue;
    if (std::none_of(seen.begin(), seen.end(), [&](const Expected& s) { return s.fixed == e.fixed && s.text == e.text; }))
      seen.push_back(e);
    if (seen.size() == 4) break;
  }
  for (const Expected& v : seen)
    if (set_operand_and_judge(spec, args, rows, session, fn::CompareOp::Eq, {v})) return;
}

}  // namespace

std::string fit_fused_arguments(const fn::FunctionSpec& spec, std::vector<rt::Column>& columns,
                                std::vector<rt::KernelArg>& args, int64_t longest, const fn::SessionContext& session,
                                RandomInputs& gen, std::mt19937_64& rng) {
  // A string result is compared from a buffer of kPredicateStringBytes: strings are cut to 48 bytes
  // (then 16, 8 and 4, while the length rule does not fit: REPLACE's bound is s * r at a 1-byte
  // pattern, JSON_OBJECT's three-member link escapes seven strings) and constants drawn again until it fits
  // (rt::check_args refuses the call otherwise). Constants for which the function has results on some rows (an
  // invalid datepart fails every row, and the comparison would not be exercised).
  const int64_t batch_rows = std::max<int64_t>(longest, 1);  // a function of constants only: one row
  auto usable = [&] {
    if (!rt::check_args(spec, args).empty()) return false;
    std::string unused;
    const std::span<const rt::KernelArg> base_args = std::span<const rt::KernelArg>(args).first(spec.compared->args.size());
    for (int64_t r = 0; r < std::min<int64_t>(batch_rows, 256); ++r)
      if (reference(*spec.compared, base_args, r, session, fn::kPredicateStringBytes, unused).status == fn::kOk)
        return true;
    return false;
  };
  for (const int32_t cut : {48, 16, 8, 4}) {
    if (spec.compared->result == fn::SqlType::String)
      for (rt::Column& c : columns)
        if (c.type == fn::SqlType::String)
          for (int64_t r = 0; r < c.rows; ++r) c.lengths[r] = std::min<int32_t>(c.lengths[r], cut);
    bool ok = usable();
    for (int attempt = 0; attempt < 50 && !ok; ++attempt) {
      for (size_t i = 0; i < spec.compared->args.size(); ++i)
        if (spec.args[i].constant && spec.args[i].type != fn::SqlType::String &&
            spec.args[i].type != fn::SqlType::Float64)
          args[i] = rt::KernelArg::integer(gen.constant_int(spec.args[i].name, spec.args[i].type));
      ok = usable();
    }
    if (ok) break;
  }
  // Still too long at 4-byte strings and every constant drawn (FORMAT of a FLOAT: 1E308 with N is 415 bytes).
  if (std::string why = rt::check_args(spec, args); why.find("fused predicate compares") != std::string::npos) return why;
  choose_operand(spec, args, batch_rows, session, gen, rng);
  return "";
}

}  // namespace tessera::test
