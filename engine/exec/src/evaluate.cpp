// Vectorised expression evaluation over whole columns: built-in operators (comparison, three-valued
// logic, checked arithmetic, numeric casts, CASE, IN, IS NULL, COALESCE) run here; scalar functions
// run as catalog kernels (rt::run_cpu, or rt::CudaDevice::run when the session has a GPU). A failing row raises ExecError with SQL Server's message.
// CASE evaluates every branch over all rows (no short-circuit): an error in a branch a row does not
// take still fails the query -- a known difference from SQL Server, noted in docs/ENGINE.md.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <optional>

#include "tessera/exec/case_lookup.hpp"
#include "tessera/functions/utf8.hpp"
#include "tessera/exec/call_session.hpp"
#include "tessera/exec/column_ops.hpp"
#include "tessera/exec/executor.hpp"
#include "tessera/runtime/statement_stop.hpp"
#include "tessera/exec/parallel.hpp"
#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/decimal128.hpp"
#include "tessera/functions/float_to_decimal.hpp"
#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/plan/type_rules.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"

namespace tessera::exec {

using plan::Expr;
using plan::ExprKind;
using plan::Op;
using plan::TypeId;
using plan::Value;

void fail_status(int32_t status, const DataType& t) {
  const auto& info = fn::status_info(status);
  std::string msg = "Msg " + std::to_string(info.sql_server_msg) + ": ";
  if (status == fn::kArithmeticOverflow) msg += "Arithmetic overflow error converting expression to data type " + plan::type_text(t) + ".";
  else msg += info.message;
  throw ExecError(msg);
}

namespace {

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
Validity validity(const Datum& d) {
  Validity v;
  if (d.is_scalar) v.all_null = d.scalar.null;
  else if (!d.column->valid.empty()) v.p = d.column->valid.data();
  return v;
}

// out.valid = a.valid & b.valid (left empty when both are all valid).
void combine_validity(rt::Column& out, int64_t rows, const Validity& a, const Validity& b) {
  if (!a.any_null() && !b.any_null()) return;
  out.valid.resize(rows);
  for (int64_t i = 0; i < rows; ++i) out.valid[i] = a(i) && b(i);
}

rt::Column new_fixed(fn::SqlType t, int64_t rows) { return rt::Column::fixed(t, rows); }

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

std::string_view string_at(const Datum& d, int64_t i) { return d.is_scalar ? std::string_view(d.scalar.s) : d.column->string(i); }

Datum column_datum(rt::Column&& c) {
  Datum d;
  d.column = std::make_shared<rt::Column>(std::move(c));
  return d;
}

Datum scalar_datum(Value v) {
  Datum d;
  d.is_scalar = true;
  d.scalar = std::move(v);
  return d;
}

// ---- comparisons ----

template <typename T>
void compare_loop(Op o, const Datum& a, const Datum& b, int64_t rows, uint8_t* out, int threads) {
  const In<T> x = in<T>(a), y = in<T>(b);
  parallel_chunks(rows, threads, [&](int, int64_t s, int64_t e) {
    switch (o) {
      case Op::Eq: for (int64_t i = s; i < e; ++i) out[i] = x[i] == y[i]; break;
      case Op::Ne: for (int64_t i = s; i < e; ++i) out[i] = x[i] != y[i]; break;
      case Op::Lt: for (int64_t i = s; i < e; ++i) out[i] = x[i] < y[i]; break;
      case Op::Le: for (int64_t i = s; i < e; ++i) out[i] = x[i] <= y[i]; break;
      case Op::Gt: for (int64_t i = s; i < e; ++i) out[i] = x[i] > y[i]; break;
      default: for (int64_t i = s; i < e; ++i) out[i] = x[i] >= y[i]; break;
    }
  });
}

Datum compare(Op o, const Datum& a, const Datum& b, const DataType& t, int64_t rows, int threads) {
  rt::Column out = new_fixed(fn::SqlType::Bool, rows);
  combine_validity(out, rows, validity(a), validity(b));
  uint8_t* d = out.data.data();
  switch (t.physical()) {
    case fn::SqlType::Bool: compare_loop<uint8_t>(o, a, b, rows, d, threads); break;
    case fn::SqlType::Int32:
    case fn::SqlType::Date: compare_loop<int32_t>(o, a, b, rows, d, threads); break;
    case fn::SqlType::Float64: compare_loop<double>(o, a, b, rows, d, threads); break;
    case fn::SqlType::Decimal128: compare_loop<__int128>(o, a, b, rows, d, threads); break;
    case fn::SqlType::String:
      parallel_chunks(rows, threads, [&](int, int64_t s, int64_t e) {
        for (int64_t i = s; i < e; ++i) {
          const auto x = rtrim_blanks(string_at(a, i)), y = rtrim_blanks(string_at(b, i));
          const int c = x.compare(y);
          switch (o) {
            case Op::Eq: d[i] = c == 0; break;
            case Op::Ne: d[i] = c != 0; break;
            case Op::Lt: d[i] = c < 0; break;
            case Op::Le: d[i] = c <= 0; break;
            case Op::Gt: d[i] = c > 0; break;
            default: d[i] = c >= 0; break;
          }
        }
      });
      break;
    default: compare_loop<int64_t>(o, a, b, rows, d, threads); break;
  }
  return column_datum(std::move(out));
}

// ---- logic (three-valued) ----

Datum logic(Op o, const Datum& a, const Datum& b, int64_t rows) {
  rt::Column out = new_fixed(fn::SqlType::Bool, rows);
  const In<uint8_t> x = in<uint8_t>(a), y = in<uint8_t>(b);
  const Validity va = validity(a), vb = validity(b);
  const bool nulls = va.any_null() || vb.any_null();
  if (nulls) out.valid.resize(rows);
  for (int64_t i = 0; i < rows; ++i) {
    const bool an = !va(i), bn = !vb(i);
    const bool xa = !an && x[i], xb = !bn && y[i];
    bool value, valid;
    if (o == Op::And) {
      value = xa && xb;
      valid = (!an && !bn) || (!an && !xa) || (!bn && !xb);
    } else {
      value = xa || xb;
      valid = (!an && !bn) || xa || xb;
    }
    out.data[i] = value;
    if (nulls) out.valid[i] = valid;
  }
  return column_datum(std::move(out));
}

// ---- arithmetic ----

// Calls f(load) with load(i) -> the DECIMAL operand's row i as int128, specialised for a constant,
// an int64 column or an int128 column (so the row loops below carry no per-row dispatch).
template <typename F>
void with_wide_loader(const Datum& d, const DataType& t, F&& f) {
  if (d.is_scalar) {
    const __int128 s = d.scalar.i;
    f([s](int64_t) { return s; });
  } else if (t.is_wide_decimal()) {
    const uint8_t* p = d.column->data.data();
    f([p](int64_t i) {
      __int128 v;
      std::memcpy(&v, p + i * 16, 16);
      return v;
    });
  } else {
    const int64_t* p = reinterpret_cast<const int64_t*>(d.column->data.data());
    f([p](int64_t i) { return static_cast<__int128>(p[i]); });
  }
}

bool fits_int64(__int128 v) { return v == static_cast<int64_t>(v); }

// DECIMAL arithmetic where an operand or the result has more than 18 digits (SQL Server's types up to
// DECIMAL(38, s)): int128 values, 256-bit intermediates where a product or a scaled dividend needs them
// (fn::WideDecimalArith). The common TPC-H shapes -- a product or sum that needs no rounding --
// take exact int128 fast paths.
void wide_decimal_arithmetic(Op o, const DataType& l, const DataType& r, const DataType& t, const Datum& a,
                             const Datum& b, int64_t rows, int threads, rt::Column& out) {
  const int p1 = l.precision, s1 = l.scale, p2 = r.precision, s2 = r.scale;
  const bool wide_out = t.is_wide_decimal();
  uint8_t* dst = out.data.data();
  auto store = [dst, wide_out](int64_t i, __int128 v) {
    if (wide_out) {
      std::memcpy(dst + i * 16, &v, 16);
    } else {
      const int64_t n = static_cast<int64_t>(v);  // the result type has <= 18 digits: it fits
      std::memcpy(dst + i * 8, &n, 8);
    }
  };
  const __int128 limit = fn::Decimal128::pow10(t.precision);  // |result| < 10^p
  const int s = std::max(s1, s2);
  with_wide_loader(a, l, [&](auto x) {
    with_wide_loader(b, r, [&](auto y) {
      if (o == Op::Mul && t.scale == s1 + s2) {
        if (p1 + p2 <= 38 && !l.is_wide_decimal() && !r.is_wide_decimal()) {
          // Two int64 operands whose digits add up to at most 38: the product cannot overflow the type.
          parallel_chunks(rows, threads, [&](int, int64_t bg, int64_t en) {
            for (int64_t i = bg; i < en; ++i) store(i, x(i) * y(i));
          });
          return;
        }
        checked_loop(rows, threads, out, [&](int64_t i) -> int32_t {
          const __int128 u = x(i), v = y(i);
          __int128 w;
          if (fits_int64(u) && fits_int64(v)) w = u * v;  // one 64x64 -> 128-bit multiply
          else if (__builtin_mul_overflow(u, v, &w)) return fn::kArithmeticOverflow;
          if (w >= limit || w <= -limit) return fn::kArithmeticOverflow;
          store(i, w);
          return fn::kOk;
        }, t);
        return;
      }
      if ((o == Op::Add || o == Op::Sub) && t.scale == s) {
        const __int128 fx = fn::Decimal128::pow10(s - s1), fy = fn::Decimal128::pow10(s - s2);
        const bool sub = o == Op::Sub;
        checked_loop(rows, threads, out, [&](int64_t i) -> int32_t {
          __int128 u, v, w;
          if (__builtin_mul_overflow(x(i), fx, &u) || __builtin_mul_overflow(y(i), fy, &v)) return fn::kArithmeticOverflow;
          if (sub ? __builtin_sub_overflow(u, v, &w) : __builtin_add_overflow(u, v, &w)) return fn::kArithmeticOverflow;
          if (w >= limit || w <= -limit) return fn::kArithmeticOverflow;
          store(i, w);
          return fn::kOk;
        }, t);
        return;
      }
      checked_loop(rows, threads, out, [&](int64_t i) {
        __int128 v = 0;
        int32_t st;
        switch (o) {
          case Op::Add: st = fn::WideDecimalArith::add_sub(false, x(i), y(i), p1, s1, p2, s2, &v); break;
          case Op::Sub: st = fn::WideDecimalArith::add_sub(true, x(i), y(i), p1, s1, p2, s2, &v); break;
          case Op::Mul: st = fn::WideDecimalArith::mul(x(i), y(i), p1, s1, p2, s2, &v); break;
          case Op::Div: st = fn::WideDecimalArith::div(x(i), y(i), p1, s1, p2, s2, &v); break;
          default: st = fn::WideDecimalArith::mod(x(i), y(i), p1, s1, p2, s2, &v); break;
        }
        if (st == fn::kOk) store(i, v);
        return st;
      }, t);
    });
  });
}

Datum arithmetic(const Expr& e, const Datum& a, const Datum& b, int64_t rows, int threads) {
  const DataType& t = e.type;
  rt::Column out = new_fixed(t.physical(), rows);
  combine_validity(out, rows, validity(a), validity(b));
  const Op o = e.op;
  const row_ops::Arith ao = row_ops::arith_of(o);
  switch (t.id) {
    case TypeId::Int32: {
      const In<int32_t> x = in<int32_t>(a), y = in<int32_t>(b);
      int32_t* r = reinterpret_cast<int32_t*>(out.data.data());
      checked_loop(rows, threads, out, [&](int64_t i) { return row_ops::int_arith<int32_t>(ao, x[i], y[i], r + i); }, t);
      break;
    }
    case TypeId::Int64: {
      const In<int64_t> x = in<int64_t>(a), y = in<int64_t>(b);
      int64_t* r = reinterpret_cast<int64_t*>(out.data.data());
      checked_loop(rows, threads, out, [&](int64_t i) { return row_ops::int_arith<int64_t>(ao, x[i], y[i], r + i); }, t);
      break;
    }
    case TypeId::Double: {
      const In<double> x = in<double>(a), y = in<double>(b);
      double* r = reinterpret_cast<double*>(out.data.data());
      checked_loop(rows, threads, out, [&](int64_t i) { return row_ops::double_arith(ao, x[i], y[i], r + i); }, t);
      break;
    }
    case TypeId::Money: {
      const In<int64_t> x = in<int64_t>(a), y = in<int64_t>(b);
      int64_t* r = reinterpret_cast<int64_t*>(out.data.data());
      checked_loop(rows, threads, out, [&](int64_t i) { return row_ops::money_arith(ao, x[i], y[i], r + i); }, t);
      break;
    }
    case TypeId::Decimal: {
      const DataType& l = e.args[0]->type;
      const DataType& rt_ = e.args[1]->type;
      if (t.is_wide_decimal() || l.is_wide_decimal() || rt_.is_wide_decimal()) {
        wide_decimal_arithmetic(o, l, rt_, t, a, b, rows, threads, out);
        break;
      }
      // At most 18 digits everywhere: row_ops::decimal_arith (exact sums and products without the general
      // rounding path, else the library's DecimalArith), the GPU's row code too.
      const row_ops::DecimalTypes dt{l.precision, l.scale, rt_.precision, rt_.scale, t.precision, t.scale};
      const In<int64_t> x = in<int64_t>(a), y = in<int64_t>(b);
      int64_t* r = reinterpret_cast<int64_t*>(out.data.data());
      checked_loop(rows, threads, out, [&](int64_t i) { return row_ops::decimal_arith(ao, x[i], y[i], dt, r + i); }, t);
      break;
    }
    default: throw ExecError("internal error: arithmetic on " + t.to_string());
  }
  return column_datum(std::move(out));
}

// ---- numeric casts ----

// A number's text into CHAR/VARCHAR/NCHAR/NVARCHAR(n) (Op::Cast between strings; bind_cast): unchanged when its
// characters fit, else SQL Server's Msg 8115 naming the target (e.name); the TRY_ form makes those rows NULL.
Datum fit_text(const Expr& e, Datum a, int64_t rows) {
  const int64_t n = e.type.length;
  const bool is_try = e.op == Op::TryCast;
  auto too_long = [&](std::string_view s) { return fn::Utf8::count(s.data(), static_cast<int32_t>(s.size())) > n; };
  auto fail = [&] {
    throw ExecError("Msg 8115: Arithmetic overflow error converting expression to data type " + e.name + ".");
  };
  if (a.is_scalar) {
    if (a.scalar.null || !too_long(a.scalar.s)) return a;
    if (!is_try) fail();
    return scalar_datum(Value::null_of(e.type));
  }
  const Validity va = validity(a);
  std::vector<int64_t> over;
  for (int64_t i = 0; i < rows; ++i)
    if (va(i) && too_long(a.column->string(i))) {
      if (!is_try) fail();
      over.push_back(i);
    }
  if (over.empty()) return a;
  rt::Column out = *a.column;
  out.valid.resize(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) out.valid[i] = va(i);
  for (int64_t i : over) out.valid[i] = 0;
  return column_datum(std::move(out));
}

Datum cast_numeric(const DataType& from, const DataType& to, const Datum& a, int64_t rows, int threads, bool is_try) {
  rt::Column out = new_fixed(to.physical(), rows);
  const Validity va = validity(a);
  if (va.any_null() || is_try) {
    out.valid.resize(rows);
    for (int64_t i = 0; i < rows; ++i) out.valid[i] = va(i);
  }
  // Source as int128 (scaled) or double.
  auto load_int = [&](int64_t i) -> __int128 {
    if (a.is_scalar) return a.scalar.i;
    switch (from.physical()) {
      case fn::SqlType::Bool: return a.column->data[i];
      case fn::SqlType::Int32: return a.column->value<int32_t>(i);
      case fn::SqlType::Decimal128: return a.column->value<__int128>(i);
      default: return a.column->value<int64_t>(i);
    }
  };
  const bool from_double = from.id == TypeId::Double;
  auto load_double = [&](int64_t i) -> double { return a.is_scalar ? a.scalar.d : a.column->value<double>(i); };
  const int fs = row_ops::scale_of(from), ts = row_ops::scale_of(to);
  // The row semantics are exec::row_ops', which the GPU's casts run too.
  const row_ops::CastTo target = row_ops::cast_target(to);
  const int w = fn::type_width(to.physical());
  uint8_t* d = out.data.data();
  auto convert = [&](int64_t i) -> int32_t {
    if (from_double && to.is_wide_decimal()) {
      // The catalog kernel's rule (17 significant digits, then the scale), for up to 38 digits (host code).
      __int128 v;
      if (!fn::float_scaled(load_double(i), ts, &v)) return fn::kArithmeticOverflow;
      return row_ops::cast_scaled(v, ts, target, ts, to.precision, d + i * w);
    }
    if (from_double) return row_ops::cast_double_narrow(load_double(i), target, ts, to.precision, d + i * w);
    return row_ops::cast_scaled(load_int(i), fs, target, ts, to.precision, d + i * w);
  };
  if (is_try) {  // TRY_CAST: a value the target cannot hold is NULL
    uint8_t* v = out.valid.data();
    parallel_chunks(rows, threads, [&](int, int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i)
        if (v[i] && convert(i) != fn::kOk) v[i] = 0;
    });
  } else {
    checked_loop(rows, threads, out, convert, to);
  }
  return column_datum(std::move(out));
}

// ---- choosing rows among several sources (CASE, COALESCE) ----

// out[i] = sources[choice[i]][i], NULL where choice[i] < 0.
Datum choose(const std::vector<Datum>& sources, const std::vector<int>& choice, const DataType& t, int64_t rows) {
  rt::Column out;
  out.type = t.physical();
  out.rows = rows;
  bool nulls = false;
  for (int64_t i = 0; i < rows && !nulls; ++i)
    nulls = choice[i] < 0 || !validity(sources[choice[i]])(i);
  if (nulls) out.valid.resize(rows);
  if (t.is_string()) {
    out.offsets.resize(rows);
    out.lengths.resize(rows);
    for (int64_t i = 0; i < rows; ++i) {
      const int c = choice[i];
      const bool ok = c >= 0 && validity(sources[c])(i);
      const std::string_view s = ok ? string_at(sources[c], i) : std::string_view();
      out.offsets[i] = static_cast<int64_t>(out.data.size());
      out.lengths[i] = static_cast<int32_t>(s.size());
      out.data.insert(out.data.end(), s.begin(), s.end());
      if (nulls) out.valid[i] = ok;
    }
    return column_datum(std::move(out));
  }
  const int w = fn::type_width(out.type);
  out.data.assign(static_cast<size_t>(rows) * w, 0);
  std::vector<rt::Buffer<uint8_t>> scalars(sources.size());
  for (size_t k = 0; k < sources.size(); ++k)
    if (sources[k].is_scalar) scalars[k] = sources[k].scalar.broadcast(1).data;
  for (int64_t i = 0; i < rows; ++i) {
    const int c = choice[i];
    const bool ok = c >= 0 && validity(sources[c])(i);
    if (ok) {
      const uint8_t* src = sources[c].is_scalar ? scalars[c].data() : sources[c].column->data.data() + i * w;
      std::memcpy(out.data.data() + i * w, src, w);
    }
    if (nulls) out.valid[i] = ok;
  }
  return column_datum(std::move(out));
}

bool truthy(const Datum& d, int64_t i) {
  if (d.is_scalar) return !d.scalar.null && d.scalar.i != 0;
  return d.column->is_valid(i) && d.column->data[i] != 0;
}

// ---- catalog kernels ----

Datum call_kernel(const Expr& e, const Batch& batch, ExecContext& ctx) {
  const fn::FunctionSpec& spec = *e.kernel->spec;
  std::vector<rt::KernelArg> args;
  std::vector<ColumnPtr> keep;
  int64_t rows = batch.rows;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    if (!e.args[i]) {
      const Value& v = e.constants[i];
      if (a.type == fn::SqlType::String) args.push_back(rt::KernelArg::text(v.s));
      else if (a.type == fn::SqlType::Float64) args.push_back(rt::KernelArg::real(v.d));
      else args.push_back(rt::KernelArg::integer(static_cast<int64_t>(v.i)));
      continue;
    }
    ColumnPtr c = evaluate_column(*e.args[i], batch, ctx);
    keep.push_back(c);
    args.push_back(rt::KernelArg::of(*c));
  }
  // A fused predicate whose string result could outgrow its kernel's buffer runs unfused.
  if (e.unfused && !rt::check_args(spec, args).empty()) return evaluate(*e.unfused, batch, ctx);
  rt::KernelResult result;
  std::string error;
  if (rows == 0) {
    rt::Column empty = rt::Column::fixed(spec.result, 0);
    return column_datum(std::move(empty));
  }
  const fn::SessionContext session = call_session(e, ctx.session);
  const bool ok = ctx.gpu ? ctx.gpu->run(*e.kernel, args, session, result, error)
                         : rt::run_cpu(*e.kernel, args, session, ctx.threads, result, error);
  rt::throw_if_stopped(ctx.stop);  // a user function stopped early: its result is no result
  if (!ok) throw ExecError(error);
  if (result.error) throw ExecError(result.error->message);
  return column_datum(std::move(result.column));
}

}  // namespace

