// Checked arithmetic: integers, FLOAT, MONEY and DECIMAL (wide ones with 256-bit intermediates).
#include "expr_eval.hpp"

#include "tessera/exec/row_op_codes.hpp"
#include "tessera/functions/decimal128.hpp"
#include "tessera/functions/numeric_decimal_arith.hpp"

namespace tessera::exec::cpu_expr {

namespace {

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



}  // namespace

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
    default: throw internal_error("arithmetic on " + t.to_string());
  }
  return column_datum(std::move(out));
}

}  // namespace tessera::exec::cpu_expr
