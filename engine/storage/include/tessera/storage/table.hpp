// In-memory columnar tables: named, typed columns in the kernel ABI's layout (tessera::rt::Column).
//
// Logical types and their physical representation:
//   INT32            int32_t              INT64   int64_t            DOUBLE  double
//   DECIMAL(p,s)     int64_t scaled by 10^s (p <= 18), __int128 (19 <= p <= 38)
//   MONEY            int64_t scaled by 10^4
//   DATE             int32_t days since 1970-01-01                   BOOL    uint8_t
//   DATETIME2(p), DATETIME, SMALLDATETIME   int64_t 100-ns ticks since 1970-01-01 00:00:00
//   TIME(p)          int64_t 100-ns ticks since midnight (functions/clock.hpp: grids and ranges)
//   CHAR(n)/VARCHAR(n)  bytes + int64 offsets + int32 lengths
// Every column may hold NULLs (Column::valid; empty means all valid).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/runtime/column.hpp"

namespace tessera::storage {

enum class TypeId : uint8_t { Bool, Int32, Int64, Double, Decimal, Money, Date, Char, Varchar, DateTime2, DateTime,
                              SmallDateTime, Time };

// The collation of a string: the database's (Options::case_insensitive), or one a column's definition or a
// COLLATE clause named.
enum class Collation : uint8_t { Default = 0, CaseInsensitive = 1, Binary = 2 };
// A SQL Server collation name's case sensitivity: ..._CI_.. is case-insensitive, ..._CS_.. and ..._BIN / _BIN2
// binary; nullopt for a name that says neither.
std::optional<Collation> collation_from_name(std::string_view name);

inline constexpr int kMaxNarrowDecimalDigits = 18;  // DECIMAL(p <= 18): int64
inline constexpr int kMaxDecimalDigits = 38;        // DECIMAL(19..38): __int128 (SQL Server's maximum)

struct DataType {
  TypeId id = TypeId::Int32;
  int precision = 0;  // DECIMAL precision; DATETIME2(p) and TIME(p): fractional digits
  int scale = 0;      // DECIMAL scale
  int length = 0;     // CHAR/VARCHAR declared length (0: unbounded)
  Collation collation = Collation::Default;  // CHAR/VARCHAR: a column's or a COLLATE clause's
  bool collation_explicit = false;           // from a COLLATE clause: it beats a column's (SQL Server's precedence)

  static DataType boolean() { return {TypeId::Bool}; }
  static DataType int32() { return {TypeId::Int32}; }
  static DataType int64() { return {TypeId::Int64}; }
  static DataType float64() { return {TypeId::Double}; }
  static DataType decimal(int p, int s) { return {TypeId::Decimal, p, s, 0}; }
  static DataType money() { return {TypeId::Money, 19, 4, 0}; }
  static DataType date() { return {TypeId::Date}; }
  static DataType datetime2(int p = 7) { return {TypeId::DateTime2, p}; }
  static DataType datetime() { return {TypeId::DateTime}; }
  static DataType smalldatetime() { return {TypeId::SmallDateTime}; }
  static DataType time(int p = 7) { return {TypeId::Time, p}; }
  static DataType fixed_char(int n) { return {TypeId::Char, 0, 0, n}; }
  static DataType varchar(int n) { return {TypeId::Varchar, 0, 0, n}; }

