// A batch: the columns an operator produces, whole (operator-at-a-time), named by ColumnId.
// Columns are shared, never copied: a scan's batch points at the table's own columns.
#pragma once

#include <memory>
#include <stdexcept>
#include <vector>

#include "tessera/plan/expr.hpp"
#include "tessera/runtime/column.hpp"

namespace tessera::exec {

using ColumnPtr = std::shared_ptr<const rt::Column>;
using plan::ColumnId;
using plan::DataType;

// Errors raised while running a query (a failing row, a subquery with several rows, ...).
class ExecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Batch {
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
    if (i < 0) throw ExecError("internal error: column #" + std::to_string(id) + " is not in the batch");
    return columns[i];
  }
  void add(ColumnId id, ColumnPtr c, DataType t) {
    ids.push_back(id);
    columns.push_back(std::move(c));
    types.push_back(t);
  }
};

// A column that is not owned (a table's): shared without a deleter.
inline ColumnPtr borrow(const rt::Column& c) { return ColumnPtr(ColumnPtr(), &c); }

}  // namespace tessera::exec
