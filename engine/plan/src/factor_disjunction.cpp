// OR factoring: conjuncts common to every disjunct taken out, and per input the filter the disjunction implies.
#include "optimizer_impl.hpp"

namespace tessera::plan::optimizer_detail {

// (A AND B) OR (A AND C) -> A AND (B OR C); and for every input that each disjunct restricts, the
// implied filter OR_i(disjunct i's conjuncts on that input) -- so TPC-H Q19's OR of three
// part/lineitem conditions becomes an equi-join with filters on both sides.
void Optimizer::factor_disjunction(const ExprPtr& e, const std::vector<IdSet>& leaf_ids, std::vector<ExprPtr>& out) {
  if (!(e->kind == ExprKind::Op && e->op == Op::Or)) {
    out.push_back(e);
    return;
  }
  std::vector<ExprPtr> disjuncts;
  std::vector<ExprPtr> stack{e};
  while (!stack.empty()) {
    ExprPtr x = stack.back();
    stack.pop_back();
    if (x->kind == ExprKind::Op && x->op == Op::Or) {
      stack.push_back(x->args[1]);
      stack.push_back(x->args[0]);
    } else {
      disjuncts.push_back(x);
    }
  }
  std::vector<std::vector<ExprPtr>> terms(disjuncts.size());
  for (size_t i = 0; i < disjuncts.size(); ++i) split_conjuncts(disjuncts[i], terms[i]);
  std::vector<ExprPtr> common;
  for (const auto& c : terms[0]) {
    const std::string key = fingerprint(*c);
    bool everywhere = true;
    for (size_t i = 1; i < terms.size() && everywhere; ++i)
      everywhere = std::any_of(terms[i].begin(), terms[i].end(), [&](const ExprPtr& t) { return fingerprint(*t) == key; });
    if (everywhere) common.push_back(c);
  }
  std::set<std::string> common_keys;
  for (const auto& c : common) common_keys.insert(fingerprint(*c));
  out.insert(out.end(), common.begin(), common.end());
  ExprPtr rest;
  for (auto& t : terms) {
    std::vector<ExprPtr> left;
    for (const auto& c : t)
      if (!common_keys.count(fingerprint(*c))) left.push_back(c);
    if (left.empty()) return;  // one disjunct is just the common part: the OR adds nothing
    t = left;
    ExprPtr d = make_and(left);
    rest = rest ? op(Op::Or, DataType::boolean(), {rest, d}) : d;
  }
  out.push_back(rest);
  for (size_t l = 0; l < leaf_ids.size(); ++l) {
    ExprPtr implied;
    bool all = true;
    for (const auto& t : terms) {
      std::vector<ExprPtr> mine;
      for (const auto& c : t) {
        const IdSet cols = columns_of(c);
        if (!cols.empty() && subset(cols, leaf_ids[l])) mine.push_back(c);
      }
      if (mine.empty()) {
        all = false;
        break;
      }
      ExprPtr d = make_and(mine);
      implied = implied ? op(Op::Or, DataType::boolean(), {implied, d}) : d;
    }
    if (all && implied && fingerprint(*implied) != fingerprint(*rest)) out.push_back(implied);
  }
}

}  // namespace tessera::plan::optimizer_detail
