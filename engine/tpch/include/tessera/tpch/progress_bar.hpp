// Progress of TPC-H generation on a terminal, shared by tessera-gen, `tessera gen`, the `tessera`
// shell's in-memory generation and tessera-bench:
//   [##########--------------------]  33%  lineitem       200000 rows     1.2s
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "tessera/tpch/generator.hpp"

namespace tessera::tpch {

class ProgressBar {
 public:
  // on = false: draws nothing. Nothing is drawn before `delay` has passed since construction, so that a
  // short generation leaves the stream untouched.
  explicit ProgressBar(bool on, std::chrono::milliseconds delay = std::chrono::milliseconds(0),
                       std::FILE* out = stderr);

  // Redraws the bar (at most every 100 ms unless `force`).
  void update(const GenProgress& p, bool force = false);
  // A GenOptions::on_progress callback that updates this bar (which must outlive it).
  std::function<void(const GenProgress&)> callback();
  // Draws the last state once more and ends the line, if anything was drawn.
  void finish();
  bool drawn() const { return drawn_; }

 private:
  bool on_;
  std::chrono::milliseconds delay_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_, last_draw_{};
  GenProgress last_{TableId::Part, 0, 0};
  bool have_last_ = false, drawn_ = false;
};

// What tessera-gen and `tessera gen` do: creates `dir` if needed, writes the .tbl files with a progress
// bar and ends with one line per table (rows, bytes) and the time on stderr; `quiet` prints nothing.
// Throws std::runtime_error when `dir` cannot be created or a file cannot be written.
GenStats write_tbl_files_with_progress(const GenOptions& opts, const std::string& dir, bool quiet);

}  // namespace tessera::tpch
