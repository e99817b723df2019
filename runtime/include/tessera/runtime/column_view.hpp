// A non-owning view of a column on either device: the kernel ABI's column (data; string bytes, int64
// offsets and int32 lengths; one validity byte per row, null meaning every row is valid). Catalog kernels,
// the GPU operators and the host accessors all read columns through it.
#pragma once

#include <cstdint>

#include "tessera/functions/sql_types.hpp"

namespace tessera::rt {

enum class Device : uint8_t { Host, Cuda };

inline const char* device_name(Device d) { return d == Device::Host ? "host" : "cuda"; }

struct ColumnView {
  fn::SqlType type = fn::SqlType::Int32;
  int64_t rows = 0;
  Device device = Device::Host;
  const void* data = nullptr;        // fixed-width values, or string bytes
  const int64_t* offsets = nullptr;  // strings: start of each row in `data`
  const int32_t* lengths = nullptr;  // strings: byte length of each row
  const uint8_t* valid = nullptr;    // null: every row is valid
  // Strings: the producer knows the rows lie in order in `data`, none overlapping the next (lengths >= 0,
  // offsets[r] + lengths[r] <= offsets[r + 1]). False where nobody checked; a byte-map kernel then checks.
  bool rows_in_order = false;

  bool is_string() const { return type == fn::SqlType::String; }
  int width() const { return fn::type_width(type); }
};

// The writable side of a column being produced (an operator's or a kernel's output).
struct MutableColumnView {
  fn::SqlType type = fn::SqlType::Int32;
  int64_t rows = 0;
  Device device = Device::Host;
  void* data = nullptr;
  int64_t* offsets = nullptr;
  int32_t* lengths = nullptr;
  uint8_t* valid = nullptr;  // null: the producer writes no validity (every row valid)
};

}  // namespace tessera::rt