  bool is_string() const { return id == TypeId::Char || id == TypeId::Varchar; }
  // DATETIME2, DATETIME, SMALLDATETIME (physical DateTime).
  bool is_datetime() const { return id == TypeId::DateTime2 || id == TypeId::DateTime || id == TypeId::SmallDateTime; }
  // DATE, a date-time or TIME: the types the date functions take.
  bool is_temporal() const { return id == TypeId::Date || id == TypeId::Time || is_datetime(); }
  // The kind a date-time or TIME passes to the library's functions (clock.hpp): 0..7 the
  // precision, 8 DATETIME, 9 SMALLDATETIME.
  int time_kind() const;
  // A DECIMAL whose precision needs more than an int64 (physical Decimal128).
  bool is_wide_decimal() const { return id == TypeId::Decimal && precision > kMaxNarrowDecimalDigits; }
  fn::SqlType physical() const;
  std::string to_string() const;  // "DECIMAL(15,2)", "VARCHAR(25)", ...
  bool operator==(const DataType&) const = default;
};

struct Field {
  Field() = default;
  Field(std::string n, DataType t, bool null_ok = true, std::string declared_as = {})
      : name(std::move(n)), type(t), nullable(null_ok), declared(std::move(declared_as)) {}
  std::string name;
  DataType type;
  bool nullable = true;
  // The SQL type as CREATE TABLE declared it ("SMALLINT", "NVARCHAR(20)"), when `type` alone does not say
  // it (values inserted later are converted to it, with its range checks); empty: `type`'s own.
  std::string declared;
};

class Schema {
 public:
  Schema() = default;
  explicit Schema(std::vector<Field> fields) : fields_(std::move(fields)) {}
  size_t size() const { return fields_.size(); }
  const Field& field(size_t i) const { return fields_.at(i); }
  const std::vector<Field>& fields() const { return fields_; }
  int index_of(std::string_view name) const;  // -1 if absent (case-insensitive)
  void add(Field f) { fields_.push_back(std::move(f)); }

 private:
  std::vector<Field> fields_;
};

class ColumnSource;  // column_source.hpp
struct ColumnStats;  // column_stats.hpp
struct ZoneMap;      // column_stats.hpp

// A table's columns are in memory, or (a table of a database on disk) read by a ColumnSource the first time
// something asks for them: column(i) const loads column i once, thread-safely, so a query reads only what it
// scans. Anything that changes the table (the non-const accessors, append) loads every column first and
// from then on the table is an ordinary in-memory one.
class Table {
 public:
  Table() = default;
  Table(std::string name, Schema schema);  // empty table with one column per field
  // A table of `source->rows()` rows whose columns `source` reads on first use.
  Table(std::string name, Schema schema, std::shared_ptr<const ColumnSource> source);
  Table(const Table& other);
  Table& operator=(const Table& other);
  Table(Table&&) noexcept = default;
  Table& operator=(Table&&) noexcept = default;
  ~Table();

  const std::string& name() const { return name_; }
  const Schema& schema() const { return schema_; }
  int64_t num_rows() const { return lazy_ ? lazy_->rows : columns_.empty() ? 0 : columns_[0].rows; }
  size_t num_columns() const { return columns_.size(); }

  rt::Column& column(size_t i) {
    make_resident();
    return columns_.at(i);
  }
  const rt::Column& column(size_t i) const {
    if (lazy_ && !lazy_->loaded[i].load(std::memory_order_acquire)) load_column(i);
    return columns_.at(i);
  }
  const rt::Column& column(std::string_view name) const;  // throws std::out_of_range
  std::vector<rt::Column>& columns() {
    make_resident();
    return columns_;
  }

  // The source of a column not read yet (a device may read its encoded segments instead), else null.
  const ColumnSource* unread_column_source(size_t i) const {
    return lazy_ && !lazy_->loaded[i].load(std::memory_order_acquire) ? lazy_->source.get() : nullptr;
  }
  // Where each stored chunk starts, then num_rows() (a table in memory: one chunk): a streamed scan's morsels
  // follow these bounds so that each reads whole chunks.
  std::vector<int64_t> chunk_starts() const;
  // The chunks [first, end) that hold rows [begin, end_row) (begin < end_row), and the row where `first` starts.
  struct ChunkRange {
    size_t first = 0, end = 0;
    int64_t first_row = 0;
  };
  ChunkRange chunks_holding(int64_t begin, int64_t end_row) const;
  // Rows [begin, end) of column i for a scan that streams the table a morsel at a time: a slice of the column
  // when it is in memory, else the chunks holding those rows, read and decoded now and not kept.
  rt::Column column_rows(size_t i, int64_t begin, int64_t end) const;
  // Column i at row positions `rows` (any order; late materialisation's few kept rows): gathered when the column
  // is in memory, else read from the stored chunks holding them with only those rows decoded, nothing kept.
  rt::Column rows_at(size_t i, const std::vector<int64_t>& rows) const;
  // Reads the chunks holding rows [begin, end) of column i from disk now, as stored, for the column_rows (or a
  // device's read of the same chunks) that follows: a streamed scan reads its next morsel while this one runs.
  // Nothing for a column in memory.
  void read_ahead(size_t i, int64_t begin, int64_t end) const;
  // Reads column i from disk now if it is not read yet (ColumnSource::prefetch); nothing for a table in memory.
  void prefetch(size_t i) const;
  // Statistics written with the data (a database on disk), or null: the planner computes its own then.
  const ColumnStats* stored_stats(size_t i) const;
  // The zone map of stored chunk `chunk` (as chunk_starts counts them) of column i, or null (a table in memory,
  // or a database written before zone maps).
  const ZoneMap* chunk_zone(size_t i, size_t chunk) const;
  // How many columns the source has read so far, for the host or a device (tests: a query reads only what it
  // scans); every column for a table in memory.
  size_t columns_read() const;

