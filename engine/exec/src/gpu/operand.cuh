// Host-side construction of device operand accessors from DeviceDatums (expr_*.cu).
#pragma once

#include "device_kernels.cuh"
#include "expr_eval.hpp"

namespace tessera::exec::gpu {

template <typename T>
In<T> operand(const DeviceDatum& d) {
  In<T> r;
  if (d.is_scalar) {
    if constexpr (std::is_same_v<T, double>) r.s = d.scalar.d;
    else r.s = static_cast<T>(d.scalar.i);
  } else {
    r.p = static_cast<const T*>(d.column->data.data());
  }
  return r;
}

inline Valid validity(const DeviceDatum& d) {
  Valid v;
  if (d.is_scalar) v.all_null = d.scalar.null;
  else v.p = static_cast<const uint8_t*>(d.column->valid.data());
  return v;
}

inline DeviceDatum column_datum(DeviceColumnPtr c) {
  DeviceDatum d;
  d.column = std::move(c);
  return d;
}

// Calls f(T{}) with T the physical C++ type of a fixed-width SQL type.
template <typename F>
void with_physical(fn::SqlType t, F&& f) {
  switch (t) {
    case fn::SqlType::Bool: f(uint8_t{}); break;
    case fn::SqlType::Int32:
    case fn::SqlType::Date: f(int32_t{}); break;
    case fn::SqlType::Float64: f(double{}); break;
    case fn::SqlType::Decimal128: f(__int128{}); break;
    default: f(int64_t{}); break;
  }
}

}  // namespace tessera::exec::gpu
