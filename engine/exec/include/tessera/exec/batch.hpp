// A batch: the columns an operator produces, whole or a morsel's worth, named by ColumnId; and a datum: an
// expression's value over a batch. One template for both devices over the device's column type: host operators
// pass Batch (rt::Column), GPU operators DeviceBatch (rt::DeviceColumn, device_batch.hpp). Columns are shared,
// never copied: a scan's batch points at the table's (or the GPU cache's) own columns.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/plan/expr.hpp"
#include "tessera/runtime/column.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::rt {
struct DeviceColumn;
}

namespace tessera::exec {

using plan::ColumnId;
using plan::DataType;

// Errors raised while running a query (a failing row, a subquery with several rows, ...).
class ExecError : public tessera::Error {
 public:
  using tessera::Error::Error;
};

template <typename ColumnT>
struct BasicBatch {
  using ColumnPtr = std::shared_ptr<const ColumnT>;
  std::vector<ColumnId> ids;
  std::vector<ColumnPtr> columns;
  std::vector<DataType> types;
  int64_t rows = 0;

  int find(ColumnId id) const {
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == id) return static_cast<int>(i);
    return -1;
  }
  const ColumnPtr& column(ColumnId id) const {
    const int i = find(id);
    if (i < 0) throw internal_error("column #" + std::to_string(id) + " is not in the batch");
    return columns[i];
  }
  void add(ColumnId id, ColumnPtr c, DataType t) {
    ids.push_back(id);
    columns.push_back(std::move(c));
    types.push_back(t);
  }
};

// An expression over a batch: either a column of batch.rows rows or one value.
template <typename ColumnT>
struct BasicDatum {
  std::shared_ptr<const ColumnT> column;
  bool is_scalar = false;
  plan::Value scalar;
};

using ColumnPtr = std::shared_ptr<const rt::Column>;
using Batch = BasicBatch<rt::Column>;
using Datum = BasicDatum<rt::Column>;

// A column that is not owned (a table's): shared without a deleter.
inline ColumnPtr borrow(const rt::Column& c) { return ColumnPtr(ColumnPtr(), &c); }

namespace gpu {
using DeviceColumnPtr = std::shared_ptr<const rt::DeviceColumn>;
using DeviceBatch = BasicBatch<rt::DeviceColumn>;
using DeviceDatum = BasicDatum<rt::DeviceColumn>;
}  // namespace gpu

}  // namespace tessera::exec
