#include "tessera/plan/type_rules.hpp"

#include <algorithm>

#include "tessera/functions/numeric_decimal_arith.hpp"
#include "tessera/plan/binder.hpp"

namespace tessera::plan {

bool is_numeric(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: case TypeId::Int32: case TypeId::Int64: case TypeId::Double: case TypeId::Decimal:
    case TypeId::Money: return true;
    default: return false;
  }
}
bool is_integer(const DataType& t) { return t.id == TypeId::Int32 || t.id == TypeId::Int64 || t.id == TypeId::Bool; }
bool is_string(const DataType& t) { return t.is_string(); }

std::string type_text(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return "BIT";
    case TypeId::Int32: return "INT";
    case TypeId::Int64: return "BIGINT";
    case TypeId::Double: return "FLOAT";
    case TypeId::Decimal: return "DECIMAL(" + std::to_string(t.precision) + "," + std::to_string(t.scale) + ")";
    case TypeId::Money: return "MONEY";
    case TypeId::Date: return "DATE";
    case TypeId::Char: return "CHAR";
    case TypeId::Varchar: return "VARCHAR";
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time: return t.to_string();
  }
  return "?";
}

namespace {

// Rank in SQL Server's precedence among the numeric types.
int numeric_rank(TypeId id) {
  switch (id) {
    case TypeId::Bool: return 0;
    case TypeId::Int32: return 1;
    case TypeId::Int64: return 2;
    case TypeId::Money: return 3;
    case TypeId::Decimal: return 4;
    case TypeId::Double: return 5;
    default: return -1;
  }
}

DataType as_decimal(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return DataType::decimal(1, 0);
    case TypeId::Int32: return DataType::decimal(10, 0);
    case TypeId::Int64: return DataType::decimal(19, 0);  // as SQL Server: every BIGINT fits
    case TypeId::Money: return DataType::decimal(19, 4);  // MONEY is DECIMAL(19,4)
    default: return t;
  }
}

// Two decimals brought to one type that holds both exactly (scale max, integral digits max).
DataType unify_decimals(const DataType& a, const DataType& b) {
  const int s = std::max(a.scale, b.scale);
  const int integral = std::max(a.precision - a.scale, b.precision - b.scale);
  return DataType::decimal(std::min(storage::kMaxDecimalDigits, integral + s), s);
}

// SQL Server's data type precedence among the date and time types: DATETIME2 > DATETIME >
// SMALLDATETIME > DATE > TIME; two DATETIME2s (or TIMEs) meet at the larger precision. DATE and
// TIME have no common type.
int temporal_rank(TypeId id) {
  switch (id) {
    case TypeId::Time: return 0;
    case TypeId::Date: return 1;
    case TypeId::SmallDateTime: return 2;
    case TypeId::DateTime: return 3;
    case TypeId::DateTime2: return 4;
    default: return -1;
  }
}

std::optional<DataType> common_temporal_type(const DataType& a, const DataType& b) {
  if (a.id == b.id) return DataType{a.id, std::max(a.precision, b.precision)};
  if ((a.id == TypeId::Date && b.id == TypeId::Time) || (a.id == TypeId::Time && b.id == TypeId::Date)) return std::nullopt;
  return temporal_rank(a.id) > temporal_rank(b.id) ? a : b;
}

}  // namespace

std::optional<DataType> common_type(const DataType& a, const DataType& b) {
  if (a == b) return a;
  if (is_string(a) && is_string(b)) {
    DataType t = DataType::varchar(std::max(a.length, b.length));
    // The stronger collation (a COLLATE's over a column's); a conflict is the caller's Msg 468.
    const DataType& c = a.collation_explicit || (!b.collation_explicit && a.collation != storage::Collation::Default) ? a : b;
    t.collation = c.collation;
    t.collation_explicit = c.collation_explicit;
    return t;
  }
  if (a.is_temporal() && b.is_temporal()) return common_temporal_type(a, b);
  if (is_numeric(a) && is_numeric(b)) {
    const int ra = numeric_rank(a.id), rb = numeric_rank(b.id);
    const DataType& hi = ra >= rb ? a : b;
    if (hi.id == TypeId::Decimal) return unify_decimals(as_decimal(a), as_decimal(b));
    if (hi.id == TypeId::Bool) return DataType::boolean();
    return DataType{hi.id};
  }
  return std::nullopt;
}

