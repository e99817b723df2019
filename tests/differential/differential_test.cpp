// The differential semantics test: every catalog kernel against direct calls
// of the original C++ row function (built by g++), on random and edge inputs.
//
//   tessera-differential <catalog-dir> [--rows N] [--seed S] [--kernel K] [--native LIB]
//
// With --native, the catalog is a user's (tessera-cc --udf-spec) and LIB the same C++ built natively as a
// shared library: its functions and their fused predicates are checked against calls into LIB.
//
// Per kernel it runs 8 batches (fresh constants each) of N/8 random rows plus
// every edge case, compares values, NULLs and the first error of a
// multi-threaded launch, then launches each row alone to compare every row's
// status. Exit status 1 on any mismatch or any kernel missing from the catalog.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "native_functions.hpp"
#include "random_inputs.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"

using namespace tessera;

namespace {

// The user functions' native builds (--native), for their specs, which have no compiled-in invoker.
std::unique_ptr<test::NativeFunctions> native;

int32_t call_row_function(const fn::FunctionSpec& spec, const uint64_t* slots) {
  return spec.invoke ? spec.invoke(slots) : native->call(spec, slots);
}

struct Expected {
  int32_t status = fn::kOk;  // kOk, kNull (also NULL input) or an error
  uint64_t fixed = 0;
  std::string text;
};

// Calls the row function directly, as the CPU reference engine does.
Expected reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                   const fn::SessionContext& session, int64_t capacity, std::string& problem) {
  Expected e;
  for (size_t i = 0; i < args.size(); ++i)
    if (!spec.args[i].constant && spec.nulls == fn::NullRule::Propagate && !args[i].column->is_valid(row)) {
      e.status = fn::kNull;
      return e;
    }
  std::vector<uint64_t> slots;
  std::vector<char> buffer(static_cast<size_t>(capacity) + 64, '\x7f');
  int32_t out_len = -1;
  if (spec.result == fn::SqlType::String) {
    slots.push_back(reinterpret_cast<uintptr_t>(buffer.data()));
    slots.push_back(reinterpret_cast<uintptr_t>(&out_len));
  } else {
    slots.push_back(reinterpret_cast<uintptr_t>(&e.fixed));
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const fn::ArgSpec& a = spec.args[i];
    const rt::KernelArg& k = args[i];
    if (a.constant) {
      if (a.type == fn::SqlType::String) {
        slots.push_back(reinterpret_cast<uintptr_t>(k.string_value.data()));
        slots.push_back(k.string_value.size());
      } else {
        slots.push_back(a.type == fn::SqlType::Float64 ? std::bit_cast<uint64_t>(k.float_value)
                                                       : static_cast<uint64_t>(k.int_value));
      }
      continue;
    }
    const rt::Column& c = *k.column;
    switch (a.type) {
      case fn::SqlType::String:
        slots.push_back(reinterpret_cast<uintptr_t>(c.data.data() + c.offsets[row]));
        slots.push_back(static_cast<uint32_t>(c.lengths[row]));
        break;
      case fn::SqlType::Float64: slots.push_back(std::bit_cast<uint64_t>(c.value<double>(row))); break;
      default:
        if (fn::type_width(a.type) == 8) slots.push_back(static_cast<uint64_t>(c.value<int64_t>(row)));
        else if (fn::type_width(a.type) == 4) slots.push_back(static_cast<uint32_t>(c.value<int32_t>(row)));
        else slots.push_back(c.value<uint8_t>(row));
    }
    if (spec.nulls == fn::NullRule::Custom) slots.push_back(c.is_valid(row) ? 0 : 1);
  }
  if (spec.uses_context) slots.push_back(reinterpret_cast<uintptr_t>(&session));
  e.status = call_row_function(spec, slots.data());
  if (e.status == fn::kOk && spec.result == fn::SqlType::String) {
    if (out_len < 0 || out_len > capacity)
      problem = "reference wrote " + std::to_string(out_len) + " bytes, but the length rule allows " +
                std::to_string(capacity);
    else
      e.text.assign(buffer.data(), out_len);
  }
  if (e.status != fn::kOk) {
    e.fixed = 0;
    e.text.clear();
  }
  return e;
}

