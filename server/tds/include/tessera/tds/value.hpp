// The codec's neutral value: what an RPC parameter decodes to and what a result cell is given as. One kind per
// family of SQL types, in the units SQL Server itself counts in (days since 0001-01-01, 100-ns ticks, 1/10000 of
// a currency unit), so that no conversion loses anything on the way to or from the wire. How a kind is written
// depends on the column's type (result_writer.hpp); an RPC parameter keeps its wire type beside its value.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tessera::tds {

inline constexpr int64_t kTicksPerSecond = 10'000'000;  // 100-ns ticks
inline constexpr int64_t kTicksPerDay = 86'400 * kTicksPerSecond;
inline constexpr int32_t kMaxDay = 3'652'058;            // 9999-12-31
inline constexpr int32_t kDaysFrom0001To1900 = 693'595;  // DATETIME's and SMALLDATETIME's epoch
inline constexpr int32_t kDaysFrom0001To1970 = 719'162;  // the engine's epoch

struct Decimal {
  __int128 unscaled = 0;  // the value times 10^scale
  uint8_t precision = 18;
  uint8_t scale = 0;
  bool operator==(const Decimal&) const = default;
};
struct Money {
  int64_t units = 0;  // 1/10000 of a currency unit (MONEY and SMALLMONEY)
  bool operator==(const Money&) const = default;
};
struct Date {
  int32_t days = 0;  // since 0001-01-01
  bool operator==(const Date&) const = default;
};
struct Time {
  int64_t ticks = 0;  // 100 ns since midnight
  bool operator==(const Time&) const = default;
};
struct DateTime2 {  // also DATETIME and SMALLDATETIME
  int32_t days = 0;
  int64_t ticks = 0;
  bool operator==(const DateTime2&) const = default;
};
struct DateTimeOffset {
  DateTime2 utc;
  int16_t offset_minutes = 0;  // local time = utc + offset
  bool operator==(const DateTimeOffset&) const = default;
};
using Bytes = std::vector<uint8_t>;

// The order of the variant's alternatives.
enum class ValueKind : uint8_t {
  Null, Bool, Int, Float, Decimal, Money, Date, Time, DateTime2, DateTimeOffset, String, Binary
};

class Value {
 public:
  using Storage = std::variant<std::monostate, bool, int64_t, double, Decimal, Money, Date, Time, DateTime2,
                               DateTimeOffset, std::string, Bytes>;

  Value() = default;  // NULL
  static Value null() { return Value(); }
  static Value boolean(bool v) { return Value(Storage(v)); }
  static Value integer(int64_t v) { return Value(Storage(v)); }
  static Value floating(double v) { return Value(Storage(v)); }
  static Value decimal(__int128 unscaled, uint8_t precision, uint8_t scale) {
    return Value(Storage(Decimal{unscaled, precision, scale}));
  }
  static Value money(int64_t units) { return Value(Storage(Money{units})); }
  static Value date(int32_t days) { return Value(Storage(Date{days})); }
  static Value time(int64_t ticks) { return Value(Storage(Time{ticks})); }
  static Value datetime2(int32_t days, int64_t ticks) { return Value(Storage(DateTime2{days, ticks})); }
  static Value datetimeoffset(DateTime2 utc, int16_t offset_minutes) {
    return Value(Storage(DateTimeOffset{utc, offset_minutes}));
  }
  static Value string(std::string utf8) { return Value(Storage(std::move(utf8))); }
  static Value binary(Bytes bytes) { return Value(Storage(std::move(bytes))); }

  ValueKind kind() const { return static_cast<ValueKind>(storage_.index()); }
  bool is_null() const { return kind() == ValueKind::Null; }

  // The value as T (bool, int64_t, double, Decimal, Money, Date, Time, DateTime2, DateTimeOffset, std::string,
  // Bytes); std::logic_error naming both kinds when it holds another.
  template <class T>
  const T& as() const {
    if (const T* v = std::get_if<T>(&storage_)) return *v;
    throw std::logic_error("tds::Value: asked for " + std::string(kind_name_of<T>()) + ", holds " +
                           std::string(kind_name(kind())));
  }
  const Storage& storage() const { return storage_; }

  static std::string_view kind_name(ValueKind kind);

  bool operator==(const Value&) const = default;

 private:
  explicit Value(Storage storage) : storage_(std::move(storage)) {}
  template <class T>
  static std::string_view kind_name_of() {
    return kind_name(static_cast<ValueKind>(Storage(T{}).index()));
  }

  Storage storage_;
};

// Readable form for test failures and logs: Int 42, Decimal -1.50, Date 2024-01-31, String "abc", ...
std::string to_debug_string(const Value& v);
std::ostream& operator<<(std::ostream& os, const Value& v);

// The proleptic Gregorian calendar the date types count in; days since 0001-01-01.
struct CivilDate {
  int32_t year = 1;
  uint32_t month = 1;
  uint32_t day = 1;
  bool operator==(const CivilDate&) const = default;
};
int32_t days_from_civil(int32_t year, uint32_t month, uint32_t day);
CivilDate civil_from_days(int32_t days);

// `ticks` rounded half up to the 10^-scale s a TIME(scale) or DATETIME2(scale) keeps (scale 0..7); the result
// may be a whole day, which DATETIME2 carries into the date and TIME wraps to midnight.
int64_t round_ticks_to_scale(int64_t ticks, uint8_t scale);

// The decimal digits of a signed 128-bit integer (std::to_string has no overload for it).
std::string int128_to_string(__int128 v);

}  // namespace tessera::tds
