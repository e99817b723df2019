#include "shell.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <vector>

#if TESSERA_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "dot_command.hpp"
#include "statement_splitter.hpp"

namespace tessera::cli {

namespace {

bool blank(const std::string& s) {
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

#if TESSERA_HAVE_READLINE
constexpr int kHistoryLines = 1000;

// Completion words; readline's completion interface is a C callback without user data.
std::vector<std::string>& completion_words() {
  static std::vector<std::string> words;
  return words;
}

void collect_completion_words(engine::Database& db) {
  static const char* const kKeywords[] = {
      "SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "HAVING", "LIMIT", "AS", "AND", "OR", "NOT", "IN",
      "EXISTS", "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "ELSE", "END", "JOIN", "INNER", "LEFT", "OUTER",
      "ON", "UNION", "ALL", "DISTINCT", "ASC", "DESC", "NULL", "IS", "CAST", "EXTRACT", "INTERVAL", "DATE",
      "CREATE", "VIEW", "DROP", "EXPLAIN", "WITH", "COUNT", "SUM", "AVG", "MIN", "MAX", "TOP"};
  std::vector<std::string>& w = completion_words();
  w.clear();
  for (const char* k : kKeywords) w.emplace_back(k);
  for (const std::string& name : db.table_names()) {
    w.push_back(name);
    if (const storage::Table* t = db.find_table(name))
      for (const storage::Field& f : t->schema().fields()) w.push_back(f.name);
  }
  for (const char* d : {".tables", ".schema", ".timing", ".format", ".maxrows", ".read", ".help", ".quit", ".exit"})
    w.emplace_back(d);
}

char* completion_generator(const char* text, int state) {
  static size_t index;
  if (state == 0) index = 0;
  const size_t len = std::strlen(text);
  const std::vector<std::string>& w = completion_words();
  while (index < w.size()) {
    const std::string& cand = w[index++];
    if (cand.size() < len) continue;
    bool match = true;
    for (size_t i = 0; i < len && match; ++i) match = std::toupper(static_cast<unsigned char>(cand[i])) ==
                                                       std::toupper(static_cast<unsigned char>(text[i]));
    if (!match) continue;
    // Keywords follow the case the user started typing in.
    std::string out = cand;
    const bool lower = len > 0 && std::islower(static_cast<unsigned char>(text[0]));
    if (lower) for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return strdup(out.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int start, int end) {
  rl_attempted_completion_over = 1;  // no file-name completion
  return rl_completion_matches(text, completion_generator);
}

std::string history_path() {
  const char* home = std::getenv("HOME");
  return home && *home ? std::string(home) + "/.tessera_history" : std::string();
}

class LineReader {
 public:
  explicit LineReader(engine::Database& db) : path_(history_path()) {
    collect_completion_words(db);
    rl_readline_name = "tessera";
    rl_attempted_completion_function = complete;
    using_history();
    stifle_history(kHistoryLines);
    if (path_.empty()) return;
    struct stat st;
    if (stat(path_.c_str(), &st) == 0) {
      read_history(path_.c_str());
      history_truncate_file(path_.c_str(), kHistoryLines);
    } else {
      write_history(path_.c_str());  // creates it, so that append_history can add to it
    }
  }
  // A line without its newline; false at the end of input (Ctrl-D).
  bool read(const char* prompt, std::string& line) {
    char* raw = readline(prompt);
    if (!raw) return false;
    line = raw;
    std::free(raw);
    return true;
  }
  // Adds an entry, and saves it at once (a Ctrl-C loses nothing).
  void add(const std::string& entry) {
    add_history(entry.c_str());
    if (!path_.empty()) append_history(1, path_.c_str());
  }
  void refresh(engine::Database& db) { collect_completion_words(db); }  // views may have come or gone

 private:
  std::string path_;
};
#else
// Built without GNU readline (libreadline-dev missing): plain lines, no history or completion.
class LineReader {
 public:
  explicit LineReader(engine::Database&) {}
  bool read(const char* prompt, std::string& line) {
    std::cout << prompt << std::flush;
    return static_cast<bool>(std::getline(std::cin, line));
  }
  void add(const std::string&) {}
  void refresh(engine::Database&) {}
};
#endif

}  // namespace

int run_shell(ScriptRunner& runner, const std::string& banner) {
  LineReader reader(runner.database());
  std::cout << banner << std::flush;

  std::string buffer;  // the statement(s) being entered
  for (;;) {
    std::string line;
    if (!reader.read(buffer.empty() ? "tessera> " : "    ...> ", line)) {  // Ctrl-D
      std::cout << '\n';
      break;
    }
    if (buffer.empty()) {
      if (blank(line)) continue;
      const std::string t = trim(line);
      if (t[0] == '.') {
        reader.add(t);
        runner.start_output_group();
        try {
          if (run_dot_command(t, runner, std::cout) == DotResult::Quit) break;
        } catch (const std::exception& e) {
          std::cerr << "tessera: error: " << e.what() << '\n';
        }
        std::cout.flush();
        continue;
      }
    }
    buffer += line;
    buffer += '\n';
    if (split_statements(buffer).incomplete) continue;
    reader.add(trim(buffer));
    runner.start_output_group();
    runner.run(buffer, "");
    std::cout.flush();
    buffer.clear();
    reader.refresh(runner.database());
  }
  return 0;
}

}  // namespace tessera::cli
