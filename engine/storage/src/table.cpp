#include "tessera/storage/table.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <numeric>

#include "tessera/storage/column_source.hpp"
#include "tessera/functions/clock.hpp"
#include "tessera/functions/date_names.hpp"
#include "tessera/functions/date_parse.hpp"
#include "tessera/functions/datetime_format.hpp"

namespace tessera::storage {

fn::SqlType DataType::physical() const {
  switch (id) {
    case TypeId::Bool: return fn::SqlType::Bool;
    case TypeId::Int32: return fn::SqlType::Int32;
    case TypeId::Int64: return fn::SqlType::Int64;
    case TypeId::Double: return fn::SqlType::Float64;
    case TypeId::Decimal: return is_wide_decimal() ? fn::SqlType::Decimal128 : fn::SqlType::Decimal;
    case TypeId::Money: return fn::SqlType::Money;
    case TypeId::Date: return fn::SqlType::Date;
    case TypeId::Char:
    case TypeId::Varchar: return fn::SqlType::String;
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime: return fn::SqlType::DateTime;
    case TypeId::Time: return fn::SqlType::Time;
  }
  return fn::SqlType::Int32;
}

std::optional<Collation> collation_from_name(std::string_view name) {
  std::string u(name);
  for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (u.find("_CI") != std::string::npos) return Collation::CaseInsensitive;
  if (u.find("_CS") != std::string::npos || u.ends_with("_BIN") || u.ends_with("_BIN2")) return Collation::Binary;
  return std::nullopt;
}

int DataType::time_kind() const {
  switch (id) {
    case TypeId::DateTime: return fn::kDateTimeKind;
    case TypeId::SmallDateTime: return fn::kSmallDateTimeKind;
    default: return precision;
  }
}

std::string DataType::to_string() const {
  switch (id) {
    case TypeId::Bool: return "BOOL";
    case TypeId::Int32: return "INT32";
    case TypeId::Int64: return "INT64";
    case TypeId::Double: return "DOUBLE";
    case TypeId::Decimal: return "DECIMAL(" + std::to_string(precision) + "," + std::to_string(scale) + ")";
    case TypeId::Money: return "MONEY";
    case TypeId::Date: return "DATE";
    case TypeId::Char: return "CHAR(" + std::to_string(length) + ")";
    case TypeId::Varchar: return "VARCHAR(" + std::to_string(length) + ")";
    case TypeId::DateTime2: return "DATETIME2(" + std::to_string(precision) + ")";
    case TypeId::DateTime: return "DATETIME";
    case TypeId::SmallDateTime: return "SMALLDATETIME";
    case TypeId::Time: return "TIME(" + std::to_string(precision) + ")";
  }
  return "?";
}

int Schema::index_of(std::string_view name) const {
  for (size_t i = 0; i < fields_.size(); ++i) {
    const std::string& f = fields_[i].name;
    if (f.size() != name.size()) continue;
    bool eq = true;
    for (size_t k = 0; k < f.size() && eq; ++k)
      eq = std::tolower(static_cast<unsigned char>(f[k])) == std::tolower(static_cast<unsigned char>(name[k]));
    if (eq) return static_cast<int>(i);
  }
  return -1;
}

Table::Table(std::string name, Schema schema) : name_(std::move(name)), schema_(std::move(schema)) {
  for (const Field& f : schema_.fields()) {
    rt::Column c;
    c.type = f.type.physical();
    columns_.push_back(std::move(c));
  }
}

Table::Table(std::string name, Schema schema, std::shared_ptr<const ColumnSource> source)
    : Table(std::move(name), std::move(schema)) {
  lazy_ = std::make_unique<Lazy>();
  lazy_->rows = source->rows();
  lazy_->source = std::move(source);
  lazy_->loaded = std::make_unique<std::atomic<bool>[]>(columns_.size());
  for (size_t i = 0; i < columns_.size(); ++i) lazy_->loaded[i] = false;
}

Table::Table(const Table& other) : name_(other.name_), schema_(other.schema_) {
  if (!other.lazy_) {
    columns_ = other.columns_;
    return;
  }
  std::lock_guard<std::mutex> lock(other.lazy_->mutex);
  columns_ = other.columns_;
  lazy_ = std::make_unique<Lazy>();
  lazy_->rows = other.lazy_->rows;
  lazy_->source = other.lazy_->source;
  lazy_->loaded = std::make_unique<std::atomic<bool>[]>(columns_.size());
  for (size_t i = 0; i < columns_.size(); ++i) lazy_->loaded[i] = other.lazy_->loaded[i].load();
}

Table& Table::operator=(const Table& other) {
  if (this != &other) *this = Table(other);
  return *this;
}

Table::~Table() = default;

void Table::load_column(size_t i) const {
  if (i >= columns_.size()) throw std::out_of_range("table " + name_ + ": column " + std::to_string(i));
  std::lock_guard<std::mutex> lock(lazy_->mutex);
  if (lazy_->loaded[i].load(std::memory_order_relaxed)) return;
  rt::Column c = lazy_->source->read_column(i);
  if (c.rows != lazy_->rows || c.type != columns_[i].type)
    throw std::logic_error("table " + name_ + ": column " + schema_.field(i).name + " read with the wrong shape");
  columns_[i] = std::move(c);
  lazy_->loaded[i].store(true, std::memory_order_release);
}

void Table::make_resident() {
  if (!lazy_) return;
  const Table& self = *this;
  for (size_t i = 0; i < columns_.size(); ++i) self.column(i);
  lazy_.reset();
}

std::vector<int64_t> Table::chunk_starts() const {
  std::vector<int64_t> starts{0};
  if (lazy_)
    for (int64_t r : lazy_->source->chunk_rows()) starts.push_back(starts.back() + r);
  else
    starts.push_back(num_rows());
  return starts;
}

rt::Column Table::column_rows(size_t i, int64_t begin, int64_t end) const {
  if (begin >= end) {
    rt::Column empty;
    empty.type = schema_.field(i).type.physical();
    return empty;
  }
  const ColumnSource* source = unread_column_source(i);
  if (!source) {
    const rt::Column& c = column(i);
    return begin == 0 && end == c.rows ? c : column_slice(c, begin, end);
  }
  const ChunkRange k = chunks_holding(begin, end);
  rt::Column c = source->read_chunks(i, k.first, k.end);
  if (c.type != columns_[i].type || c.rows < end - k.first_row)
    throw std::logic_error("table " + name_ + ": column " + schema_.field(i).name + " read with the wrong shape");
  const int64_t from = begin - k.first_row;
  return from == 0 && end - begin == c.rows ? c : column_slice(c, from, from + (end - begin));
}

rt::Column Table::rows_at(size_t i, const std::vector<int64_t>& rows) const {
  for (int64_t r : rows)
    if (r < 0 || r >= num_rows())
      throw std::logic_error("table " + name_ + ": row " + std::to_string(r) + " of " + std::to_string(num_rows()));
  const ColumnSource* source = unread_column_source(i);
  if (!source) return column_rows_at(column(i), rows);
  // The wanted rows by position, a run per stored chunk, each chunk read once.
  std::vector<size_t> by_position(rows.size());
  std::iota(by_position.begin(), by_position.end(), size_t{0});
  std::stable_sort(by_position.begin(), by_position.end(), [&](size_t a, size_t b) { return rows[a] < rows[b]; });
  const std::vector<int64_t> starts = chunk_starts();
  std::vector<rt::Column> parts;
  std::vector<std::pair<size_t, int64_t>> at(rows.size());  // each wanted row: (part, row in it)
  for (size_t k = 0; k < by_position.size();) {
    const size_t chunk = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), rows[by_position[k]]) - starts.begin()) - 1;
    std::vector<int64_t> local;
    for (; k < by_position.size() && rows[by_position[k]] < starts[chunk + 1]; ++k) {
      at[by_position[k]] = {parts.size(), static_cast<int64_t>(local.size())};
      local.push_back(rows[by_position[k]] - starts[chunk]);
    }
    parts.push_back(source->read_chunk_rows(i, chunk, local));
    if (parts.back().type != columns_[i].type || parts.back().rows != static_cast<int64_t>(local.size()))
      throw std::logic_error("table " + name_ + ": column " + schema_.field(i).name + " read with the wrong shape");
  }
  if (parts.size() == 1 && std::is_sorted(rows.begin(), rows.end())) return std::move(parts[0]);
  std::vector<const rt::Column*> ptrs;
  std::vector<int64_t> first{0};
  for (const rt::Column& p : parts) {
    ptrs.push_back(&p);
    first.push_back(first.back() + p.rows);
  }
  const rt::Column all = concat_columns(ptrs, columns_[i].type, 1);
  std::vector<int64_t> order(rows.size());
  for (size_t k = 0; k < rows.size(); ++k) order[k] = first[at[k].first] + at[k].second;
  return column_rows_at(all, order);
}

