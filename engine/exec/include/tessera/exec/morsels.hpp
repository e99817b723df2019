// Streaming a scan a morsel at a time (issue 31): an aggregation whose input is a chain of filters, projections
// and joins down to one scan runs the chain on one range of the scanned table's rows at a time (a morsel),
// aggregates each morsel partially and merges the partials (plan/aggregate_split.hpp). At each join on the way
// the other input is computed once, before the first morsel, and every morsel's rows are joined with it (the
// hash table built on that side). A device then holds one morsel of the streamed table's columns, not the whole
// table: data larger than host or GPU memory can be aggregated. The plan walker drives it on both devices
// (plan_walker.hpp, stream_driver.hpp), each with its own batches and operators.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "tessera/plan/logical_plan.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::exec {

struct ExecContext;  // executor.hpp

// The rows [begin, end) of `scan`'s table that the scan produces while a morsel runs.
struct ScanRange {
  const plan::LogicalOp* scan = nullptr;
  int64_t begin = 0, end = 0;
};

// What a morsel runs: `chain`, the operators from the aggregation's input down to the streamed `scan` (Filter,
// Project, Join), and `reused`, the joins' other inputs, computed once. A join streams its left input (every join
// type keeps or drops each left row by the whole right input), or for an inner join whichever input holds the
// larger streamable scan.
struct StreamPath {
  const plan::LogicalOp* scan = nullptr;
  std::vector<const plan::LogicalOp*> chain;
  std::vector<const plan::LogicalOp*> reused;
};
// The path under an aggregation's input `op`, or a path without a scan when nothing under it can stream.
StreamPath stream_path(const plan::LogicalOp& op);

// Bytes one value of type `t` occupies decoded, with its validity byte (strings: their 12-byte slot and up to 64
// bytes of text).
int64_t decoded_width(const storage::DataType& t);
// Bytes one row of the scan's columns occupies decoded.
int64_t scan_row_bytes(const plan::LogicalOp& scan);

// The morsels to run `scan` in: one (the whole table) when its scanned columns take at most half of
// `budget_bytes` and `morsel_rows` is 0; else, over the stored chunks the zone maps do not exclude
// (zone_maps.hpp), ranges of `morsel_rows` rows when that is > 0 (tests), else ranges of whole chunks holding at
// most an eighth of the budget. Never empty: no rows at all is one empty morsel.
std::vector<std::pair<int64_t, int64_t>> plan_morsels(const plan::LogicalOp& scan, int64_t morsel_rows,
                                                      int64_t budget_bytes);
// Whether `morsels` cut the scan (else they are the whole table, run whole).
bool streams(const std::vector<std::pair<int64_t, int64_t>>& morsels, const plan::LogicalOp& scan);

// Reads the chunks of the scan's columns that a morsel needs from disk, as stored (storage::Table::read_ahead), but
// for `skip` (the columns whose chunks the device holds already).
void read_ahead(const plan::LogicalOp& scan, int64_t begin, int64_t end, const std::vector<size_t>& skip = {});

// The columns of the scan whose rows [begin, end) a device holds already, so that the morsel reads nothing for them:
// none on the CPU (the GPU's overload: gpu/gpu_context.hpp). Found by argument-dependent lookup from the context.
inline std::vector<size_t> columns_held(const ExecContext&, const plan::LogicalOp&, int64_t, int64_t) { return {}; }

}  // namespace tessera::exec
