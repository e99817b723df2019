#include "tessera/runtime/kernel_call.hpp"

#include "tessera/functions/predicate.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <string_view>
#include <vector>

#include "tessera/functions/conversion_message.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/runtime/kernel_binder.hpp"
#include "tessera/runtime/thread_pool.hpp"

namespace tessera::rt {

namespace {

int64_t rows_of(std::span<const KernelArg> args) {
  int64_t rows = -1;
  for (const KernelArg& a : args)
    if (a.column) rows = rows < 0 ? a.column->rows : rows;
  return rows < 0 ? 1 : rows;  // only constants (PI()): one row
}

// The CPU's kernel call: host columns and constants where the caller has them (kernel_binder.hpp); the row
// range is passed per call, not as slots.
struct HostCall {
  std::span<const KernelArg> args;
  Column& out;
  int64_t* error;
  bool removes(const fn::KernelParam&) const { return false; }
  uint64_t argument(const fn::KernelParam& p) const {
    const Column& c = *args[p.arg].column;
    switch (p.kind) {
      case fn::ParamKind::ArgOffsets: return address_slot(c.offsets.data());
      case fn::ParamKind::ArgLengths: return address_slot(c.lengths.data());
      case fn::ParamKind::ArgValid: return c.valid.empty() ? 0 : address_slot(c.valid.data());
      default: return address_slot(c.data.data());
    }
  }
  int64_t int_value(int arg) const { return args[arg].int_value; }
  double float_value(int arg) const { return args[arg].float_value; }
  uint64_t constant_bytes(int arg) const { return address_slot(args[arg].string_value.data()); }
  int64_t string_length(int arg) const { return static_cast<int64_t>(args[arg].string_value.size()); }
  uint64_t output(const fn::KernelParam& p) const {
    switch (p.kind) {
      case fn::ParamKind::OutOffsets: return address_slot(out.offsets.data());
      case fn::ParamKind::OutLengths: return address_slot(out.lengths.data());
      case fn::ParamKind::OutValid: return address_slot(out.valid.data());
      default: return address_slot(out.data.data());
    }
  }
  uint64_t error_slot() const { return address_slot(error); }
  bool with_row_range() const { return false; }
  bool failed() const { return false; }
};

std::vector<uint64_t> bind(const fn::FunctionSpec& spec, std::span<const KernelArg> args,
                           const fn::SessionContext& session, Column& out, int64_t* error_slot) {
  HostCall call{args, out, error_slot};
  KernelSlots slots;
  bind_kernel_slots(spec, session, 0, call, slots);
  return std::move(slots.values);
}

// The length rule's inputs that the constants give (their values and string lengths); the string columns'
// lengths are the caller's to fill in.
fn::LengthInputs constant_length_inputs(const fn::FunctionSpec& spec, std::span<const KernelArg> args) {
  fn::LengthInputs in;
  for (size_t i = 0; i < args.size() && i < static_cast<size_t>(fn::kMaxArgs); ++i)
    if (spec.args[i].constant) {
      in.value[i] = args[i].int_value;
      in.exact(i, static_cast<int64_t>(args[i].string_value.size()));
    }
  return in;
}
}  // namespace

void prepare_output(const KernelEntry& kernel, std::span<const KernelArg> args, int64_t rows, Column& out) {
  const fn::FunctionSpec& spec = *kernel.spec;
  out = Column{};
  out.type = spec.result;
  out.rows = rows;
  out.valid.assign(rows, 0);
  if (spec.result == fn::SqlType::String) {
    const int64_t total = plan_string_output(kernel, args, rows, out.offsets);
    out.data.assign(std::max<int64_t>(total, 1), 0);
    out.lengths.assign(rows, 0);
  } else {
    out.data.assign(std::max<int64_t>(rows * fn::type_width(spec.result), 1), 0);
  }
}

std::string check_args(const fn::FunctionSpec& spec, std::span<const KernelArg> args) {
  const std::string fn_name(spec.sql_name);
  if (args.size() != spec.args.size())
    return fn_name + " (" + std::string(spec.kernel) + ") takes " + std::to_string(spec.args.size()) +
           " arguments, got " + std::to_string(args.size());
  int64_t rows = -1;
  for (size_t i = 0; i < args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    if (a.constant) {
      if (args[i].column) return fn_name + ": argument '" + std::string(a.name) + "' must be a constant";
      continue;
    }
    if (!args[i].column) return fn_name + ": argument '" + std::string(a.name) + "' must be a column";
    const Column& c = *args[i].column;
    if (c.type != a.type)
      return fn_name + ": argument '" + std::string(a.name) + "' must be " + std::string(fn::type_name(a.type)) +
             ", got " + std::string(fn::type_name(c.type));
    if (rows >= 0 && c.rows != rows) return fn_name + ": argument columns have different row counts";
    rows = c.rows;
    if (!c.valid.empty() && static_cast<int64_t>(c.valid.size()) != c.rows)
      return fn_name + ": argument '" + std::string(a.name) + "' has a validity buffer of the wrong size";
  }
  if (spec.compared && spec.compared->result == fn::SqlType::String) {
    // The fused predicate compares the string result from a fixed per-row buffer: the length rule over the
    // arguments' shortest to longest strings must fit it.
    fn::LengthInputs in = constant_length_inputs(spec, args);
    for (size_t i = 0; i < args.size(); ++i)
      if (!spec.args[i].constant && spec.args[i].type == fn::SqlType::String) {
        const Column& c = *args[i].column;
        int64_t lo = c.rows > 0 ? INT64_MAX : 0, hi = 0;
        for (int64_t r = 0; r < c.rows; ++r) {
          lo = std::min<int64_t>(lo, c.lengths[r]);
          hi = std::max<int64_t>(hi, c.lengths[r]);
        }
        in.length[i] = hi;
        in.min_length[i] = lo;
      }
    if (std::string why = fn::check_predicate_length(spec, in); !why.empty()) return fn_name + ": " + why;
  }
  return "";
}

int64_t plan_string_output(const KernelEntry& kernel, std::span<const KernelArg> args, int64_t rows,
                           Buffer<int64_t>& offsets) {
  const fn::FunctionSpec& spec = *kernel.spec;
  offsets.resize(rows);
  fn::LengthInputs in = constant_length_inputs(spec, args);
  int64_t total = 0;
  for (int64_t r = 0; r < rows; ++r) {
    for (size_t i = 0; i < args.size(); ++i)
      if (!spec.args[i].constant && spec.args[i].type == fn::SqlType::String)
        in.exact(i, args[i].column->lengths[r]);
    const int64_t cap = fn::max_result_length(spec, in);
    offsets[r] = total;
    total += std::max<int64_t>(cap, 0);
  }
  return total;
}

namespace {
// A MONEY value (scaled by 10^4) as SQL Server prints it: 1000000.0000.
std::string money_text(int64_t v) {
  const bool neg = v < 0;
  const uint64_t a = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string frac = std::to_string(a % 10000);
  return (neg ? "-" : "") + std::to_string(a / 10000) + "." + std::string(4 - frac.size(), '0') + frac;
}
}  // namespace

std::string describe_error(const fn::FunctionSpec& spec, std::span<const KernelArg> args, int64_t row,
                           int32_t status) {
  const fn::StatusInfo& info = fn::status_info(status);
  std::string msg = std::string(spec.sql_name) + ": row " + std::to_string(row) + ": ";
  fn::SqlServerMessage specific;
  if (status == fn::kConversionFailed)  // SQL Server's message depends on the target and quotes the value
    for (size_t i = 0; i < args.size(); ++i)
      if (spec.args[i].type == fn::SqlType::String) {
        const Column* c = args[i].column;
        if (!c || c->is_valid(row))
          specific = fn::conversion_failed_message(spec.result, c ? c->string(row) : args[i].string_value);
        break;
      }
  if (specific.number) {
    msg += "Msg " + std::to_string(specific.number) + ": " + specific.text;
  } else {
    if (info.sql_server_msg) msg += "Msg " + std::to_string(info.sql_server_msg) + ": ";
    msg += info.message;
  }
  // The row's argument values as the statement gave them, so the failing data can be found: "(value: 300)".
  // Not the flags and type parameters the engine adds (try_null, scale, ...), which the user never wrote, and
  // not date-time and decimal values, whose internal numbers (days, ticks, unscaled digits) would mislead.
  static const std::set<std::string_view> kEngineArguments = {"try_null", "scale", "precision", "from_scale", "part",
                                                               "kind", "from_kind", "to_kind", "op"};
  std::vector<std::string> values;
  for (size_t i = 0; i < args.size(); ++i) {
    const fn::SqlType t = spec.args[i].type;
    const bool shown = t == fn::SqlType::String || t == fn::SqlType::Int32 || t == fn::SqlType::Int64 ||
                       t == fn::SqlType::Float64 || t == fn::SqlType::Money;
    if (!shown || kEngineArguments.count(spec.args[i].name)) continue;
    const Column* c = args[i].column;
    if (!c) {
      values.push_back(t == fn::SqlType::String    ? "'" + args[i].string_value + "'"
                       : t == fn::SqlType::Float64 ? std::to_string(args[i].float_value)
                       : t == fn::SqlType::Money   ? money_text(args[i].int_value)
                                                   : std::to_string(args[i].int_value));
    } else if (!c->is_valid(row)) {
      values.push_back("NULL");
    } else if (t == fn::SqlType::String) {
      values.push_back("'" + std::string(c->string(row)) + "'");
    } else if (t == fn::SqlType::Float64) {
      values.push_back(std::to_string(c->value<double>(row)));
    } else if (t == fn::SqlType::Money) {
      values.push_back(money_text(c->value<int64_t>(row)));
    } else if (fn::type_width(t) == 8) {
      values.push_back(std::to_string(c->value<int64_t>(row)));
    } else if (fn::type_width(t) == 4) {
      values.push_back(std::to_string(c->value<int32_t>(row)));
    } else {
      values.push_back(std::to_string(c->value<uint8_t>(row)));
    }
  }
  if (values.empty()) return msg;
  msg += values.size() == 1 ? " (value: " : " (values: ";
  for (size_t i = 0; i < values.size(); ++i) msg += (i ? ", " : "") + values[i];
  return msg + ")";
}

bool run_cpu(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
             int threads, KernelResult& result, std::string& error) {
  if (!kernel.cpu) {
    error = std::string(kernel.spec->kernel) + ": the catalog has no CPU code for this kernel";
    return false;
  }
  if (std::string e = check_args(*kernel.spec, args); !e.empty()) {
    error = e;
    return false;
  }
  const int64_t rows = rows_of(args);
  prepare_output(kernel, args, rows, result.column);
  int64_t error_slot = fn::kNoError;
  const std::vector<uint64_t> slots = bind(*kernel.spec, args, session, result.column, &error_slot);
  if (threads <= 0) threads = hardware_threads();
  // Small inputs are not worth a thread.
  threads = static_cast<int>(std::min<int64_t>(threads, std::max<int64_t>(1, rows / 4096)));
  if (threads == 1) {
    kernel.cpu(slots.data(), 0, rows);
  } else {
    const int64_t chunk = (rows + threads - 1) / threads;
    parallel_for(static_cast<size_t>(threads), threads, [&](size_t t) {
      const int64_t b = static_cast<int64_t>(t) * chunk, e = std::min(rows, b + chunk);
      if (b < e) kernel.cpu(slots.data(), b, e);
    });
  }
  result.error.reset();
  if (error_slot != fn::kNoError) {
    const int64_t row = fn::error_row(error_slot);
    const int32_t status = fn::error_status(error_slot);
    result.error = KernelError{row, status, describe_error(*kernel.spec, args, row, status)};
  }
  return true;
}

CpuCall::CpuCall(const KernelEntry& kernel, std::span<const KernelArg> args, const fn::SessionContext& session,
                 Column& out)
    : kernel_(kernel), error_slot_(std::make_unique<int64_t>(fn::kNoError)) {
  slots_ = bind(*kernel.spec, args, session, out, error_slot_.get());
}

int64_t CpuCall::run(int64_t begin, int64_t end) {
  *error_slot_ = fn::kNoError;
  kernel_.cpu(slots_.data(), begin, end);
  return *error_slot_;
}

}  // namespace tessera::rt
