// Answers in files (see answer_file.hpp).
#include "answer_file.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace tessera::bench {
namespace {

std::string hex(const std::string& s) {
  static const char* d = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() * 2);
  for (unsigned char c : s) {
    out += d[c >> 4];
    out += d[c & 15];
  }
  return out;
}

std::string unhex(const std::string& h) {
  auto v = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out(h.size() / 2, '\0');
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>(v(h[2 * i]) << 4 | v(h[2 * i + 1]));
  return out;
}

std::string int128_text(duckdb::int128 v) { return duckdb::int128_to_string(v); }

duckdb::int128 parse_int128(const std::string& s) {
  duckdb::int128 v = 0;
  size_t i = s[0] == '-' ? 1 : 0;
  for (; i < s.size(); ++i) v = v * 10 + (s[i] - '0');
  return s[0] == '-' ? -v : v;
}

}  // namespace

void write_answer(const std::string& path, const Answer& a) {
  nlohmann::json j;
  j["columns"] = a.rows.columns;
  j["ordered"] = a.compare.ordered;
  j["order_by"] = a.compare.order_by;
  j["ignore_trailing_spaces"] = a.compare.ignore_trailing_spaces;
  nlohmann::json rows = nlohmann::json::array();
  for (const duckdb::Row& r : a.rows.rows) {
    nlohmann::json row = nlohmann::json::array();
    for (const duckdb::Cell& c : r) {
      char d[40];
      std::snprintf(d, sizeof d, "%a", c.d);
      row.push_back({static_cast<int>(c.kind), c.scale, int128_text(c.i), std::string(d), hex(c.s)});
    }
    rows.push_back(std::move(row));
  }
  j["rows"] = std::move(rows);
  std::ofstream f(path);
  f << j.dump();
  if (!f) throw std::runtime_error("cannot write the answer file " + path);
}

Answer read_answer(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read the answer file " + path);
  std::stringstream text;
  text << f.rdbuf();
  Answer a;
  try {
    const nlohmann::json j = nlohmann::json::parse(text.str());
    a.rows.columns = j.at("columns").get<std::vector<std::string>>();
    a.compare.ordered = j.at("ordered").get<bool>();
    a.compare.order_by = j.at("order_by").get<std::vector<int>>();
    a.compare.ignore_trailing_spaces = j.at("ignore_trailing_spaces").get<bool>();
    for (const auto& row : j.at("rows")) {
      duckdb::Row r;
      for (const auto& c : row) {
        duckdb::Cell cell;
        cell.kind = static_cast<duckdb::Cell::Kind>(c.at(0).get<int>());
        cell.scale = c.at(1).get<int>();
        cell.i = parse_int128(c.at(2).get<std::string>());
        cell.d = std::strtod(c.at(3).get<std::string>().c_str(), nullptr);
        cell.s = unhex(c.at(4).get<std::string>());
        r.push_back(std::move(cell));
      }
      a.rows.rows.push_back(std::move(r));
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("the answer file " + path + " is damaged: " + e.what());
  }
  return a;
}

}  // namespace tessera::bench