ColumnPtr evaluate_column(const Expr& e, const Batch& batch, ExecContext& ctx) {
  Datum d = evaluate(e, batch, ctx);
  if (!d.is_scalar) return d.column;
  return std::make_shared<rt::Column>(d.scalar.broadcast(batch.rows));
}

namespace {
Datum evaluate_node(const Expr& e, const Batch& batch, ExecContext& ctx);
}

Datum evaluate(const Expr& e, const Batch& batch, ExecContext& ctx) {
  if (!plan::is_compound(e) || !ctx.memo || ctx.memo_batch != &batch) return evaluate_node(e, batch, ctx);
  const std::string key = plan::fingerprint(e);
  if (!ctx.memo_keep->count(key)) return evaluate_node(e, batch, ctx);
  if (auto it = ctx.memo->find(key); it != ctx.memo->end()) return *it->second;
  Datum d = evaluate_node(e, batch, ctx);
  (*ctx.memo)[key] = std::make_shared<const Datum>(d);
  return d;
}

namespace {

Datum evaluate_node(const Expr& e, const Batch& batch, ExecContext& ctx) {
  const int64_t rows = batch.rows;
  switch (e.kind) {
    case ExprKind::Column: {
      Datum d;
      d.column = batch.column(e.column);
      return d;
    }
    case ExprKind::Constant: return scalar_datum(e.value);
    case ExprKind::Subquery: {
      auto it = ctx.subquery_values.find(e.subplan.get());
      if (it == ctx.subquery_values.end()) {
        Batch b = execute(*e.subplan, ctx);
        if (b.rows > 1)
          throw ExecError("Msg 512: Subquery returned more than 1 value. This is not permitted when the subquery "
                          "follows =, !=, <, <= , >, >= or when the subquery is used as an expression.");
        Value v = b.rows == 0 ? Value::null_of(e.type) : Value::from_column(*b.columns[0], e.type, 0);
        v.type = e.type;
        it = ctx.subquery_values.emplace(e.subplan.get(), std::move(v)).first;
      }
      return scalar_datum(it->second);
    }
    case ExprKind::Call: return call_kernel(e, batch, ctx);
    case ExprKind::Op: {
      if (e.op == Op::Not) {
        Datum a = evaluate(*e.args[0], batch, ctx);
        if (a.is_scalar) return scalar_datum(a.scalar.null ? a.scalar : Value::boolean(a.scalar.i == 0));
        rt::Column out = *a.column;
        for (auto& b : out.data) b = !b;
        return column_datum(std::move(out));
      }
      if (e.op == Op::Neg) {
        Datum a = evaluate(*e.args[0], batch, ctx);
        Datum zero = scalar_datum(Value{});
        zero.scalar.type = e.type;
        auto sub = std::make_shared<Expr>(e);
        sub->op = Op::Sub;
        sub->args = {plan::constant(zero.scalar), e.args[0]};
        return arithmetic(*sub, zero, a, rows, ctx.threads);
      }
      if ((e.op == Op::Cast || e.op == Op::TryCast) && e.type.is_string())
        return fit_text(e, evaluate(*e.args[0], batch, ctx), rows);
      if (e.op == Op::Cast || e.op == Op::TryCast)
        return cast_numeric(e.args[0]->type, e.type, evaluate(*e.args[0], batch, ctx), rows, ctx.threads, e.op == Op::TryCast);
      Datum a = evaluate(*e.args[0], batch, ctx);
      Datum b = evaluate(*e.args[1], batch, ctx);
      if (a.is_scalar && b.is_scalar && rows != 1) {
        // Both constant (folding missed it, e.g. a subquery value): compute on one row.
        Batch one;
        one.rows = 1;
        auto ex = std::make_shared<Expr>(e);
        ex->args = {plan::constant(a.scalar), plan::constant(b.scalar)};
        Datum r = evaluate(*ex, one, ctx);
        return scalar_datum(Value::from_column(*r.column, e.type, 0));
      }
      switch (e.op) {
        case Op::And: case Op::Or: return logic(e.op, a, b, rows);
        case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
          return compare(e.op, a, b, e.args[0]->type, rows, ctx.threads);
        default: return arithmetic(e, a, b, rows, ctx.threads);
      }
    }
    case ExprKind::Case: {
      const size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
      if (const std::optional<CaseLookup> lookup = case_lookup(e)) {
        // x once, a binary search of the constants per row (case_lookup.hpp).
        const Datum x = evaluate(*lookup->probe, batch, ctx);
        const Validity vx = validity(x);
        const bool wide = fn::type_width(lookup->probe->type.physical()) == 8;
        std::vector<Datum> results;
        for (size_t k = 0; k < pairs; ++k) results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
        if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
        std::vector<int> choice(rows, e.has_else ? static_cast<int>(pairs) : -1);
        const auto& tk = lookup->text_keys;
        parallel_chunks(rows, ctx.threads, [&](int, int64_t s, int64_t en) {
          for (int64_t i = s; i < en; ++i) {
            if (!vx(i)) continue;
            if (lookup->strings) {
              const std::string_view v = rtrim_blanks(string_at(x, i));
              const auto it = std::lower_bound(tk.begin(), tk.end(), v);
              if (it != tk.end() && *it == v) choice[i] = lookup->branch[it - tk.begin()];
              continue;
            }
            const int64_t v = x.is_scalar ? static_cast<int64_t>(x.scalar.i)
                              : wide      ? x.column->value<int64_t>(i)
                                          : x.column->value<int32_t>(i);
            const auto it = std::lower_bound(lookup->keys.begin(), lookup->keys.end(), v);
            if (it != lookup->keys.end() && *it == v) choice[i] = lookup->branch[it - lookup->keys.begin()];
          }
        });
        return choose(results, choice, e.type, rows);
      }
      std::vector<Datum> conds, results;
      for (size_t k = 0; k < pairs; ++k) {
        conds.push_back(evaluate(*e.args[2 * k], batch, ctx));
        results.push_back(evaluate(*e.args[2 * k + 1], batch, ctx));
      }
      if (e.has_else) results.push_back(evaluate(*e.args.back(), batch, ctx));
      std::vector<int> choice(rows, e.has_else ? static_cast<int>(pairs) : -1);
      for (int64_t i = 0; i < rows; ++i)
        for (size_t k = 0; k < pairs; ++k)
          if (truthy(conds[k], i)) {
            choice[i] = static_cast<int>(k);
            break;
          }
      return choose(results, choice, e.type, rows);
    }
    case ExprKind::Coalesce: {
      std::vector<Datum> args;
      for (const auto& a : e.args) args.push_back(evaluate(*a, batch, ctx));
      std::vector<int> choice(rows, -1);
      for (int64_t i = 0; i < rows; ++i)
        for (size_t k = 0; k < args.size(); ++k)
          if (validity(args[k])(i)) {
            choice[i] = static_cast<int>(k);
            break;
          }
      return choose(args, choice, e.type, rows);
    }
    case ExprKind::IsNull: {
      Datum a = evaluate(*e.args[0], batch, ctx);
      rt::Column out = new_fixed(fn::SqlType::Bool, rows);
      const Validity v = validity(a);
      for (int64_t i = 0; i < rows; ++i) out.data[i] = v(i) == e.negated;
      return column_datum(std::move(out));
    }
    case ExprKind::InList: {
      Datum v = evaluate(*e.args[0], batch, ctx);
      rt::Column out = new_fixed(fn::SqlType::Bool, rows);
      const Validity va = validity(v);
      bool list_null = false;
      std::vector<const Value*> items;
      for (size_t k = 1; k < e.args.size(); ++k) {
        if (e.args[k]->value.null) list_null = true;
        else items.push_back(&e.args[k]->value);
      }
      const DataType& t = e.args[0]->type;
      if (va.any_null() || list_null) out.valid.resize(rows);
      // The list sorted once, each row a binary search: a list of 100,000 constants costs a few comparisons a row
      // (it was a scan of the list per row; issue 36).
      std::vector<std::string_view> strings;
      std::vector<double> doubles;
      std::vector<__int128> ints;
      for (const Value* it : items) {
        if (t.is_string()) strings.push_back(rtrim_blanks(it->s));
        else if (t.id == TypeId::Double) doubles.push_back(it->d);
        else ints.push_back(it->i);
      }
      std::sort(strings.begin(), strings.end());
      std::sort(doubles.begin(), doubles.end());
      std::sort(ints.begin(), ints.end());
      auto contains = [](const auto& sorted, const auto& x) {
        const auto it = std::lower_bound(sorted.begin(), sorted.end(), x);
        return it != sorted.end() && *it == x;
      };
      parallel_chunks(rows, ctx.threads, [&](int, int64_t s, int64_t en) {
        for (int64_t i = s; i < en; ++i) {
          bool found = false;
          if (va(i)) {
            if (t.is_string()) {
              found = contains(strings, rtrim_blanks(string_at(v, i)));
            } else if (t.id == TypeId::Double) {
              found = contains(doubles, v.is_scalar ? v.scalar.d : v.column->value<double>(i));
            } else {
              __int128 x;
              if (v.is_scalar) x = v.scalar.i;
              else if (fn::type_width(t.physical()) == 4) x = v.column->value<int32_t>(i);
              else if (fn::type_width(t.physical()) == 1) x = v.column->data[i];
              else if (fn::type_width(t.physical()) == 16) x = v.column->value<__int128>(i);
              else x = v.column->value<int64_t>(i);
              found = contains(ints, x);
            }
          }
          out.data[i] = found != e.negated;
          // x IN (..., NULL) is NULL unless found; x NOT IN (..., NULL) is NULL unless found.
          if (!out.valid.empty()) out.valid[i] = va(i) && (found || !list_null);
        }
      });
      return column_datum(std::move(out));
    }
  }
  throw ExecError("internal error: unknown expression");
}

}  // namespace

Value evaluate_constant(const Expr& e, ExecContext& ctx) {
  Batch one;
  one.rows = 1;
  Datum d = evaluate(e, one, ctx);
  Value v = d.is_scalar ? d.scalar : Value::from_column(*d.column, e.type, 0);
  v.type = e.type;
  if (v.type.is_string()) v.type.length = static_cast<int>(v.s.size());
  return v;
}

}  // namespace tessera::exec
