// The session context a catalog kernel call runs under: the query's, with the collation a COLLATE
// clause gave the call (plan::Expr::collation) in place of the database's. The same on both devices.
#pragma once

#include "tessera/functions/session_context.hpp"
#include "tessera/plan/expr.hpp"

namespace tessera::exec {

inline fn::SessionContext call_session(const plan::Expr& call, fn::SessionContext session) {
  if (call.collation == storage::Collation::CaseInsensitive) session.collation |= fn::kCaseInsensitive;
  if (call.collation == storage::Collation::Binary) session.collation &= ~uint32_t(fn::kCaseInsensitive);
  return session;
}

}  // namespace tessera::exec
