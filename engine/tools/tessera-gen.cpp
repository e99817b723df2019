// tessera-gen: TPC-H data generator.
//   tessera-gen --sf 0.1 --out dir [--threads N] [--tables lineitem,orders,...] [--quiet]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/progress_bar.hpp"

using namespace tessera::tpch;

namespace {

void usage() {
  std::fprintf(stderr,
               "usage: tessera-gen --sf N --out DIR [--threads N] [--tables t1,t2,...] [--quiet]\n"
               "  writes DIR/<table>.tbl in TPC-H dbgen format; tables: part, partsupp, supplier,\n"
               "  customer, orders, lineitem, nation, region (default: all)\n");
}

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
  try {
    write_tbl_files_with_progress(opts, out, quiet);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera-gen: %s\n", e.what());
    return 1;
  }
  return 0;
}
