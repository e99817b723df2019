// The CPU's physical operators, one file each; the plan walker reaches them through CpuOperators (executor.cpp).
#pragma once

#include "tessera/exec/executor.hpp"

namespace tessera::exec {

// The rows of `input` where every predicate holds, in order.
std::vector<int64_t> filter_rows(const Batch& input, const std::vector<plan::ExprPtr>& predicates, ExecContext& ctx);
Batch run_filter(Batch input, const std::vector<plan::ExprPtr>& predicates, const std::vector<plan::OutputColumn>& outputs,
                 ExecContext& ctx);
Batch run_hash_join(const plan::LogicalOp& op, Batch left, Batch right, ExecContext& ctx);
Batch run_aggregate(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx);
Batch run_sort(const plan::LogicalOp& op, const Batch& input, int64_t limit, ExecContext& ctx);
Batch run_window(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx);
// STRING_AGG over rows already grouped (group_of: each row's group, of `groups`; empty: one group, the aggregate
// has no GROUP BY): each group's non-NULL values of
// `arg` in the aggregate's WITHIN GROUP order (`order`: its keys' columns; none: the rows' order), joined by its
// separator; NULL for a group with none. A VARCHAR(8000) result longer than that is Msg 9829.
ColumnPtr run_string_agg(const plan::Aggregate& a, const plan::DataType& out_type, const std::vector<int64_t>& group_of,
                         int64_t groups, const rt::Column& arg, const std::vector<ColumnPtr>& order);
// Late materialisation: the input's rows with the table columns op.fetch_columns names read at their positions.
Batch run_fetch(const plan::LogicalOp& op, const Batch& input, ExecContext& ctx);

}  // namespace tessera::exec
