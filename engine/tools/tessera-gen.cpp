// tessera-gen: TPC-H data generator.
//   tessera-gen --sf 0.1 --out dir [--threads N] [--tables lineitem,orders,...] [--quiet]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "tessera/tpch/generator.hpp"

using namespace tessera::tpch;

namespace {

void usage() {
  std::fprintf(stderr,
               "usage: tessera-gen --sf N --out DIR [--threads N] [--tables t1,t2,...] [--quiet]\n"
               "  writes DIR/<table>.tbl in TPC-H dbgen format; tables: part, partsupp, supplier,\n"
               "  customer, orders, lineitem, nation, region (default: all)\n");
}

class Bar {
 public:
  explicit Bar(bool on) : on_(on), start_(std::chrono::steady_clock::now()) {}
  void update(const GenProgress& p, bool force = false) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const int width = 30;
    const int filled = static_cast<int>(p.fraction * width);
    char bar[64];
    for (int i = 0; i < width; ++i) bar[i] = i < filled ? '#' : '-';
    bar[width] = 0;
    const double secs = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r[%s] %3d%%  %-9s %12lld rows  %6.1fs", bar, static_cast<int>(p.fraction * 100 + 0.5),
                 std::string(table_name(p.table)).c_str(), static_cast<long long>(p.rows_done), secs);
    std::fflush(stderr);
  }
  void finish() {
    if (on_) std::fprintf(stderr, "\n");
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point start_, last_{};
};

}  // namespace

int main(int argc, char** argv) {
  GenOptions opts;
  std::string out;
  bool quiet = false, have_sf = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tessera-gen: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--sf" || a == "-s") {
      const std::string v = value();
      char* end = nullptr;
      opts.sf = std::strtod(v.c_str(), &end);
      if (*end != 0) {
        std::fprintf(stderr, "tessera-gen: bad scale factor '%s'\n", v.c_str());
        return 2;
      }
      have_sf = true;
    } else if (a == "--out" || a == "-o") {
      out = value();
    } else if (a == "--threads" || a == "-j") {
      opts.threads = std::atoi(value().c_str());
    } else if (a == "--tables" || a == "-T") {
      const std::string v = value();
      size_t s = 0;
      while (s <= v.size()) {
        size_t e = v.find(',', s);
        if (e == std::string::npos) e = v.size();
        const std::string name = v.substr(s, e - s);
        if (!name.empty()) {
          auto t = table_from_name(name);
          if (!t) {
            std::fprintf(stderr, "tessera-gen: unknown table '%s'\n", name.c_str());
            return 2;
          }
          opts.tables.push_back(*t);
        }
        s = e + 1;
      }
    } else if (a == "--quiet" || a == "-q") {
      quiet = true;
    } else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else {
      std::fprintf(stderr, "tessera-gen: unknown option '%s'\n", a.c_str());
      usage();
      return 2;
    }
  }
  if (!have_sf || out.empty()) {
    usage();
    return 2;
  }
  mkdir(out.c_str(), 0755);
  struct stat st;
  if (stat(out.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    std::fprintf(stderr, "tessera-gen: cannot create directory '%s'\n", out.c_str());
    return 1;
  }
  Bar bar(!quiet);
  GenProgress last{TableId::Part, 0, 0};
  opts.on_progress = [&](const GenProgress& p) {
    last = p;
    bar.update(p);
  };
  const auto t0 = std::chrono::steady_clock::now();
  try {
    if (!quiet) std::fprintf(stderr, "building the text pool...");
    (void)text_pool();
    if (!quiet) std::fprintf(stderr, "\r");
    const GenStats stats = write_tbl_files(opts, out);
    bar.update(last, true);
    bar.finish();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!quiet) {
      for (size_t i = 0; i < stats.tables.size(); ++i)
        std::fprintf(stderr, "  %-9s %12lld rows %14lld bytes\n", std::string(table_name(stats.tables[i])).c_str(),
                     static_cast<long long>(stats.rows[i]), static_cast<long long>(stats.bytes[i]));
      std::fprintf(stderr, "SF %g in %.2f s\n", opts.sf, secs);
    }
  } catch (const std::exception& e) {
    bar.finish();
    std::fprintf(stderr, "tessera-gen: %s\n", e.what());
    return 1;
  }
  return 0;
}
