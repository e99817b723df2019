#include "result_format.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace tessera::cli {

namespace {

bool right_aligned(const storage::DataType& t) {
  switch (t.id) {
    case storage::TypeId::Int32:
    case storage::TypeId::Int64:
    case storage::TypeId::Double:
    case storage::TypeId::Decimal:
    case storage::TypeId::Money:
      return true;
    default:
      return false;
  }
}

// A cell for the table frame: control characters would break the alignment, so they are escaped.
std::string framed_text(std::string s) {
  if (std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; })) return s;
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[(c >> 4) & 0xF];
          out += hex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
  return out;
}

void pad(std::ostream& out, size_t n) {
  for (size_t i = 0; i < n; ++i) out.put(' ');
}

}  // namespace

bool parse_output_format(std::string_view s, OutputFormat& out) {
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "table") {
    out = OutputFormat::Table;
  } else if (lower == "csv") {
    out = OutputFormat::Csv;
  } else {
    return false;
  }
  return true;
}

std::string_view format_name(OutputFormat f) { return f == OutputFormat::Table ? "table" : "csv"; }

size_t display_width(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string csv_field(std::string_view s, bool quote_empty) {
  const bool quote = (s.empty() && quote_empty) || s.find_first_of(",\"\r\n") != std::string_view::npos;
  if (!quote) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void write_csv(const engine::QueryResult& r, std::ostream& out) {
  for (size_t c = 0; c < r.names.size(); ++c) out << (c ? "," : "") << csv_field(r.names[c]);
  out << '\n';
  for (int64_t row = 0; row < r.rows; ++row) {
    for (size_t c = 0; c < r.columns.size(); ++c) {
      if (c) out << ',';
      if (r.columns[c].is_valid(row)) out << csv_field(r.cell_text(row, c));  // NULL: an empty field
    }
    out << '\n';
  }
}

void write_table(const engine::QueryResult& r, std::ostream& out, int64_t max_rows) {
  const size_t ncols = r.names.size();
  const int64_t shown = max_rows > 0 ? std::min(r.rows, max_rows) : r.rows;
  std::vector<std::vector<std::string>> cells(static_cast<size_t>(shown), std::vector<std::string>(ncols));
  std::vector<size_t> width(ncols);
  std::vector<bool> right(ncols);
  for (size_t c = 0; c < ncols; ++c) {
    width[c] = display_width(r.names[c]);
    right[c] = c < r.types.size() && right_aligned(r.types[c]);
  }
  for (int64_t row = 0; row < shown; ++row) {
    for (size_t c = 0; c < ncols; ++c) {
      std::string& s = cells[row][c];
      s = framed_text(r.cell_text(row, c));
      width[c] = std::max(width[c], display_width(s));
    }
  }
  auto line = [&](auto&& text_of) {
    for (size_t c = 0; c < ncols; ++c) {
      const std::string& s = text_of(c);
      const size_t fill = width[c] - display_width(s);
      out << (c ? "| " : " ");
      if (right[c]) pad(out, fill);
      out << s;
      // No trailing blanks after the last column.
      if (!right[c] && c + 1 < ncols) pad(out, fill);
      if (c + 1 < ncols) out << ' ';
    }
    out << '\n';
  };
  line([&](size_t c) -> const std::string& { return r.names[c]; });
  for (size_t c = 0; c < ncols; ++c) {
    if (c) out << '+';
    out << std::string(width[c] + 2, '-');
  }
  out << '\n';
  for (int64_t row = 0; row < shown; ++row) line([&](size_t c) -> const std::string& { return cells[row][c]; });
  if (shown < r.rows) out << "... " << (r.rows - shown) << " more row" << (r.rows - shown == 1 ? "" : "s") << '\n';
  out << '(' << r.rows << (r.rows == 1 ? " row)" : " rows)") << '\n';
}

void write_plan(const engine::QueryResult& r, std::ostream& out) {
  for (int64_t row = 0; row < r.rows; ++row) out << (r.columns.empty() ? "" : r.cell_text(row, 0)) << '\n';
}

void write_result(const engine::QueryResult& r, const FormatOptions& opts, bool is_explain, std::ostream& out) {
  if (opts.format == OutputFormat::Csv) {
    write_csv(r, out);
  } else if (is_explain && r.names.size() == 1) {
    write_plan(r, out);
  } else {
    write_table(r, out, opts.max_rows);
  }
}

}  // namespace tessera::cli
