// A batch of device-resident columns: what a GPU operator produces, whole, named by ColumnId (the device
// twin of exec::Batch). Columns are shared, never copied: a scan's batch points at the cached columns.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tessera/exec/batch.hpp"
#include "tessera/runtime/device_column.hpp"

namespace tessera::exec::gpu {

using DeviceColumnPtr = std::shared_ptr<const rt::DeviceColumn>;

struct DeviceBatch {
  std::vector<ColumnId> ids;
  std::vector<DeviceColumnPtr> columns;
  std::vector<DataType> types;
  int64_t rows = 0;

  int find(ColumnId id) const {
    for (size_t i = 0; i < ids.size(); ++i)
      if (ids[i] == id) return static_cast<int>(i);
    return -1;
  }
  const DeviceColumnPtr& column(ColumnId id) const {
    const int i = find(id);
    if (i < 0) throw ExecError("internal error: column #" + std::to_string(id) + " is not in the GPU batch");
    return columns[i];
  }
  void add(ColumnId id, DeviceColumnPtr c, DataType t) {
    ids.push_back(id);
    columns.push_back(std::move(c));
    types.push_back(t);
  }
};

}  // namespace tessera::exec::gpu
