#include "tessera/tds/value_codec.hpp"

#include <array>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>

#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/text_encoding.hpp"

namespace tessera::tds {

namespace {

constexpr std::array<__int128, 39> make_powers_of_ten() {
  std::array<__int128, 39> p{};
  p[0] = 1;
  for (size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
  return p;
}
constexpr std::array<__int128, 39> kPow10 = make_powers_of_ten();

constexpr uint32_t kDateTimeTicksPerDay = 300 * 86'400;  // DATETIME counts 1/300 s
constexpr uint16_t kPlpNullLow = 0xFFFF;
constexpr uint64_t kPlpNull = ~uint64_t{0};
constexpr uint64_t kPlpUnknownLength = ~uint64_t{0} - 1;
const int32_t kFirstDateTimeDay = days_from_civil(1753, 1, 1);

int64_t ticks_per_unit(uint8_t scale) { return static_cast<int64_t>(kPow10[7 - scale]); }

// ---- reading (client input: every failure is a ProtocolError) ----

struct ValueContext {
  ByteReader& r;
  const TypeInfo& t;
  std::string owner;
  size_t at;  // where the value starts, for messages

  [[noreturn]] void fail(const std::string& detail) const {
    r.fail_at(at, owner + " (" + wire_type_name(static_cast<uint8_t>(t.type)) + ") " + detail);
  }
};

std::string format_guid(std::span<const uint8_t> b) {
  // The first three groups are little-endian integers, the last two plain bytes.
  char s[37];
  std::snprintf(s, sizeof s, "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X", b[3], b[2], b[1],
                b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return s;
}

int64_t read_time_ticks(const ValueContext& c) {
  const uint64_t units = c.r.uint_n(time_length(c.t.scale), c.owner + " time");
  const uint64_t ticks = units * static_cast<uint64_t>(ticks_per_unit(c.t.scale));
  if (units >= static_cast<uint64_t>(kTicksPerDay) || ticks >= static_cast<uint64_t>(kTicksPerDay))
    c.fail("time " + std::to_string(units) + " at scale " + std::to_string(c.t.scale) + " is not before midnight");
  return static_cast<int64_t>(ticks);
}

int32_t read_date_days(const ValueContext& c) {
  const uint64_t days = c.r.uint_n(3, c.owner + " date");
  if (days > static_cast<uint64_t>(kMaxDay)) c.fail("date " + std::to_string(days) + " is after 9999-12-31");
  return static_cast<int32_t>(days);
}

// The value bytes of a fixed-length or BYTE-length type, `length` bytes long (already checked for the type).
Value decode_scalar(const ValueContext& c, size_t length) {
  ByteReader& r = c.r;
  const std::string& f = c.owner;
  switch (c.t.type) {
    case WireType::Int1:
    case WireType::Int2:
    case WireType::Int4:
    case WireType::Int8:
    case WireType::IntN:
      switch (length) {
        case 1: return Value::integer(r.u8(f));  // TINYINT is unsigned
        case 2: return Value::integer(r.i16(f));
        case 4: return Value::integer(r.i32(f));
        default: return Value::integer(r.i64(f));
      }
    case WireType::Bit:
    case WireType::BitN:
      return Value::boolean(r.u8(f) != 0);
    case WireType::Float4:
    case WireType::Float8:
    case WireType::FloatN:
      if (length == 4) {
        const uint32_t bits = r.u32(f);
        float v;
        std::memcpy(&v, &bits, sizeof v);
        return Value::floating(v);
      } else {
        const uint64_t bits = r.u64(f);
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return Value::floating(v);
      }
    case WireType::Money:
    case WireType::Money4:
    case WireType::MoneyN:
      if (length == 4) return Value::money(r.i32(f));
      {
        // The high half comes first.
        const int64_t high = r.i32(f);
        const uint32_t low = r.u32(f);
        return Value::money(static_cast<int64_t>(static_cast<uint64_t>(high) << 32 | low));
      }
    case WireType::DateTime:
    case WireType::DateTime4:
    case WireType::DateTimeN:
      if (length == 4) {
        const uint16_t days = r.u16(f);
        const uint16_t minutes = r.u16(f);
        if (minutes >= 1440) c.fail("minute " + std::to_string(minutes) + " is not before midnight");
        return Value::datetime2(kDaysFrom0001To1900 + days, int64_t{minutes} * 60 * kTicksPerSecond);
      } else {
        const int32_t days = r.i32(f);
        const uint32_t ticks = r.u32(f);
        if (ticks >= kDateTimeTicksPerDay) c.fail("time " + std::to_string(ticks) + "/300 s is not before midnight");
        const int64_t day = int64_t{kDaysFrom0001To1900} + days;
        if (day < 0 || day > kMaxDay) c.fail("day " + std::to_string(days) + " is outside 0001-01-01..9999-12-31");
        // 1/300 s to 100 ns, to the nearest tick: SQL Server's DATETIME to DATETIME2(7).
        return Value::datetime2(static_cast<int32_t>(day), (int64_t{ticks} * 100'000 + 1) / 3);
      }
    case WireType::DecimalN:
    case WireType::NumericN: {
      const uint8_t sign = r.u8(f + " sign");
      if (sign > 1) c.fail("sign byte " + std::to_string(sign) + " is neither 0 nor 1");
      const std::span<const uint8_t> magnitude = r.bytes(length - 1, f + " magnitude");
      unsigned __int128 m = 0;
      for (size_t i = magnitude.size(); i-- > 0;) m = (m << 8) | magnitude[i];
      if (m >= static_cast<unsigned __int128>(kPow10[38])) c.fail("magnitude has more than 38 digits");
      const __int128 v = static_cast<__int128>(m);
      return Value::decimal(sign == 1 ? v : -v, c.t.precision, c.t.scale);
    }
    case WireType::DateN:
      return Value::date(read_date_days(c));
    case WireType::TimeN:
      return Value::time(read_time_ticks(c));
    case WireType::DateTime2N: {
      const int64_t ticks = read_time_ticks(c);
      return Value::datetime2(read_date_days(c), ticks);
    }
    case WireType::DateTimeOffsetN: {
      const int64_t ticks = read_time_ticks(c);
      const int32_t days = read_date_days(c);
      const int16_t offset = r.i16(f + " offset");
      if (offset < -840 || offset > 840) c.fail("offset " + std::to_string(offset) + " min is outside +-14:00");
      return Value::datetimeoffset(DateTime2{days, ticks}, offset);
    }
    case WireType::Guid:
      return Value::string(format_guid(r.bytes(16, f)));
    default:
      c.fail("is not a fixed-length type");
  }
}

size_t fixed_length(WireType type) {
  switch (type) {
    case WireType::Int1:
    case WireType::Bit: return 1;
    case WireType::Int2: return 2;
    case WireType::Int4:
    case WireType::DateTime4:
    case WireType::Float4:
    case WireType::Money4: return 4;
    default: return 8;  // Money, DateTime, Float8, Int8
  }
}

// Whether a BYTE-length value of `length` is one the type allows.
bool valid_n_length(const TypeInfo& t, size_t length) {
  switch (t.type) {
    case WireType::IntN: return (length == 1 || length == 2 || length == 4 || length == 8) && length <= t.max_length;
    case WireType::BitN: return length == 1;
    case WireType::FloatN:
    case WireType::MoneyN:
    case WireType::DateTimeN: return (length == 4 || length == 8) && length <= t.max_length;
    case WireType::Guid: return length == 16;
    case WireType::DecimalN:
    case WireType::NumericN: return length >= 2 && length <= 17 && length <= t.max_length;
    case WireType::DateN: return length == 3;
    case WireType::TimeN: return length == time_length(t.scale);
    case WireType::DateTime2N: return length == time_length(t.scale) + 3u;
    case WireType::DateTimeOffsetN: return length == time_length(t.scale) + 5u;
    default: return false;
  }
}

// A PLP body's bytes, or nullopt for the PLP NULL.
std::optional<Bytes> read_plp(const ValueContext& c) {
  const uint64_t total = c.r.u64(c.owner + " PLP length");
  if (total == kPlpNull) return std::nullopt;
  if (total != kPlpUnknownLength && total > c.r.remaining())
    c.fail("PLP length " + std::to_string(total) + " exceeds the " + std::to_string(c.r.remaining()) +
           " bytes left in the message");
  Bytes bytes;
  for (int chunk = 1;; ++chunk) {
    const uint32_t length = c.r.u32(c.owner + " PLP chunk " + std::to_string(chunk) + " length");
    if (length == 0) break;
    const std::span<const uint8_t> data = c.r.bytes(length, c.owner + " PLP chunk " + std::to_string(chunk));
    bytes.insert(bytes.end(), data.begin(), data.end());
  }
  if (total != kPlpUnknownLength && total != bytes.size())
    c.fail("PLP chunks hold " + std::to_string(bytes.size()) + " bytes, the total said " + std::to_string(total));
  return bytes;
}

Value decode_text_or_binary(const ValueContext& c, std::span<const uint8_t> bytes) {
  switch (c.t.type) {
    case WireType::BigVarChar:
    case WireType::BigChar:
    case WireType::Text:
      if (c.t.collation.utf8()) return Value::string(std::string(bytes.begin(), bytes.end()));
      return Value::string(windows1252_to_utf8(bytes));
    case WireType::NVarChar:
    case WireType::NChar:
    case WireType::NText:
      try {
        return Value::string(utf16le_to_utf8(bytes));
      } catch (const ProtocolError& e) {
        c.fail(e.what());
      }
    default:
      return Value::binary(Bytes(bytes.begin(), bytes.end()));
  }
}

// ---- writing (the server's own values: a mismatch is a bug in Tessera, a logic_error) ----

std::string type_label(const TypeInfo& t) { return wire_type_name(static_cast<uint8_t>(t.type)); }

template <class T>
const T& expect(const Value& v, const TypeInfo& t) {
  if (const T* p = std::get_if<T>(&v.storage())) return *p;
  throw std::logic_error("TDS writer: a " + std::string(Value::kind_name(v.kind())) + " value for a column of type " +
                         type_label(t));
}

[[noreturn]] void out_of_range(const TypeInfo& t, const std::string& what) {
  throw std::out_of_range("TDS writer: " + what + " does not fit a column of type " + type_label(t));
}

void put_int(Buffer& out, const TypeInfo& t, int64_t v, size_t width) {
  const bool fits = width == 8 || (width == 4 && v >= INT32_MIN && v <= INT32_MAX) ||
                    (width == 2 && v >= INT16_MIN && v <= INT16_MAX) || (width == 1 && v >= 0 && v <= 255);
  if (!fits) out_of_range(t, "integer " + std::to_string(v) + " (" + std::to_string(width) + " bytes)");
  put_uint_n(out, static_cast<uint64_t>(v), width);
}

void put_float(Buffer& out, double v, size_t width) {
  if (width == 4) {
    const float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    put_u32(out, bits);
  } else {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    put_u64(out, bits);
  }
}

void put_money(Buffer& out, const TypeInfo& t, int64_t units, size_t width) {
  if (width == 4) {
    if (units < INT32_MIN || units > INT32_MAX) out_of_range(t, "money " + std::to_string(units) + "/10000");
    put_u32(out, static_cast<uint32_t>(units));
  } else {
    put_u32(out, static_cast<uint32_t>(static_cast<uint64_t>(units) >> 32));
    put_u32(out, static_cast<uint32_t>(units));
  }
}

void check_date(const TypeInfo& t, int32_t days) {
  if (days < 0 || days > kMaxDay) out_of_range(t, "day " + std::to_string(days));
}

void check_time(const TypeInfo& t, int64_t ticks) {
  if (ticks < 0 || ticks >= kTicksPerDay) out_of_range(t, "time of " + std::to_string(ticks) + " ticks");
}

void put_datetime(Buffer& out, const TypeInfo& t, const DateTime2& v, size_t width) {
  check_date(t, v.days);
  check_time(t, v.ticks);
  // To 1/300 s, half up: .9985 s and above become the next second, 23:59:59.999 the next day.
  int64_t days = v.days;
  int64_t ticks300 = (v.ticks * 3 + 50'000) / 100'000;
  if (ticks300 == kDateTimeTicksPerDay) ++days, ticks300 = 0;
  if (width == 8) {
    if (days < kFirstDateTimeDay || days > kMaxDay) out_of_range(t, "DATETIME day " + std::to_string(v.days));
    put_u32(out, static_cast<uint32_t>(static_cast<int32_t>(days - kDaysFrom0001To1900)));
    put_u32(out, static_cast<uint32_t>(ticks300));
    return;
  }
  // SMALLDATETIME: from the DATETIME value to the minute, 30 s and above rounding up (so 29.998 s down and
  // 29.999 s, which DATETIME makes 30.000, up, as SQL Server documents).
  int64_t minutes = ticks300 / (300 * 60);
  if (ticks300 % (300 * 60) >= 300 * 30) ++minutes;
  if (minutes == 1440) ++days, minutes = 0;
  const int64_t day1900 = days - kDaysFrom0001To1900;
  if (day1900 < 0 || day1900 > 0xFFFF) out_of_range(t, "SMALLDATETIME day " + std::to_string(v.days));
  put_u16(out, static_cast<uint16_t>(day1900));
  put_u16(out, static_cast<uint16_t>(minutes));
}

// Time in the type's scale followed by the date, the rounding carried into the date.
void put_datetime2(Buffer& out, const TypeInfo& t, const DateTime2& v) {
  check_date(t, v.days);
  check_time(t, v.ticks);
  int64_t days = v.days;
  int64_t ticks = round_ticks_to_scale(v.ticks, t.scale);
  if (ticks == kTicksPerDay) ++days, ticks = 0;
  if (days > kMaxDay) out_of_range(t, "a time rounding past 9999-12-31");
  put_uint_n(out, static_cast<uint64_t>(ticks / ticks_per_unit(t.scale)), time_length(t.scale));
  put_uint_n(out, static_cast<uint64_t>(days), 3);
}

__int128 rescale(const TypeInfo& t, const Decimal& d) {
  __int128 v = d.unscaled;
  if (d.scale <= t.scale) {
    const __int128 factor = kPow10[t.scale - d.scale];
    const __int128 limit = kPow10[38] / factor;
    if (v >= limit || v <= -limit) out_of_range(t, "decimal " + int128_to_string(d.unscaled));
    v *= factor;
  } else {
    // Half away from zero, as SQL Server rounds a decimal to a smaller scale.
    const __int128 divisor = kPow10[d.scale - t.scale];
    const __int128 half = divisor / 2;
    v = v >= 0 ? (v + half) / divisor : (v - half) / divisor;
  }
  if (v >= kPow10[t.precision] || v <= -kPow10[t.precision])
    out_of_range(t, "decimal " + int128_to_string(d.unscaled) + "e-" + std::to_string(d.scale));
  return v;
}

// A character or binary value in its wire bytes (not yet padded).
std::string wire_bytes(const TypeInfo& t, const Value& v) {
  switch (t.type) {
    case WireType::BigVarChar:
    case WireType::BigChar:
    case WireType::Text: {
      const std::string& s = expect<std::string>(v, t);
      return t.collation.utf8() ? s : utf8_to_windows1252(s);
    }
    case WireType::NVarChar:
    case WireType::NChar:
    case WireType::NText: {
      const std::vector<uint8_t> utf16 = utf8_to_utf16le(expect<std::string>(v, t));
      return std::string(utf16.begin(), utf16.end());
    }
    default: {
      const Bytes& b = expect<Bytes>(v, t);
      return std::string(b.begin(), b.end());
    }
  }
}

void put_plp(Buffer& out, std::string_view bytes) {
  put_u64(out, bytes.size());
  constexpr size_t kMaxChunk = 0x7FFFFFFF;
  for (size_t at = 0; at < bytes.size(); at += kMaxChunk) {
    const size_t length = std::min(kMaxChunk, bytes.size() - at);
    put_u32(out, static_cast<uint32_t>(length));
    out.insert(out.end(), bytes.begin() + at, bytes.begin() + at + length);
  }
  put_u32(out, 0);
}

void write_null(Buffer& out, const TypeInfo& t) {
  switch (t.type) {
    case WireType::IntN:
    case WireType::BitN:
    case WireType::FloatN:
    case WireType::MoneyN:
    case WireType::DateTimeN:
    case WireType::DecimalN:
    case WireType::NumericN:
    case WireType::DateN:
    case WireType::TimeN:
    case WireType::DateTime2N:
    case WireType::DateTimeOffsetN:
    case WireType::Guid:
      put_u8(out, 0);
      return;
    case WireType::BigVarBinary:
    case WireType::BigVarChar:
    case WireType::BigBinary:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar:
      if (t.is_plp()) put_u64(out, kPlpNull);
      else put_u16(out, kPlpNullLow);
      return;
    case WireType::Text:
    case WireType::NText:
    case WireType::Image:
      put_u8(out, 0);  // no text pointer
      return;
    default:
      throw std::logic_error("TDS writer: NULL for a column of the fixed-length type " + type_label(t));
  }
}

}  // namespace

Value read_value(ByteReader& r, const TypeInfo& t, std::string_view what) {
  const ValueContext c{r, t, std::string(what), r.offset()};
  switch (t.type) {
    case WireType::Null:
      return Value();
    case WireType::Int1:
    case WireType::Bit:
    case WireType::Int2:
    case WireType::Int4:
    case WireType::DateTime4:
    case WireType::Float4:
    case WireType::Money:
    case WireType::DateTime:
    case WireType::Float8:
    case WireType::Money4:
    case WireType::Int8:
      return decode_scalar(c, fixed_length(t.type));
    case WireType::Guid:
    case WireType::IntN:
    case WireType::BitN:
    case WireType::FloatN:
    case WireType::MoneyN:
    case WireType::DateTimeN:
    case WireType::DecimalN:
    case WireType::NumericN:
    case WireType::DateN:
    case WireType::TimeN:
    case WireType::DateTime2N:
    case WireType::DateTimeOffsetN: {
      const uint8_t length = r.u8(c.owner + " length");
      if (length == 0) return Value();
      if (!valid_n_length(t, length)) c.fail("value length " + std::to_string(length) + " is not allowed");
      return decode_scalar(c, length);
    }
    case WireType::BigVarBinary:
    case WireType::BigVarChar:
    case WireType::BigBinary:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar: {
      if (t.is_plp()) {
        const std::optional<Bytes> bytes = read_plp(c);
        return bytes ? decode_text_or_binary(c, *bytes) : Value();
      }
      const uint16_t length = r.u16(c.owner + " length");
      if (length == kPlpNullLow) return Value();
      if (length > t.max_length)
        c.fail("value of " + std::to_string(length) + " bytes exceeds its maximum length " +
               std::to_string(t.max_length));
      return decode_text_or_binary(c, r.bytes(length, c.owner + " value"));
    }
    case WireType::Image:
    case WireType::Text:
    case WireType::NText: {
      // No check against the declared maximum here: drivers disagree on its unit (tedious declares an NTEXT's
      // length in characters), and the type is unbounded anyway.
      const uint32_t length = r.u32(c.owner + " length");
      if (length == 0xFFFFFFFF) return Value();
      return decode_text_or_binary(c, r.bytes(length, c.owner + " value"));
    }
  }
  c.fail("cannot be decoded");
}

void write_value(Buffer& out, const TypeInfo& t, const Value& v) {
  if (v.is_null()) {
    write_null(out, t);
    return;
  }
  switch (t.type) {
    case WireType::Int1: put_int(out, t, expect<int64_t>(v, t), 1); return;
    case WireType::Int2: put_int(out, t, expect<int64_t>(v, t), 2); return;
    case WireType::Int4: put_int(out, t, expect<int64_t>(v, t), 4); return;
    case WireType::Int8: put_int(out, t, expect<int64_t>(v, t), 8); return;
    case WireType::IntN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      put_int(out, t, expect<int64_t>(v, t), t.max_length);
      return;
    case WireType::Bit: put_u8(out, expect<bool>(v, t) ? 1 : 0); return;
    case WireType::BitN:
      put_u8(out, 1);
      put_u8(out, expect<bool>(v, t) ? 1 : 0);
      return;
    case WireType::Float4: put_float(out, expect<double>(v, t), 4); return;
    case WireType::Float8: put_float(out, expect<double>(v, t), 8); return;
    case WireType::FloatN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      put_float(out, expect<double>(v, t), t.max_length);
      return;
    case WireType::Money4: put_money(out, t, expect<Money>(v, t).units, 4); return;
    case WireType::Money: put_money(out, t, expect<Money>(v, t).units, 8); return;
    case WireType::MoneyN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      put_money(out, t, expect<Money>(v, t).units, t.max_length);
      return;
    case WireType::DateTime4: put_datetime(out, t, expect<DateTime2>(v, t), 4); return;
    case WireType::DateTime: put_datetime(out, t, expect<DateTime2>(v, t), 8); return;
    case WireType::DateTimeN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      put_datetime(out, t, expect<DateTime2>(v, t), t.max_length);
      return;
    case WireType::DecimalN:
    case WireType::NumericN: {
      const __int128 scaled = rescale(t, expect<Decimal>(v, t));
      const uint8_t length = decimal_length(t.precision);
      put_u8(out, length);
      put_u8(out, scaled < 0 ? 0 : 1);
      put_uint_n(out, static_cast<unsigned __int128>(scaled < 0 ? -scaled : scaled), length - 1);
      return;
    }
    case WireType::DateN: {
      const int32_t days = expect<Date>(v, t).days;
      check_date(t, days);
      put_u8(out, 3);
      put_uint_n(out, static_cast<uint64_t>(days), 3);
      return;
    }
    case WireType::TimeN: {
      const int64_t ticks = expect<Time>(v, t).ticks;
      check_time(t, ticks);
      const int64_t rounded = round_ticks_to_scale(ticks, t.scale) % kTicksPerDay;  // TIME wraps, as CAST does
      put_u8(out, time_length(t.scale));
      put_uint_n(out, static_cast<uint64_t>(rounded / ticks_per_unit(t.scale)), time_length(t.scale));
      return;
    }
    case WireType::DateTime2N:
      put_u8(out, static_cast<uint8_t>(time_length(t.scale) + 3));
      put_datetime2(out, t, expect<DateTime2>(v, t));
      return;
    case WireType::DateTimeOffsetN: {
      const DateTimeOffset& d = expect<DateTimeOffset>(v, t);
      if (d.offset_minutes < -840 || d.offset_minutes > 840)
        out_of_range(t, "offset " + std::to_string(d.offset_minutes));
      put_u8(out, static_cast<uint8_t>(time_length(t.scale) + 5));
      put_datetime2(out, t, d.utc);
      put_u16(out, static_cast<uint16_t>(d.offset_minutes));
      return;
    }
    case WireType::BigVarBinary:
    case WireType::BigVarChar:
    case WireType::BigBinary:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar: {
      std::string bytes = wire_bytes(t, v);
      if (t.is_plp()) {
        put_plp(out, bytes);
        return;
      }
      if (bytes.size() > t.max_length)
        out_of_range(t, "a value of " + std::to_string(bytes.size()) + " bytes (maximum " +
                            std::to_string(t.max_length) + ")");
      if (t.type == WireType::BigChar || t.type == WireType::NChar || t.type == WireType::BigBinary) {
        // Fixed-length types are padded as SQL Server stores them: spaces (UTF-16 spaces for NCHAR), zeros.
        const char pad = t.type == WireType::BigBinary ? '\0' : ' ';
        while (bytes.size() < t.max_length) {
          bytes += pad;
          if (t.type == WireType::NChar) bytes += '\0';
        }
      }
      put_u16(out, static_cast<uint16_t>(bytes.size()));
      out.insert(out.end(), bytes.begin(), bytes.end());
      return;
    }
    case WireType::Image:
    case WireType::Text:
    case WireType::NText: {
      const std::string bytes = wire_bytes(t, v);
      if (bytes.size() > t.max_length) out_of_range(t, "a value of " + std::to_string(bytes.size()) + " bytes");
      // The row form: a text pointer and a timestamp that clients only carry back in UPDATETEXT, which
      // Tessera does not offer, so zeros do.
      put_u8(out, 16);
      out.insert(out.end(), 16 + 8, 0);
      put_u32(out, static_cast<uint32_t>(bytes.size()));
      out.insert(out.end(), bytes.begin(), bytes.end());
      return;
    }
    case WireType::Null:
    case WireType::Guid:
      break;
  }
  throw std::logic_error("TDS writer: the server does not send values of type " + type_label(t));
}

}  // namespace tessera::tds
