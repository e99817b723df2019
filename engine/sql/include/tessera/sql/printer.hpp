// Prints the AST as S-expressions, one line, for tests and for `--emit=ast`-style debugging:
//   (select (list (as (call SUM l_quantity) sum_qty)) (from (table lineitem)) (where (<= ...)))
#pragma once

#include <string>

#include "tessera/sql/ast.hpp"

namespace tessera::sql {

std::string to_sexpr(const Expr& e);
std::string to_sexpr(const SelectStatement& q);
std::string to_sexpr(const TableRef& t);
std::string to_sexpr(const TypeName& t);  // DECIMAL(15,2)
std::string to_sexpr(const Statement& s);
std::string to_sexpr(const Script& s);     // statements separated by "\n"

}  // namespace tessera::sql
