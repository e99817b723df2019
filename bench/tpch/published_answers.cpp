#include "published_answers.hpp"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "tessera/storage/table.hpp"

namespace tessera::bench {

namespace {

using duckdb::Cell;

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out;
  size_t s = 0;
  for (;;) {
    const size_t e = line.find('|', s);
    out.push_back(line.substr(s, e == std::string::npos ? std::string::npos : e - s));
    if (e == std::string::npos) return out;
    s = e + 1;
  }
}

// "-123.4500" -> scaled 1234500 with scale 4; false when the text is not a plain decimal number.
bool parse_decimal(const std::string& t, duckdb::int128& scaled, int& scale) {
  size_t i = 0;
  bool neg = false;
  if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
  bool digits = false, point = false;
  scaled = 0;
  scale = 0;
  for (; i < t.size(); ++i) {
    if (t[i] == '.' && !point) {
      point = true;
    } else if (t[i] >= '0' && t[i] <= '9') {
      if (scaled > (duckdb::int128(1) << 120)) return false;
      scaled = scaled * 10 + (t[i] - '0');
      digits = true;
      scale += point;
    } else {
      return false;
    }
  }
  if (neg) scaled = -scaled;
  return digits;
}

Cell typed_cell(const std::string& text, const Cell& like, const std::string& where) {
  if (text.empty() && like.kind != Cell::Kind::String) return Cell::null();
  auto bad = [&](const char* what) { return std::runtime_error(where + ": '" + text + "' is not " + what); };
  switch (like.kind) {
    case Cell::Kind::Int:
    case Cell::Kind::Decimal:
    case Cell::Kind::Double: {
      duckdb::int128 scaled;
      int scale;
      if (parse_decimal(text, scaled, scale)) {
        const int room = like.kind == Cell::Kind::Decimal ? like.scale : like.kind == Cell::Kind::Int ? 0 : -1;
        if (scale <= room) return scale == 0 && like.kind == Cell::Kind::Int ? Cell::integer(scaled) : Cell::decimal(scaled, scale);
      }
      char* end = nullptr;
      const double d = std::strtod(text.c_str(), &end);
      if (end == text.c_str() || *end) throw bad("a number");
      return Cell::float64(d);
    }
    case Cell::Kind::Date: {
      int32_t days = 0;
      if (!storage::parse_date(text, days)) throw bad("a date");
      return Cell::date(days);
    }
    default: return Cell::string(text);
  }
}

}  // namespace

duckdb::RowSet read_published_answer(const std::string& dir, const std::string& query_name, const duckdb::RowSet& like) {
  const std::string path = dir + "/" + query_name + ".csv";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the published answer " + path);
  duckdb::RowSet out;
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path + " is empty (a header line was expected)");
  out.columns = split_fields(line);
  // The type of each of Tessera's columns (its first non-NULL cell); text where Tessera's answer has none.
  std::vector<Cell> models(out.columns.size(), Cell::string(""));
  for (size_t c = 0; c < models.size(); ++c)
    for (const duckdb::Row& r : like.rows)
      if (c < r.size() && !r[c].is_null()) {
        models[c] = r[c];
        break;
      }
  int64_t n = 1;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() && in.peek() == EOF) break;
    const std::vector<std::string> fields = split_fields(line);
    const std::string where = path + ":" + std::to_string(n);
    if (fields.size() != out.columns.size())
      throw std::runtime_error(where + ": " + std::to_string(fields.size()) + " fields, the header has " +
                               std::to_string(out.columns.size()));
    duckdb::Row row;
    for (size_t c = 0; c < fields.size(); ++c) row.push_back(typed_cell(fields[c], models[c], where));
    out.rows.push_back(std::move(row));
  }
  return out;
}

std::vector<std::string> generated_text_columns(const duckdb::RowSet& published) {
  std::vector<std::string> out;
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  for (const std::string& c : published.columns)
    if (ends_with(c, "_address") || ends_with(c, "_comment")) out.push_back(c);
  return out;
}

duckdb::RowSet without_columns(const duckdb::RowSet& rows, const duckdb::RowSet& published,
                               const std::vector<std::string>& names) {
  std::vector<bool> keep(published.columns.size(), true);
  for (size_t c = 0; c < keep.size(); ++c)
    for (const std::string& n : names) keep[c] = keep[c] && published.columns[c] != n;
  duckdb::RowSet out;
  for (size_t c = 0; c < keep.size() && c < rows.columns.size(); ++c)
    if (keep[c]) out.columns.push_back(rows.columns[c]);
  for (const duckdb::Row& r : rows.rows) {
    duckdb::Row kept;
    for (size_t c = 0; c < r.size(); ++c)
      if (c >= keep.size() || keep[c]) kept.push_back(r[c]);
    out.rows.push_back(std::move(kept));
  }
  return out;
}

}  // namespace tessera::bench
