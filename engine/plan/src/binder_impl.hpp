// Internals of the binder, shared by its source files (bind_select, bind_expr, bind_call).
#pragma once

#include <functional>

#include <map>
#include <optional>
#include <set>

#include "tessera/plan/binder.hpp"
#include "tessera/functions/registry.hpp"
#include "tessera/plan/type_rules.hpp"

namespace tessera::plan {

struct ScopeEntry {
  std::string qualifier;  // lower case table name or alias
  std::string name;       // lower case column name
  ColumnId id;
  DataType type;
};

// The columns visible in one SELECT; `outer` is the enclosing query's scope (correlation).
struct Scope {
  std::vector<ScopeEntry> entries;
  const Scope* outer = nullptr;
  std::set<ColumnId>* outer_refs = nullptr;  // filled with columns found in an outer scope
  bool owns(ColumnId id) const {
    for (const auto& e : entries)
      if (e.id == id) return true;
    return false;
  }
};

// Aggregates met while binding a SELECT list / HAVING / ORDER BY of an aggregating query.
struct AggContext {
  std::vector<Aggregate> aggs;
  std::vector<OutputColumn> outputs;
  std::vector<std::string> keys;
  std::vector<std::string> group_keys;  // fingerprints of the GROUP BY expressions, in order
  // GROUPING (e) / GROUPING_ID (e, ...): the GROUP BY positions they test, and their output columns.
  std::vector<std::vector<size_t>> groupings;
  std::vector<OutputColumn> grouping_outputs;
};

// A correlated scalar subquery turned into a plan to left-join (see bind_select.cpp).
struct PendingApply {
  PlanPtr plan;
  std::vector<ExprPtr> conditions;
};

// Window functions met while binding a SELECT list / ORDER BY: computed by one Window operator.
struct WindowContext {
  std::vector<WindowFunction> funcs;
  std::vector<OutputColumn> outputs;
};

struct ExprContext {
  const Scope* scope = nullptr;
  AggContext* aggs = nullptr;                    // aggregates allowed here
  std::vector<PendingApply>* applies = nullptr;  // correlated scalar subqueries allowed here
  const char* clause = "expression";
  WindowContext* windows = nullptr;              // window functions allowed here
};

enum class SubqueryMode { None, Exists, In, Scalar };

struct BoundSelect {
  PlanPtr plan;
  std::vector<ExprPtr> correlated;  // join conditions to the outer query
  std::optional<OutputColumn> value;  // In / Scalar
  bool value_is_count = false;        // Scalar: the value is COUNT, so "no group" means 0
  bool ordered = false;
  std::vector<int> order_by;
};

class Binder {
 public:
  explicit Binder(const BindEnv& env) : env_(env) {}

  BoundSelect bind_select(const sql::SelectStatement& q, const Scope* outer, SubqueryMode mode);
  // UNION [ALL] / INTERSECT / EXCEPT (bind_set_operation.cpp).
  BoundSelect bind_set_operation(const sql::SelectStatement& q, const Scope* outer, SubqueryMode mode);
  ExprPtr bind_expr(const sql::Expr& e, ExprContext& ctx);

