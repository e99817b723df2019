// tessera serve DATABASE.tdb (docs/SERVER.md): opens the database, makes sure it has logins (the first start takes
// sa's password from TESSERA_SA_PASSWORD), and serves it over TDS until SIGINT or SIGTERM. Part of the executable,
// not of tessera_cli, which the server library itself uses (for the statement splitter).
#pragma once

#include "options.hpp"

namespace tessera::cli {

// Returns the exit code; throws (as the other commands do) for what stops it from starting: no sa password on
// a first start, a database it cannot open, an address it cannot listen on.
int run_serve(const ServeCommandOptions& options);

}  // namespace tessera::cli
