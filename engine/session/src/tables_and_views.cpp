// The session's tables and views: CREATE VIEW, adding and dropping tables (and forgetting what was computed from
// their rows), and the TableStore the table statements (table_statements.hpp) work through.
#include "database_impl.hpp"
#include "tessera/plan/binder.hpp"

namespace tessera::engine {

void Database::Impl::create_view(const sql::CreateViewStmt& v, const std::shared_ptr<const sql::Script>& owner) {
  const std::string name = lower(v.name.back().name);
  if (views.count(name) || tables.count(name))
    throw Error(sql::to_string(v.loc) + ": there is already an object named '" + v.name.back().name + "'");
  plan::ViewDef def;
  def.name = name;
  for (const auto& c : v.columns) def.columns.push_back(lower(c.name));
  def.owner = owner;
  def.query = v.query.get();
  // Bind once now, so a broken view is refused at CREATE VIEW rather than at its first use (a stored
  // view is not: what it uses may have been dropped since, as SQL Server allows).
  views[name] = def;
  if (restoring) return;
  try {
    plan::BoundQuery b = plan::bind_query(*v.query, bind_env());
    if (!def.columns.empty() && def.columns.size() != b.plan->outputs.size())
      throw plan::BindError(v.loc, "view '" + name + "' names " + std::to_string(def.columns.size()) +
                                       " columns but its query returns " + std::to_string(b.plan->outputs.size()));
  } catch (...) {
    views.erase(name);
    throw;
  }
}

// Forgets what was computed from a table's rows: distinct-value estimates and GPU-resident columns.
void Database::Impl::forget_rows(const storage::Table* t) {
  std::lock_guard<std::mutex> lock(stats_mutex);
  for (auto s = distinct.begin(); s != distinct.end();) s = s->first.first == t ? distinct.erase(s) : std::next(s);
#ifdef TESSERA_HAVE_GPU_ENGINE
  if (auto* cache = device.cache()) cache->forget(t);
#endif
}

void Database::Impl::add_table(storage::Table t) {
  const std::string name = lower(t.name());
  if (auto it = tables.find(name); it != tables.end()) forget_rows(it->second.get());
  tables[name] = std::make_unique<storage::Table>(std::move(t));
}

bool Database::Impl::drop_table(std::string_view n) {
  auto it = tables.find(lower(n));
  if (it == tables.end()) return false;
  forget_rows(it->second.get());
  tables.erase(it);
  return true;
}

detail::TableStore Database::Impl::table_store() {
  detail::TableStore s;
  s.find_table = [this](std::string_view n) -> storage::Table* {
    auto it = tables.find(lower(n));
    return it == tables.end() ? nullptr : it->second.get();
  };
  s.is_view = [this](std::string_view n) { return views.count(lower(n)) > 0; };
  s.add_table = [this](storage::Table t) { add_table(std::move(t)); };
  s.drop_table = [this](std::string_view n) { drop_table(n); };
  s.rows_changed = [this](const storage::Table& t) { forget_rows(&t); };
  s.run_select = [this](const sql::SelectStatement& q) { return run_select(q); };
  s.read_file = [this](const std::string& name, const std::string& path, const FileRead& fr) {
    if (!opts.file_reader) throw Error("BULK INSERT reads files through DuckDB, which this program was built without");
    return opts.file_reader(name, path, fr);
  };
  s.threads = threads();
  return s;
}

int64_t Database::Impl::run_table_statement(sql::Statement& st) {
  detail::TableStore store = table_store();
  switch (st.kind) {
    case sql::StatementKind::CreateTable: return detail::create_table(st.as<sql::CreateTableStmt>(), store);
    case sql::StatementKind::DropTable: return detail::drop_table(st.as<sql::DropTableStmt>(), store);
    case sql::StatementKind::TruncateTable: return detail::truncate_table(st.as<sql::TruncateTableStmt>(), store);
    case sql::StatementKind::Insert: return detail::insert(st.as<sql::InsertStmt>(), store);
    case sql::StatementKind::BulkInsert: return detail::bulk_insert(st.as<sql::BulkInsertStmt>(), store);
    default: throw tessera::internal_error("not a table statement");
  }
}

}  // namespace tessera::engine
