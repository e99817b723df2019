// CREATE FUNCTION ... AS EXTERNAL NAME and DROP FUNCTION: user functions from a tessera-cc --udf-spec catalog,
// merged into the session's catalog (and the GPU's modules), stored with the database.
#include <filesystem>

#include "database_impl.hpp"
#include "tessera/plan/type_rules.hpp"
#include "tessera/sql/printer.hpp"

namespace tessera::engine {

// CREATE FUNCTION name (@p type, ...) RETURNS type AS EXTERNAL NAME [catalog].[symbol]: the function of a
// tessera-cc --udf-spec catalog, checked against the declared signature, added to the catalog.
void Database::Impl::create_function(const sql::CreateFunctionStmt& f) {
  device.ready();  // the bring-up thread reads the catalog this changes
  const std::string name = f.name.back().name;
  const std::string where = sql::to_string(f.loc) + ": ";
  const std::string symbol = f.external[1].name;
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(f.external[0].name, ec);
  std::string error;
  std::unique_ptr<rt::Catalog> other = rt::Catalog::load(dir.string(), error);
  if (!other) throw Error(sql::to_string(f.external[0].loc) + ": cannot load the function catalog '" + dir.string() + "': " + error);
  const std::string kernel = other->find_function(symbol, error);
  if (kernel.empty()) throw Error(sql::to_string(f.external[1].loc) + ": " + error);
  const fn::FunctionSpec* spec = other->find(kernel)->spec;
  auto text = [](fn::SqlType t) { return std::string(fn::type_name(t)); };
  if (spec->args.size() != f.params.size())
    throw Error(where + "function " + name + " declares " + std::to_string(f.params.size()) + " parameters but the C++ function " +
                symbol + " takes " + std::to_string(spec->args.size()));
  for (size_t i = 0; i < f.params.size(); ++i) {
    const fn::SqlType declared = plan::storage_type_of(f.params[i].type).physical();
    if (declared != spec->args[i].type)
      throw Error(sql::to_string(f.params[i].name.loc) + ": parameter " + f.params[i].name.name + " is " +
                  sql::to_sexpr(f.params[i].type) + " but argument " + std::to_string(i + 1) + " of " + symbol +
                  " is " + text(spec->args[i].type));
  }
  if (plan::storage_type_of(f.returns).physical() != spec->result)
    throw Error(sql::to_string(f.returns.loc) + ": function " + name + " RETURNS " + sql::to_sexpr(f.returns) +
                " but " + symbol + " returns " + text(spec->result));
  if (!catalog->merge_function(std::move(other), symbol, name, error)) throw Error(where + error);
  if (device.kernels() && !device.kernels()->load_new_modules(*catalog, error)) {
    catalog->remove_function(name);
    throw Error(where + "cannot load the GPU code of " + name + ": " + error);
  }
  // Stored with the catalog's absolute path, so the database opens from any directory.
  std::string sql = "CREATE FUNCTION [" + name + "](";
  for (size_t i = 0; i < f.params.size(); ++i)
    sql += (i ? ", " : "") + f.params[i].name.name + " " + sql::to_sexpr(f.params[i].type);
  auto quoted = [](const std::string& s) {
    std::string q = "[";
    for (char c : s) q += c == ']' ? std::string("]]") : std::string(1, c);
    return q + "]";
  };
  sql += ") RETURNS " + sql::to_sexpr(f.returns) + " AS EXTERNAL NAME " + quoted(dir.string()) + "." + quoted(symbol);
  function_sql[lower(name)] = sql;
  save_functions();
}

void Database::Impl::drop_function(const sql::DropFunctionStmt& d) {
  device.ready();  // the bring-up thread reads the catalog this changes
  const std::string name = d.name.back().name;
  if (!function_sql.count(lower(name))) {
    if (d.if_exists) return;
    throw Error(sql::to_string(d.loc) + ": Msg 3701: Cannot drop the function '" + name +
                "', because it does not exist (only functions made with CREATE FUNCTION can be dropped)");
  }
  catalog->remove_function(name);
  function_sql.erase(lower(name));
  save_functions();
}

}  // namespace tessera::engine
