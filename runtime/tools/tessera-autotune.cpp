// tessera-autotune: sweeps thread-coarsening factor x block size for every
// GPU kernel of a catalog on representative inputs and writes the winners:
// a sweep ranks every launch, then the three fastest and the untuned launch
// are timed again, interleaved; a tuning is kept only when it beats untuned by
// more than the noise (so it is never slower), and its margin is recorded.
// Every GPU specialisation with constants (DATEPART(quarter), CONVERT style 101,
// LEFT(s, 3), ...) is tuned on its own too, under "specializations" of its kernel.
// A fused predicate (<kernel>__cmp) is tuned as `f(args) = v` over the modules that hold it, against the
// launch it inherits from f.
//
//   tessera-autotune <catalog-dir> [--rows N] [--out autotune.json] [--kernels a,b,...]
//
// The output is the --tuning input of tessera-cc, which records the winners in
// the manifest; the full sweep is printed as a table (kept as the report).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/predicate.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"

using namespace tessera;

namespace {

// Columns shaped like TPC-H data (dates 1992..1998, short upper/lower-case
// strings with digits, prices, small integers), one per SQL type, shared by all kernels.
std::map<fn::SqlType, rt::Column> representative_columns(int64_t rows) {
  std::mt19937_64 rng(20261201);
  std::map<fn::SqlType, rt::Column> cols;
  const int32_t d0 = fn::Calendar::to_days(1992, 1, 1), d1 = fn::Calendar::to_days(1998, 12, 31);
  static const char* const kWords[] = {"PROMO BRUSHED COPPER", "Brand#23",   "1-URGENT",  "25-989-741-2988",
                                       "MEDIUM ANODIZED TIN",  "3-MEDIUM",   "Brand#45",  "13-761-547-5974",
                                       "economy polished steel", "5-LOW",    "1998-08-02", "1234.56"};
  for (fn::SqlType t : {fn::SqlType::Bool, fn::SqlType::Int32, fn::SqlType::Int64, fn::SqlType::Float64,
                        fn::SqlType::Date, fn::SqlType::Decimal, fn::SqlType::Money, fn::SqlType::String,
                        fn::SqlType::DateTime, fn::SqlType::Time}) {
    rt::Column c;
    c.type = t;
    c.rows = 0;
    if (t == fn::SqlType::String) {
      c.offsets.reserve(rows);
      c.lengths.reserve(rows);
      c.data.reserve(rows * 16);
    } else {
      c.data.reserve(rows * fn::type_width(t));
    }
    for (int64_t r = 0; r < rows; ++r) {
      switch (t) {
        case fn::SqlType::Bool: c.append<uint8_t>(rng() & 1); break;
        case fn::SqlType::Int32: c.append<int32_t>(static_cast<int32_t>(rng() % 50) + 1); break;
        case fn::SqlType::Date: c.append<int32_t>(d0 + static_cast<int32_t>(rng() % (d1 - d0 + 1))); break;
        case fn::SqlType::Float64: c.append<double>(901.0 + static_cast<double>(rng() % 10000000) / 100.0); break;
        case fn::SqlType::String: c.append_string(kWords[rng() % std::size(kWords)]); break;
        case fn::SqlType::Time: c.append<int64_t>(static_cast<int64_t>(rng() % uint64_t(fn::kTicksPerDay))); break;
        case fn::SqlType::DateTime:
          c.append<int64_t>(fn::Clock::at(d0 + static_cast<int32_t>(rng() % (d1 - d0 + 1)),
                                          static_cast<int64_t>(rng() % uint64_t(fn::kTicksPerDay))));
          break;
        default: c.append<int64_t>(static_cast<int64_t>(rng() % 100000000)); break;
      }
    }
    cols[t] = std::move(c);
  }
  return cols;
}

double median_of(std::vector<float> ms) {
  std::sort(ms.begin(), ms.end());
  return ms.empty() ? 0 : ms[ms.size() / 2];
}

// Half the interquartile range over the median: how far apart two timings of one launch typically are.
double relative_spread(std::vector<float> ms) {
  if (ms.size() < 4) return 0;
  std::sort(ms.begin(), ms.end());
  const double m = ms[ms.size() / 2];
  return m > 0 ? (ms[3 * ms.size() / 4] - ms[ms.size() / 4]) / 2 / m : 0;
}

// A tuning must beat the untuned launch by at least this much (and by more than the noise): smaller wins on
// the tuner's inputs did not hold on others (RIGHT: 1.02x here, 0.90x on TPC-H's p_brand, 2026-12-03).
constexpr double kMinGain = 0.05;

int64_t constant_for(std::string_view name) {
  if (name == "part") return 1;  // quarter
  if (name == "style") return 101;
  if (name == "precision" || name == "p" || name == "p1" || name == "p2") return 15;
  if (name.find("scale") != std::string_view::npos || name == "s" || name == "s1" || name == "s2") return 2;
  if (name == "function") return 0;
  return 3;  // lengths, counts, start positions
}

// The operand of `f(args) = v` for tuning f's fused predicate: v is f's result at the middle row (or the
// first valid one after it), so the comparison holds on some rows as a query's would.
bool representative_operand(rt::CudaDevice& gpu, const rt::Catalog& catalog, const fn::FunctionSpec& f,
                            std::span<const rt::KernelArg> args, std::string& operand, std::string& error) {
  const rt::KernelEntry* base = catalog.find(f.kernel);
  if (!base) {
    error = "the catalog has no kernel " + std::string(f.kernel);
    return false;
  }
  rt::KernelResult result;
  if (!gpu.run(*base, args, fn::SessionContext{}, result, error)) return false;
  const rt::Column& c = result.column;
  for (int64_t r = c.rows / 2; r < c.rows; ++r) {
    if (!c.is_valid(r)) continue;
    fn::PredicateConstant v;
    if (c.type == fn::SqlType::String) v.text = std::string(c.string(r));
    else if (fn::type_width(c.type) == 8) v.bits = c.value<int64_t>(r);
    else if (fn::type_width(c.type) == 4) v.bits = c.value<int32_t>(r);
    else v.bits = c.value<uint8_t>(r);
    operand = fn::encode_operand(c.type, std::vector<fn::PredicateConstant>{v});
    return true;
  }
  error = std::string(f.kernel) + " gave no valid row in the second half";
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <catalog-dir> [--rows N] [--out file] [--kernels a,b]\n", argv[0]);
    return 2;
  }
  int64_t rows = int64_t(1) << 26;
  std::string out_path = "autotune.json";
  std::set<std::string> only;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--rows") rows = std::stoll(argv[i + 1]);
    else if (flag == "--out") out_path = argv[i + 1];
    else if (flag == "--kernels") {
      std::stringstream list(argv[i + 1]);
      for (std::string k; std::getline(list, k, ',');) only.insert(k);
    } else {
      std::fprintf(stderr, "unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  std::string error;
  auto catalog = rt::Catalog::load(argv[1], error);
  if (!catalog) {
    std::fprintf(stderr, "autotune: %s\n", error.c_str());
    return 1;
  }
  auto gpu = rt::CudaDevice::open(*catalog, error);
  if (!gpu) {
    std::fprintf(stderr, "autotune: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr, "autotune: %s, %lld rows, generating inputs...\n", gpu->name().c_str(),
               static_cast<long long>(rows));
  const auto columns = representative_columns(rows);
  const int blocks[] = {64, 128, 256, 512, 1024};
  // The launch a kernel gets without a tuning: the catalog's first (default) variant at tessera-cc's
  // default block size.
  rt::GpuLaunch untuned_default;
  if (!catalog->gpu_modules().empty()) {
    untuned_default.rows_per_thread = catalog->gpu_modules().front().rows_per_thread;
    untuned_default.mapping = catalog->gpu_modules().front().mapping;
  }
  auto same = [](const rt::GpuLaunch& a, const rt::GpuLaunch& b) {
    return a.rows_per_thread == b.rows_per_thread && a.block_size == b.block_size && a.mapping == b.mapping;
  };
  auto describe = [](const rt::GpuLaunch& l) {
    return std::string(rt::row_mapping_name(l.mapping)) + " U=" + std::to_string(l.rows_per_thread) +
           " block=" + std::to_string(l.block_size);
  };

  // Rounds 1 and 2 for one prepared call (`name` labels the output): `out` gets the winner, its margin over
  // untuned, the noise and the sweep. False when no launch could be timed.
  auto tune = [&](rt::ResidentCall& call, const rt::KernelEntry& k, const std::string& name, nlohmann::json& out) {
    // A fused predicate's baseline is the launch it inherits from its function (tessera-cc's predicate_launch,
    // in the manifest), so its own tuning is kept only where it beats that.
    const rt::GpuLaunch untuned = k.spec->compared ? k.gpu_launch : untuned_default;
    // Round 1: every (module, block) pair, enough repetitions to rank them. A module is a row mapping
    // and a thread-coarsening factor.
    struct Candidate {
      rt::GpuLaunch launch;
      double median;
    };
    std::vector<Candidate> candidates;
    nlohmann::json sweep = nlohmann::json::array();
    for (const rt::Catalog::GpuModule& m : catalog->gpu_modules()) {
      if (m.group != k.gpu_module_group || !k.in_module(m.rows_per_thread, m.mapping)) continue;
      for (int block : blocks) {
        const rt::GpuLaunch launch{m.rows_per_thread, block, m.mapping};
        std::vector<float> ms;
        if (!call.time(3, 15, launch, ms, error)) {
          std::printf("%-30s %s FAILED: %s\n", name.c_str(), describe(launch).c_str(), error.c_str());
          continue;
        }
        if (call.last_block_size() != block) continue;  // this variant cannot run `block` threads
        const double median = median_of(ms);
        candidates.push_back({launch, median});
        sweep.push_back({{"rows_per_thread", m.rows_per_thread}, {"mapping", rt::row_mapping_name(m.mapping)},
                         {"block_size", block}, {"median_ms", median}});
        std::printf("%-30s %-12s %4d %5d %10.4f\n", name.c_str(), rt::row_mapping_name(m.mapping), m.rows_per_thread,
                    block, median);
      }
    }
    if (candidates.empty()) return false;
    // Round 2: the three fastest and the untuned launch (what the catalog does without a tuning) again,
    // interleaved so that clock and thermal drift hit all alike; a tuning is kept only if it beats the
    // untuned launch by more than the measurement's noise, so the winner is never slower than untuned.
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) { return a.median < b.median; });
    std::vector<Candidate> finalists(candidates.begin(), candidates.begin() + std::min<size_t>(3, candidates.size()));
    if (std::none_of(finalists.begin(), finalists.end(), [&](const Candidate& c) { return same(c.launch, untuned); }))
      finalists.push_back({untuned, 0});
    std::vector<std::vector<float>> samples(finalists.size());
    bool confirm_failed = false;
    for (int round = 0; round < 5 && !confirm_failed; ++round)
      for (size_t f = 0; f < finalists.size(); ++f) {
        std::vector<float> ms;
        if (!call.time(1, 9, finalists[f].launch, ms, error)) {
          confirm_failed = true;
          break;
        }
        samples[f].insert(samples[f].end(), ms.begin(), ms.end());
      }
    if (confirm_failed) {
      std::printf("%-30s confirmation FAILED: %s\n", name.c_str(), error.c_str());
      return false;
    }
    size_t best = 0, base = finalists.size();
    for (size_t f = 0; f < finalists.size(); ++f) {
      finalists[f].median = median_of(samples[f]);
      if (finalists[f].median < finalists[best].median) best = f;
      if (same(finalists[f].launch, untuned)) base = f;
    }
    const double untuned_ms = finalists[base].median;
    const double noise = relative_spread(samples[base]);
    const bool keep = best != base && finalists[best].median < untuned_ms * (1.0 - std::max(kMinGain, noise));
    const Candidate& winner = keep ? finalists[best] : finalists[base];
    std::printf("%-30s -> %s %.4f ms (untuned %.4f ms, margin %.3fx, noise %.1f%%)\n", name.c_str(),
                describe(winner.launch).c_str(), winner.median, untuned_ms, untuned_ms / winner.median, noise * 100);
    out = {{"rows_per_thread", winner.launch.rows_per_thread},
           {"mapping", rt::row_mapping_name(winner.launch.mapping)},
           {"block_size", winner.launch.block_size},
           {"median_ms", winner.median}, {"untuned_ms", untuned_ms},
           {"margin", untuned_ms / winner.median}, {"noise", noise}, {"sweep", sweep},
           {"untuned", {{"rows_per_thread", untuned.rows_per_thread}, {"block_size", untuned.block_size},
                        {"mapping", rt::row_mapping_name(untuned.mapping)}}}};
    std::fflush(stdout);
    return true;
  };

  nlohmann::json result = {{"device", gpu->name()}, {"rows", rows}, {"kernels", nlohmann::json::object()}};
  std::printf("%-30s %-12s %4s %5s %10s\n", "kernel", "mapping", "U", "block", "median_ms");
  int tuned = 0, failed = 0;
  for (const std::string& name : catalog->kernel_names()) {
    if (!only.empty() && !only.count(name)) continue;
    const rt::KernelEntry* k = catalog->find(name);
    if (k->gpu_entry.empty()) continue;
    // Decimal128 is engine storage only; a kernel over a type without representative rows is reported, not tuned.
    const fn::ArgSpec* untunable = nullptr;
    for (const fn::ArgSpec& a : k->spec->args)
      if (!a.constant && !columns.count(a.type)) untunable = &a;
    if (untunable) {
      std::printf("%-30s SKIPPED: no representative %s rows\n", name.c_str(),
                  std::string(fn::type_name(untunable->type)).c_str());
      continue;
    }
    std::vector<rt::KernelArg> args;
    for (const fn::ArgSpec& a : k->spec->args) {
      if (!a.constant) args.push_back(rt::KernelArg::of(columns.at(a.type)));
      else if (a.type == fn::SqlType::String) args.push_back(rt::KernelArg::text("a"));
      else if (a.type == fn::SqlType::Float64) args.push_back(rt::KernelArg::real(2.0));
      else args.push_back(rt::KernelArg::integer(constant_for(a.name)));
    }
    // A fused predicate (<kernel>__cmp) is tuned as `f(args) = v`, v one of f's results on these rows.
    if (k->spec->compared) {
      args.pop_back();
      args.pop_back();
      std::string operand;
      if (!representative_operand(*gpu, *catalog, *k->spec->compared, args, operand, error)) {
        std::printf("%-30s FAILED: no operand: %s\n", name.c_str(), error.c_str());
        ++failed;
        continue;
      }
      args.push_back(rt::KernelArg::integer(static_cast<int64_t>(fn::CompareOp::Eq)));
      args.push_back(rt::KernelArg::text(operand));
    }
    // The kernel's own call, then each specialisation with its own constants, prepared and tuned alike (the
    // first call ran one of them, or the generic entry, depending on constant_for's values).
    struct Variant {
      std::string label, entry;  // entry: the specialisation the call must select; "" for the kernel's call
      std::vector<rt::KernelArg> args;
    };
    std::vector<Variant> variants{{name, "", args}};
    for (const rt::GpuSpecialization& sp : k->gpu_specializations) {
      if (sp.what.constants.empty()) continue;
      Variant v{name + " " + sp.entry, sp.entry, args};
      for (const auto& [arg, value] : sp.what.constants) v.args[arg] = rt::KernelArg::integer(value);
      variants.push_back(std::move(v));
    }
    fn::SessionContext session;
    nlohmann::json tuning;
    std::string first_entry;
    bool kernel_failed = false;
    for (size_t i = 0; i < variants.size() && !kernel_failed; ++i) {
      const Variant& v = variants[i];
      if (i > 0 && v.entry == first_entry) continue;  // the kernel's own call tuned it
      auto call = gpu->prepare(*k, v.args, session, error);
      if (i == 0 && call) first_entry = call->entry();
      nlohmann::json t;
      if (!call || (!v.entry.empty() && call->entry() != v.entry)) {
        std::printf("%-30s FAILED: %s\n", v.label.c_str(), call ? "the call did not select it" : error.c_str());
      } else if (tune(*call, *k, v.label, t)) {
        if (i == 0) tuning = t;
        else tuning["specializations"][v.entry] = t;
        continue;
      }
      ++failed;
      kernel_failed = i == 0;
    }
    if (kernel_failed) continue;
    result["kernels"][name] = tuning;
    ++tuned;
    std::fflush(stdout);
  }
  std::ofstream(out_path) << result.dump(1) << "\n";
  std::fprintf(stderr, "autotune: %d kernels tuned, %d failed; wrote %s\n", tuned, failed, out_path.c_str());
  return failed == 0 ? 0 : 1;
}
