#include <algorithm>
#include "data_setup.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "tessera/clickbench/hits.hpp"
#include "tessera/tpch/generator.hpp"
#include "tessera/tpch/loader.hpp"
#include "tessera/tpch/progress_bar.hpp"
#include "tessera/tpch/schema.hpp"
#ifdef TESSERA_CLI_HAVE_DUCKDB
#include "tessera/duckdb/file_table.hpp"
#endif

namespace tessera::cli {

namespace {

namespace fs = std::filesystem;

void generate(engine::Database& db, const DataSource& src, int threads, bool progress, LoadSummary& sum) {
  tpch::ProgressBar bar(progress, std::chrono::milliseconds(1000));
  tpch::GenOptions opts;
  opts.sf = src.sf;
  opts.threads = threads;
  opts.on_progress = bar.callback();
  try {
    if (!db.database_path().empty()) {
      // Into the database on disk, part by part: memory holds a few chunks, not the tables (SF 100 fits).
      std::vector<std::pair<std::string, storage::Schema>> tables;
      for (tpch::TableId id : tpch::all_tables()) tables.emplace_back(std::string(tpch::table_name(id)), tpch::table_schema(id));
      opts.tables = tpch::all_tables();
      db.write_tables(tables, [&](const engine::Database::TablePartSink& emit) {
        tpch::generate_parts(opts, [&](tpch::TableId id, storage::Table&& part) {
          emit(static_cast<size_t>(std::find(opts.tables.begin(), opts.tables.end(), id) - opts.tables.begin()), std::move(part));
        });
      });
      for (const auto& [name, schema] : tables) {
        sum.tables.push_back(name);
        sum.rows.push_back(db.find_table(name)->num_rows());
      }
    } else {
      for (storage::Table& t : tpch::generate_tables(opts)) {
        sum.tables.push_back(t.name());
        sum.rows.push_back(t.num_rows());
        db.add_table(std::move(t));
      }
    }
  } catch (...) {
    bar.finish();
    throw;
  }
  bar.finish();
  char buf[64];
  std::snprintf(buf, sizeof buf, "TPC-H SF %g (generated)", src.sf);
  sum.description = buf;
}

// ClickBench's hits table (engine/clickbench): into the database on disk in parts (a million rows by default),
// so that 100 million rows never sit in memory at once; else whole, in memory.
void generate_hits(engine::Database& db, const DataSource& src, int threads, bool progress, LoadSummary& sum) {
  clickbench::HitsOptions o;
  o.rows = src.hits_rows;
  o.threads = threads;
  if (!db.database_path().empty()) {
    int64_t done = 0;
    db.write_tables({{"hits", clickbench::hits_schema()}}, [&](const engine::Database::TablePartSink& emit) {
      clickbench::generate_hits_parts(o, src.hits_part_rows, [&](storage::Table&& part) {
        done += part.num_rows();
        emit(0, std::move(part));
        if (progress) std::fprintf(stderr, "\rhits: %lld of %lld rows\033[K", static_cast<long long>(done),
                                   static_cast<long long>(o.rows));
      });
    });
    if (progress) std::fprintf(stderr, "\r\033[K");
  } else {
    db.add_table(clickbench::generate_hits(o));
  }
  sum.tables.push_back("hits");
  sum.rows.push_back(db.find_table("hits")->num_rows());
  sum.description = "ClickBench hits, " + std::to_string(o.rows) + " rows (generated)";
}

void load_dir(engine::Database& db, const DataSource& src, int threads, bool progress, LoadSummary& sum) {
  const bool csv = src.kind == DataSource::Kind::Csv;
  const char* ext = csv ? ".csv" : ".tbl";
  std::error_code ec;
  if (!fs::is_directory(src.dir, ec)) throw std::runtime_error("'" + src.dir + "' is not a directory");
  for (tpch::TableId id : tpch::all_tables()) {
    const std::string name(tpch::table_name(id));
    const std::string path = (fs::path(src.dir) / (name + ext)).string();
    if (!fs::exists(path, ec)) continue;
    if (progress) std::fprintf(stderr, "\rloading %s...\033[K", path.c_str());
    storage::Table t;
    try {
      t = csv ? tpch::load_csv(path, id, /*header=*/true, ',', threads) : tpch::load_tbl(path, id, threads);
    } catch (...) {
      if (progress) std::fprintf(stderr, "\r\033[K");
      throw;
    }
    sum.tables.push_back(name);
    sum.rows.push_back(t.num_rows());
    db.add_table(std::move(t));
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
  if (sum.tables.empty())
    throw std::runtime_error("no TPC-H " + std::string(ext) + " files in '" + src.dir + "' (looked for part" + ext +
                             ", partsupp" + ext + ", ..., region" + ext + ")");
  sum.description = src.dir + " (" + ext + ")";
}

}  // namespace

LoadSummary load_data(engine::Database& db, const DataSource& src, int threads, bool progress) {
  const auto t0 = std::chrono::steady_clock::now();
  LoadSummary sum;
  if (src.kind == DataSource::Kind::None) {
    sum.description = db.database_path().empty() ? "no data" : db.database_path();
    for (const std::string& t : db.table_names()) {
      sum.tables.push_back(t);
      sum.rows.push_back(db.find_table(t)->num_rows());
    }
  } else if (src.kind == DataSource::Kind::Generate) {
    generate(db, src, threads, progress, sum);
  } else if (src.kind == DataSource::Kind::Hits) {
    generate_hits(db, src, threads, progress, sum);
  } else {
    load_dir(db, src, threads, progress, sum);
  }
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return sum;
}

}  // namespace tessera::cli

namespace tessera::cli {

engine::FileReader file_reader(int threads) {
#ifdef TESSERA_CLI_HAVE_DUCKDB
  return [threads](const std::string& name, const std::string& path, const engine::FileRead& fr) {
    duckdb::DuckDb reader(threads);
    duckdb::FileReadOptions o;
    o.format = fr.format;
    o.header = fr.header;
    o.delimiter = fr.delimiter;
    o.skip_rows = fr.skip_rows;
    o.all_varchar = fr.all_varchar;
    return duckdb::read_file_table(reader, name, path, o);
  };
#else
  (void)threads;
  return {};
#endif
}

void load_file_table(engine::Database& db, const std::string& name, const std::string& path, int threads) {
  if (db.find_table(name)) throw std::runtime_error("--load " + name + "=" + path + ": a table '" + name + "' exists already");
  const engine::FileReader read = file_reader(threads);  // the reader read_csv(...) in FROM uses
  if (!read)
    throw std::runtime_error("--load " + name + "=" + path +
                             ": this build has no DuckDB, whose readers --load uses (run scripts/install_duckdb.sh and rebuild)");
  db.add_table(read(name, path, engine::FileRead{}));
}

}  // namespace tessera::cli
