// tessera --udf SPEC.json FILE.cpp: compiles a user's C++ row functions with tessera-cc (the pipeline the
// library's functions take) into a kernel catalog, which the Database adds to its built-in one
// (engine::Options::udf_catalogs). The catalog is kept in the user's cache directory under a hash of
// the spec's and the source's contents, so the next start with the same files does not compile again.
#pragma once

#include <ostream>
#include <string>

namespace tessera::cli {

// Returns the catalog directory. Throws std::runtime_error with tessera-cc's own messages when the
// files cannot be read or compiled; lines tessera-cc prints about functions it left out (warnings)
// are written to `notes`.
std::string build_udf_catalog(const std::string& spec_path, const std::string& source_path, std::ostream& notes);

// Where build_udf_catalog keeps catalogs: $TESSERA_UDF_CACHE, else $XDG_CACHE_HOME/tessera/udf, else
// $HOME/.cache/tessera/udf, else /tmp/tessera-udf.
std::string udf_cache_dir();

}  // namespace tessera::cli