void Table::read_ahead(size_t i, int64_t begin, int64_t end) const {
  if (begin >= end) return;
  if (const ColumnSource* source = unread_column_source(i)) {
    const ChunkRange k = chunks_holding(begin, end);
    source->read_ahead(i, k.first, k.end);
  }
}

Table::ChunkRange Table::chunks_holding(int64_t begin, int64_t end) const {
  const std::vector<int64_t> starts = chunk_starts();
  ChunkRange k;
  k.first = static_cast<size_t>(std::upper_bound(starts.begin(), starts.end(), begin) - starts.begin()) - 1;
  k.first_row = starts[k.first];
  k.end = k.first;
  while (k.end + 1 < starts.size() && starts[k.end] < end) ++k.end;
  return k;
}

void Table::prefetch(size_t i) const {
  if (const ColumnSource* s = unread_column_source(i)) s->prefetch(i);
}

const ColumnStats* Table::stored_stats(size_t i) const { return lazy_ ? lazy_->source->stats(i) : nullptr; }

const ZoneMap* Table::chunk_zone(size_t i, size_t chunk) const { return lazy_ ? lazy_->source->zone(i, chunk) : nullptr; }

size_t Table::columns_read() const { return lazy_ ? lazy_->source->columns_read() : columns_.size(); }

