// A script run statement by statement: each statement dispatched by kind (SELECT, EXPLAIN, the table statements,
// views, functions), its warnings attached to its result, the files it read forgotten after it, its change saved.
#include <chrono>
#include <memory>

#include "database_impl.hpp"
#include "tessera/sql/parser.hpp"

namespace tessera::engine {

namespace {

// Byte offset of a line:column (columns count code points) in `text`.
size_t byte_offset(std::string_view text, sql::SourceLocation loc) {
  size_t i = 0;
  for (int line = 1; line < loc.line && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  for (int col = 1; col < loc.column && i < text.size(); ++col) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

// The source text of statement i of the script: from its first token to the next statement's (or the
// end), without the separating ';' and trailing blanks.
std::string statement_text(std::string_view sql, const sql::Script& script, size_t i) {
  const size_t begin = byte_offset(sql, script.statements[i]->loc);
  const size_t end = i + 1 < script.statements.size() ? byte_offset(sql, script.statements[i + 1]->loc) : sql.size();
  std::string_view t = sql.substr(begin, end > begin ? end - begin : 0);
  while (!t.empty() && (std::isspace(static_cast<unsigned char>(t.back())) || t.back() == ';')) t.remove_suffix(1);
  return std::string(t);
}

}  // namespace

QueryResult Database::Impl::run(std::string_view sql, bool explain_only, std::string* plan_text, bool analyze) {
  const auto t0 = std::chrono::steady_clock::now();
  sql::Script parsed = sql::parse_script(sql);
  auto owner = std::make_shared<sql::Script>(std::move(parsed));
  const double parse_ms = ms_since(t0);
  QueryResult last;
  struct ForgetFiles {
    Impl& impl;
    ~ForgetFiles() { impl.forget_file_tables(); }
  } forget_files{*this};
  // EXPLAIN changes nothing: a script's CREATE/DROP VIEW apply while its SELECTs are planned (TPC-H Q15 plans
  // over its view), then the views are as before, and nothing is saved.
  struct RestoreViews {
    Impl& impl;
    bool active;
    decltype(Impl::views) views;
    decltype(Impl::view_sql) view_sql;
    ~RestoreViews() {
      if (!active) return;
      impl.views = std::move(views);
      impl.view_sql = std::move(view_sql);
    }
  } restore_views{*this, explain_only, explain_only ? views : decltype(views){},
                  explain_only ? view_sql : decltype(view_sql){}};
  for (size_t i = 0; i < owner->statements.size(); ++i) {
    const auto& st = owner->statements[i];
    forget_file_tables();
    statement_messages.clear();
    instant = plan::statement_instant();  // SYSDATETIME & co.: one value for the whole statement
    struct AttachMessages {  // the statement's warnings go with its result, however it ends
      Impl& impl;
      QueryResult& last;
      ~AttachMessages() {
        for (std::string& m : impl.statement_messages) last.messages.push_back(std::move(m));
        impl.statement_messages.clear();
      }
    } attach{*this, last};
    switch (st->kind) {
      case sql::StatementKind::Select: {
        const auto& q = *st->as<sql::SelectStmt>().query;
        if (explain_only) {
          explain_select(q, analyze, *plan_text);
        } else if (!q.into.empty()) {
          last = QueryResult{};
          detail::TableStore store = table_store();
          const std::string into = q.into.back().name;
          last.rows_affected = detail::select_into(*st->as<sql::SelectStmt>().query, store);
          save_table(into);
        } else {
          last = run_select(q);
        }
        break;
      }
      case sql::StatementKind::CreateTable:
      case sql::StatementKind::DropTable:
      case sql::StatementKind::TruncateTable:
      case sql::StatementKind::BulkInsert:
      case sql::StatementKind::Insert: {
        if (explain_only)
          throw Error(sql::to_string(st->loc) + ": EXPLAIN shows the plan of a SELECT; this script also creates, "
                      "fills or drops tables (run those statements first, then EXPLAIN the SELECT)");
        last = QueryResult{};
        int64_t rows_before = 0;
        const std::vector<sql::Identifier>* target =
            st->kind == sql::StatementKind::Insert ? &st->as<sql::InsertStmt>().name
            : st->kind == sql::StatementKind::BulkInsert ? &st->as<sql::BulkInsertStmt>().name : nullptr;
        if (target)
          if (auto it = tables.find(lower(target->back().name)); it != tables.end()) rows_before = it->second->num_rows();
        last.rows_affected = run_table_statement(*st);
        save_after(*st, rows_before);
        break;
      }
      case sql::StatementKind::CreateFunction:
      case sql::StatementKind::DropFunction:
        if (explain_only)
          throw Error(sql::to_string(st->loc) + ": EXPLAIN shows the plan of a SELECT; run CREATE/DROP FUNCTION first");
        if (st->kind == sql::StatementKind::CreateFunction) create_function(st->as<sql::CreateFunctionStmt>());
        else drop_function(st->as<sql::DropFunctionStmt>());
        break;
      case sql::StatementKind::CreateView: {
        const auto& v = st->as<sql::CreateViewStmt>();
        create_view(v, owner);
        view_sql[lower(v.name.back().name)] = statement_text(sql, *owner, i);
        if (!explain_only) save_views();
        break;
      }
      case sql::StatementKind::DropView: {
        const auto& d = st->as<sql::DropViewStmt>();
        const std::string name = lower(d.name.back().name);
        if (!views.erase(name) && !d.if_exists)
          throw Error(sql::to_string(d.loc) + ": cannot drop the view '" + d.name.back().name +
                      "', because it does not exist");
        if (view_sql.erase(name) && !explain_only) save_views();
        break;
      }
    }
  }
  last.timing.parse_ms = parse_ms;
  return last;
}

}  // namespace tessera::engine
