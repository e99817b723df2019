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
  const bool is_double = c.type == fn::SqlType::Float64;
  parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      if (!c.is_valid(i)) {
        d[i] = 0;
        continue;
      }
      const uint64_t h =
          width == 0 ? key_string_hash(reinterpret_cast<const uint8_t*>(c.string(i).data()), c.lengths[i])
                     : key_cell_hash(c.data.data() + i * width, width, is_double);
      d[i] = exec::key_partition(h, parts);
    }
  });
  return column_datum(std::move(out));
}

}  // namespace tessera::exec::cpu_expr
