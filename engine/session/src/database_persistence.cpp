// The database on disk (storage::DatabaseDir): opened with the session (manifest, stored functions and views), and
// each change saved once its statement succeeded -- one commit per statement, rolled back when saving fails.
#include "database_impl.hpp"

namespace tessera::engine {

// Stages a change into the database on disk and commits it; rolled back, and an Error, when it cannot be saved.
template <typename F>
void Database::Impl::save(F&& stage) {
  if (!disk || restoring) return;
  try {
    stage(*disk);
    disk->commit();
  } catch (const std::exception& e) {
    disk->rollback();
    throw Error(std::string("the change was made in memory but could not be saved to the database '") +
                disk->path() + "': " + e.what());
  }
}

// Opens (or creates) Options::database_path and loads its tables and views.
void Database::Impl::open_database() {
  try {
    disk = storage::DatabaseDir::open(opts.database_path);
    if (opts.database_chunk_rows > 0) disk->set_chunk_rows(opts.database_chunk_rows);
    restoring = true;
    for (storage::Table& t : disk->open_tables(threads())) add_table(std::move(t));  // columns read on first use
    for (const storage::StoredFunction& f : disk->functions()) {
      // A function whose catalog is gone does not keep the database closed: it stays stored, unusable,
      // with a warning (CREATE it again, or DROP FUNCTION it).
      try {
        run(f.sql, false, nullptr);
      } catch (const std::exception& e) {
        function_sql[lower(f.name)] = f.sql;
        warnings.push_back("function " + f.name + " is not available: " + e.what());
      }
    }
    for (const storage::StoredView& v : disk->views()) {
      run(v.sql, false, nullptr);
      view_sql[lower(v.name)] = v.sql;
    }
    restoring = false;
  } catch (const std::exception& e) {
    restoring = false;
    throw Error("cannot open the database '" + opts.database_path + "': " + e.what());
  }
}

void Database::Impl::save_table(const std::string& name) {
  save([&](storage::DatabaseDir& d) {
    if (auto it = tables.find(lower(name)); it != tables.end()) d.put_table(*it->second, threads());
    else d.drop_table(name);
  });
}

void Database::Impl::save_views() {
  save([&](storage::DatabaseDir& d) {
    std::vector<storage::StoredView> v;
    for (const auto& [name, sql] : view_sql) v.push_back({name, sql});
    d.set_views(std::move(v));
  });
}

void Database::Impl::save_functions() {
  save([&](storage::DatabaseDir& d) {
    std::vector<storage::StoredFunction> f;
    for (const auto& [name, sql] : function_sql) f.push_back({name, sql});
    d.set_functions(std::move(f));
  });
}

void Database::Impl::save_after(const sql::Statement& st, int64_t rows_before) {
  if (!disk || restoring) return;
  auto name_of = [](const std::vector<sql::Identifier>& n) { return n.back().name; };
  switch (st.kind) {
    case sql::StatementKind::CreateTable: save_table(name_of(st.as<sql::CreateTableStmt>().name)); break;
    case sql::StatementKind::DropTable: save_table(name_of(st.as<sql::DropTableStmt>().name)); break;
    case sql::StatementKind::TruncateTable: save_table(name_of(st.as<sql::TruncateTableStmt>().name)); break;
    case sql::StatementKind::BulkInsert:
    case sql::StatementKind::Insert: {
      const std::string name = name_of(st.kind == sql::StatementKind::Insert ? st.as<sql::InsertStmt>().name
                                                                             : st.as<sql::BulkInsertStmt>().name);
      auto it = tables.find(lower(name));
      if (it == tables.end()) break;
      save([&](storage::DatabaseDir& d) { d.append_rows(*it->second, rows_before, threads()); });
      break;
    }
    default: break;
  }
}

}  // namespace tessera::engine
