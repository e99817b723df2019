// storage::concat: parts of a table (decoded chunks, parsed pieces of a file) into one table with exactly
// sized columns, copied in parallel (Table::append grows its vectors geometrically: fine for a few appends,
// but every growth is a new allocation whose pages the kernel zeroes and faults in again).
#include <cstring>
#include <stdexcept>

#include "tessera/storage/parallel.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::storage {

rt::Column concat_columns(const std::vector<const rt::Column*>& parts, fn::SqlType type, int threads) {
  const size_t n = parts.size();
  std::vector<int64_t> row_at(n + 1, 0), byte_at(n + 1, 0);
  bool nulls = false;
  for (size_t c = 0; c < n; ++c) {
    const rt::Column& part = *parts[c];
    if (part.type != type) throw std::logic_error("concat: column type differs");
    row_at[c + 1] = row_at[c] + part.rows;
    byte_at[c + 1] = byte_at[c] + static_cast<int64_t>(part.data.size());
    nulls |= !part.valid.empty();
  }
  rt::Column dst;
  dst.type = type;
  dst.rows = row_at[n];
  dst.data.resize(static_cast<size_t>(byte_at[n]));
  if (type == fn::SqlType::String) {
    dst.offsets.resize(static_cast<size_t>(row_at[n]));
    dst.lengths.resize(static_cast<size_t>(row_at[n]));
  }
  if (nulls) dst.valid.resize(static_cast<size_t>(row_at[n]));
  parallel_for(n, threads, [&](size_t c) {
    const rt::Column& part = *parts[c];
    const int64_t r0 = row_at[c];
    if (!part.data.empty()) std::memcpy(dst.data.data() + byte_at[c], part.data.data(), part.data.size());
    if (type == fn::SqlType::String) {
      for (int64_t r = 0; r < part.rows; ++r) dst.offsets[r0 + r] = part.offsets[r] + byte_at[c];
      if (part.rows) std::memcpy(dst.lengths.data() + r0, part.lengths.data(), static_cast<size_t>(part.rows) * 4);
    }
    if (nulls) {
      if (part.valid.empty()) std::memset(dst.valid.data() + r0, 1, static_cast<size_t>(part.rows));
      else std::memcpy(dst.valid.data() + r0, part.valid.data(), static_cast<size_t>(part.rows));
    }
  });
  return dst;
}

Table concat(std::vector<Table> parts, int threads) {
  if (parts.empty()) throw std::logic_error("concat: no parts");
  if (parts.size() == 1) return std::move(parts[0]);
  Table t(parts[0].name(), parts[0].schema());
  for (size_t c = 0; c < parts.size(); ++c)
    if (parts[c].num_columns() != t.num_columns()) throw std::logic_error("concat: column count differs");
  for (size_t k = 0; k < t.num_columns(); ++k) {
    std::vector<const rt::Column*> columns;
    for (const Table& part : parts) columns.push_back(&part.column(k));
    t.column(k) = concat_columns(columns, t.schema().field(k).type.physical(), threads);
    for (Table& part : parts) part.column(k) = rt::Column();  // free as we go
  }
  return t;
}

rt::Column column_slice(const rt::Column& src, int64_t begin, int64_t end) {
  const int64_t n = end - begin;
  rt::Column dst;
  if (src.type == fn::SqlType::String) {
    dst.type = src.type;
    int64_t bytes = 0;
    for (int64_t r = begin; r < end; ++r) bytes += src.lengths[r];
    dst.data.reserve(static_cast<size_t>(bytes));
    dst.offsets.reserve(static_cast<size_t>(n));
    dst.lengths.reserve(static_cast<size_t>(n));
    for (int64_t r = begin; r < end; ++r) {
      dst.offsets.push_back(static_cast<int64_t>(dst.data.size()));
      dst.lengths.push_back(src.lengths[r]);
      const std::string_view v = src.string(r);
      dst.data.insert(dst.data.end(), v.begin(), v.end());
    }
  } else {
    const int w = fn::type_width(src.type);
    dst = rt::Column::fixed(src.type, n);
    if (n > 0) std::memcpy(dst.data.data(), src.data.data() + begin * w, static_cast<size_t>(n * w));
  }
  dst.rows = n;
  if (!src.valid.empty()) dst.valid.assign(src.valid.begin() + begin, src.valid.begin() + end);
  return dst;
}

Table tail_of(const Table& t, int64_t from) {
  Table out(t.name(), t.schema());
  for (size_t k = 0; k < t.num_columns(); ++k) out.column(k) = column_slice(t.column(k), from, t.num_rows());
  return out;
}

}  // namespace tessera::storage
