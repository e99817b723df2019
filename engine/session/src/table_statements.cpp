// CREATE TABLE, SELECT ... INTO, INSERT, TRUNCATE TABLE, DROP TABLE (see table_statements.hpp).
#include "table_statements.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "tessera/functions/utf8.hpp"
#include "tessera/plan/type_rules.hpp"
#include "tessera/sql/parser.hpp"
#include "tessera/sql/printer.hpp"
#include "tessera/tpch/loader.hpp"

namespace tessera::engine::detail {
namespace {

using storage::DataType;
using storage::TypeId;

std::string where(sql::SourceLocation loc) { return sql::to_string(loc) + ": "; }

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}


DataType column_type(const sql::TypeName& t) {
  try {
    return plan::storage_type_of(t);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
}

void check_new_name(const std::vector<sql::Identifier>& name, TableStore& store) {
  const std::string& n = name.back().name;
  if (store.find_table(n) || store.is_view(n))
    throw Error(where(name.back().loc) + "Msg 2714: There is already an object named '" + n + "' in the database.");
}

void check_unique_columns(const storage::Schema& s, const std::string& table, const std::vector<sql::SourceLocation>& locs) {
  for (size_t i = 0; i < s.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (lower(s.field(i).name) == lower(s.field(j).name))
        throw Error(where(locs.at(i)) + "Msg 2705: Column names in each table must be unique. Column name '" +
                    s.field(i).name + "' in table '" + table + "' is specified more than once.");
}

storage::Table& existing_table(const std::vector<sql::Identifier>& name, TableStore& store, std::string_view verb) {
  const sql::Identifier& id = name.back();
  if (storage::Table* t = store.find_table(id.name)) return *t;
  if (store.is_view(id.name))
    throw Error(where(id.loc) + "cannot " + std::string(verb) + " the view '" + id.name + "': it is a view, not a table");
  throw Error(where(id.loc) + "Msg 208: Invalid object name '" + id.name + "'.");
}

// Values converted to VARCHAR(MAX) fitted into CHAR(n) / VARCHAR(n): blanks past n characters are dropped
// (SQL Server does the same), anything else there is Msg 2628; CHAR(n) is blank-padded to n characters.
rt::Column fit_strings(const rt::Column& in, const DataType& to, const std::string& table, const std::string& column,
                       int64_t first_row) {
  rt::Column out;
  out.type = fn::SqlType::String;
  for (int64_t r = 0; r < in.rows; ++r) {
    if (!in.valid.empty() && !in.valid[r]) {
      storage::append_null(out);
      continue;
    }
    std::string v(in.string(r));
    const int32_t bytes = static_cast<int32_t>(v.size());
    const int64_t chars = fn::Utf8::count(v.data(), bytes);  // characters as LEN counts them
    if (to.length > 0 && chars > to.length) {
      const size_t keep = static_cast<size_t>(fn::Utf8::advance(v.data(), bytes, 0, to.length));
      if (v.find_first_not_of(' ', keep) != std::string::npos)
        throw Error("Msg 2628: String or binary data would be truncated in table '" + table + "', column '" + column +
                    "'. Truncated value: '" + v.substr(0, keep) + "' (row " + std::to_string(first_row + r + 1) +
                    ", a value of " + std::to_string(chars) + " characters into " + to.to_string() + ").");
      v.resize(keep);
    }
    if (to.id == TypeId::Char && to.length > 0) v.append(static_cast<size_t>(to.length - std::min(chars, int64_t(to.length))), ' ');
    out.append_string(v);
  }
  return out;
}

// A CAST of `value` to the column's declared type; strings with a length go to VARCHAR(MAX) first
// (fit_strings checks and pads them).
sql::ExprPtr cast_to(sql::ExprPtr value, const storage::Field& f) {
  sql::TypeName type = sql::parse_type(declared_type(f));
  if (f.type.is_string()) {
    type.id = sql::TypeId::VarChar;
    type.spelling = "VARCHAR";
    type.length.reset();
    type.max_length = true;
  }
  const sql::SourceLocation loc = value->loc;
  auto cast = std::make_unique<sql::CastExpr>(loc);
  type.loc = loc;
  cast->value = std::move(value);
  cast->type = type;
  return cast;
}

sql::ExprPtr null_literal(sql::SourceLocation loc) {
  return std::make_unique<sql::LiteralExpr>(loc, sql::LiteralKind::Null, "NULL");
}

// The columns of `result` as rows for `table`: strings fitted, NOT NULL checked.
storage::Table rows_for(const storage::Table& table, QueryResult&& result, int64_t first_row) {
  storage::Table rows(table.name(), table.schema());
  for (size_t i = 0; i < table.num_columns(); ++i) {
    const storage::Field& f = table.schema().field(i);
    rt::Column c = std::move(result.columns.at(i));
    if (f.type.is_string()) c = fit_strings(c, f.type, table.name(), f.name, first_row);
    if (c.type != f.type.physical())
      throw tessera::internal_error("INSERT converted column '" + f.name + "' to " + result.types.at(i).to_string() +
                  ", not " + f.type.to_string());
    if (!f.nullable && !c.valid.empty()) {
      for (int64_t r = 0; r < c.rows; ++r)
        if (!c.valid[r])
          throw Error("Msg 515: Cannot insert the value NULL into column '" + f.name + "', table '" + table.name() +
                      "'; column does not allow nulls. INSERT fails (row " + std::to_string(first_row + r + 1) + ").");
    }
    rows.column(i) = std::move(c);
  }
  rows.validate();
  return rows;
}

// SELECT (select list) -- without FROM: one row of constants.
std::unique_ptr<sql::SelectStatement> select_of(std::vector<sql::ExprPtr> items, sql::SourceLocation loc) {
  auto q = std::make_unique<sql::SelectStatement>();
  q->loc = loc;
  for (auto& e : items) {
    sql::SelectItem item;
    item.loc = e->loc;
    item.expr = std::move(e);
    q->items.push_back(std::move(item));
  }
  return q;
}

}  // namespace

std::string declared_type(const storage::Field& f) {
  if (!f.declared.empty()) return f.declared;
  const DataType& t = f.type;
  if (!t.is_string()) return plan::type_text(t);  // INT, BIGINT, DECIMAL(p,s), ...: the binder's names
  if (t.length <= 0) return "VARCHAR(MAX)";
  return (t.id == TypeId::Char ? "CHAR(" : "VARCHAR(") + std::to_string(t.length) + ")";
}

int64_t create_table(sql::CreateTableStmt& st, TableStore& store) {
  if (st.as_query) {
    // CREATE TABLE t AS SELECT ...: the same as SELECT ... INTO t.
    st.as_query->into = st.name;
    st.as_query->into_loc = st.loc;
    return select_into(*st.as_query, store);
  }
  check_new_name(st.name, store);
  storage::Schema schema;
  std::vector<sql::SourceLocation> locs;
  for (const sql::ColumnDef& c : st.columns) {
    storage::Field f;
    f.name = c.name.name;
    f.type = column_type(c.type);
    if (!c.collation.empty()) {
      if (!f.type.is_string())
        throw Error(where(c.collation_loc) + "Msg 447: Expression type " + declared_type(f) + " is invalid for COLLATE clause.");
      const auto collation = storage::collation_from_name(c.collation);
      if (!collation)
        throw Error(where(c.collation_loc) + "Msg 448: Invalid collation '" + c.collation +
                    "' (names say _CI_ or _CS_, or end in _BIN / _BIN2).");
      f.type.collation = *collation;  // the column's: a COLLATE clause beats it
    }
    f.nullable = !c.not_null;
    f.declared = sql::to_sexpr(c.type);  // "DECIMAL(15,2)", "VARCHAR(MAX)": parse_type reads it back
    if (f.declared == declared_type(storage::Field{f.name, f.type, true, ""})) f.declared.clear();
    schema.add(std::move(f));
    locs.push_back(c.name.loc);
  }
  check_unique_columns(schema, st.name.back().name, locs);
  store.add_table(storage::Table(st.name.back().name, std::move(schema)));
  return -1;
}

int64_t select_into(sql::SelectStatement& q, TableStore& store) {
  const std::vector<sql::Identifier> name = std::move(q.into);
  q.into.clear();
  check_new_name(name, store);
  for (const sql::SelectItem& item : q.items)
    if (!item.alias && item.expr->kind != sql::ExprKind::ColumnRef && item.expr->kind != sql::ExprKind::Star)
      throw Error(where(item.loc) + "Msg 1038: An object or column name is missing or empty. For SELECT INTO "
                  "statements, verify each column has a name (add AS name).");
  QueryResult r = store.run_select(q);
  storage::Schema schema;
  for (size_t i = 0; i < r.names.size(); ++i) schema.add({r.names[i], r.types[i], true, ""});
  check_unique_columns(schema, name.back().name, std::vector<sql::SourceLocation>(schema.size(), q.into_loc));
  storage::Table t(name.back().name, std::move(schema));
  for (size_t i = 0; i < r.columns.size(); ++i) t.column(i) = std::move(r.columns[i]);
  t.validate();
  const int64_t rows = t.num_rows();
  store.add_table(std::move(t));
  return rows;
}

namespace {
int64_t insert_rows(sql::InsertStmt& st, TableStore& store, storage::Table* prepared);
}

int64_t insert(sql::InsertStmt& st, TableStore& store) { return insert_rows(st, store, nullptr); }

namespace {

// INSERT; with `prepared`, its rows are the source (BULK INSERT's file) instead of st.query's result.
int64_t insert_rows(sql::InsertStmt& st, TableStore& store, storage::Table* prepared) {
  storage::Table& table = existing_table(st.name, store, "insert into");
  const storage::Schema& schema = table.schema();
  // target[k]: the table column the k-th value goes to.
  std::vector<size_t> target;
  if (st.columns.empty()) {
    for (size_t i = 0; i < schema.size(); ++i) target.push_back(i);
  } else {
    for (const sql::Identifier& c : st.columns) {
      const int i = schema.index_of(c.name);
      if (i < 0) throw Error(where(c.loc) + "Msg 207: Invalid column name '" + c.name + "'.");
      if (std::find(target.begin(), target.end(), size_t(i)) != target.end())
        throw Error(where(c.loc) + "Msg 264: The column name '" + c.name +
                    "' is specified more than once in the SET clause or column list of an INSERT.");
      target.push_back(static_cast<size_t>(i));
    }
  }
  for (size_t i = 0; i < schema.size(); ++i)
    if (!schema.field(i).nullable && std::find(target.begin(), target.end(), i) == target.end())
      throw Error(where(st.loc) + "Msg 515: Cannot insert the value NULL into column '" + schema.field(i).name +
                  "', table '" + table.name() + "'; column does not allow nulls. INSERT fails.");

  // The select list that converts one source row (its values in `values`) to the table's columns.
  auto converted = [&](std::vector<sql::ExprPtr> values, sql::SourceLocation loc) {
    std::vector<sql::ExprPtr> items(schema.size());
    for (size_t k = 0; k < target.size(); ++k) items[target[k]] = cast_to(std::move(values[k]), schema.field(target[k]));
    for (size_t i = 0; i < schema.size(); ++i)
      if (!items[i]) items[i] = cast_to(null_literal(loc), schema.field(i));
    return select_of(std::move(items), loc);
  };

  storage::Table rows(table.name(), schema);
  if (st.query || prepared) {
    // The query's result becomes a temporary table, converted by SELECT CAST(c1 AS t1), ... FROM it (a *
    // in the query means its column count is known only once it ran).
    const sql::SourceLocation loc = st.query ? st.query->loc : st.loc;
    QueryResult src;
    if (prepared) {
      for (size_t k = 0; k < prepared->num_columns(); ++k) {
        src.names.push_back(prepared->schema().field(k).name);
        src.types.push_back(prepared->schema().field(k).type);
        src.columns.push_back(std::move(prepared->column(k)));
      }
    } else {
      src = store.run_select(*st.query);
    }
    if (src.names.size() != target.size())
      throw Error(where(loc) + (src.names.size() < target.size()
                                    ? "Msg 120: The select list for the INSERT statement contains fewer items than the insert list."
                                    : "Msg 121: The select list for the INSERT statement contains more items than the insert list.") +
                  " (" + std::to_string(src.names.size()) + " values for " + std::to_string(target.size()) + " columns)");
    const std::string temp = "#insert source";  // '#': no user table can have this name unquoted
    storage::Schema temp_schema;
    for (size_t k = 0; k < src.types.size(); ++k) temp_schema.add({"c" + std::to_string(k + 1), src.types[k], true, ""});
    storage::Table source(temp, std::move(temp_schema));
    for (size_t k = 0; k < src.columns.size(); ++k) source.column(k) = std::move(src.columns[k]);
    store.add_table(std::move(source));
    struct DropTemp {
      TableStore& store;
      const std::string& name;
      ~DropTemp() { store.drop_table(name); }
    } drop_temp{store, temp};
    std::vector<sql::ExprPtr> values;
    for (size_t k = 0; k < target.size(); ++k) {
      auto ref = std::make_unique<sql::ColumnRefExpr>(loc);
      ref->parts.push_back(sql::Identifier{"c" + std::to_string(k + 1), true, loc});
      values.push_back(std::move(ref));
    }
    std::unique_ptr<sql::SelectStatement> convert = converted(std::move(values), loc);
    auto from = std::make_unique<sql::TableNameRef>(loc);
    from->name.push_back(sql::Identifier{temp, true, loc});
    convert->from.push_back(std::move(from));
    rows = rows_for(table, store.run_select(*convert), 0);
  } else {
    for (size_t r = 0; r < st.rows.size(); ++r) {
      std::vector<sql::ExprPtr>& values = st.rows[r];
      const sql::SourceLocation loc = st.row_locs[r];
      if (values.size() != target.size())
        throw Error(where(loc) + (values.size() > target.size()
                                      ? "Msg 110: There are fewer columns in the INSERT statement than values specified in the VALUES clause."
                                      : "Msg 109: There are more columns in the INSERT statement than values specified in the VALUES clause.") +
                    " The number of values in the VALUES clause must match the number of columns specified in the "
                    "INSERT statement (row " + std::to_string(r + 1) + ": " + std::to_string(values.size()) +
                    " values for " + std::to_string(target.size()) + " columns).");
    }
    for (size_t r = 0; r < st.rows.size(); ++r) {
      QueryResult one;
      try {
        one = store.run_select(*converted(std::move(st.rows[r]), st.row_locs[r]));
      } catch (const std::exception& e) {
        throw Error("row " + std::to_string(r + 1) + " of VALUES: " + e.what());
      }
      rows.append(rows_for(table, std::move(one), static_cast<int64_t>(r)));
    }
  }
  const int64_t n = rows.num_rows();
  table.append(std::move(rows));
  store.rows_changed(table);
  return n;
}

}  // namespace

int64_t bulk_insert(sql::BulkInsertStmt& st, TableStore& store) {
  storage::Table& table = existing_table(st.name, store, "bulk insert into");
  FileRead fr;
  int64_t first_row = 1;
  for (const auto& o : st.options) {
    auto bad = [&](const std::string& why) { return Error(where(o.loc) + "BULK INSERT option " + o.name + ": " + why); };
    if (o.name == "FORMAT") {
      const std::string f = lower(o.value);
      if (f != "csv" && f != "parquet") throw bad("expected 'CSV' or 'PARQUET', not '" + o.value + "'");
      fr.format = f;
    } else if (o.name == "FIRSTROW") {
      char* end = nullptr;
      first_row = std::strtoll(o.value.c_str(), &end, 10);
      if (o.value.empty() || *end || first_row < 1) throw bad("expected a row number of 1 or more, not '" + o.value + "'");
    } else if (o.name == "FIELDTERMINATOR") {
      // SQL Server's escapes: '\t' is a tab, ',' a comma.
      fr.delimiter = o.value == "\\t" ? "\t" : o.value;
      if (fr.delimiter.empty()) throw bad("the field terminator cannot be empty");
    } else if (o.name == "ROWTERMINATOR") {
      if (o.value != "\\n" && o.value != "\\r\\n" && o.value != "0x0a" && o.value != "\n" && o.value != "\r\n")
        throw bad("only line ends ('\\n', '\\r\\n', '0x0a') are supported, not '" + o.value + "'");
    } else if (o.name == "FIELDQUOTE") {
      if (o.value != "\"") throw bad("only '\"' is supported");
    } else if (o.name == "CODEPAGE") {
      if (o.value != "65001" && lower(o.value) != "raw" && lower(o.value) != "acp")
        throw bad("files are read as UTF-8 (65001)");
    } else if (o.name == "TABLOCK" || o.name == "KEEPNULLS") {
      // TABLOCK: one writer at a time anyway; KEEPNULLS: an empty field is NULL (there are no defaults).
    } else {
      throw Error(where(o.loc) + "BULK INSERT option " + o.name + " is not supported (FORMAT, FIRSTROW, FIELDTERMINATOR, "
                  "ROWTERMINATOR, FIELDQUOTE, CODEPAGE, TABLOCK, KEEPNULLS)");
    }
  }
  const std::string path = st.path;
  const std::string source = "#bulk source";
  const bool parquet = fr.format == "parquet" ||
                       (fr.format.empty() && path.size() > 8 && lower(path.substr(path.size() - 8)) == ".parquet");
  storage::Table rows;
  if (parquet) {
    try {
      rows = store.read_file(source, path, fr);
    } catch (const Error&) {
      throw;
    } catch (const std::exception& e) {
      throw Error(where(st.path_loc) + "BULK INSERT cannot read '" + path + "': " + e.what());
    }
  } else {
    // CSV: Tessera's own parallel parser, every field as text (the table's types decide, converted as INSERT
    // converts); RFC 4180 quoting, an empty field is NULL, a row with another number of fields is an error
    // naming its line.
    if (fr.delimiter.size() > 1)
      throw Error(where(st.path_loc) + "BULK INSERT: a FIELDTERMINATOR of one character is supported, not '" + fr.delimiter + "'");
    storage::Schema text_schema;
    for (size_t k = 0; k < table.num_columns(); ++k) text_schema.add({table.schema().field(k).name, DataType::varchar(0), true, ""});
    tpch::LoadOptions o = tpch::LoadOptions::csv(false, fr.delimiter.empty() ? ',' : fr.delimiter[0]);
    o.threads = store.threads;
    o.skip_lines = first_row - 1;
    try {
      rows = tpch::load_file(path, source, text_schema, o);
    } catch (const tpch::LoadError& e) {
      throw Error("BULK INSERT: " + std::string(e.what()));
    }
  }
  if (rows.num_columns() != table.num_columns())
    throw Error(where(st.path_loc) + "BULK INSERT: '" + path + "' has " + std::to_string(rows.num_columns()) +
                " fields per row where table '" + table.name() + "' has " + std::to_string(table.num_columns()) + " columns");
  // INSERT INTO t with the file's rows as the source.
  sql::InsertStmt ins(st.loc);
  ins.name = st.name;
  try {
    return insert_rows(ins, store, &rows);
  } catch (const std::exception& e) {
    throw Error("BULK INSERT from '" + path + "' (its data rows counted from line " + std::to_string(first_row) +
                "): " + e.what());
  }
}

int64_t truncate_table(const sql::TruncateTableStmt& st, TableStore& store) {
  storage::Table& table = existing_table(st.name, store, "truncate");
  table = storage::Table(table.name(), table.schema());
  store.rows_changed(table);
  return -1;
}

int64_t drop_table(const sql::DropTableStmt& st, TableStore& store) {
  const sql::Identifier& id = st.name.back();
  if (!store.find_table(id.name)) {
    if (st.if_exists) return -1;
    if (store.is_view(id.name)) throw Error(where(id.loc) + "cannot drop '" + id.name + "' with DROP TABLE: it is a view (DROP VIEW)");
    throw Error(where(id.loc) + "Msg 3701: Cannot drop the table '" + id.name +
                "', because it does not exist or you do not have permission.");
  }
  store.drop_table(id.name);
  return -1;
}

}  // namespace tessera::engine::detail