// A fused predicate's reference: the compared function's reference result, then the comparison
// (predicate.hpp's tsf_compare_*, host-compiled) with the operand; NULL where the function's result is.
Expected predicate_reference(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row,
                             const fn::SessionContext& session, std::string& problem) {
  const fn::FunctionSpec& base = *spec.compared;
  const size_t n = base.args.size();
  Expected e = reference(base, args.first(n), row, session, fn::kPredicateStringBytes, problem);
  if (e.status != fn::kOk) return e;
  const int32_t op = static_cast<int32_t>(args[n].int_value);
  const std::string& operand = args[n + 1].string_value;
  const int32_t len = static_cast<int32_t>(operand.size());
  uint8_t holds = 0;
  switch (fn::abi_char(base.result)) {
    case 'b': holds = tsf_compare_b(static_cast<uint8_t>(e.fixed), op, operand.data(), len); break;
    case 'i': holds = tsf_compare_i(static_cast<int32_t>(e.fixed), op, operand.data(), len); break;
    case 'l': holds = tsf_compare_l(static_cast<int64_t>(e.fixed), op, operand.data(), len); break;
    case 'd': holds = tsf_compare_d(std::bit_cast<double>(e.fixed), op, operand.data(), len); break;
    default:
      holds = tsf_compare_s(e.text.data(), static_cast<int32_t>(e.text.size()), op, operand.data(), len);
  }
  e.fixed = holds;
  e.text.clear();
  return e;
}

// Sets a predicate's op and operand (`picks`: the compared function's results, or values of its type) in
// `args`; true if the predicate then holds on some and fails on other rows with results among the first 2048,
// or there are too few such rows to judge.
bool set_operand_and_judge(const fn::FunctionSpec& spec, std::vector<rt::KernelArg>& args, int64_t rows,
                           const fn::SessionContext& session, fn::CompareOp op, const std::vector<Expected>& picks) {
  const size_t n = spec.compared->args.size();
  std::vector<fn::PredicateConstant> values;
  for (const Expected& e : picks) values.push_back({static_cast<int64_t>(e.fixed), e.text});  // FLOAT: its bits
  args[n] = rt::KernelArg::integer(static_cast<int32_t>(op));
  args[n + 1] = rt::KernelArg::text(fn::encode_operand(spec.compared->result, values));
  std::string problem;
  int64_t holds = 0, fails = 0;
  for (int64_t r = 0; r < std::min<int64_t>(rows, 2048); ++r) {
    const Expected e = predicate_reference(spec, args, r, session, problem);
    if (e.status == fn::kOk) (e.fixed ? holds : fails)++;
  }
  return holds + fails < 16 || (holds > 0 && fails > 0);
}

// The op and operand of a predicate's batch: constants drawn mostly from the compared function's own
// results on these rows (so that = and IN hold on some rows), sometimes any value of the type. Drawn again
// (up to 32 times) while the predicate holds on all or none of a sample of rows with results, so that both
// outcomes are checked (a random `<> 7` or `> DBL_MAX` would be constant); then `= v` for each of a few
// distinct results v.
void choose_operand(const fn::FunctionSpec& spec, std::vector<rt::KernelArg>& args, int64_t rows,
                    const fn::SessionContext& session, test::RandomInputs& gen, std::mt19937_64& rng) {
  const fn::FunctionSpec& base = *spec.compared;
  const size_t n = base.args.size();
  std::string problem;
  for (int attempt = 0; attempt < 32; ++attempt) {
    const auto op = static_cast<fn::CompareOp>(std::uniform_int_distribution<int>(0, fn::kCompareOpCount - 1)(rng));
    const int count = op == fn::CompareOp::In ? std::uniform_int_distribution<int>(1, 5)(rng) : 1;
    std::vector<Expected> picks;
    for (int k = 0; k < count && rows > 0; ++k) {
      Expected e;
      for (int tries = 0; tries < 64; ++tries) {  // a row with a result (most rows of TIME('garbage') have none)
        const int64_t r = std::uniform_int_distribution<int64_t>(0, rows - 1)(rng);
        e = reference(base, std::span<const rt::KernelArg>(args).first(n), r, session, fn::kPredicateStringBytes,
                      problem);
        if (e.status == fn::kOk) break;
      }
      if (e.status != fn::kOk || rng() % 8 == 0) {  // a value of the type that is likely no row's
        e = Expected{};
        e.fixed = rng();
        e.text = gen.random_string();
        if (fn::type_width(base.result) == 4) e.fixed &= 0xffff;  // a plausible INT or DATE
      }
      picks.push_back(e);
    }
    if (set_operand_and_judge(spec, args, rows, session, op, picks)) return;
  }
  // Random draws kept missing (the results are nearly all one value: most strings CAST to TIME give
  // midnight): `= v` for a result v of a sampled row, where another sampled row has a different result.
  std::vector<Expected> seen;
  for (int64_t r = 0; r < std::min<int64_t>(rows, 2048); ++r) {
    const Expected e = reference(base, std::span<const rt::KernelArg>(args).first(n), r, session,
                                 fn::kPredicateStringBytes, problem);
    if (e.status != fn::kOk) continue;
    if (std::none_of(seen.begin(), seen.end(), [&](const Expected& s) { return s.fixed == e.fixed && s.text == e.text; }))
      seen.push_back(e);
    if (seen.size() == 4) break;
  }
  for (const Expected& v : seen)
    if (set_operand_and_judge(spec, args, rows, session, fn::CompareOp::Eq, {v})) return;
}

