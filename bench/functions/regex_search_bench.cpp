// Where a REGEXP_REPLACE row's time goes on the CPU (one thread): compiling the pattern, searching with the Pike
// VM, searching with the backtracker, and the whole row function (which compiles, then searches through
// regex::Searcher). Texts: referers shaped like ClickBench's (scheme, optional www., host, path, query; 20 to 90
// bytes), generated from a fixed seed. Each figure is the median of 7 runs over all texts, in ns per row;
// the searches' answers are checked equal before anything is timed.
//
//   tessera-bench-regex [rows]        (default 200000)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tessera/functions/regex.hpp"
#include "tessera/functions/string_regex.hpp"

namespace rx = tessera::fn::regex;

namespace {

constexpr char kPattern[] = "^https?://(?:www\\.)?([^/]+)/.*$";  // ClickBench Q29

std::vector<std::string> referers(int64_t n) {
  static const char* const kHosts[] = {"google.ru", "yandex.ru", "go.mail.ru", "images.yandex.ru", "example.com",
                                       "news.rambler.ru", "m.vk.com", "auto.ru"};
  std::mt19937 rng(2013);
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    std::string r = rng() % 4 == 0 ? "https://" : "http://";
    if (rng() % 2) r += "www.";
    r += kHosts[rng() % 8];
    r += "/";
    const int path = static_cast<int>(rng() % 60);
    for (int k = 0; k < path; ++k) r += static_cast<char>(k % 9 == 8 ? '/' : 'a' + rng() % 26);
    if (rng() % 3 == 0) r = "ref" + r;  // not a URL: no match
    out.push_back(std::move(r));
  }
  return out;
}

template <typename F>
double median_ns_per_row(int64_t rows, F&& f) {
  std::vector<double> t;
  for (int run = 0; run < 7; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                static_cast<double>(rows));
  }
  std::sort(t.begin(), t.end());
  return t[3];
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t rows = argc > 1 ? std::atoll(argv[1]) : 200000;
  const std::vector<std::string> texts = referers(rows);
  const int32_t plen = static_cast<int32_t>(sizeof(kPattern) - 1);
  rx::Program prog;
  if (!rx::compile(kPattern, plen, 0, &prog)) return 1;

  // The backtracker must answer each text as the Vm does (and answer at all: these texts are short).
  int64_t answered = 0, matched = 0;
  for (const std::string& s : texts) {
    const int32_t n = static_cast<int32_t>(s.size());
    rx::Match a, b;
    const bool found = rx::Vm(prog, s.data(), n).search(0, 1, false, &a);
    const rx::Backtracker::Result r = rx::Backtracker(prog, s.data(), n).search(0, 1, &b);
    if (r == rx::Backtracker::kTooBig) continue;
    ++answered;
    matched += found;
    if ((r == rx::Backtracker::kFound) != found ||
        (found && (a.start != b.start || a.end != b.end || a.group_start != b.group_start || a.group_end != b.group_end))) {
      std::fprintf(stderr, "backtracker and Vm differ on \"%s\"\n", s.c_str());
      return 1;
    }
  }

  int64_t sink = 0;
  const double compile = median_ns_per_row(rows, [&] {
    for (int64_t i = 0; i < rows; ++i) {
      rx::Program p;
      rx::compile(kPattern, plen, 0, &p);
      sink += p.ninst;
    }
  });
  const double vm = median_ns_per_row(rows, [&] {
    for (const std::string& s : texts) {
      rx::Match m;
      rx::Vm(prog, s.data(), static_cast<int32_t>(s.size())).search(0, 1, false, &m);
      sink += m.group_end;
    }
  });
  const double bt = median_ns_per_row(rows, [&] {
    for (const std::string& s : texts) {
      rx::Match m;
      rx::Backtracker(prog, s.data(), static_cast<int32_t>(s.size())).search(0, 1, &m);
      sink += m.group_end;
    }
  });
  std::vector<char> out(512);
  const double row = median_ns_per_row(rows, [&] {
    for (const std::string& s : texts) {
      int32_t out_len = 0;
      tsf_regexp_replace_3(out.data(), &out_len, s.data(), static_cast<int32_t>(s.size()), kPattern, plen, "\\1", 2);
      sink += out_len;
    }
  });
  std::printf("pattern %s (%d instructions), %lld texts, %lld answered by the backtracker, %lld matching\n", kPattern,
              prog.ninst, static_cast<long long>(rows), static_cast<long long>(answered), static_cast<long long>(matched));
  std::printf("ns per row (median of 7 runs, one thread): compile %.1f, Pike VM search %.1f, backtracker search %.1f, "
              "REGEXP_REPLACE row %.1f\n", compile, vm, bt, row);
  return sink == 42 ? 2 : 0;  // keeps the work
}