  // bind_call.cpp
  ExprPtr bind_function(const sql::FunctionCallExpr& f, ExprContext& ctx);
  void check_datepart_types(const std::string& function, const std::string& part_name, std::vector<ExprPtr>& args,
                            sql::SourceLocation loc);
  ExprPtr bind_cast(ExprPtr value, const sql::TypeName& type, ExprPtr style, bool is_try, sql::SourceLocation loc);
  // A library function by SQL name over bound arguments (overload resolution, implicit conversions).
  // `only`: that overload and no other (CAST/CONVERT choose theirs by the target type).
  ExprPtr call(std::string_view sql_name, std::vector<ExprPtr> args, sql::SourceLocation loc,
               std::optional<DataType> decimal_result = std::nullopt, const fn::FunctionSpec* only = nullptr);
  ExprPtr coerce(ExprPtr e, const DataType& to, sql::SourceLocation loc);
  // GREATEST, LEAST, CONCAT, CONCAT_WS over their 1..254 arguments (chains of the library's kernels), NULLIF,
  // IIF, CHOOSE (CASE expressions), STRING_ESCAPE (its type checked) and the bit functions (INT or BIGINT);
  // nullptr for other names. Then a kernel by id (BindError if the catalog lacks it), and a value as CONCAT's text.
  ExprPtr bind_variadic(const std::string& name, std::vector<ExprPtr>& args, sql::SourceLocation loc);
  const fn::FunctionSpec& kernel_spec(std::string_view kernel, sql::SourceLocation loc);
  ExprPtr as_text(ExprPtr e, sql::SourceLocation loc);
  ExprPtr bind_case_function(const std::string& name, std::vector<ExprPtr>& args, sql::SourceLocation loc);
  ExprPtr bind_str(std::vector<ExprPtr>& args, sql::SourceLocation loc);     // bind_format.cpp
  ExprPtr bind_format(std::vector<ExprPtr>& args, sql::SourceLocation loc);
  // PARSE / TRY_PARSE (bind_parse.cpp): the kernel by the target type, the culture a checked constant.
  ExprPtr bind_parse(ExprPtr value, const sql::TypeName& type, ExprPtr culture, bool is_try, sql::SourceLocation loc);
  // RAND, CURRENT_TIMEZONE, CURRENT_TIMEZONE_ID (bind_parse.cpp): constants of the statement; nullptr for other names.
  ExprPtr bind_statement_value(const std::string& name, std::vector<ExprPtr>& args, sql::SourceLocation loc);
  // JSON_OBJECT and JSON_ARRAY (the parser's form: the arguments, then the ON NULL clause as 0 or 1): chains of
  // json_object_N / json_array_N; the AST says which values are JSON already (a nested JSON_OBJECT, JSON_ARRAY,
  // JSON_QUERY or JSON_MODIFY).
  ExprPtr bind_json_constructor(const sql::FunctionCallExpr& f, std::vector<ExprPtr>& args);
  ExprPtr bind_formatmessage(std::vector<ExprPtr>& args, sql::SourceLocation loc);
  // SYSDATETIME, SYSUTCDATETIME, GETDATE, GETUTCDATE, CURRENT_TIMESTAMP, CURRENT_DATE: the kernels current_datetime
  // and current_date over the statement's instant (env_.instant, else the clock read once by this binder);
  // nullptr for other names.
  ExprPtr bind_current_time(const std::string& name, const std::vector<ExprPtr>& args, sql::SourceLocation loc,
                            bool odbc);
  // {fn OCTET_LENGTH(x)}, {fn BIT_LENGTH(x)}: a string's kernel, another type's internal size (bind_variadic.cpp).
  ExprPtr bind_odbc_length(const std::string& name, std::vector<ExprPtr>& args, sql::SourceLocation loc);
  std::optional<StatementInstant> instant_;
  // Collations (bind_expr.cpp): a COLLATE clause's name; whether strings of these types compare
  // case-insensitively (an explicit COLLATE, else the database's; two different explicit ones are Msg
  // 468); a string folded for such comparisons; an aggregate's string keys grouped, a sort's ordered,
  // case-insensitively.
  storage::Collation collation_named(const std::string& name, sql::SourceLocation loc);
  // The collation an operation on a and b uses (only its collation fields are set); Msg 468 on a conflict.
  DataType collation_of(const DataType& a, const DataType& b, sql::SourceLocation loc) const;
  bool case_insensitive(const DataType& a, const DataType& b, sql::SourceLocation loc) const;
  // An aggregate's output column in `aggs` (an equal aggregate's if there is one).
  ExprPtr aggregate_output(const Aggregate& a, const DataType& t, const std::string& name, AggContext& aggs);
  ExprPtr shifted_sum(const Aggregate& a, AggContext& aggs);
  // STDEV, STDEVP, VAR, VARP, APPROX_COUNT_DISTINCT over the engine's COUNT and SUM (bind_expr.cpp): the argument
  // as FLOAT (Msg 8117 for a non-number), and the variance or deviation `n` names from COUNT_BIG(x), SUM(x) and
  // SUM(x * x), as aggregates or as window functions.
  ExprPtr bind_statistical(const sql::FunctionCallExpr& f, const ExprPtr& arg, AggContext& aggs);
  ExprPtr bind_string_agg(const sql::FunctionCallExpr& f, ExprContext& ctx);
  ExprPtr statistical_argument(const std::string& n, const ExprPtr& arg, sql::SourceLocation loc);
  ExprPtr statistical_result(const std::string& n, const ExprPtr& count, const ExprPtr& s1, const ExprPtr& s2,
                             sql::SourceLocation loc);
  ExprPtr fold_case(ExprPtr e, sql::SourceLocation loc);
  void group_case_insensitively(LogicalOp& aggregate, sql::SourceLocation loc);
  void order_case_insensitively(LogicalOp& sort_or_limit, sql::SourceLocation loc);
  // An implicit conversion that is CAST's: a string to a number or a date (SQL Server's data type precedence
  // puts strings last: '1' + 1 is 2, 'a' + 1 is Msg 245), between date and time types (DATE to DATETIME2,
  // ...), a number to a function's integer parameter.
  ExprPtr cast_to(ExprPtr e, const DataType& to, sql::SourceLocation loc);
  ExprPtr fold(ExprPtr e);  // constant-folds e if it has no columns and no subquery

