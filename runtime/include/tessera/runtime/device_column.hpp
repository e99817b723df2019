// An owning column in buffers of one memory resource (the GPU engine's columns; host columns remain
// rt::Column). view() is what operators and kernels read.
#pragma once

#include "tessera/runtime/column_view.hpp"
#include "tessera/runtime/memory_resource.hpp"

namespace tessera::rt {

struct DeviceColumn {
  fn::SqlType type = fn::SqlType::Int32;
  int64_t rows = 0;
  Device device = Device::Cuda;
  DeviceBuffer data;     // values, or string bytes (may be shared with the column this one was gathered from)
  DeviceBuffer offsets;  // strings
  DeviceBuffer lengths;  // strings
  DeviceBuffer valid;    // empty: every row valid
  bool rows_in_order = false;  // strings: set by producers that know it (ColumnView::rows_in_order)

  ColumnView view() const {
    return {type, rows, device, data.data(), static_cast<const int64_t*>(offsets.data()),
            static_cast<const int32_t*>(lengths.data()), static_cast<const uint8_t*>(valid.data()), rows_in_order};
  }
  MutableColumnView mutable_view() {
    return {type, rows, device, data.data(), static_cast<int64_t*>(offsets.data()),
            static_cast<int32_t*>(lengths.data()), static_cast<uint8_t*>(valid.data())};
  }
  // Bytes this column holds (what an upload or download moves).
  int64_t bytes() const {
    return static_cast<int64_t>(data.size() + offsets.size() + lengths.size() + valid.size());
  }
};

}  // namespace tessera::rt
