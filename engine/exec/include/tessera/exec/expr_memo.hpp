// Common subexpressions of one operator: while an ExprMemo is alive, evaluations over its batch keep the results
// of the compound subexpressions that occur more than once in the operator's expressions (SUM(a * b) and
// SUM(a * b * c) compute a * b once). One template for both devices; the context holds the innermost memo.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "tessera/exec/batch.hpp"
#include "tessera/plan/expr.hpp"

namespace tessera::exec {

template <typename BatchT, typename DatumT>
class BasicExprMemo {
 public:
  // Makes this memo `current` (a context's memo pointer) for its lifetime.
  BasicExprMemo(BasicExprMemo*& current, const BatchT& batch, const std::vector<const plan::Expr*>& roots)
      : current_(current), prev_(current), batch_(&batch), keep_(plan::repeated_subexpressions(roots)) {
    current = this;
  }
  ~BasicExprMemo() { current_ = prev_; }
  BasicExprMemo(const BasicExprMemo&) = delete;
  BasicExprMemo& operator=(const BasicExprMemo&) = delete;

  // `e` over `batch`: computed by `compute` once per memo when `e` is a repeated compound subexpression of the
  // memo's batch, else computed every time.
  template <typename Compute>
  static DatumT evaluate(BasicExprMemo* memo, const plan::Expr& e, const BatchT& batch, Compute&& compute) {
    if (!memo || memo->batch_ != &batch || !plan::is_compound(e)) return compute();
    std::string key = plan::fingerprint(e);
    if (!memo->keep_.count(key)) return compute();
    if (auto it = memo->results_.find(key); it != memo->results_.end()) return it->second;
    DatumT d = compute();
    memo->results_.emplace(std::move(key), d);
    return d;
  }

 private:
  BasicExprMemo*& current_;
  BasicExprMemo* prev_;
  const BatchT* batch_;
  std::set<std::string> keep_;
  std::map<std::string, DatumT> results_;
};

using ExprMemo = BasicExprMemo<Batch, Datum>;
namespace gpu {
using GpuExprMemo = BasicExprMemo<DeviceBatch, DeviceDatum>;
}

}  // namespace tessera::exec
