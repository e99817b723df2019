// The abstract syntax tree the parser produces and the binder consumes. Every node carries the
// source location of its first token (binary operators: of the operator). Nodes own their
// children through unique_ptr; `kind` says which derived struct a node is (use as<T>()).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tessera/sql/token.hpp"

namespace tessera::sql {

struct SelectStatement;
using SelectPtr = std::unique_ptr<SelectStatement>;

// ---- types (CAST, CONVERT) ----

enum class TypeId : uint8_t {
  TinyInt, SmallInt, Int, BigInt, Bit,
  Decimal,  // DECIMAL and NUMERIC
  Float, Real, Money, SmallMoney, Date, DateTime,
  Char, VarChar, NChar, NVarChar,
  DateTime2, SmallDateTime, Time,
};

struct TypeName {
  TypeId id = TypeId::Int;
  std::string spelling;            // upper case, as in the source: "NUMERIC", "INTEGER"
  std::optional<int64_t> length;   // CHAR/VARCHAR(n), FLOAT(n), DATETIME2(p), TIME(p); DECIMAL(p, s): precision
  std::optional<int64_t> scale;    // DECIMAL(p, s)
  bool max_length = false;         // VARCHAR(MAX)
  SourceLocation loc;
};

// ---- expressions ----

enum class ExprKind : uint8_t {
  Literal, Interval, ColumnRef, Star, Unary, Binary, Between, InList, InSubquery, Exists,
  Subquery, Like, IsNull, Case, Cast, Convert, FunctionCall, Extract, DatePartKeyword, Collate,
};

struct Expr {
  explicit Expr(ExprKind k, SourceLocation l) : kind(k), loc(l) {}
  virtual ~Expr() = default;
  template <typename T> T& as() { return static_cast<T&>(*this); }
  template <typename T> const T& as() const { return static_cast<const T&>(*this); }
  const ExprKind kind;
  SourceLocation loc;
};
using ExprPtr = std::unique_ptr<Expr>;

enum class LiteralKind : uint8_t {
  Integer,  // text: digits
  Decimal,  // text: "0.05", ".5", "1." (exact numeric)
  Float,    // text: "1e-3", "1.5E10" (approximate numeric)
  String,   // text: the unescaped value
  Date,     // DATE '1998-12-01': text "1998-12-01" (not validated here)
  Null, True, False,
};

struct LiteralExpr : Expr {
  LiteralExpr(SourceLocation l, LiteralKind k, std::string t)
      : Expr(ExprKind::Literal, l), literal_kind(k), text(std::move(t)) {}
  LiteralKind literal_kind;
  std::string text;
};

enum class IntervalUnit : uint8_t { Year, Month, Day };

// INTERVAL '90' DAY [(precision)]: value is the string's text ("90", "-3").
struct IntervalExpr : Expr {
  IntervalExpr(SourceLocation l, std::string v, IntervalUnit u)
      : Expr(ExprKind::Interval, l), value(std::move(v)), unit(u) {}
  std::string value;
  IntervalUnit unit;
  std::optional<int64_t> precision;
};

// A name as written; `quoted` names keep their case, unquoted ones compare case-insensitively.
struct Identifier {
  std::string name;
  bool quoted = false;
  SourceLocation loc;
};

// [qualifier.]column: parts has one or more names (schema.table.column allowed).
struct ColumnRefExpr : Expr {
  explicit ColumnRefExpr(SourceLocation l) : Expr(ExprKind::ColumnRef, l) {}
  std::vector<Identifier> parts;
};

// * or t.* in a select list.
struct StarExpr : Expr {
  explicit StarExpr(SourceLocation l) : Expr(ExprKind::Star, l) {}
  std::optional<Identifier> qualifier;
};

enum class UnaryOp : uint8_t { Negate, Plus, Not, BitNot };

struct UnaryExpr : Expr {
  UnaryExpr(SourceLocation l, UnaryOp o, ExprPtr e) : Expr(ExprKind::Unary, l), op(o), operand(std::move(e)) {}
  UnaryOp op;
  ExprPtr operand;
};

enum class BinaryOp : uint8_t { Or, And, Eq, NotEq, Lt, LtEq, Gt, GtEq, Add, Sub, Mul, Div, Mod, BitAnd, BitOr, BitXor };
std::string_view binary_op_name(BinaryOp op);  // "and", "<>", "+", ...

struct BinaryExpr : Expr {
  BinaryExpr(SourceLocation l, BinaryOp o, ExprPtr a, ExprPtr b)
      : Expr(ExprKind::Binary, l), op(o), left(std::move(a)), right(std::move(b)) {}
  BinaryOp op;
  ExprPtr left, right;
};

struct BetweenExpr : Expr {
  explicit BetweenExpr(SourceLocation l) : Expr(ExprKind::Between, l) {}
  ExprPtr value, low, high;
  bool negated = false;
};

struct InListExpr : Expr {
  explicit InListExpr(SourceLocation l) : Expr(ExprKind::InList, l) {}
  ExprPtr value;
  std::vector<ExprPtr> list;
  bool negated = false;
};

struct InSubqueryExpr : Expr {
  explicit InSubqueryExpr(SourceLocation l) : Expr(ExprKind::InSubquery, l) {}
  ExprPtr value;
  SelectPtr query;
  bool negated = false;
};

struct ExistsExpr : Expr {
  explicit ExistsExpr(SourceLocation l) : Expr(ExprKind::Exists, l) {}
  SelectPtr query;
  bool negated = false;
};

// A scalar subquery: (SELECT ...) used as a value.
struct SubqueryExpr : Expr {
  explicit SubqueryExpr(SourceLocation l) : Expr(ExprKind::Subquery, l) {}
  SelectPtr query;
};

struct LikeExpr : Expr {
  explicit LikeExpr(SourceLocation l) : Expr(ExprKind::Like, l) {}
  ExprPtr value, pattern, escape;  // escape may be null
  bool negated = false;
};

struct IsNullExpr : Expr {
  explicit IsNullExpr(SourceLocation l) : Expr(ExprKind::IsNull, l) {}
  ExprPtr value;
  bool negated = false;  // IS NOT NULL
};

struct WhenClause {
  ExprPtr condition;  // searched CASE: a predicate; simple CASE: a value compared with the operand
  ExprPtr result;
  SourceLocation loc;
};

struct CaseExpr : Expr {
  explicit CaseExpr(SourceLocation l) : Expr(ExprKind::Case, l) {}
  ExprPtr operand;  // CASE x WHEN ...; null for CASE WHEN ...
  std::vector<WhenClause> whens;
  ExprPtr else_result;  // may be null
};

// CAST(x AS type), TRY_CAST(x AS type); PARSE(x AS type [USING culture]), TRY_PARSE (is_parse).
struct CastExpr : Expr {
  explicit CastExpr(SourceLocation l) : Expr(ExprKind::Cast, l) {}
  ExprPtr value;
  TypeName type;
  bool is_try = false;
  bool is_parse = false;
  ExprPtr culture;  // PARSE's USING culture; may be null
};

// CONVERT(type, x [, style]), TRY_CONVERT(type, x [, style]).
struct ConvertExpr : Expr {
  explicit ConvertExpr(SourceLocation l) : Expr(ExprKind::Convert, l) {}
  TypeName type;
  ExprPtr value;
  ExprPtr style;  // may be null
  bool is_try = false;
};

struct OrderItem {
  ExprPtr expr;
  bool descending = false;
  SourceLocation loc;
};

// OVER ([PARTITION BY e, ...] [ORDER BY k, ...] [ROWS | RANGE frame]) of a window function.
struct FrameBound {
  enum class Kind : uint8_t { UnboundedPreceding, Preceding, CurrentRow, Following, UnboundedFollowing };
  Kind kind = Kind::CurrentRow;
  int64_t offset = 0;  // n PRECEDING / n FOLLOWING
  SourceLocation loc;
};
struct WindowFrame {
  bool rows = true;  // ROWS, else RANGE
  FrameBound start, end;  // ROWS n PRECEDING alone: start n PRECEDING, end CURRENT ROW
  SourceLocation loc;
};
struct WindowSpec {
  std::vector<ExprPtr> partition_by;
  std::vector<OrderItem> order_by;
  std::optional<WindowFrame> frame;
  SourceLocation loc;  // OVER
};

// name(args): scalar functions and aggregates. COUNT(*) has star set and no args;
// COUNT(DISTINCT x) has distinct set. SUBSTRING(x FROM a FOR b) arrives as SUBSTRING(x, a, b).
// The date functions' first argument (DATEPART(quarter, d)) is a DatePartKeywordExpr.
struct FunctionCallExpr : Expr {
  explicit FunctionCallExpr(SourceLocation l) : Expr(ExprKind::FunctionCall, l) {}
  Identifier name;        // as written
  std::string upper_name; // upper case, for lookup
  std::vector<ExprPtr> args;
  bool distinct = false;
  bool star = false;
  bool odbc = false;  // written inside ODBC's scalar-function escape {fn ...}: the ODBC-only names bind there alone
  std::unique_ptr<WindowSpec> over;  // a window function: name(args) OVER (...)
  std::vector<OrderItem> within_group;  // an ordered aggregate: STRING_AGG(x, s) WITHIN GROUP (ORDER BY ...)
  SourceLocation within_loc;            // WITHIN, when written
};

// EXTRACT(field FROM value): field upper-cased (YEAR, MONTH, DAY, ...).
struct ExtractExpr : Expr {
  explicit ExtractExpr(SourceLocation l) : Expr(ExprKind::Extract, l) {}
  std::string field;
  SourceLocation field_loc;
  ExprPtr value;
};

// The keyword first argument of DATEPART, DATENAME, DATEADD, DATEDIFF, DATEDIFF_BIG, DATETRUNC and
// DATE_BUCKET, as written (quarter, qq, dw ...); the binder maps it with fn::parse_datepart.
struct DatePartKeywordExpr : Expr {
  DatePartKeywordExpr(SourceLocation l, std::string n) : Expr(ExprKind::DatePartKeyword, l), name(std::move(n)) {}
  std::string name;
};

// value COLLATE name (a string's collation for this expression: Latin1_General_CI_AS, ..._BIN2, ...).
struct CollateExpr : Expr {
  CollateExpr(SourceLocation l, ExprPtr v, std::string n)
      : Expr(ExprKind::Collate, l), value(std::move(v)), name(std::move(n)) {}
  ExprPtr value;
  std::string name;
};

// ---- queries ----

enum class TableRefKind : uint8_t { Table, Derived, Join };
enum class JoinKind : uint8_t { Inner, Left, Right, Full, Cross };

struct TableRef {
  explicit TableRef(TableRefKind k, SourceLocation l) : kind(k), loc(l) {}
  virtual ~TableRef() = default;
  template <typename T> T& as() { return static_cast<T&>(*this); }
  template <typename T> const T& as() const { return static_cast<const T&>(*this); }
  const TableRefKind kind;
  SourceLocation loc;
};
using TableRefPtr = std::unique_ptr<TableRef>;

// [schema.]table [[AS] alias], or a table function: read_csv('file.csv', header = true) [[AS] alias]
struct TableFunctionArg {
  std::optional<Identifier> name;  // name = value; absent for positional arguments
  ExprPtr value;
};
struct TableNameRef : TableRef {
  explicit TableNameRef(SourceLocation l) : TableRef(TableRefKind::Table, l) {}
  std::vector<Identifier> name;  // one or more parts
  std::optional<Identifier> alias;
  bool is_function = false;      // name(...) in FROM
  std::vector<TableFunctionArg> args;
};

// (SELECT ...) [AS] alias [(col, ...)]
struct DerivedTableRef : TableRef {
  explicit DerivedTableRef(SourceLocation l) : TableRef(TableRefKind::Derived, l) {}
  SelectPtr query;
  Identifier alias;
  std::vector<Identifier> column_aliases;
};

// left JOIN right ON condition (condition is null for CROSS JOIN).
struct JoinRef : TableRef {
  explicit JoinRef(SourceLocation l) : TableRef(TableRefKind::Join, l) {}
  JoinKind join_kind = JoinKind::Inner;
  TableRefPtr left, right;
  ExprPtr condition;
};

struct SelectItem {
  ExprPtr expr;
  std::optional<Identifier> alias;
  SourceLocation loc;
};

struct CommonTableExpr {
  Identifier name;
  std::vector<Identifier> columns;
  SelectPtr query;
  SourceLocation loc;
};

// UNION [ALL], INTERSECT, EXCEPT: a SelectStatement whose set_op is not None combines set_left and
// set_right (its own select list, FROM, WHERE, GROUP BY are empty); its ORDER BY, OFFSET/FETCH, LIMIT
// and INTO apply to the combined rows. INTERSECT binds tighter than UNION and EXCEPT.
enum class SetOpKind : uint8_t { None, Union, UnionAll, Intersect, Except };
const char* set_op_name(SetOpKind k);  // "UNION", "UNION ALL", ...

struct SelectStatement {
  SourceLocation loc;
  SetOpKind set_op = SetOpKind::None;
  SelectPtr set_left, set_right;
  SourceLocation set_op_loc;           // where the operator's keyword is
  std::vector<CommonTableExpr> ctes;   // WITH ...
  bool distinct = false;
  std::optional<int64_t> top;          // TOP n
  std::vector<SelectItem> items;
  std::vector<TableRefPtr> from;       // comma-separated items (each may be a join tree)
  ExprPtr where;
  std::vector<ExprPtr> group_by;
  // GROUP BY ROLLUP / CUBE / GROUPING SETS / (): the grouping sets, each a list of positions in group_by
  // (an empty list is the grand total). Empty for a plain GROUP BY.
  std::vector<std::vector<size_t>> grouping_sets;
  ExprPtr having;
  std::vector<OrderItem> order_by;
  std::optional<int64_t> limit;        // LIMIT n, FETCH NEXT n ROWS ONLY
  std::optional<int64_t> offset;       // OFFSET n ROWS (after ORDER BY), LIMIT n OFFSET m
  std::vector<Identifier> into;        // SELECT ... INTO table (outermost query of a statement only)
  SourceLocation into_loc;
};

// ---- statements ----

enum class StatementKind : uint8_t {
  Select, CreateView, DropView, CreateTable, DropTable, TruncateTable, Insert, CreateFunction, DropFunction,
  BulkInsert,
};

struct Statement {
  explicit Statement(StatementKind k, SourceLocation l) : kind(k), loc(l) {}
  virtual ~Statement() = default;
  template <typename T> T& as() { return static_cast<T&>(*this); }
  template <typename T> const T& as() const { return static_cast<const T&>(*this); }
  const StatementKind kind;
  SourceLocation loc;
};
using StatementPtr = std::unique_ptr<Statement>;

struct SelectStmt : Statement {
  explicit SelectStmt(SourceLocation l) : Statement(StatementKind::Select, l) {}
  SelectPtr query;
};

// CREATE VIEW name [(col, ...)] AS query
struct CreateViewStmt : Statement {
  explicit CreateViewStmt(SourceLocation l) : Statement(StatementKind::CreateView, l) {}
  std::vector<Identifier> name;
  std::vector<Identifier> columns;
  SelectPtr query;
};

// DROP VIEW [IF EXISTS] name
struct DropViewStmt : Statement {
  explicit DropViewStmt(SourceLocation l) : Statement(StatementKind::DropView, l) {}
  std::vector<Identifier> name;
  bool if_exists = false;
};

// A column of CREATE TABLE: name type [COLLATE name] [NULL | NOT NULL].
struct ColumnDef {
  Identifier name;
  TypeName type;
  std::string collation;  // empty: the database's
  SourceLocation collation_loc;
  bool not_null = false;
  SourceLocation loc;
};

// CREATE TABLE name (column, ...)   or   CREATE TABLE name AS query (then columns is empty)
struct CreateTableStmt : Statement {
  explicit CreateTableStmt(SourceLocation l) : Statement(StatementKind::CreateTable, l) {}
  std::vector<Identifier> name;
  std::vector<ColumnDef> columns;
  SelectPtr as_query;
};

// DROP TABLE [IF EXISTS] name
struct DropTableStmt : Statement {
  explicit DropTableStmt(SourceLocation l) : Statement(StatementKind::DropTable, l) {}
  std::vector<Identifier> name;
  bool if_exists = false;
};

// TRUNCATE TABLE name
struct TruncateTableStmt : Statement {
  explicit TruncateTableStmt(SourceLocation l) : Statement(StatementKind::TruncateTable, l) {}
  std::vector<Identifier> name;
};

// INSERT [INTO] name [(column, ...)] {VALUES (e, ...), ... | query}: exactly one of rows and query.
struct InsertStmt : Statement {
  explicit InsertStmt(SourceLocation l) : Statement(StatementKind::Insert, l) {}
  std::vector<Identifier> name;
  std::vector<Identifier> columns;  // empty: every column of the table, in order
  std::vector<std::vector<ExprPtr>> rows;
  std::vector<SourceLocation> row_locs;  // of each row's '('
  SelectPtr query;
};

// CREATE FUNCTION name (@p type, ...) RETURNS type AS EXTERNAL NAME [catalog].[symbol]: a C++ function a
// catalog (tessera-cc --udf-spec) holds, made callable as `name`.
struct FunctionParam {
  Identifier name;  // with its '@'
  TypeName type;
};
struct CreateFunctionStmt : Statement {
  explicit CreateFunctionStmt(SourceLocation l) : Statement(StatementKind::CreateFunction, l) {}
  std::vector<Identifier> name;
  std::vector<FunctionParam> params;
  TypeName returns;
  std::vector<Identifier> external;  // catalog directory, then the C symbol (or kernel id)
};

// BULK INSERT name FROM 'file' [WITH (option = value, ...)]: option names upper-cased, values as written
// (strings unquoted).
struct BulkInsertStmt : Statement {
  explicit BulkInsertStmt(SourceLocation l) : Statement(StatementKind::BulkInsert, l) {}
  std::vector<Identifier> name;
  std::string path;
  SourceLocation path_loc;
  struct Option {
    std::string name;
    std::string value;
    SourceLocation loc;
  };
  std::vector<Option> options;
};

// DROP FUNCTION [IF EXISTS] name
struct DropFunctionStmt : Statement {
  explicit DropFunctionStmt(SourceLocation l) : Statement(StatementKind::DropFunction, l) {}
  std::vector<Identifier> name;
  bool if_exists = false;
};

// Statements separated by ';'.
struct Script {
  std::vector<StatementPtr> statements;
};

}  // namespace tessera::sql
