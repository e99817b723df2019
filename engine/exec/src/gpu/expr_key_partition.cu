// KEY_PARTITION(key, P) on the device: the CPU's expr_key_partition.cpp with the same hash
// (exec/key_partition.hpp), so a row lands in the same partition on either device.
#include "operand.cuh"
#include "tessera/exec/key_partition.hpp"

namespace tessera::exec::gpu {

DeviceDatum key_partition(const DeviceDatum& key, int32_t parts, int64_t rows, GpuContext& ctx) {
  if (key.is_scalar) throw internal_error("KEY_PARTITION of a constant: join keys are columns' expressions");
  if (parts <= 0) throw internal_error("KEY_PARTITION into " + std::to_string(parts) + " partitions");
  const Valid va = validity(key);
  auto out = new_fixed(fn::SqlType::Int32, rows, va.p != nullptr, ctx);
  int32_t* d = static_cast<int32_t*>(out->data.data());
  uint8_t* ov = static_cast<uint8_t*>(out->valid.data());
  const rt::ColumnView c = key.column->view();
  const bool is_string = c.type == fn::SqlType::String, is_double = c.type == fn::SqlType::Float64;
  const int width = is_string ? 0 : fn::type_width(c.type);
  for_rows(rows, ctx.stream, [=] __device__(int64_t i) {
    const bool valid = va(i);
    if (ov) ov[i] = valid;
    if (!valid) {
      d[i] = 0;
      return;
    }
    const uint8_t* p = static_cast<const uint8_t*>(c.data);
    const uint64_t h = is_string ? key_string_hash(p + c.offsets[i], c.lengths[i])
                                 : key_cell_hash(p + i * width, width, is_double);
    d[i] = exec::key_partition(h, parts);
  });
  return column_datum(out);
}

}  // namespace tessera::exec::gpu