std::optional<DataType> comparison_type(const DataType& a, const DataType& b) {
  if (a.id == TypeId::Bool && b.id == TypeId::Bool) return a;
  return common_type(a, b);
}

std::optional<ArithmeticTypes> arithmetic_types(Op op, const DataType& a, const DataType& b) {
  if (!is_numeric(a) || !is_numeric(b)) return std::nullopt;
  const int ra = numeric_rank(a.id), rb = numeric_rank(b.id);
  const TypeId hi = (ra >= rb ? a : b).id;
  if (hi == TypeId::Double) {
    if (op == Op::Mod) return std::nullopt;
    return ArithmeticTypes{DataType::float64(), DataType::float64(), DataType::float64()};
  }
  if (hi == TypeId::Decimal) {
    const DataType l = as_decimal(a), r = as_decimal(b);
    fn::DecimalOp dop = fn::DecimalOp::kAdd;
    switch (op) {
      case Op::Add: dop = fn::DecimalOp::kAdd; break;
      case Op::Sub: dop = fn::DecimalOp::kSub; break;
      case Op::Mul: dop = fn::DecimalOp::kMul; break;
      case Op::Div: dop = fn::DecimalOp::kDiv; break;
      case Op::Mod: dop = fn::DecimalOp::kMod; break;
      default: return std::nullopt;
    }
    const fn::DecimalType t = fn::sql_server_result_type(dop, l.precision, l.scale, r.precision, r.scale);
    return ArithmeticTypes{l, r, DataType::decimal(t.precision, t.scale)};
  }
  if (hi == TypeId::Money) {
    if (op == Op::Mod) return std::nullopt;
    return ArithmeticTypes{DataType::money(), DataType::money(), DataType::money()};
  }
  const DataType t = hi == TypeId::Int64 ? DataType::int64() : DataType::int32();
  return ArithmeticTypes{t, t, t};
}

bool implicit_castable(const DataType& from, const DataType& to) {
  if (from == to) return true;
  if (!is_numeric(from) || !is_numeric(to)) return false;
  return numeric_rank(to.id) >= numeric_rank(from.id) || (from.id == TypeId::Decimal && to.id == TypeId::Decimal);
}

DataType storage_type_of(const sql::TypeName& t) {
  using T = sql::TypeId;
  switch (t.id) {
    case T::TinyInt: case T::SmallInt: case T::Int: return DataType::int32();
    case T::BigInt: return DataType::int64();
    case T::Bit: return DataType::boolean();
    case T::Decimal: {
      const int p = t.length ? static_cast<int>(*t.length) : 18;
      const int s = t.scale ? static_cast<int>(*t.scale) : 0;
      if (p < 1 || p > 38 || s < 0 || s > p) throw BindError(t.loc, "invalid DECIMAL(" + std::to_string(p) + "," + std::to_string(s) + ")");
      return DataType::decimal(p, s);
    }
    case T::Float: case T::Real: return DataType::float64();
    case T::Money: case T::SmallMoney: return DataType::money();
    case T::Date: return DataType::date();
    case T::DateTime: return DataType::datetime();
    case T::SmallDateTime: return DataType::smalldatetime();
    case T::DateTime2:
    case T::Time: {
      const int64_t p = t.length.value_or(7);
      if (p < 0 || p > 7)
        throw BindError(t.loc, "Msg 1002: the precision " + std::to_string(p) + " of " + t.spelling + " is out of range (0 to 7)");
      return t.id == T::Time ? DataType::time(static_cast<int>(p)) : DataType::datetime2(static_cast<int>(p));
    }
    case T::Char: case T::NChar: return DataType::fixed_char(t.length ? static_cast<int>(*t.length) : 30);
    case T::VarChar: case T::NVarChar: return DataType::varchar(t.max_length || !t.length ? 0 : static_cast<int>(*t.length));
  }
  return DataType::int32();
}

}  // namespace tessera::plan