uint64_t fixed_bits(const rt::Column& c, int64_t row) {
  switch (fn::type_width(c.type)) {
    case 8: return c.value<uint64_t>(row);
    case 4: return c.value<uint32_t>(row);
    default: return c.value<uint8_t>(row);
  }
}

bool same_fixed(fn::SqlType t, uint64_t a, uint64_t b) {
  if (t == fn::SqlType::Float64) {
    const double x = std::bit_cast<double>(a), y = std::bit_cast<double>(b);
    if (std::isnan(x) && std::isnan(y)) return true;
  }
  const int w = fn::type_width(t);
  const uint64_t mask = w == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * w)) - 1;
  return (a & mask) == (b & mask);
}

std::string render(const fn::FunctionSpec& spec, std::span<const rt::KernelArg> args, int64_t row) {
  return rt::describe_error(spec, args, row, 0).substr(rt::describe_error(spec, args, row, 0).find("(arguments"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <catalog-dir> [--rows N] [--seed S] [--kernel K] [--device cpu|cuda] [--mapping M] "
                 "[--native LIB]\n", argv[0]);
    return 2;
  }
  int64_t rows_per_kernel = 100000;
  uint64_t seed = std::random_device{}();
  std::string only;
  std::string only_mapping;  // on the GPU: check only modules of this row mapping (e.g. block-staged)
  std::string device_name = "cpu";  // or "cuda": kernels run on the GPU, the reference on the host
  std::string native_path;          // a user catalog's functions, built natively
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--rows") rows_per_kernel = std::stoll(argv[i + 1]);
    else if (flag == "--seed") seed = std::stoull(argv[i + 1]);
    else if (flag == "--kernel") only = argv[i + 1];
    else if (flag == "--device") device_name = argv[i + 1];
    else if (flag == "--mapping") only_mapping = argv[i + 1];
    else if (flag == "--native") native_path = argv[i + 1];
    else {
      std::fprintf(stderr, "unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  std::string error;
  auto catalog = rt::Catalog::load(argv[1], error);
  if (!catalog) {
    std::fprintf(stderr, "differential: %s\n", error.c_str());
    return 1;
  }
  std::unique_ptr<rt::CudaDevice> gpu;
  if (device_name == "cuda") {
    gpu = rt::CudaDevice::open(*catalog, error);
    if (!gpu) {
      std::fprintf(stderr, "differential: --device cuda: %s\n", error.c_str());
      return 1;
    }
    std::printf("differential: device %s\n", gpu->name().c_str());
  } else if (device_name != "cpu") {
    std::fprintf(stderr, "differential: --device must be cpu or cuda\n");
    return 2;
  }
  std::printf("differential: catalog %s, seed %llu, %lld random rows per kernel plus edge cases\n", argv[1],
              static_cast<unsigned long long>(seed), static_cast<long long>(rows_per_kernel));

  int64_t total_inputs = 0, total_mismatches = 0, kernels_checked = 0;
  bool incomplete = false;
  // Every function, then every fused predicate (predicate.hpp); or, with --native, the user catalog's.
  std::vector<const fn::FunctionSpec*> specs;
  if (native_path.empty()) {
    for (const fn::FunctionSpec& f : fn::all_functions()) specs.push_back(&f);
    for (const fn::FunctionSpec* p : fn::all_predicates()) specs.push_back(p);
  } else {
    native = test::NativeFunctions::open(native_path, error);
    if (!native) {
      std::fprintf(stderr, "differential: --native %s\n", error.c_str());
      return 1;
    }
    for (const std::string& name : catalog->kernel_names()) {
      const rt::KernelEntry* k = catalog->find(name);
      if (!k) continue;
      const fn::FunctionSpec* s = k->spec;
      const fn::FunctionSpec& function = s->compared ? *s->compared : *s;
      if (function.invoke) continue;  // a library function merged into the catalog: checked without --native
      if (!native->has(function) && !native->add(function, error)) {
        std::fprintf(stderr, "differential: %s\n", error.c_str());
        return 1;
      }
      specs.push_back(s);
    }
    if (specs.empty()) {
      std::fprintf(stderr, "differential: --native: the catalog %s has no user functions\n", argv[1]);
      return 1;
    }
  }
  for (const fn::FunctionSpec* spec_ptr : specs) {
    const fn::FunctionSpec& spec = *spec_ptr;
    if (!only.empty() && spec.kernel != only) continue;
    const rt::KernelEntry* kernel = catalog->find(spec.kernel);
    if (!kernel || !kernel->cpu) {
      std::printf("  MISSING %-32s not in the catalog%s\n", std::string(spec.kernel).c_str(),
                  catalog->failed().count(std::string(spec.kernel)) ? " (compile failed)" : "");
      incomplete = true;
      continue;
    }
    test::RandomInputs gen(seed ^ std::hash<std::string_view>{}(spec.kernel));
    std::mt19937_64 operand_rng(seed ^ std::hash<std::string_view>{}(spec.kernel) ^ 0x5eed);
    const auto start = std::chrono::steady_clock::now();
    int64_t inputs = 0, mismatches = 0;
    int64_t holds = 0, fails = 0;  // a predicate's true and false rows: both must occur for the check to mean much
    std::string never_fused;  // a predicate whose result can never fit its buffer: the binder never fuses it
    constexpr int kBatches = 8;
    for (int batch = 0; batch < kBatches; ++batch) {
      fn::SessionContext session = fn::SessionContext::for_language(batch % fn::kLanguageCount);
      if (batch >= 4) session.datefirst = 1 + batch;  // 5, 6, 7
      if (batch == 5) session.collation = 0;           // binary collation
      // A byte-map kernel (manifest "byte_map") gets ASCII text (with a few mixed or long rows) in four of its
      // batches, as a table's text mostly is: on the GPU its packed-bytes path then maps most chunks itself
      // and runs the row function on the rest. Other kernels keep mixed text, which their operand choice
      // (fused predicates) and edge coverage were tuned on.
      constexpr test::TextProfile kProfiles[kBatches] = {
          test::TextProfile::Mixed, test::TextProfile::Ascii,      test::TextProfile::MostlyAscii,
          test::TextProfile::Mixed, test::TextProfile::LongRows,   test::TextProfile::Mixed,
          test::TextProfile::Mixed, test::TextProfile::MostlyAscii};
      gen.set_text_profile(kernel->gpu_byte_map ? kProfiles[batch] : test::TextProfile::Mixed);
      if (batch == 6) session.dateformat = fn::kYmd;
      std::vector<rt::Column> columns;
      columns.reserve(spec.args.size());
      std::vector<rt::KernelArg> args;
      const int64_t rows = rows_per_kernel / kBatches;
      for (const fn::ArgSpec& a : spec.args) {
        if (a.constant) {
          if (a.type == fn::SqlType::String) args.push_back(rt::KernelArg::text(gen.constant_string()));
          else if (a.type == fn::SqlType::Float64) args.push_back(rt::KernelArg::real(gen.constant_float()));
          else args.push_back(rt::KernelArg::integer(gen.constant_int(a.name, a.type)));
        } else {
          columns.push_back(gen.column(a.type, rows, a.name));
          args.push_back({});
        }
      }
      int64_t longest = 0;
      for (const rt::Column& c : columns) longest = std::max(longest, c.rows);
      for (rt::Column& c : columns) gen.extend(c, longest);
      for (size_t i = 0, c = 0; i < spec.args.size(); ++i)
        if (!spec.args[i].constant) args[i].column = &columns[c++];
      if (spec.compared) {
        // A string result is compared from a buffer of kPredicateStringBytes: strings are cut to 48 bytes
        // (then 16, 8 and 4, while the length rule does not fit: REPLACE's bound is s * r at a 1-byte
        // pattern, JSON_OBJECT's three-member link escapes seven strings) and constants drawn again until it fits (rt::check_args refuses the call otherwise).
        // Constants for which the function has results on some rows (an invalid datepart fails every row, and
        // the comparison would not be exercised).
        const int64_t batch_rows = std::max<int64_t>(longest, 1);  // a function of constants only: one row
        auto usable = [&] {
          if (!rt::check_args(spec, args).empty()) return false;
          std::string unused;
          const std::span<const rt::KernelArg> base_args = std::span<const rt::KernelArg>(args).first(spec.compared->args.size());
          for (int64_t r = 0; r < std::min<int64_t>(batch_rows, 256); ++r)
            if (reference(*spec.compared, base_args, r, session, fn::kPredicateStringBytes, unused).status == fn::kOk)
              return true;
          return false;
        };
        for (const int32_t cut : {48, 16, 8, 4}) {
          if (spec.compared->result == fn::SqlType::String)
            for (rt::Column& c : columns)
              if (c.type == fn::SqlType::String)
                for (int64_t r = 0; r < c.rows; ++r) c.lengths[r] = std::min<int32_t>(c.lengths[r], cut);
          bool ok = usable();
          for (int attempt = 0; attempt < 50 && !ok; ++attempt) {
            for (size_t i = 0; i < spec.compared->args.size(); ++i)
              if (spec.args[i].constant && spec.args[i].type != fn::SqlType::String &&
                  spec.args[i].type != fn::SqlType::Float64)
                args[i] = rt::KernelArg::integer(gen.constant_int(spec.args[i].name, spec.args[i].type));
            ok = usable();
          }
          if (ok) break;
        }
        // Still too long at 4-byte strings and every constant drawn (FORMAT of a FLOAT: 1E308 with N is 415 bytes):
        // fuse_predicates.cpp never fuses it, so its kernel is never called and there is nothing to compare.
        if (const std::string why = rt::check_args(spec, args); why.find("fused predicate compares") != std::string::npos) {
          never_fused = why;
          break;
        }
        choose_operand(spec, args, batch_rows, session, gen, operand_rng);
      }
      // The launches to check: the CPU kernel on 2 threads, or on the GPU every
      // compiled variant (row mapping, rows per thread) at the manifest's block size.
      std::vector<std::pair<std::string, rt::KernelResult>> results;
      bool launched = true;
      if (!gpu) {
        results.emplace_back("cpu", rt::KernelResult{});
        launched = rt::run_cpu(*kernel, args, session, 2, results.back().second, error);
      } else {
        for (const rt::Catalog::GpuModule& m : catalog->gpu_modules()) {
          if (m.group != kernel->gpu_module_group) continue;
          if (!kernel->in_module(m.rows_per_thread, m.mapping)) continue;  // fused predicates are in some only
          if (!only_mapping.empty() && only_mapping != rt::row_mapping_name(m.mapping)) continue;
          // A byte-map kernel's in-order twin runs on these packed columns; the entry that checks the rows
          // itself runs too.
          const bool twin = !kernel->gpu_in_order_entry.empty() && m.rows_per_thread == 1;
          for (const bool in_order : {true, false}) {
            if (!in_order && !twin) continue;
            results.emplace_back(std::string("gpu ") + rt::row_mapping_name(m.mapping) + " u" +
                                     std::to_string(m.rows_per_thread) + (twin && in_order ? " in-order" : ""),
                                 rt::KernelResult{});
            auto call = gpu->prepare(*kernel, args, session, error);
            if (call) call->use_in_order_entry(in_order);
            std::vector<float> ms_unused;
            const rt::GpuLaunch launch{m.rows_per_thread, kernel->gpu_launch.block_size, m.mapping};
            launched = call && call->time(0, 1, launch, ms_unused, error) &&
                       call->fetch(results.back().second, error);
            if (launched && twin && (call->last_entry() == kernel->gpu_in_order_entry) != in_order) {
              error = "launched " + call->last_entry() + (in_order ? ", not its in-order twin" : ", asked for the other");
              launched = false;
            }
            if (!launched) break;
          }
          if (!launched) break;
        }
      }
      if (results.empty()) {
        std::printf("  MISSING %-32s no GPU module with the %s mapping\n", std::string(spec.kernel).c_str(),
                    only_mapping.c_str());
        incomplete = true;
        break;
      }
      if (!launched) {
        std::printf("  ERROR %s: %s\n", std::string(spec.kernel).c_str(), error.c_str());
        ++mismatches;
        break;
      }
      const int64_t rows_in_batch = results.front().second.column.rows;
      rt::Buffer<int64_t> capacity_offsets;
      const int64_t total_capacity = rt::plan_string_output(*kernel, args, rows_in_batch, capacity_offsets);
      int64_t first_error = fn::kNoError;
      rt::Column per_row_out = results.front().second.column;
      rt::CpuCall single(*kernel, args, session, per_row_out);
      for (int64_t r = 0; r < rows_in_batch; ++r) {
        int64_t capacity = 0;
        if (spec.result == fn::SqlType::String)
          capacity = (r + 1 < rows_in_batch ? capacity_offsets[r + 1] : total_capacity) - capacity_offsets[r];
        std::string problem;
        const Expected e = spec.compared ? predicate_reference(spec, args, r, session, problem)
                                         : reference(spec, args, r, session, capacity, problem);
        if (e.status >= fn::kFirstError && first_error == fn::kNoError) first_error = fn::pack_error(r, e.status);
        if (spec.compared && e.status == fn::kOk) (e.fixed ? holds : fails) += 1;
        const bool want_valid = e.status == fn::kOk;
        // Each row's own status: a one-row launch of the CPU kernel (on the GPU
        // the validity and the first error of the whole launch are compared).
        int32_t kernel_status = -1;
        if (!gpu) {
          const int64_t slot = single.run(r, r + 1);
          kernel_status = slot == fn::kNoError ? -1 : fn::error_status(slot);
        }
        const int32_t want_status = e.status >= fn::kFirstError && !gpu ? e.status : -1;
        ++inputs;
        for (const auto& [label, result] : results) {
          const rt::Column& out = result.column;
          bool ok = problem.empty() && (out.valid[r] != 0) == want_valid && kernel_status == want_status;
          if (ok && want_valid)
            ok = spec.result == fn::SqlType::String ? out.string(r) == e.text
                                                    : same_fixed(spec.result, fixed_bits(out, r), e.fixed);
          if (ok) continue;
          if (++mismatches <= 5)
            std::printf("  MISMATCH %s [%s] row %lld %s: reference status %d '%s' / kernel valid %d status %d '%s' %s\n",
                        std::string(spec.kernel).c_str(), label.c_str(), static_cast<long long>(r),
                        render(spec, args, r).c_str(), e.status,
                        spec.result == fn::SqlType::String ? e.text.c_str() : std::to_string(e.fixed).c_str(),
                        out.valid[r], kernel_status,
                        spec.result == fn::SqlType::String ? std::string(out.string(r)).c_str()
                                                           : std::to_string(fixed_bits(out, r)).c_str(),
                        problem.c_str());
        }
      }
      for (const auto& [label, result] : results) {
        const int64_t kernel_first =
            result.error ? fn::pack_error(result.error->row, result.error->status) : fn::kNoError;
        if (kernel_first != first_error) {
          ++mismatches;
          std::printf("  MISMATCH %s [%s]: first error of the launch: kernel %lld, reference %lld\n",
                      std::string(spec.kernel).c_str(), label.c_str(), static_cast<long long>(kernel_first),
                      static_cast<long long>(first_error));
        }
      }
    }
    if (!never_fused.empty()) {
      std::printf("  skip   %-32s never fused: %s\n", std::string(spec.kernel).c_str(), never_fused.c_str());
      continue;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // Functions whose results are rarely valid (TIMEFROMPARTS of random parts) or of constants only (SPACE(n))
    // give few rows to compare: the check needs a thousand.
    if (spec.compared && holds + fails >= 1000 && (holds == 0 || fails == 0)) {
      std::printf("  FAIL   %-32s the predicate was %s on every row: the operands did not exercise it\n",
                  std::string(spec.kernel).c_str(), holds ? "true" : "false");
      ++mismatches;
    }
    std::printf("  %-6s %-32s %8lld inputs %6lld mismatches %8.0f ms%s\n", mismatches ? "FAIL" : "ok",
                std::string(spec.kernel).c_str(), static_cast<long long>(inputs), static_cast<long long>(mismatches), ms,
                spec.compared ? (" (" + std::to_string(holds) + " true, " + std::to_string(fails) + " false)").c_str() : "");
    total_inputs += inputs;
    total_mismatches += mismatches;
    ++kernels_checked;
  }
  std::printf("differential: %lld kernels, %lld inputs checked, %lld mismatches%s\n",
              static_cast<long long>(kernels_checked), static_cast<long long>(total_inputs),
              static_cast<long long>(total_mismatches), incomplete ? ", some kernels missing" : "");
  return total_mismatches == 0 && !incomplete && kernels_checked > 0 ? 0 : 1;
}
