#include "tessera/tpch/loader.hpp"

#include <optional>
#include <thread>

#include "tessera/storage/parallel.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace tessera::tpch {

using storage::DataType;
using storage::Schema;
using storage::Table;
using storage::TypeId;

LoadError::LoadError(std::string file, int64_t line, int64_t column, std::string message)
    // Line 0: the whole file (it cannot be opened, is not a regular file): no position to show.
    : tessera::Error(line > 0 ? file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message
                              : file + ": " + message,
                     line > 0 ? ErrorKind::User : ErrorKind::Io),
      file_(std::move(file)), line_(line), column_(column), message_(std::move(message)) {}

namespace {

std::string shown(std::string_view s) {
  std::string out = "'";
  for (char c : s.substr(0, 40)) {
    if (c == '\'') out += "\\'";
    else if (static_cast<unsigned char>(c) < 32) {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", static_cast<unsigned char>(c));
      out += b;
    } else out += c;
  }
  if (s.size() > 40) out += "...";
  return out + "'";
}

std::string expected_text(const DataType& t) {
  switch (t.id) {
    case TypeId::Bool: return "a BOOL (true/false/1/0)";
    case TypeId::Int32: return "an INT32";
    case TypeId::Int64: return "an INT64";
    case TypeId::Double: return "a DOUBLE";
    case TypeId::Decimal: return "a " + t.to_string() + " (digits with at most " + std::to_string(t.scale) + " decimals)";
    case TypeId::Money: return "a MONEY value (at most 4 decimals)";
    case TypeId::Date: return "a DATE (YYYY-MM-DD)";
    case TypeId::Char:
    case TypeId::Varchar: return "a " + t.to_string();
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: return "a " + t.to_string() + " (YYYY-MM-DD hh:mi:ss[.fffffff], in its range)";
    case TypeId::Time: return "a " + t.to_string() + " (hh:mi:ss[.fffffff])";
  }
  return "?";
}

template <class T>
bool parse_int(std::string_view s, T& out) {
  if (s.empty()) return false;
  const char* b = s.data();
  if (*b == '+') {
    ++b;
    if (b == s.data() + s.size() || *b == '-' || *b == '+') return false;  // "+-5" is not a number (issue 12)
  }
  const auto r = std::from_chars(b, s.data() + s.size(), out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// Appends one field's value; returns false (and leaves the column unchanged) if it does not parse.
bool append_value(rt::Column& c, const DataType& t, std::string_view s) {
  switch (t.id) {
    case TypeId::Bool: {
      uint8_t v;
      if (s == "1" || s == "true" || s == "TRUE" || s == "t") v = 1;
      else if (s == "0" || s == "false" || s == "FALSE" || s == "f") v = 0;
      else return false;
      c.append<uint8_t>(v);
      return true;
    }
    case TypeId::Int32: {
      int32_t v;
      if (!parse_int(s, v)) return false;
      c.append<int32_t>(v);
      return true;
    }
    case TypeId::Int64: {
      int64_t v;
      if (!parse_int(s, v)) return false;
      c.append<int64_t>(v);
      return true;
    }
    case TypeId::Double: {
      if (s.empty()) return false;
      std::string tmp(s);
      char* end = nullptr;
      errno = 0;
      const double v = std::strtod(tmp.c_str(), &end);
      if (end != tmp.c_str() + tmp.size() || errno == ERANGE) return false;
      c.append<double>(v);
      return true;
    }
    case TypeId::Decimal:
    case TypeId::Money: {
      __int128 v;
      const int p = t.id == TypeId::Money ? 19 : t.precision;
      const int sc = t.id == TypeId::Money ? 4 : t.scale;
      if (!storage::parse_decimal(s, p, sc, v)) return false;
      if (t.is_wide_decimal()) {
        c.append<__int128>(v);
        return true;
      }
      if (v > INT64_MAX || v < INT64_MIN) return false;  // MONEY's range
      c.append<int64_t>(static_cast<int64_t>(v));
      return true;
    }
    case TypeId::Date: {
      int32_t d;
      if (!storage::parse_date(s, d)) return false;
      c.append<int32_t>(d);
      return true;
    }
    case TypeId::Char:
    case TypeId::Varchar:
      if (t.length > 0 && static_cast<int64_t>(s.size()) > t.length) return false;
      c.append_string(s);
      return true;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time: {
      int64_t ticks;
      if (!storage::parse_temporal(s, t, ticks)) return false;
      c.append<int64_t>(ticks);
      return true;
    }
  }
  return false;
}

struct Field {
  std::string_view text;
  int64_t column;  // 1-based start position in the line
};

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, const Schema& schema, const LoadOptions& o)
      : text_(text), file_(file), schema_(schema), o_(o) {}

  // A piece of a file cut for parallel parsing: its first line's number, whether it holds the header, and
  // (.tbl) whether rows end with the delimiter, as the file's first row says.
  void piece(int64_t first_line, bool has_header, std::optional<bool> rows_terminated) {
    line_base_ = first_line - 1;
    has_header_ = has_header;
    preset_terminated_ = rows_terminated;
  }

  void run(Table& t) {
    size_t pos = 0;
    int64_t line = line_base_;
    bool first = true;
    if (preset_terminated_) rows_terminated_ = *preset_terminated_;
    std::string scratch;
    while (pos < text_.size()) {
      size_t end = text_.find('\n', pos);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view l = text_.substr(pos, end - pos);
      const size_t next = end + 1;
      ++line;
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      // CSV: a quoted field may span lines. The quote state is carried over, so each added line is
      // scanned once (rescanning the whole record per line made one stray '"' quadratic; issue 12).
      if (o_.format == LoadOptions::Format::Csv) {
        QuoteState q;
        q.scan(text_.substr(pos, end - pos), o_.delimiter);
        while (q.in_quotes && end < text_.size()) {
          const size_t from = end;
          end = text_.find('\n', end + 1);
          if (end == std::string_view::npos) end = text_.size();
          q.scan(text_.substr(from, end - from), o_.delimiter);
          l = text_.substr(pos, end - pos);
          if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        }
      }
      const size_t resume = o_.format == LoadOptions::Format::Csv ? end + 1 : next;
      const int64_t this_line = line;
      if (o_.format == LoadOptions::Format::Csv)
        line += std::count(text_.begin() + pos, text_.begin() + std::min(end, text_.size()), '\n');
      pos = resume;
      if (l.empty()) {
        if (pos >= text_.size()) break;  // trailing newline
        throw LoadError(file_, this_line, 1, "empty line; expected " + std::to_string(schema_.size()) + " fields");
      }
      if (o_.format == LoadOptions::Format::Tbl) {
        // dbgen ends every row with the delimiter; files without it are accepted too, but not a mix: a row
        // that lacks it where the first row has it is a cut or damaged row (a last line cut inside its
        // final field loaded silently; issue 12).
        const bool terminated = l.back() == o_.delimiter;
        if (first && !preset_terminated_) rows_terminated_ = terminated;
        else if (terminated != rows_terminated_)
          throw LoadError(file_, this_line, static_cast<int64_t>(l.size()) + 1,
                          rows_terminated_ ? std::string("the row does not end with '") + o_.delimiter +
                                                 "' as the first row does (a cut or damaged line?)"
                                           : std::string("the row ends with '") + o_.delimiter +
                                                 "' but the first row does not");
      }
      split(l, this_line, scratch);
      if (first && o_.header && has_header_) {
        first = false;
        check_header(this_line);
        continue;
      }
      first = false;
      add_row(t, this_line, l);
    }
  }

 private:
  // Whether a CSV record is inside a quoted field after the text scanned so far (RFC 4180: a quote opens
  // a field only at its start; inside, "" is a quote and a lone " closes it).
  struct QuoteState {
    bool in_quotes = false;
    bool field_start = true;
    bool just_closed = false;
    void scan(std::string_view chunk, char delimiter) {
      for (char c : chunk) {
        if (in_quotes) {
          if (c == '"') in_quotes = false, just_closed = true;
          continue;
        }
        if (c == '"' && (field_start || just_closed)) {
          in_quotes = true;
          field_start = just_closed = false;
          continue;
        }
        field_start = c == delimiter || c == '\n';
        just_closed = false;
      }
    }
  };

  void split(std::string_view l, int64_t line, std::string& scratch) {
    fields_.clear();
    unquoted_.clear();
    if (o_.format == LoadOptions::Format::Tbl) {
      size_t start = 0;
      for (;;) {
        const size_t d = l.find(o_.delimiter, start);
        if (d == std::string_view::npos) {
          if (start < l.size()) fields_.push_back({l.substr(start), static_cast<int64_t>(start) + 1});
          break;  // dbgen ends every row with the delimiter; a row without it is accepted too
        }
        fields_.push_back({l.substr(start, d - start), static_cast<int64_t>(start) + 1});
        start = d + 1;
      }
      return;
    }
    // CSV (RFC 4180): "..." with "" for a quote
    size_t i = 0;
    for (;;) {
      const int64_t col = static_cast<int64_t>(i) + 1;
      if (i < l.size() && l[i] == '"') {
        std::string v;
        size_t j = i + 1;
        for (;;) {
          if (j >= l.size()) throw LoadError(file_, line, col, "unterminated quoted field; expected a closing '\"'");
          if (l[j] == '"') {
            if (j + 1 < l.size() && l[j + 1] == '"') {
              v += '"';
              j += 2;
              continue;
            }
            ++j;
            break;
          }
          v += l[j++];
        }
        if (j < l.size() && l[j] != o_.delimiter)
          throw LoadError(file_, line, static_cast<int64_t>(j) + 1,
                          "expected the delimiter or the end of the line after a quoted field");
        unquoted_.push_back(std::move(v));
        fields_.push_back({{}, col});
        quoted_.resize(fields_.size());
        quoted_.back() = true;
        if (j >= l.size()) break;
        i = j + 1;
        continue;
      }
      const size_t d = l.find(o_.delimiter, i);
      const size_t e = d == std::string_view::npos ? l.size() : d;
      // RFC 4180: an unquoted field holds no quote. One there is a damaged or misquoted file (a space
      // before a quoted field loaded the quotes into the value; issue 12), never loaded as text.
      if (const size_t qpos = l.substr(i, e - i).find('"'); qpos != std::string_view::npos) {
        const std::string_view before = l.substr(i, qpos);
        const bool blank = before.find_first_not_of(" \t") == std::string_view::npos;
        throw LoadError(file_, line, static_cast<int64_t>(i + qpos) + 1,
                        blank && qpos > 0 ? "space before a quoted field; the quote must come right after the delimiter"
                                          : "a '\"' inside an unquoted field (quote the whole field and double the '\"')");
      }
      fields_.push_back({l.substr(i, e - i), col});
      quoted_.resize(fields_.size());
      quoted_.back() = false;
      if (d == std::string_view::npos) break;
      i = d + 1;
    }
    // resolve quoted fields to their unescaped text (kept alive in unquoted_)
    size_t q = 0;
    for (size_t k = 0; k < fields_.size(); ++k)
      if (quoted_[k]) fields_[k].text = unquoted_[q++];
    (void)scratch;
  }

  void check_header(int64_t line) {
    if (fields_.size() != schema_.size())
      throw LoadError(file_, line, 1, "header has " + std::to_string(fields_.size()) + " columns; expected " +
                                          std::to_string(schema_.size()));
    for (size_t k = 0; k < fields_.size(); ++k)
      if (schema_.index_of(fields_[k].text) != static_cast<int>(k))
        throw LoadError(file_, line, fields_[k].column,
                        "header column " + shown(fields_[k].text) + "; expected " + schema_.field(k).name);
  }

  void add_row(Table& t, int64_t line, std::string_view l) {
    const size_t n = schema_.size();
    if (fields_.size() != n) {
      const int64_t col = fields_.size() > n ? fields_[n].column : static_cast<int64_t>(l.size()) + 1;
      throw LoadError(file_, line, col,
                      "found " + std::to_string(fields_.size()) + " fields; expected " + std::to_string(n) +
                          (fields_.size() < n ? " (missing " + schema_.field(fields_.size()).name + ")" : ""));
    }
    for (size_t k = 0; k < n; ++k) {
      const storage::Field& f = schema_.field(k);
      const Field& v = fields_[k];
      rt::Column& c = t.column(k);
      const bool is_quoted = o_.format == LoadOptions::Format::Csv && quoted_[k];
      if (!is_quoted && v.text == o_.null_text && !(f.type.is_string() && !f.nullable)) {
        if (!f.nullable)
          throw LoadError(file_, line, v.column,
                          "column " + f.name + ": empty field; expected " + expected_text(f.type) +
                              " (the column is NOT NULL)");
        storage::append_null(c);
        continue;
      }
      if (!append_value(c, f.type, v.text)) {
        // undo the partial row so the rows of every column stay aligned (the table is discarded anyway)
        throw LoadError(file_, line, v.column,
                        "column " + f.name + ": " + shown(v.text) + "; expected " + expected_text(f.type));
      }
    }
  }

  std::string_view text_;
  const std::string& file_;
  const Schema& schema_;
  const LoadOptions& o_;
  std::vector<Field> fields_;
  std::vector<std::string> unquoted_;
  std::vector<uint8_t> quoted_;
  bool rows_terminated_ = true;  // .tbl: whether the first row ends with the delimiter
  int64_t line_base_ = 0;
  bool has_header_ = true;
  std::optional<bool> preset_terminated_;
};

// Where the piece that starts near `from` really starts: after the first line end at or past `from` that
// is outside quotes (`in_quotes`: the quote state at `from`, from the parity of the quotes before it).
size_t record_start_after(std::string_view text, size_t from, bool csv, bool in_quotes) {
  for (size_t i = from; i < text.size(); ++i) {
    const char c = text[i];
    if (csv && c == '"') in_quotes = !in_quotes;
    else if (c == '\n' && !in_quotes) return i + 1;
  }
  return text.size();
}

Table parse_parallel(std::string_view text, const std::string& file_name, const std::string& table_name,
                     const Schema& schema, const LoadOptions& opts, int threads, int64_t line0) {
  const bool csv = opts.format == LoadOptions::Format::Csv;
  const size_t k = std::max<size_t>(2, std::min<size_t>(text.size() >> 20, static_cast<size_t>(threads) * 8));
  // Quote parity at each nominal cut (RFC 4180: every '"' toggles the state, "" twice), in parallel.
  std::vector<size_t> nominal(k + 1);
  for (size_t i = 0; i <= k; ++i) nominal[i] = text.size() / k * i;
  nominal[k] = text.size();
  std::vector<int64_t> quotes(k, 0);
  if (csv)
    storage::parallel_for(k, threads, [&](size_t i) {
      quotes[i] = std::count(text.begin() + nominal[i], text.begin() + nominal[i + 1], '"');
    });
  std::vector<size_t> cut(k + 1);
  cut[0] = 0;
  cut[k] = text.size();
  int64_t parity = 0;
  std::vector<bool> in_quotes(k, false);
  for (size_t i = 1; i < k; ++i) {
    parity += quotes[i - 1];
    in_quotes[i] = parity % 2 != 0;
  }
  storage::parallel_for(k - 1, threads, [&](size_t j) {
    const size_t i = j + 1;
    cut[i] = record_start_after(text, nominal[i] == 0 ? 0 : nominal[i] - 1, csv, in_quotes[i] != (csv && nominal[i] > 0 && text[nominal[i] - 1] == '"'));
  });
  for (size_t i = 1; i <= k; ++i) cut[i] = std::max(cut[i], cut[i - 1]);
  // First line number of each piece.
  std::vector<int64_t> lines(k, 0);
  storage::parallel_for(k, threads, [&](size_t i) { lines[i] = std::count(text.begin() + cut[i], text.begin() + cut[i + 1], '\n'); });
  std::vector<int64_t> first_line(k, line0);
  for (size_t i = 1; i < k; ++i) first_line[i] = first_line[i - 1] + lines[i - 1];
  // .tbl: every piece follows the file's first row on the trailing delimiter.
  std::optional<bool> terminated;
  if (!csv) {
    size_t e = text.find('\n');
    std::string_view first = text.substr(0, e == std::string_view::npos ? text.size() : e);
    if (!first.empty() && first.back() == '\r') first.remove_suffix(1);
    if (!first.empty()) terminated = first.back() == opts.delimiter;
  }
  std::vector<Table> parts(k);
  std::vector<std::exception_ptr> errors(k);
  storage::parallel_for(k, threads, [&](size_t i) {
    try {
      Table t(table_name, schema);
      Parser p(text.substr(cut[i], cut[i + 1] - cut[i]), file_name, schema, opts);
      p.piece(first_line[i], i == 0, terminated);
      p.run(t);
      parts[i] = std::move(t);
    } catch (...) {
      errors[i] = std::current_exception();
    }
  });
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);  // the first piece's error: the line a one-thread parse names
  Table t = storage::concat(std::move(parts), threads);
  t.validate();
  return t;
}

