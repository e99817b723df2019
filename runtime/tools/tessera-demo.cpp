// tessera-demo: loads the kernel catalog and runs a few compiled kernels over
// sample columns (TPC-H-like values), printing each result next to its input.
//
//   tessera-demo <catalog-dir>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "tessera/functions/calendar.hpp"
#include "tessera/functions/date_part.hpp"
#include "tessera/runtime/catalog.hpp"
#include "tessera/runtime/cuda_device.hpp"
#include "tessera/runtime/kernel_call.hpp"

using namespace tessera;

namespace {

std::string show(const rt::Column& c, int64_t r) {
  if (!c.is_valid(r)) return "NULL";
  switch (c.type) {
    case fn::SqlType::String: return "'" + std::string(c.string(r)) + "'";
    case fn::SqlType::Date: {
      const fn::CivilDate d = fn::Calendar::from_days(c.value<int32_t>(r));
      char buf[16];
      std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
      return buf;
    }
    case fn::SqlType::Money: {
      const int64_t v = c.value<int64_t>(r);
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s%lld.%04lld", v < 0 ? "-" : "", static_cast<long long>((v < 0 ? -v : v) / 10000),
                    static_cast<long long>((v < 0 ? -v : v) % 10000));
      return buf;
    }
    case fn::SqlType::Float64: return std::to_string(c.value<double>(r));
    case fn::SqlType::Int64:
    case fn::SqlType::DateTime:
    case fn::SqlType::Time:
    case fn::SqlType::Decimal: return std::to_string(c.value<int64_t>(r));
    case fn::SqlType::Bool: return std::to_string(c.value<uint8_t>(r));
    default: return std::to_string(c.value<int32_t>(r));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "build/catalog";
  std::string error;
  auto catalog = rt::Catalog::load(dir, error);
  if (!catalog) {
    std::fprintf(stderr, "tessera-demo: %s\n", error.c_str());
    return 1;
  }
  std::printf("catalog %s: %zu kernels (%zu failed)\n", dir.c_str(), catalog->kernel_names().size(),
              catalog->failed().size());
  // The GPU when there is one (CUDA driver and a device), the CPU otherwise; the
  // choice is printed, never silent.
  std::string gpu_error;
  std::unique_ptr<rt::CudaDevice> gpu = rt::CudaDevice::open(*catalog, gpu_error);
  if (gpu)
    std::printf("device: GPU %s\n\n", gpu->name().c_str());
  else
    std::printf("device: CPU, %u threads (no GPU: %s)\n\n", std::max(1u, std::thread::hardware_concurrency()),
                gpu_error.c_str());

  rt::Column dates, numbers, texts, prices, thirty;
  dates.type = fn::SqlType::Date;
  thirty.type = fn::SqlType::Int32;
  texts.type = fn::SqlType::String;
  prices.type = fn::SqlType::Float64;
  const int32_t sample_dates[] = {fn::Calendar::to_days(1992, 1, 1), fn::Calendar::to_days(1995, 3, 15),
                                  fn::Calendar::to_days(1996, 2, 29), fn::Calendar::to_days(1998, 12, 1),
                                  fn::Calendar::to_days(9999, 12, 31), 0};
  const char* sample_texts[] = {"PROMO BRUSHED COPPER", "Brand#23", "1-URGENT", "25-989-741-2988", "Crème Brûlée", ""};
  const double sample_prices[] = {901.0 * 0.95, 1234.56789, -0.00005, 0.1, 1e15, 0};
  for (int i = 0; i < 6; ++i) {
    dates.append<int32_t>(sample_dates[i], i != 5);
    thirty.append<int32_t>(30);
    texts.append_string(sample_texts[i], i != 5);
    prices.append<double>(sample_prices[i], i != 5);
  }

  struct Call {
    const char* sql;
    const char* kernel;
    std::vector<rt::KernelArg> args;
    const rt::Column* shown;
  };
  const int32_t quarter = static_cast<int32_t>(fn::DatePart::Quarter);
  const int32_t day = static_cast<int32_t>(fn::DatePart::Day);
  const std::vector<Call> calls = {
      {"YEAR(d)", "year", {rt::KernelArg::of(dates)}, &dates},
      {"DATEPART(quarter, d)", "datepart", {rt::KernelArg::integer(quarter), rt::KernelArg::of(dates)}, &dates},
      {"DATEADD(day, 30, d)", "dateadd",
       {rt::KernelArg::integer(day), rt::KernelArg::of(thirty), rt::KernelArg::of(dates)}, &dates},
      {"CONVERT(VARCHAR(10), d, 101)", "convert_date_to_varchar", {rt::KernelArg::of(dates), rt::KernelArg::integer(101)}, &dates},
      {"LOWER(s)", "lower", {rt::KernelArg::of(texts)}, &texts},
      {"LEFT(s, 5)", "left", {rt::KernelArg::of(texts), rt::KernelArg::integer(5)}, &texts},
      {"RIGHT(s, 2)", "right", {rt::KernelArg::of(texts), rt::KernelArg::integer(2)}, &texts},
      {"ISNUMERIC(s)", "isnumeric", {rt::KernelArg::of(texts)}, &texts},
      {"CAST(x AS MONEY)", "cast_float_to_money", {rt::KernelArg::of(prices)}, &prices},
  };
  fn::SessionContext session;
  int failures = 0;
  for (const Call& call : calls) {
    const rt::KernelEntry* k = catalog->find(call.kernel);
    if (!k) {
      std::printf("%s: kernel %s is not in the catalog\n", call.sql, call.kernel);
      ++failures;
      continue;
    }
    rt::KernelResult result;
    const bool ok = gpu ? gpu->run(*k, call.args, session, result, error)
                        : rt::run_cpu(*k, call.args, session, 0, result, error);
    if (!ok) {
      std::printf("%s: %s\n", call.sql, error.c_str());
      ++failures;
      continue;
    }
    std::printf("%s   [kernel %s]\n", call.sql, call.kernel);
    for (int64_t r = 0; r < result.column.rows; ++r)
      std::printf("  %-28s -> %s\n", show(*call.shown, r).c_str(), show(result.column, r).c_str());
    if (result.error) std::printf("  error: %s\n", result.error->message.c_str());
    std::printf("\n");
  }
  return failures == 0 ? 0 : 1;
}
