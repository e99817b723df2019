// Hash partitioning of host rows by a key tuple (issue 31: an aggregation with more groups than memory,
// aggregate_partials.hpp). Rows whose keys are equal, NULLs included, land in the same partition, by the same key
// hash the host aggregation groups with (column_ops.hpp's hash_keys), so each group is whole in one partition.
#pragma once

#include <vector>

#include "tessera/exec/batch.hpp"

namespace tessera::exec {

// The rows of `b` split into `parts` batches (a power of two, at most 2^16) by the hash of columns `keys`, in one
// pass (a count per partition, then one gather each); every row in exactly one, in its original order.
std::vector<Batch> hash_partition(const Batch& b, const std::vector<ColumnId>& keys, int parts, int threads);

}  // namespace tessera::exec