std::string read_all(const std::string& path) {
  // Only regular files: a directory gave std::bad_alloc, /dev/zero never ends and a FIFO blocks (issue 12).
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw LoadError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw LoadError(path, 0, 0, std::string("not a regular file (") +
                                    (S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a device or special file") +
                                    "): give the path of a data file");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw LoadError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
  std::string s;
  if (std::fseek(f, 0, SEEK_END) == 0) {
    const long n = std::ftell(f);
    if (n > 0) s.reserve(static_cast<size_t>(n));
    std::fseek(f, 0, SEEK_SET);
  }
  char buf[1 << 16];
  size_t r;
  while ((r = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, r);
  const bool bad = std::ferror(f);
  std::fclose(f);
  if (bad) throw LoadError(path, 0, 0, "read error");
  return s;
}

}  // namespace

Table parse_table(std::string_view text, const std::string& file_name, const std::string& table_name,
                  const Schema& schema, const LoadOptions& opts) {
  const int threads = opts.threads > 0 ? opts.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  size_t offset = 0;
  for (int64_t i = 0; i < opts.skip_lines && offset < text.size(); ++i) {
    const size_t e = text.find('\n', offset);
    offset = e == std::string_view::npos ? text.size() : e + 1;
  }
  text = text.substr(offset);
  const int64_t line0 = opts.skip_lines + 1;
  if (threads > 1 && text.size() >= (size_t{4} << 20))
    return parse_parallel(text, file_name, table_name, schema, opts, threads, line0);
  Table t(table_name, schema);
  Parser p(text, file_name, schema, opts);
  p.piece(line0, true, std::nullopt);
  p.run(t);
  t.validate();
  return t;
}

// The file mapped into memory (read-only) rather than copied into a string: the parser threads fault its
// pages in from the page cache in parallel, where one thread's read() copy was the serial part of a load.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path) {
    read_all_checks(path);
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw LoadError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) throw LoadError(path, 0, 0, std::string("cannot stat: ") + std::strerror(errno));
    size_ = static_cast<size_t>(st.st_size);
    if (size_ == 0) return;
    void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd_, 0);
    if (p == MAP_FAILED) {
      // Some file systems cannot map: fall back to reading.
      fallback_ = read_all(path);
      size_ = fallback_.size();
      return;
    }
    data_ = static_cast<const char*>(p);
    ::madvise(p, size_, MADV_WILLNEED);
  }
  ~MappedFile() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
    if (fd_ >= 0) ::close(fd_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::string_view text() const { return data_ ? std::string_view(data_, size_) : std::string_view(fallback_); }

 private:
  static void read_all_checks(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw LoadError(path, 0, 0, std::string("cannot open: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
      throw LoadError(path, 0, 0, std::string("not a regular file (") +
                                      (S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO" : "a device or special file") +
                                      "): give the path of a data file");
  }
  int fd_ = -1;
  const char* data_ = nullptr;
  size_t size_ = 0;
  std::string fallback_;
};

Table load_file(const std::string& path, const std::string& table_name, const Schema& schema,
                const LoadOptions& opts) {
  const MappedFile file(path);
  return parse_table(file.text(), path, table_name, schema, opts);
}

Table load_tbl(const std::string& path, TableId t, int threads) {
  LoadOptions o = LoadOptions::tbl();
  o.threads = threads;
  return load_file(path, std::string(table_name(t)), table_schema(t), o);
}

Table load_csv(const std::string& path, TableId t, bool header, char delimiter, int threads) {
  LoadOptions o = LoadOptions::csv(header, delimiter);
  o.threads = threads;
  return load_file(path, std::string(table_name(t)), table_schema(t), o);
}

void load_into(Table& dst, const std::string& path, const LoadOptions& opts) {
  Table t = load_file(path, dst.name(), dst.schema(), opts);
  dst.append(std::move(t));
}

}  // namespace tessera::tpch
