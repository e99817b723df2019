// The Fetch operator's reads (late materialisation: plan/src/late_materialize.cpp): the rows of one table at the
// positions a top-N kept, grouped by the stored chunks that hold them, so that each chunk of a column is read and
// decoded once however many of the rows it holds. Both devices' Fetch operators read through it.
#pragma once

#include <cstdint>
#include <vector>

#include "tessera/storage/table.hpp"

namespace tessera::exec {

struct RowFetch {
  struct Range {
    int64_t begin = 0, end = 0;  // the rows read: whole stored chunks
    std::vector<int64_t> rows;   // the wanted rows within them (positions - begin), ascending
  };
  std::vector<Range> ranges;
  // order[k]: where the k-th wanted position is among the ranges' rows taken one range after the other.
  std::vector<int64_t> order;
};

// The ranges to read for `positions` (each in [0, t.num_rows()); an ExecError names one that is not). A table in
// memory is one chunk: one range of every row, which a device gathers from rather than copies.
RowFetch plan_row_fetch(const storage::Table& t, const std::vector<int64_t>& positions);

}  // namespace tessera::exec