const rt::Column& Table::column(std::string_view name) const {
  const int i = schema_.index_of(name);
  if (i < 0) throw std::out_of_range("table " + name_ + " has no column " + std::string(name));
  return column(static_cast<size_t>(i));
}

void Table::append(Table&& other) {
  make_resident();
  other.make_resident();
  if (other.columns_.size() != columns_.size()) throw std::logic_error("append: column count differs");
  for (size_t i = 0; i < columns_.size(); ++i) {
    rt::Column& dst = columns_[i];
    rt::Column& src = other.columns_[i];
    if (dst.type != src.type) throw std::logic_error("append: column type differs");
    if (dst.rows == 0 && dst.data.empty() && dst.offsets.empty()) {
      dst = std::move(src);
      continue;
    }
    if (!src.valid.empty() || !dst.valid.empty()) {
      if (dst.valid.empty()) dst.valid.assign(dst.rows, 1);
      if (src.valid.empty()) dst.valid.insert(dst.valid.end(), src.rows, 1);
      else dst.valid.insert(dst.valid.end(), src.valid.begin(), src.valid.end());
    }
    if (dst.type == fn::SqlType::String) {
      const int64_t base = static_cast<int64_t>(dst.data.size());
      // No exact reserve here: reserving the new size on every chunk defeats the vector's geometric
      // growth and made generating SF 10 in memory quadratic (issue 9).
      const size_t at = dst.offsets.size();
      dst.offsets.insert(dst.offsets.end(), src.offsets.begin(), src.offsets.end());
      for (size_t i = at; i < dst.offsets.size(); ++i) dst.offsets[i] += base;
      dst.lengths.insert(dst.lengths.end(), src.lengths.begin(), src.lengths.end());
    }
    dst.data.insert(dst.data.end(), src.data.begin(), src.data.end());
    dst.rows += src.rows;
  }
  other = Table(other.name_, other.schema_);
}

