// AND and OR with SQL's three-valued logic.
#include "expr_eval.hpp"


namespace tessera::exec::cpu_expr {

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

}  // namespace tessera::exec::cpu_expr
