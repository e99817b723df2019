#include "script_runner.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "interrupt.hpp"
#include "statement_splitter.hpp"

namespace tessera::cli {

namespace {

std::string ms(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

}  // namespace

void ScriptRunner::report_error(size_t index, const Statement& st, size_t count, const std::string& source,
                                const char* what) {
  out_.flush();
  err_ << "tessera: error: ";
  if (!source.empty() || count > 1) {
    if (!source.empty()) err_ << source << ": ";
    err_ << "statement " << (index + 1) << " (line " << st.line << "): ";
  }
  err_ << what << '\n';
}

bool ScriptRunner::run(std::string_view script, const std::string& source) {
  const SplitScript split = split_statements(script);
  const size_t n = split.statements.size();
  if (split.open_comment_line > 0) {  // nothing runs: the author's intent past that point is unknown
    out_.flush();
    err_ << "tessera: error: " << (source.empty() ? "" : source + ": ") << split.open_comment_line << ":"
         << split.open_comment_column << ": unterminated comment: expected '*/' before the end of the script\n";
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    const Statement& st = split.statements[i];
    try {
      const auto t0 = std::chrono::steady_clock::now();
      const engine::QueryResult r = [&] {
        const CancelOnInterrupt ctrl_c(db_);
        return db_.execute(st.text);
      }();
      const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      for (const std::string& m : r.messages) err_ << m << '\n';
      if (!r.names.empty()) {
        if (results_printed_++ > 0) out_ << '\n';
        write_result(r, settings_.format, st.first_word == "EXPLAIN", out_);
        out_.flush();
      } else if (r.rows_affected >= 0) {  // INSERT, SELECT ... INTO: as sqlcmd says it
        out_ << '(' << r.rows_affected << (r.rows_affected == 1 ? " row affected)\n" : " rows affected)\n");
        out_.flush();
      }
      if (settings_.timing) {
        err_ << "Time: parse " << ms(r.timing.parse_ms) << " ms, plan " << ms(r.timing.plan_ms) << " ms, execute "
             << ms(r.timing.execute_ms) << " ms (total " << ms(wall) << " ms)\n";
      }
    } catch (const std::exception& e) {
      report_error(i, st, n, source, e.what());
      return false;
    } catch (...) {
      report_error(i, st, n, source, "unknown exception");
      return false;
    }
  }
  return true;
}

std::string read_all(std::istream& in) {
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string read_script_file(const std::string& path) {
  if (path == "-") return read_all(std::cin);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw std::runtime_error("'" + path + "' is a directory");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read '" + path + "'");
  std::string text = read_all(f);
  if (f.bad()) throw std::runtime_error("cannot read '" + path + "'");
  return text;
}

}  // namespace tessera::cli