void Table::validate() const {
  const int64_t n = num_rows();
  for (size_t i = 0; i < columns_.size(); ++i) {
    const rt::Column& c = column(i);
    const std::string what = name_ + "." + schema_.field(i).name;
    if (c.rows != n) throw std::logic_error(what + ": row count differs");
    if (!c.valid.empty() && static_cast<int64_t>(c.valid.size()) != n) throw std::logic_error(what + ": validity size");
    if (c.type == fn::SqlType::String) {
      if (static_cast<int64_t>(c.offsets.size()) != n || static_cast<int64_t>(c.lengths.size()) != n)
        throw std::logic_error(what + ": offsets/lengths size");
      for (int64_t r = 0; r < n; ++r)
        if (c.offsets[r] < 0 || c.offsets[r] + c.lengths[r] > static_cast<int64_t>(c.data.size()))
          throw std::logic_error(what + ": string out of bounds");
    } else if (static_cast<int64_t>(c.data.size()) != n * fn::type_width(c.type)) {
      throw std::logic_error(what + ": data size");
    }
  }
}

std::string Table::cell_text(int64_t row, size_t col) const {
  const rt::Column& c = column(col);
  if (!c.is_valid(row)) return "NULL";
  const DataType& t = schema_.field(col).type;
  switch (t.id) {
    case TypeId::Bool: return c.value<uint8_t>(row) ? "true" : "false";
    case TypeId::Int32: return std::to_string(c.value<int32_t>(row));
    case TypeId::Int64: return std::to_string(c.value<int64_t>(row));
    case TypeId::Double: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.17g", c.value<double>(row));
      return buf;
    }
    case TypeId::Decimal:
      return format_decimal(t.is_wide_decimal() ? c.value<__int128>(row) : c.value<int64_t>(row), t.scale);
    case TypeId::Money: return format_decimal(c.value<int64_t>(row), 4);
    case TypeId::Date: return format_date(c.value<int32_t>(row));
    case TypeId::Char:
    case TypeId::Varchar: return std::string(c.string(row));
    case TypeId::DateTime2:
    case TypeId::DateTime:
    case TypeId::SmallDateTime:
    case TypeId::Time: return format_temporal(c.value<int64_t>(row), t);
  }
  return "?";
}

rt::Column column_rows_at(const rt::Column& c, const std::vector<int64_t>& rows) {
  rt::Column out;
  out.type = c.type;
  out.rows = static_cast<int64_t>(rows.size());
  if (!c.valid.empty())
    for (int64_t r : rows) out.valid.push_back(c.valid[r]);
  if (c.type == fn::SqlType::String) {
    for (int64_t r : rows) {
      out.offsets.push_back(static_cast<int64_t>(out.data.size()));
      out.lengths.push_back(c.lengths[r]);
      const uint8_t* p = c.data.data() + c.offsets[r];
      out.data.insert(out.data.end(), p, p + c.lengths[r]);
    }
    return out;
  }
  const size_t w = static_cast<size_t>(fn::type_width(c.type));
  out.data.resize(rows.size() * w);
  for (size_t k = 0; k < rows.size(); ++k) std::memcpy(out.data.data() + k * w, c.data.data() + rows[k] * w, w);
  return out;
}

void append_null(rt::Column& c) {
  if (c.type == fn::SqlType::String) {
    c.append_string({});
  } else {
    c.data.insert(c.data.end(), static_cast<size_t>(fn::type_width(c.type)), 0);
    if (!c.valid.empty()) c.valid.push_back(1);
    ++c.rows;
  }
  if (c.valid.empty()) c.valid.assign(static_cast<size_t>(c.rows), 1);
  c.valid.back() = 0;
}

