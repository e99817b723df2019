// Hash partitioning of host rows by a key tuple (issue 31: an aggregation with more groups than memory,
// aggregate_partials.hpp). Rows whose keys are equal, NULLs included, land in the same partition, by the same key
// hash the host aggregation groups with (column_ops.hpp's hash_keys), so each group is whole in one partition.
#pragma once

#include <vector>

#include "tessera/exec/batch.hpp"

namespace tessera::exec {

// The rows of `b` split into `parts` batches (a power of two, at most 2^16) by the hash of columns `keys`, in one
// pass (a count per partition, then one gather each); every row in exactly one, in its original order. The
// partition is read from the hash's top bits after the first `used_bits` (those a split this one refines already
// used: rows of one partition of that split spread over all of this one's).
std::vector<Batch> hash_partition(const Batch& b, const std::vector<ColumnId>& keys, int parts, int threads,
                                  int used_bits = 0);

}  // namespace tessera::exec
