// In-memory columns in the kernel ABI's layout.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/sql_types.hpp"
#include "tessera/runtime/column_allocator.hpp"
#include "tessera/runtime/column_view.hpp"

namespace tessera::rt {

// A column buffer: a std::vector whose large allocations sit on transparent huge pages.
template <typename T>
using Buffer = std::vector<T, ColumnAllocator<T>>;

struct Column {
  fn::SqlType type = fn::SqlType::Int32;
  int64_t rows = 0;
  Buffer<uint8_t> data;     // fixed-width elements, or string bytes
  Buffer<int64_t> offsets;  // strings: start of each row in `data`
  Buffer<int32_t> lengths;  // strings: byte length of each row
  Buffer<uint8_t> valid;    // 1 = valid; empty means every row is valid

  ColumnView view() const {
    return {type, rows, Device::Host, data.data(), offsets.empty() ? nullptr : offsets.data(),
            lengths.empty() ? nullptr : lengths.data(), valid.empty() ? nullptr : valid.data()};
  }
  bool is_valid(int64_t row) const { return valid.empty() || valid[row] != 0; }
  // Strings: whether the rows lie in order in `data`, none overlapping the next (ColumnView::rows_in_order);
  // one pass over the offsets and lengths.
  bool rows_in_order() const {
    if (type != fn::SqlType::String || static_cast<int64_t>(offsets.size()) < rows ||
        static_cast<int64_t>(lengths.size()) < rows)
      return false;
    for (int64_t r = 0; r < rows; ++r)
      if (lengths[r] < 0 || (r + 1 < rows && offsets[r] + lengths[r] > offsets[r + 1])) return false;
    return true;
  }

  template <typename T>
  T value(int64_t row) const {
    T v;
    std::memcpy(&v, data.data() + row * sizeof(T), sizeof(T));
    return v;
  }
  std::string_view string(int64_t row) const {
    return {reinterpret_cast<const char*>(data.data()) + offsets[row], static_cast<size_t>(lengths[row])};
  }

  // A fixed-width column of `rows` rows whose values are not initialised: the producer writes every row
  // (NULL rows may keep any bits; readers look at `valid` first).
  static Column fixed(fn::SqlType type, int64_t rows) {
    Column c;
    c.type = type;
    c.rows = rows;
    c.data.resize(rows * fn::type_width(type));
    return c;
  }
  template <typename T>
  void append(T v, bool is_valid = true) {
    const size_t at = data.size();
    data.resize(at + sizeof(T));
    std::memcpy(data.data() + at, &v, sizeof(T));
    push_valid(is_valid);
  }
  void append_string(std::string_view s, bool is_valid = true) {
    offsets.push_back(static_cast<int64_t>(data.size()));
    lengths.push_back(static_cast<int32_t>(s.size()));
    data.insert(data.end(), s.begin(), s.end());
    push_valid(is_valid);
  }

 private:
  // The validity buffer appears with the first NULL (all rows before it valid).
  void push_valid(bool v) {
    if (!v && valid.empty()) {
      valid.assign(rows, 1);
      valid.push_back(0);
    } else if (!valid.empty()) {
      valid.push_back(v ? 1 : 0);
    }
    ++rows;
  }
};

}  // namespace tessera::rt
