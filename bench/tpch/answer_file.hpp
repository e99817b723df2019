// A query's answer in a file, so that a process that ran it (the cold benchmark's fresh process per query) can
// hand it to the one that checks it: the rows as typed cells (duckdb::RowSet) and how to compare them.
#pragma once

#include <string>

#include "tessera/duckdb/result_compare.hpp"

namespace tessera::bench {

struct Answer {
  duckdb::RowSet rows;
  duckdb::CompareOptions compare;  // Tessera's (ORDER BY keys, CHAR padding); DuckDB's answer leaves it default
};

// JSON; strings hex-encoded (byte for byte, whatever their encoding), doubles exactly. Throws
// std::runtime_error naming the file.
void write_answer(const std::string& path, const Answer& a);
Answer read_answer(const std::string& path);

}  // namespace tessera::bench
