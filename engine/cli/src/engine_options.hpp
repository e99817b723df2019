// The engine::Options the command line asks for (`tessera` and `tessera serve` alike): threads, catalogs, the
// user's functions (compiled by --udf first), the device, the collation, memory limits, the statement time
// limit, the database on disk and the file reader for read_csv/BULK INSERT.
#pragma once

#include <ostream>

#include "options.hpp"
#include "tessera/engine/database.hpp"

namespace tessera::cli {

// Compiles the --udf sources (tessera-cc's notes go to `notes`); std::runtime_error when one does not compile.
engine::Options engine_options(const RunOptions& options, std::ostream& notes);

}  // namespace tessera::cli
