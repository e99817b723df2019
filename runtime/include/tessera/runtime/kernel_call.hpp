// Running a catalog kernel over columns: argument binding, output
// preallocation from the length rule, launch over threads, error reporting.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>

#include "tessera/functions/session_context.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/column.hpp"

namespace tessera::rt {

// One SQL argument: a column, or (for constant arguments) a value.
struct KernelArg {
  const Column* column = nullptr;
  int64_t int_value = 0;
  double float_value = 0;
  std::string string_value;

  static KernelArg of(const Column& c) { return {.column = &c}; }
  static KernelArg integer(int64_t v) { return {.int_value = v}; }
  static KernelArg real(double v) { return {.float_value = v}; }
  static KernelArg text(std::string v) { return {.string_value = std::move(v)}; }
};

// The first row that failed, as SQL Server would report it.
struct KernelError {
  int64_t row;
  int32_t status;
  std::string message;  // "YEAR: row 17: Msg 517: Adding a value ... (value: ...)"
};

struct KernelResult {
  Column column;
  std::optional<KernelError> error;
};

// Checks the arguments against the spec; "" if they fit.
std::string check_args(const fn::FunctionSpec& spec, std::span<const KernelArg> args);

// The output capacity of each row (string results); total returned.
int64_t plan_string_output(const KernelEntry& kernel, std::span<const KernelArg> args, int64_t rows,
                           Buffer<int64_t>& offsets);

// Runs the kernel's CPU code on `threads` threads (0: all hardware threads).
// Returns false with `error` set if the call itself is invalid (wrong
// arguments, no CPU code); a row that fails is reported in result.error.
bool run_cpu(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
             int threads, KernelResult& result, std::string& error);

// A kernel bound to its arguments and an output column (sized by run_cpu or
// prepare_output), to run row ranges on the calling thread: the differential
// test uses it to read each row's status.
class CpuCall {
 public:
  CpuCall(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session, Column& out);
  // Runs [begin, end) and returns the packed error slot (fn::kNoError if none).
  int64_t run(int64_t begin, int64_t end);

 private:
  const KernelEntry& kernel_;
  std::unique_ptr<int64_t> error_slot_;
  std::vector<uint64_t> slots_;
};

// Sizes `out` for the kernel's result over `rows` rows (string capacity from the length rule).
void prepare_output(const KernelEntry& kernel, std::span<const KernelArg> args, int64_t rows, Column& out);

// Makes the SQL Server-style message for a failed row.
std::string describe_error(const fn::FunctionSpec& spec, std::span<const KernelArg> args, int64_t row,
                           int32_t status);

}  // namespace tessera::rt