  ColumnId new_id() { return next_id_++; }

 private:
  PlanPtr bind_from(const sql::SelectStatement& q, Scope& scope);
  PlanPtr bind_table_ref(const sql::TableRef& t, Scope& scope);
  PlanPtr bind_named_query(const sql::SelectStatement& q, const std::vector<std::string>& columns,
                           const std::string& qualifier, sql::SourceLocation loc, Scope& scope);
  ExprPtr bind_aggregate(const sql::FunctionCallExpr& f, ExprContext& ctx);
  ExprPtr bind_window(const sql::FunctionCallExpr& f, ExprContext& ctx);  // bind_window.cpp
  // bind_grouping_sets.cpp: GROUPING / GROUPING_ID, and one aggregate per grouping set, unioned.
  ExprPtr bind_grouping(const sql::FunctionCallExpr& f, ExprContext& ctx);
  PlanPtr grouping_sets_plan(const PlanPtr& input, const std::vector<ExprPtr>& groups,
                             const std::vector<std::vector<size_t>>& sets, const std::vector<OutputColumn>& group_out,
                             const AggContext& actx, sql::SourceLocation loc);
  ExprPtr bind_subquery_value(const sql::SubqueryExpr& s, ExprContext& ctx);
  ExprPtr bind_comparison(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc);
  ExprPtr bind_arithmetic(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc);
  // & | ^ and ~ (bind_expr.cpp): the library's bitwise kernels on BIT, INT and BIGINT.
  ExprPtr bind_bitwise(sql::BinaryOp o, ExprPtr a, ExprPtr b, sql::SourceLocation loc);
  ExprPtr bind_bitwise_not(ExprPtr v, sql::SourceLocation loc);
  ExprPtr bind_interval_arith(const sql::BinaryExpr& b, ExprContext& ctx);
  ExprPtr lookup_column(const sql::ColumnRefExpr& c, const Scope& scope);

  const BindEnv& env_;
  ColumnId next_id_ = 0;
  std::vector<std::map<std::string, const sql::CommonTableExpr*>> ctes_;
  // The CTEs and views being expanded now (their queries): one that refers to itself would expand forever.
  std::vector<const void*> expanding_;
  PlanPtr bind_named_reference(const void* query_node, const std::function<PlanPtr()>& bind, const std::string& what,
                               const sql::SourceLocation& loc);
};

// The Sort (by output index, descending?) and the Limit (TOP / LIMIT, OFFSET) that finish a query;
// records the ORDER BY keys among the first `visible` outputs in `out`.
PlanPtr sort_and_limit(PlanPtr plan, const std::vector<std::pair<size_t, bool>>& order, size_t visible,
                       const sql::SelectStatement& q, BoundSelect& out);
std::string lower(std::string_view s);
std::string upper(std::string_view s);
bool is_aggregate_name(std::string_view upper_name);
bool is_statistical_aggregate(std::string_view upper_name);  // STDEV, STDEVP, VAR, VARP, APPROX_COUNT_DISTINCT
// An aggregate's function and SQL Server result type (SUM(DECIMAL(p,s)) is DECIMAL(38,s), AVG(DECIMAL(p,s))
// DECIMAL(38,max(s,6)), COUNT INT, COUNT_BIG BIGINT); BindError for an argument it cannot take.
std::pair<AggFunc, DataType> aggregate_type(const std::string& upper_name, const ExprPtr& arg, sql::SourceLocation loc);
// Whether an AST expression contains an aggregate call (not looking into subqueries).
bool has_aggregate(const sql::Expr& e);
// Kernels take DECIMAL as an int64 (precision <= 18): a wider type narrowed to DECIMAL(18, s) (bind_call.cpp).
DataType narrowed_for_kernel(const DataType& t);

}  // namespace tessera::plan