  // Appends all rows of `other` (same schema) at the end.
  void append(Table&& other);
  // Checks that every column has num_rows() rows and consistent buffers; throws std::logic_error.
  void validate() const;
  // Cell as text (NULL -> "NULL"), in the .tbl conventions: dates YYYY-MM-DD, decimals with `scale` digits.
  std::string cell_text(int64_t row, size_t col) const;

 private:
  struct Lazy {
    std::shared_ptr<const ColumnSource> source;
    int64_t rows = 0;
    std::mutex mutex;
    std::unique_ptr<std::atomic<bool>[]> loaded;
  };
  void load_column(size_t i) const;
  void make_resident();  // every column read; the table no longer lazy

  std::string name_;
  Schema schema_;
  mutable std::vector<rt::Column> columns_;
  std::unique_ptr<Lazy> lazy_;
};

// The rows of `parts` (same schema, at least one) in order, as one table with exactly sized columns,
// copied part by part on `threads` threads (0: all cores). The parts are consumed.
Table concat(std::vector<Table> parts, int threads);
// Rows [from, end) of `t` as a new table (copied; strings repacked).
Table tail_of(const Table& t, int64_t from);
// Rows [begin, end) of a column, copied (strings repacked).
rt::Column column_slice(const rt::Column& c, int64_t begin, int64_t end);
// The rows of a column at `rows` (each in range, any order), copied in that order (strings repacked).
rt::Column column_rows_at(const rt::Column& c, const std::vector<int64_t>& rows);
// The rows of columns of one physical type, in order, as one column (strings re-based onto one byte buffer).
rt::Column concat_columns(const std::vector<const rt::Column*>& parts, fn::SqlType type, int threads);

// Appends a NULL of the column's type (zero or empty value, validity 0). Use this rather than
// Column::append(v, false), which loses the NULL when it is the column's first row.
void append_null(rt::Column& c);

// Dates as days since 1970-01-01 (proleptic Gregorian).
int32_t days_from_civil(int y, unsigned m, unsigned d);
void civil_from_days(int32_t z, int& y, unsigned& m, unsigned& d);
std::string format_date(int32_t days);                    // YYYY-MM-DD
bool parse_date(std::string_view s, int32_t& days);       // strict YYYY-MM-DD
// A date-time or TIME value as text (DATETIME2 yyyy-mm-dd hh:mi:ss.f{p}, DATETIME .mmm,
// SMALLDATETIME without a fraction, TIME hh:mi:ss.f{p}), and back: yyyy-mm-dd[( |T)hh:mi[:ss[.f]]]
// or hh:mi[:ss[.f]] for TIME, rounded onto the type's grid; false outside its range.
std::string format_temporal(int64_t ticks, const DataType& type);
bool parse_temporal(std::string_view s, const DataType& type, int64_t& ticks);
// Decimal text <-> scaled integer. parse accepts [+-]digits[.digits] with at most `scale` fraction
// digits (fewer are padded); returns false on anything else or overflow of `precision` digits
// (at most 38).
bool parse_decimal(std::string_view s, int precision, int scale, __int128& out);
std::string format_decimal(__int128 v, int scale);

}  // namespace tessera::storage
