// The CPU evaluator's shared pieces (evaluate.cpp dispatches; one file per family of expressions, as the GPU's
// gpu/expr_*.cu): operand access, validity, the checked row loop, and each family's entry point.
#pragma once

#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "tessera/exec/executor.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/functions/status.hpp"

namespace tessera::exec::cpu_expr {

using plan::Expr;
using plan::ExprKind;
using plan::Op;
using plan::TypeId;
using plan::Value;

// Read access to one operand: a column or a scalar, as physical type T.
template <typename T>
struct In {
  const T* p = nullptr;
  T s{};
  bool scalar = false;
  T operator[](int64_t i) const { return scalar ? s : p[i]; }
};

template <typename T>
T scalar_as(const Value& v) {
  if constexpr (std::is_same_v<T, double>) return v.d;
  else return static_cast<T>(v.i);
}

template <typename T>
In<T> in(const Datum& d) {
  In<T> r;
  if (d.is_scalar) {
    r.scalar = true;
    r.s = scalar_as<T>(d.scalar);
  } else {
    r.p = reinterpret_cast<const T*>(d.column->data.data());
  }
  return r;
}

struct Validity {
  const uint8_t* p = nullptr;
  bool all_null = false;
  bool operator()(int64_t i) const { return !all_null && (!p || p[i]); }
  bool any_null() const { return all_null || p; }
};
inline Validity validity(const Datum& d) {
  Validity v;
  if (d.is_scalar) v.all_null = d.scalar.null;
  else if (!d.column->valid.empty()) v.p = d.column->valid.data();
  return v;
}

// out.valid = a.valid & b.valid (left empty when both are all valid).
inline void combine_validity(rt::Column& out, int64_t rows, const Validity& a, const Validity& b) {
  if (!a.any_null() && !b.any_null()) return;
  out.valid.resize(rows);
  for (int64_t i = 0; i < rows; ++i) out.valid[i] = a(i) && b(i);
}

inline rt::Column new_fixed(fn::SqlType t, int64_t rows) { return rt::Column::fixed(t, rows); }

// Runs f(i) -> status over rows where `valid` holds, in parallel; throws for the first failing row.
template <typename F>
void checked_loop(int64_t rows, int threads, const rt::Column& out, F&& f, const DataType& type) {
  const int chunks = chunk_count(rows, threads);
  std::vector<int64_t> first_bad(chunks, INT64_MAX);
  std::vector<int32_t> bad_status(chunks, 0);
  const uint8_t* v = out.valid.empty() ? nullptr : out.valid.data();
  parallel_chunks(rows, threads, [&](int k, int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      if (v && !v[i]) continue;
      const int32_t s = f(i);
      if (s != fn::kOk) {
        first_bad[k] = i;
        bad_status[k] = s;
        return;
      }
    }
  });
  for (int k = 0; k < chunks; ++k)
    if (first_bad[k] != INT64_MAX) fail_status(bad_status[k], type);
}

inline std::string_view string_at(const Datum& d, int64_t i) { return d.is_scalar ? std::string_view(d.scalar.s) : d.column->string(i); }

inline Datum column_datum(rt::Column&& c) {
  Datum d;
  d.column = std::make_shared<rt::Column>(std::move(c));
  return d;
}

inline Datum scalar_datum(Value v) {
  Datum d;
  d.is_scalar = true;
  d.scalar = std::move(v);
  return d;
}

// The families (expr_compare.cpp, expr_logic.cpp, expr_arithmetic.cpp, expr_cast.cpp, expr_case.cpp, expr_call.cpp,
// expr_key_partition.cpp).
Datum compare(Op o, const Datum& a, const Datum& b, const DataType& t, int64_t rows, int threads);
Datum logic(Op o, const Datum& a, const Datum& b, int64_t rows);
Datum arithmetic(const Expr& e, const Datum& a, const Datum& b, int64_t rows, int threads);
Datum fit_text(const Expr& e, Datum a, int64_t rows);
Datum cast_numeric(const DataType& from, const DataType& to, const Datum& a, int64_t rows, int threads, bool is_try);
Datum choose(const std::vector<Datum>& sources, const std::vector<int>& choice, const DataType& t, int64_t rows);
bool truthy(const Datum& d, int64_t i);
Datum call_kernel(const Expr& e, const Batch& batch, ExecContext& ctx);
// KEY_PARTITION(key, parts) (expr_key_partition.cpp): INT in [0, parts), NULL where the key is NULL.
Datum key_partition(const Datum& key, int32_t parts, int64_t rows, int threads);

}  // namespace tessera::exec::cpu_expr
