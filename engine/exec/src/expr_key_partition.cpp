// KEY_PARTITION(key, P) (plan::Op::KeyPartition): the partition of a join key that is not an integer, for the
// partitioned passes of join_partitions.hpp. The hash is exec/key_partition.hpp's, which the GPU computes too.
#include "expr_eval.hpp"
#include "tessera/exec/key_partition.hpp"

namespace tessera::exec::cpu_expr {

Datum key_partition(const Datum& key, int32_t parts, int64_t rows, int threads) {
  if (key.is_scalar) throw internal_error("KEY_PARTITION of a constant: join keys are columns' expressions");
  if (parts <= 0) throw internal_error("KEY_PARTITION into " + std::to_string(parts) + " partitions");
  const rt::Column& c = *key.column;
  rt::Column out = new_fixed(fn::SqlType::Int32, rows);
  if (!c.valid.empty()) out.valid = c.valid;
  int32_t* d = reinterpret_cast<int32_t*>(out.data.data());
  const int width = c.type == fn::SqlType::String ? 0 : fn::type_width(c.type);
  parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      if (!c.is_valid(i)) {
        d[i] = 0;
        continue;
      }
      uint64_t h;
      if (width == 0) {
        const std::string_view s = c.string(i);
        h = key_string_hash(reinterpret_cast<const uint8_t*>(s.data()), static_cast<int64_t>(s.size()));
      } else if (c.type == fn::SqlType::Float64) {
        h = key_bits_hash(key_double_bits(c.value<double>(i)), 0);
      } else if (width == 16) {
        uint64_t v[2];
        std::memcpy(v, c.data.data() + i * 16, 16);
        h = key_bits_hash(v[0], v[1]);
      } else {
        uint64_t lo = 0;
        std::memcpy(&lo, c.data.data() + i * width, width);  // little-endian: a narrower value zero-extended
        h = key_bits_hash(lo, 0);
      }
      d[i] = exec::key_partition(h, parts);
    }
  });
  return column_datum(std::move(out));
}

}  // namespace tessera::exec::cpu_expr
