#include "engine_options.hpp"

#include "data_setup.hpp"
#include "udf_build.hpp"

namespace tessera::cli {

engine::Options engine_options(const RunOptions& o, std::ostream& notes) {
  engine::Options eo;
  eo.catalog_dir = o.catalog_dir;
  eo.threads = o.threads;
  eo.functions = o.functions;
  eo.case_insensitive = o.case_insensitive;
  eo.host_memory_bytes = o.memory_limit;
  eo.gpu_cache_bytes = o.gpu_memory;
  eo.morsel_rows = o.morsel_rows;
  eo.spill_memory_bytes = o.spill_memory;
  eo.spill_directory = o.spill_dir;
  eo.spill = o.spill;
  eo.statement_timeout_ms = o.statement_timeout_ms;
  eo.udf_catalogs = o.udf_catalogs;
  eo.database_path = o.database;
  eo.file_reader = file_reader(o.threads);
  for (const auto& [spec, source] : o.udf_sources) eo.udf_catalogs.push_back(build_udf_catalog(spec, source, notes));
  return eo;
}

}  // namespace tessera::cli
