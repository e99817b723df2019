#include "kernel_check.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <utility>
#include <vector>

#include "operands.hpp"
#include "random_inputs.hpp"
#include "reference.hpp"
#include "tessera/functions/status.hpp"
#include "tessera/runtime/kernel_call.hpp"

namespace tessera::test {

namespace {

// A batch's arguments: random columns (extended with every edge case) and constants.
struct Batch {
  std::vector<rt::Column> columns;
  std::vector<rt::KernelArg> args;
  int64_t longest = 0;
};

Batch random_batch(const fn::FunctionSpec& spec, RandomInputs& gen, int64_t rows) {
  Batch b;
  b.columns.reserve(spec.args.size());
  for (const fn::ArgSpec& a : spec.args) {
    if (a.constant) {
      if (a.type == fn::SqlType::String) b.args.push_back(rt::KernelArg::text(gen.constant_string()));
      else if (a.type == fn::SqlType::Float64) b.args.push_back(rt::KernelArg::real(gen.constant_float()));
      else b.args.push_back(rt::KernelArg::integer(gen.constant_int(a.name, a.type)));
    } else {
      b.columns.push_back(gen.column(a.type, rows, a.name));
      b.args.push_back({});
    }
  }
  for (const rt::Column& c : b.columns) b.longest = std::max(b.longest, c.rows);
  for (rt::Column& c : b.columns) gen.extend(c, b.longest);
  for (size_t i = 0, c = 0; i < spec.args.size(); ++i)
    if (!spec.args[i].constant) b.args[i].column = &b.columns[c++];
  return b;
}

// The session of batch `batch`: each language in turn, DATEFIRST 5..7, a binary collation, YMD dates.
fn::SessionContext batch_session(int batch) {
  fn::SessionContext session = fn::SessionContext::for_language(batch % fn::kLanguageCount);
  if (batch >= 4) session.datefirst = 1 + batch;  // 5, 6, 7
  if (batch == 5) session.collation = 0;           // binary collation
  if (batch == 6) session.dateformat = fn::kYmd;
  return session;
}

using Results = std::vector<std::pair<std::string, rt::KernelResult>>;  // a label per launch
enum class Launched { Ok, Failed, NoModule };

// The launches to check: the CPU kernel on 2 threads, or on the GPU every compiled variant (row mapping, rows per
// thread) at the manifest's block size.
Launched launch(const rt::KernelEntry& kernel, const rt::Catalog& catalog, const CheckSettings& settings,
                const std::vector<rt::KernelArg>& args, const fn::SessionContext& session, Results& results,
                std::string& error) {
  if (!settings.gpu) {
    results.emplace_back("cpu", rt::KernelResult{});
    return rt::run_cpu(kernel, args, session, 2, results.back().second, error) ? Launched::Ok : Launched::Failed;
  }
  for (const rt::Catalog::GpuModule& m : catalog.gpu_modules()) {
    if (m.group != kernel.gpu_module_group) continue;
    if (!kernel.in_module(m.rows_per_thread, m.mapping)) continue;  // fused predicates are in some only
    if (!settings.only_mapping.empty() && settings.only_mapping != rt::row_mapping_name(m.mapping)) continue;
    // A byte-map kernel's in-order twin runs on these packed columns; the entry that checks the rows itself runs
    // too.
    const bool twin = !kernel.gpu_in_order_entry.empty() && m.rows_per_thread == 1;
    for (const bool in_order : {true, false}) {
      if (!in_order && !twin) continue;
      results.emplace_back(std::string("gpu ") + rt::row_mapping_name(m.mapping) + " u" +
                               std::to_string(m.rows_per_thread) + (twin && in_order ? " in-order" : ""),
                           rt::KernelResult{});
      auto call = settings.gpu->prepare(kernel, args, session, error);
      if (call) call->use_in_order_entry(in_order);
      std::vector<float> ms_unused;
      const rt::GpuLaunch gpu_launch{m.rows_per_thread, kernel.gpu_launch.block_size, m.mapping};
      if (!call || !call->time(0, 1, gpu_launch, ms_unused, error) || !call->fetch(results.back().second, error))
        return Launched::Failed;
      if (twin && (call->last_entry() == kernel.gpu_in_order_entry) != in_order) {
        error = "launched " + call->last_entry() + (in_order ? ", not its in-order twin" : ", asked for the other");
        return Launched::Failed;
      }
    }
  }
  return results.empty() ? Launched::NoModule : Launched::Ok;
}

// Every row of the batch against its reference, in every launch's result; then each launch's first error.
void compare_batch(const fn::FunctionSpec& spec, const rt::KernelEntry& kernel, const std::vector<rt::KernelArg>& args,
                   const fn::SessionContext& session, const Results& results, bool on_gpu, KernelCheck& check) {
  const int64_t rows_in_batch = results.front().second.column.rows;
  rt::Buffer<int64_t> capacity_offsets;
  const int64_t total_capacity = rt::plan_string_output(kernel, args, rows_in_batch, capacity_offsets);
  int64_t first_error = fn::kNoError;
  rt::Column per_row_out = results.front().second.column;
  rt::CpuCall single(kernel, args, session, per_row_out);
  for (int64_t r = 0; r < rows_in_batch; ++r) {
    int64_t capacity = 0;
    if (spec.result == fn::SqlType::String)
      capacity = (r + 1 < rows_in_batch ? capacity_offsets[r + 1] : total_capacity) - capacity_offsets[r];
    std::string problem;
    const Expected e = spec.compared ? predicate_reference(spec, args, r, session, problem)
                                     : reference(spec, args, r, session, capacity, problem);
    if (e.status >= fn::kFirstError && first_error == fn::kNoError) first_error = fn::pack_error(r, e.status);
    if (spec.compared && e.status == fn::kOk) (e.fixed ? check.holds : check.fails) += 1;
    const bool want_valid = e.status == fn::kOk;
    // Each row's own status: a one-row launch of the CPU kernel (on the GPU the validity and the first error of
    // the whole launch are compared).
    int32_t kernel_status = -1;
    if (!on_gpu) {
      const int64_t slot = single.run(r, r + 1);
      kernel_status = slot == fn::kNoError ? -1 : fn::error_status(slot);
    }
    const int32_t want_status = e.status >= fn::kFirstError && !on_gpu ? e.status : -1;
    ++check.inputs;
    for (const auto& [label, result] : results) {
      const rt::Column& out = result.column;
      bool ok = problem.empty() && (out.valid[r] != 0) == want_valid && kernel_status == want_status;
      if (ok && want_valid)
        ok = spec.result == fn::SqlType::String ? out.string(r) == e.text
                                                : same_fixed(spec.result, fixed_bits(out, r), e.fixed);
      if (ok) continue;
      if (++check.mismatches <= 5)
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
    const int64_t kernel_first = result.error ? fn::pack_error(result.error->row, result.error->status) : fn::kNoError;
    if (kernel_first != first_error) {
      ++check.mismatches;
      std::printf("  MISMATCH %s [%s]: first error of the launch: kernel %lld, reference %lld\n",
                  std::string(spec.kernel).c_str(), label.c_str(), static_cast<long long>(kernel_first),
                  static_cast<long long>(first_error));
    }
  }
}

}  // namespace

KernelCheck check_kernel(const fn::FunctionSpec& spec, const rt::KernelEntry& kernel, const rt::Catalog& catalog,
                         const CheckSettings& settings) {
  RandomInputs gen(settings.seed ^ std::hash<std::string_view>{}(spec.kernel));
  std::mt19937_64 operand_rng(settings.seed ^ std::hash<std::string_view>{}(spec.kernel) ^ 0x5eed);
  KernelCheck check;
  constexpr int kBatches = 8;
  // A byte-map kernel (manifest "byte_map") gets ASCII text (with a few mixed or long rows) in four of its
  // batches, as a table's text mostly is: on the GPU its packed-bytes path then maps most chunks itself and runs
  // the row function on the rest. Other kernels keep mixed text, which their operand choice (fused predicates)
  // and edge coverage were tuned on.
  constexpr TextProfile kProfiles[kBatches] = {TextProfile::Mixed, TextProfile::Ascii,    TextProfile::MostlyAscii,
                                               TextProfile::Mixed, TextProfile::LongRows, TextProfile::Mixed,
                                               TextProfile::Mixed, TextProfile::MostlyAscii};
  for (int batch = 0; batch < kBatches; ++batch) {
    const fn::SessionContext session = batch_session(batch);
    gen.set_text_profile(kernel.gpu_byte_map ? kProfiles[batch] : TextProfile::Mixed);
    Batch b = random_batch(spec, gen, settings.rows_per_kernel / kBatches);
    if (spec.compared) {
      check.never_fused = fit_fused_arguments(spec, b.columns, b.args, b.longest, session, gen, operand_rng);
      if (!check.never_fused.empty()) break;
    }
    Results results;
    std::string error;
    const Launched launched = launch(kernel, catalog, settings, b.args, session, results, error);
    if (launched == Launched::NoModule) {
      std::printf("  MISSING %-32s no GPU module with the %s mapping\n", std::string(spec.kernel).c_str(),
                  settings.only_mapping.c_str());
      check.missing_module = true;
      break;
    }
    if (launched == Launched::Failed) {
      std::printf("  ERROR %s: %s\n", std::string(spec.kernel).c_str(), error.c_str());
      ++check.mismatches;
      break;
    }
    compare_batch(spec, kernel, b.args, session, results, settings.gpu != nullptr, check);
  }
  return check;
}

}  // namespace tessera::test
