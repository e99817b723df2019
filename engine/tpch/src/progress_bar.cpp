#include "tessera/tpch/progress_bar.hpp"

#include <stdexcept>
#include <sys/stat.h>

#include "tessera/runtime/error.hpp"

namespace tessera::tpch {

ProgressBar::ProgressBar(bool on, std::chrono::milliseconds delay, std::FILE* out)
    : on_(on), delay_(delay), out_(out), start_(std::chrono::steady_clock::now()) {}

void ProgressBar::update(const GenProgress& p, bool force) {
  last_ = p;
  have_last_ = true;
  if (!on_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < delay_) return;
  if (!force && drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(p.fraction * kWidth);
  char bar[kWidth + 1];
  for (int i = 0; i < kWidth; ++i) bar[i] = i < filled ? '#' : '-';
  bar[kWidth] = 0;
  const double secs = std::chrono::duration<double>(now - start_).count();
  std::fprintf(out_, "\r[%s] %3d%%  %-9s %12lld rows  %6.1fs", bar, static_cast<int>(p.fraction * 100 + 0.5),
               std::string(table_name(p.table)).c_str(), static_cast<long long>(p.rows_done), secs);
  std::fflush(out_);
}

std::function<void(const GenProgress&)> ProgressBar::callback() {
  return [this](const GenProgress& p) { update(p); };
}

void ProgressBar::finish() {
  if (!drawn_) return;
  if (have_last_) update(last_, true);
  std::fprintf(out_, "\n");
  std::fflush(out_);
}

GenStats write_tbl_files_with_progress(const GenOptions& opts, const std::string& dir, bool quiet) {
  mkdir(dir.c_str(), 0755);
  struct stat st;
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw tessera::Error("cannot create directory '" + dir + "'", ErrorKind::Io);
  ProgressBar bar(!quiet);
  GenOptions o = opts;
  o.on_progress = [&](const GenProgress& p) {
    bar.update(p);
    if (opts.on_progress) opts.on_progress(p);
  };
  const auto t0 = std::chrono::steady_clock::now();
  GenStats stats;
  try {
    if (!quiet) std::fprintf(stderr, "building the text pool...");
    (void)text_pool();
    if (!quiet) std::fprintf(stderr, "\r");
    stats = write_tbl_files(o, dir);
  } catch (...) {
    bar.finish();
    throw;
  }
  bar.finish();
  if (!quiet) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (size_t i = 0; i < stats.tables.size(); ++i)
      std::fprintf(stderr, "  %-9s %12lld rows %14lld bytes\n", std::string(table_name(stats.tables[i])).c_str(),
                   static_cast<long long>(stats.rows[i]), static_cast<long long>(stats.bytes[i]));
    std::fprintf(stderr, "SF %g in %.2f s\n", opts.sf, secs);
  }
  return stats;
}

}  // namespace tessera::tpch
