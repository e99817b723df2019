// Comparisons (=, <>, <, <=, >, >=) of numbers, dates and strings (trailing blanks ignored).
#include "expr_eval.hpp"

#include "tessera/exec/column_ops.hpp"

namespace tessera::exec::cpu_expr {

namespace {

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



}  // namespace

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

}  // namespace tessera::exec::cpu_expr
