// The plan's operators and types as exec::row_ops' codes: one mapping for the CPU evaluator and the GPU's
// expression and aggregate kernels, so the two cannot disagree on which rule a plan node means.
#pragma once

#include "tessera/exec/row_ops.hpp"
#include "tessera/plan/expr.hpp"

namespace tessera::exec::row_ops {

inline Arith arith_of(plan::Op o) {
  switch (o) {
    case plan::Op::Add: return Arith::Add;
    case plan::Op::Sub: return Arith::Sub;
    case plan::Op::Mul: return Arith::Mul;
    case plan::Op::Div: return Arith::Div;
    default: return Arith::Mod;
  }
}

// Decimal places of a numeric type's stored integer: DECIMAL's scale, MONEY's 4, 0 for the rest.
inline int32_t scale_of(const plan::DataType& t) {
  return t.id == plan::TypeId::Decimal ? t.scale : t.id == plan::TypeId::Money ? 4 : 0;
}

// The physical target of a numeric CAST to `t` (MONEY and BIGINT are scaled int64).
inline CastTo cast_target(const plan::DataType& t) {
  switch (t.id) {
    case plan::TypeId::Double: return CastTo::Double;
    case plan::TypeId::Bool: return CastTo::Bool;
    case plan::TypeId::Int32: return CastTo::Int32;
    case plan::TypeId::Decimal: return t.is_wide_decimal() ? CastTo::Decimal128 : CastTo::Decimal64;
    default: return CastTo::Int64;
  }
}

}  // namespace tessera::exec::row_ops
