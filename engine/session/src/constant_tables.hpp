// Table-valued functions whose rows come from their constant arguments, made when the statement is bound:
// GENERATE_SERIES(start, stop [, step]) and STRING_SPLIT(string, separator [, enable_ordinal]) in FROM, with SQL
// Server 2022's semantics. The table then runs through the operators on either device like any other.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tessera/plan/binder.hpp"
#include "tessera/storage/table.hpp"

namespace tessera::engine {

// The table `name` (lower case) makes of `args`, or nullopt when `name` is neither function. plan::BindError for
// arguments SQL Server refuses (a step of 0: Msg 4199; a separator that is not one character: Msg 214; a wrong
// count or kind of argument), and for a series whose values would take more than `max_bytes` (the session's host
// memory budget) or number more than 2^31 - 1.
std::optional<storage::Table> constant_table(const std::string& name, const std::vector<plan::TableFunctionArg>& args,
                                             sql::SourceLocation loc, int64_t max_bytes);

}  // namespace tessera::engine