// Howard Hinnant's civil-date algorithms.
int32_t days_from_civil(int y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int>(doe) - 719468;
}

void civil_from_days(int32_t z0, int& y, unsigned& m, unsigned& d) {
  int z = z0 + 719468;
  const int era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<int>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
}

std::string format_date(int32_t days) {
  int y;
  unsigned m, d;
  civil_from_days(days, y, m, d);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", y, m, d);
  return buf;
}

bool parse_date(std::string_view s, int32_t& days) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (s[i] < '0' || s[i] > '9') return false;
  const int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  const unsigned m = (s[5] - '0') * 10 + (s[6] - '0');
  const unsigned d = (s[8] - '0') * 10 + (s[9] - '0');
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  static const unsigned mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  const unsigned maxd = mdays[m - 1] + (m == 2 && leap ? 1 : 0);
  if (d > maxd) return false;
  days = days_from_civil(y, m, d);
  return true;
}

bool parse_decimal(std::string_view s, int precision, int scale, __int128& out) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
  __int128 v = 0;
  int digits = 0, frac = 0;
  bool any = false, dot = false;
  for (; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '.') {
      if (dot) return false;
      dot = true;
      continue;
    }
    if (ch < '0' || ch > '9') return false;
    any = true;
    if (dot && ++frac > scale) return false;
    if (v != 0 || ch != '0') ++digits;
    if (digits > kMaxDecimalDigits) return false;
    v = v * 10 + (ch - '0');
  }
  if (!any) return false;
  // Scaled to `scale` digits after the point, the value has `digits + (scale - frac)` digits: checked before
  // scaling, so 38 digits and a scale never overflow the int128 (a 38-digit MONEY field did).
  if (v != 0) digits += scale - frac;
  if (digits > (precision > 0 ? precision : kMaxDecimalDigits)) return false;
  for (; frac < scale; ++frac) v *= 10;
  out = neg ? -v : v;
  return true;
}

std::string format_decimal(__int128 v, int scale) {
  const bool neg = v < 0;
  unsigned __int128 u = neg ? 0 - static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  std::reverse(digits.begin(), digits.end());
  if (scale > 0) {
    if (static_cast<int>(digits.size()) <= scale) digits.insert(0, scale + 1 - digits.size(), '0');
    digits.insert(digits.size() - scale, 1, '.');
  }
  return neg ? "-" + digits : digits;
}

}  // namespace tessera::storage

namespace tessera::storage {

std::string format_temporal(int64_t ticks, const DataType& type) {
  char buf[64];
  fn::DateWriter w(buf);
  if (type.id == TypeId::Time) fn::DateTimeStyle::cast_time(ticks, type.time_kind(), w);
  else if (type.id == TypeId::DateTime2) fn::DateTimeStyle::cast(ticks, type.time_kind(), fn::kEnglishNames, w);
  else fn::DateTimeStyle::format(type.id == TypeId::DateTime ? 121 : 120, ticks, type.time_kind(), fn::kEnglishNames, w);
  return std::string(buf, static_cast<size_t>(w.size()));
}

bool parse_temporal(std::string_view s, const DataType& type, int64_t& ticks) {
  // The library's parser under DATEFORMAT ymd: ISO dates and times, as the loaders' files write them.
  const fn::DateParser parser(fn::kYmd, fn::kEnglishNames, fn::DateTarget::DateTime2);
  int32_t days = 0;
  int64_t time_of_day = 0;
  if (s.size() > 64 || !parser.parse(s.data(), static_cast<int32_t>(s.size()), &days, &time_of_day)) return false;
  if (type.id == TypeId::Time) {
    ticks = fn::Clock::normalize_time(time_of_day, type.time_kind());
    return true;
  }
  return fn::Clock::normalize(fn::Clock::at(days, time_of_day), type.time_kind(), &ticks);
}

}  // namespace tessera::storage
