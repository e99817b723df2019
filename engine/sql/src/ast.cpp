#include "tessera/sql/ast.hpp"

namespace tessera::sql {

std::string_view binary_op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or: return "or";
    case BinaryOp::And: return "and";
    case BinaryOp::Eq: return "=";
    case BinaryOp::NotEq: return "<>";
    case BinaryOp::Lt: return "<";
    case BinaryOp::LtEq: return "<=";
    case BinaryOp::Gt: return ">";
    case BinaryOp::GtEq: return ">=";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Mod: return "%";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::BitXor: return "^";
  }
  return "?";
}

const char* set_op_name(SetOpKind k) {
  switch (k) {
    case SetOpKind::None: return "";
    case SetOpKind::Union: return "UNION";
    case SetOpKind::UnionAll: return "UNION ALL";
    case SetOpKind::Intersect: return "INTERSECT";
    case SetOpKind::Except: return "EXCEPT";
  }
  return "?";
}

}  // namespace tessera::sql
