// Fused predicates: `f(args) <op> constant` (=, <>, <, <=, >, >=, IN list) as one kernel that writes only
// the boolean, so f's result (a string above all) is never materialised.
//
// Every function of the registry has a derived predicate spec, kernel "<kernel>__cmp": f's arguments, then
// two constant arguments, `op` (CompareOp) and `operand` (the constants, encoded as below), and a BOOL result
// that is NULL where f's result is NULL. The column-kernel builder calls f's row function into a local
// result and then `tsf_compare_<abi>` (compare.cpp, compiled into the kernel like any row code), so the
// comparison semantics have one source for both devices and the reference.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/functions/registry.hpp"
#include "tessera/functions/row_abi.hpp"

namespace tessera::fn {

enum class CompareOp : int32_t { Eq = 0, Ne, Lt, Le, Gt, Ge, In };
inline constexpr int32_t kCompareOpCount = 7;

// A string result is compared from a per-row buffer of this many bytes: a predicate kernel over a function
// with a string result may run only where f's length rule gives at most this (check_predicate_length).
inline constexpr int32_t kPredicateStringBytes = 256;

// The operand: the constants, in the ABI representation of f's result, packed into bytes (a fixed-width
// result's operand must be aligned to its width): fixed-width
// results as consecutive little-endian values (BOOL 1 byte, INT/DATE 4, BIGINT/DECIMAL/MONEY/DATETIME/TIME
// and FLOAT 8); strings as, for each, an int32 length then its bytes. One constant except for In.
struct PredicateConstant {
  int64_t bits = 0;  // a fixed-width value (a FLOAT's IEEE-754 bits)
  std::string text;  // a string
  static PredicateConstant of(double v);
};
std::string encode_operand(SqlType result, std::span<const PredicateConstant> values);

// A predicate spec derived from `base` and the strings and arguments it points into: "<kernel>__cmp", f's
// arguments, then `op` and `operand`. `spec.compared` points at base (which must outlive it) and its
// sql_name at base's. The registry's functions have theirs (predicate_spec); a user function's are made
// by tessera-cc and by the runtime's catalog reader.
struct DerivedPredicate {
  std::string kernel;
  std::string summary;
  std::vector<ArgSpec> args;
  FunctionSpec spec;
  // Points sql_name at base's again (after base was renamed).
  void refresh_name() { spec.sql_name = spec.compared->sql_name; }
};
// nullptr when base has too many arguments for the ABI.
std::unique_ptr<DerivedPredicate> derive_predicate(const FunctionSpec& base);

// The predicate spec derived from `base` ("<kernel>__cmp"), or nullptr when there is none (too many
// arguments for the ABI). Stable addresses; `compared` points back at base.
const FunctionSpec* predicate_spec(const FunctionSpec& base);
// All derived predicate specs, in registry order (find_kernel finds them too).
std::span<const FunctionSpec* const> all_predicates();
// "" if a predicate over a string result fits its buffer for arguments with these lengths and constants,
// else why not.
std::string check_predicate_length(const FunctionSpec& predicate, const LengthInputs& in);

}  // namespace tessera::fn

// The comparisons, as row code: 1 if `v <op> operand` holds. Strings compare bytewise (unsigned) after
// dropping trailing blanks (SQL's padding rule), as the engine's comparisons do.
TESSERA_ROW_FN uint8_t tsf_compare_b(uint8_t v, int32_t op, const char* operand, int32_t operand_length);
TESSERA_ROW_FN uint8_t tsf_compare_i(int32_t v, int32_t op, const char* operand, int32_t operand_length);
TESSERA_ROW_FN uint8_t tsf_compare_l(int64_t v, int32_t op, const char* operand, int32_t operand_length);
TESSERA_ROW_FN uint8_t tsf_compare_d(double v, int32_t op, const char* operand, int32_t operand_length);
TESSERA_ROW_FN uint8_t tsf_compare_s(const char* v, int32_t length, int32_t op, const char* operand,
                                     int32_t operand_length);
