// The function registry: the single list of scalar functions.
//
// Every SQL scalar function the engine binds and the compiler turns into
// kernels is one FunctionSpec here. A spec names the row function (its C
// symbol), its SQL name, argument and result types, NULL rule and, for
// string results, the rule that bounds the output length. Several specs may
// share a SQL name (overloads such as CAST(varchar AS int) and
// CAST(varchar AS date)); `kernel` is unique.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "tessera/functions/session_context.hpp"
#include "tessera/functions/sql_types.hpp"

namespace tessera::fn {

inline constexpr int kMaxArgs = 10;  // 8 SQL arguments + a fused predicate's op and operand

struct ArgSpec {
  std::string_view name;
  SqlType type;
  bool constant = false;  // the same value for every row (DATEPART's part, a style)
  // Common values of a constant argument: the compiler builds a GPU kernel
  // variant for each, with the value sunk into the kernel so its branches fold.
  std::span<const int64_t> specialize = {};
};

enum class NullRule : uint8_t {
  Propagate,  // any NULL column argument gives a NULL result; the stub handles it
  Custom,     // the row function sees `uint8_t is_null` after each column argument
};

// Inputs to an output-length rule, indexed by argument position: the byte
// length of each string argument, and the value of each constant. A rule may
// be asked for a bound over many rows at once (a column's longest string, a
// declared VARCHAR(n)): `length` is then an upper bound and `min_length` a
// lower one (0 when unknown). A rule must give a true bound for every length
// in [min_length, length]; most grow with each length and read only `length`.
// Where a length is known exactly (a constant, one row), set both (`exact`).
struct LengthInputs {
  int64_t length[kMaxArgs] = {};
  int64_t min_length[kMaxArgs] = {};
  int64_t value[kMaxArgs] = {};
  void exact(size_t i, int64_t n) { length[i] = min_length[i] = n; }
};
using MaxLengthFn = int64_t (*)(const LengthInputs&);

// A length rule given as data (a user function's spec, read from JSON): `constant` plus the lengths of the
// string arguments at `plus_arg_lengths`. It grows with each length, so it reads only `length`.
struct SumLengthRule {
  int64_t constant = 0;
  std::span<const int32_t> plus_arg_lengths = {};
};

// Calls the row function with its C parameters packed one per 64-bit slot
// (pointers and integers as their value, doubles by bit pattern).
using RowInvoker = int32_t (*)(const uint64_t* slots);

struct FunctionSpec {
  std::string_view sql_name;   // as written in SQL: "DATEPART"
  std::string_view kernel;     // unique kernel id: "datepart"
  SqlType result;
  std::span<const ArgSpec> args;
  NullRule nulls = NullRule::Propagate;
  bool uses_context = false;
  MaxLengthFn max_length = nullptr;  // required for String results
  std::string_view summary;
  // Only inside ODBC's scalar-function escape `{fn name(...)}` (DAYNAME, TRUNCATE, ...), as in SQL Server: elsewhere
  // the name is Msg 195, "not a recognized built-in function name".
  bool odbc_only = false;
  // Filled by TESSERA_ROW(fn), last because designated initialisers keep order.
  std::string_view symbol;           // C symbol of the row function: "tsf_datepart"
  RowInvoker invoke = nullptr;       // direct call: the CPU reference
  std::string_view c_signature;      // deduced from the C declaration
  // A fused predicate (predicate.hpp): this spec is `compared`'s result compared with constants; its
  // kernel calls compared's row function (`symbol`), and it has no direct invoker of its own.
  const FunctionSpec* compared = nullptr;
  // A user function's length rule (max_length is then null); the owner of the spec keeps it alive.
  const SumLengthRule* sum_length = nullptr;
};

// Whether a spec bounds its string result's length (max_length or sum_length), and that bound (0 for a
// spec without one: a fixed-width result).
bool has_length_rule(const FunctionSpec& spec);
int64_t max_result_length(const FunctionSpec& spec, const LengthInputs& in);
// The rule "as long as the first argument" (LOWER, UPPER, the trims), named so that callers can recognise it.
int64_t length_of_first_argument(const LengthInputs& in);
// Whether every row's result is at most as long as that row's first argument, a string: the rule above, or
// a user's rule that adds nothing to that argument's length. A caller may then give the output the input's
// offsets (each result fits where its argument lies).
bool result_fits_first_argument(const FunctionSpec& spec);

// All functions, in registration order (see src/registry/registry.cpp).
std::span<const FunctionSpec> all_functions();
// A function or a derived predicate (predicate.hpp) by kernel id.
const FunctionSpec* find_kernel(std::string_view kernel);

// The C parameter list the ABI rules give for a spec, one character per
// parameter: 'p' pointer, 'b' uint8_t, 'i' int32_t, 'l' int64_t, 'd' double.
// A registry test checks it against the deduced `c_signature`.
std::string expected_c_signature(const FunctionSpec& spec);
char abi_char(SqlType t);

// ---- deduction of the C signature and the type-erased invoker ----
namespace detail {
template <typename T>
constexpr char abi_char_of() {
  if constexpr (std::is_pointer_v<T>) return 'p';
  else if constexpr (std::is_same_v<T, double>) return 'd';
  else if constexpr (sizeof(T) == 1) return 'b';
  else if constexpr (sizeof(T) == 4) return 'i';
  else if constexpr (sizeof(T) == 8) return 'l';
  else static_assert(sizeof(T) == 0, "unsupported row-function parameter type");
}

template <typename T>
T from_slot(uint64_t s) {
  if constexpr (std::is_pointer_v<T>) return reinterpret_cast<T>(static_cast<uintptr_t>(s));
  else if constexpr (std::is_same_v<T, double>) return std::bit_cast<double>(s);
  else return static_cast<T>(s);
}

template <typename F> struct RowTraits;
template <typename R, typename... P>
struct RowTraits<R (*)(P...)> {
  static_assert(std::is_same_v<R, int32_t>, "row functions return a Status (int32_t)");
  static constexpr char signature[] = {abi_char_of<P>()..., '\0'};
  template <auto Fn, std::size_t... I>
  static int32_t call(const uint64_t* s, std::index_sequence<I...>) {
    return Fn(from_slot<P>(s[I])...);
  }
};
}  // namespace detail

template <auto Fn>
int32_t invoker(const uint64_t* slots) {
  using T = detail::RowTraits<decltype(Fn)>;
  return T::template call<Fn>(slots, std::make_index_sequence<sizeof(T::signature) - 1>{});
}
template <auto Fn>
constexpr std::string_view signature_of() {
  return detail::RowTraits<decltype(Fn)>::signature;
}

}  // namespace tessera::fn

// Fills the three fields that come from the row function itself.
#define TESSERA_ROW(row_fn) \
  .symbol = #row_fn, .invoke = ::tessera::fn::invoker<&row_fn>, .c_signature = ::tessera::fn::signature_of<&row_fn>()
