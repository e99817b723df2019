// A searched CASE that only compares one expression with constants
//   CASE WHEN x = 3 THEN ... WHEN x = 17 THEN ... ELSE ... END      (or x = 'FR', ... over strings)
// (code tables written as SQL, often thousands of branches) is evaluated as a lookup on both devices: x once,
// then a binary search of the sorted constants per row gives the branch, instead of one comparison column per
// branch (100,000 branches took 78 s and 6.4 GB at SF 0.01; issue 36). Strings compare as `=` does: trailing
// blanks dropped, bytewise (a case-insensitive collation has folded both sides already: UPPER(x) = 'FR').
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tessera/plan/expr.hpp"

namespace tessera::exec {

struct CaseLookup {
  plan::ExprPtr probe;                 // x
  bool strings = false;                // x is a string: text_keys, else keys
  std::vector<int64_t> keys;           // the constants, sorted, each once
  std::vector<std::string> text_keys;  // ... strings: trailing blanks dropped, sorted bytewise (unsigned)
  std::vector<int32_t> branch;         // the first branch whose constant is keys[i] / text_keys[i]
};

// Below this many WHEN branches a CASE is evaluated branch by branch.
inline constexpr size_t kCaseLookupBranches = 8;

// The lookup for `e` (a Case) when every WHEN is `probe = constant` (either side) with one probe expression (the
// same fingerprint) of a 4- or 8-byte integer-valued type (INT, BIGINT, DATE, DECIMAL(p <= 18), MONEY) or a
// string, with non-NULL constants, and there are at least kCaseLookupBranches of them; nullopt otherwise.
std::optional<CaseLookup> case_lookup(const plan::Expr& e);

}  // namespace tessera::exec
