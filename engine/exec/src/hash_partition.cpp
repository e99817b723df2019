#include "tessera/exec/hash_partition.hpp"

#include <bit>

#include "tessera/exec/column_ops.hpp"

namespace tessera::exec {

std::vector<Batch> hash_partition(const Batch& b, const std::vector<ColumnId>& keys, int parts, int threads,
                                  int used_bits) {
  const int bits = std::countr_zero(static_cast<unsigned>(parts));
  if (parts < 1 || parts > (1 << 16) || !std::has_single_bit(static_cast<unsigned>(parts)) || used_bits < 0 ||
      used_bits + bits > 64)
    throw internal_error("hash_partition into " + std::to_string(parts) + " partitions after " +
                         std::to_string(used_bits) + " bits");
  std::vector<const rt::Column*> key_columns;
  for (ColumnId id : keys) key_columns.push_back(b.column(id).get());
  std::vector<uint64_t> hashes;
  std::vector<uint8_t> null_key;
  hash_keys(key_columns, b.rows, hashes, null_key, threads);
  // The top bits: hash tables index their slots with the low ones, so a partition still spreads over its table.
  const int shift = 64 - bits;
  auto part_of = [&](int64_t r) { return parts == 1 ? 0 : static_cast<int>((hashes[r] << used_bits) >> shift); };
  std::vector<int64_t> count(parts, 0);
  for (int64_t r = 0; r < b.rows; ++r) ++count[part_of(r)];
  std::vector<std::vector<int64_t>> rows(parts);
  for (int p = 0; p < parts; ++p) rows[p].reserve(count[p]);
  for (int64_t r = 0; r < b.rows; ++r) rows[part_of(r)].push_back(r);
  std::vector<Batch> out;
  out.reserve(parts);
  for (int p = 0; p < parts; ++p) out.push_back(gather(b, rows[p], threads));
  return out;
}

}  // namespace tessera::exec
