// How the tessera command prints a query result:
//   table  aligned columns (numbers right-aligned) with a header, at most max_rows rows and a footer
//              n_nationkey | n_name
//             -------------+-----------
//                        0 | ALGERIA
//             ... 23 more rows
//             (25 rows)
//   csv    a header line and one line per row, RFC 4180 quoting: a field with a comma, a double quote,
//          CR or LF is enclosed in double quotes (quotes doubled); NULL is an empty field and the empty
//          string is "" (so the two stay apart). Lines end with LF.
//   plan   EXPLAIN's one-column "plan" result in table format: its lines as they are, no frame.
// Cells are QueryResult::cell_text(): decimals with their scale, dates YYYY-MM-DD, NULL as NULL.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "tessera/engine/database.hpp"

namespace tessera::cli {

enum class OutputFormat { Table, Csv };

struct FormatOptions {
  OutputFormat format = OutputFormat::Table;
  int64_t max_rows = 40;  // table format: rows shown (0: all)
};

// "table" / "csv" (case-insensitive); false for anything else.
bool parse_output_format(std::string_view s, OutputFormat& out);
std::string_view format_name(OutputFormat f);

// One CSV field with RFC 4180 quoting (quoted only where needed, or when `quote_empty` and it is empty).
std::string csv_field(std::string_view s, bool quote_empty = true);

void write_csv(const engine::QueryResult& r, std::ostream& out);
void write_table(const engine::QueryResult& r, std::ostream& out, int64_t max_rows);
// EXPLAIN's result: one line per row of the first column.
void write_plan(const engine::QueryResult& r, std::ostream& out);

// Writes `r` as `opts` say; `is_explain`: the statement was EXPLAIN (plan format in table output).
void write_result(const engine::QueryResult& r, const FormatOptions& opts, bool is_explain, std::ostream& out);

// Columns a string takes on a terminal: UTF-8 code points (wide characters count one).
size_t display_width(std::string_view s);

}  // namespace tessera::cli
