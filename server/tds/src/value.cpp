#include "tessera/tds/value.hpp"

#include <cstdio>
#include <ostream>

namespace tessera::tds {

std::string_view Value::kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::Null: return "Null";
    case ValueKind::Bool: return "Bool";
    case ValueKind::Int: return "Int";
    case ValueKind::Float: return "Float";
    case ValueKind::Decimal: return "Decimal";
    case ValueKind::Money: return "Money";
    case ValueKind::Date: return "Date";
    case ValueKind::Time: return "Time";
    case ValueKind::DateTime2: return "DateTime2";
    case ValueKind::DateTimeOffset: return "DateTimeOffset";
    case ValueKind::String: return "String";
    case ValueKind::Binary: return "Binary";
  }
  return "?";
}

// Days are counted from 0000-03-01 inside, so that the leap day ends a year: a year of the shifted calendar
// runs March to February, and 400 years are always 146097 days.
int32_t days_from_civil(int32_t year, uint32_t month, uint32_t day) {
  const int64_t y = int64_t{year} - (month <= 2 ? 1 : 0);
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t year_of_era = y - era * 400;
  const int64_t month_from_march = month > 2 ? month - 3 : month + 9;
  const int64_t day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  constexpr int64_t kMarch1st0000To0001 = 306;
  return static_cast<int32_t>(era * 146097 + day_of_era - kMarch1st0000To0001);
}

CivilDate civil_from_days(int32_t days) {
  const int64_t z = int64_t{days} + 306;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t day_of_era = z - era * 146097;
  const int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t month_from_march = (5 * day_of_year + 2) / 153;
  const uint32_t day = static_cast<uint32_t>(day_of_year - (153 * month_from_march + 2) / 5 + 1);
  const uint32_t month = static_cast<uint32_t>(month_from_march < 10 ? month_from_march + 3 : month_from_march - 9);
  const int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
  return CivilDate{static_cast<int32_t>(year), month, day};
}

int64_t round_ticks_to_scale(int64_t ticks, uint8_t scale) {
  int64_t unit = 1;
  for (int i = scale; i < 7; ++i) unit *= 10;
  return (ticks + unit / 2) / unit * unit;
}

std::string int128_to_string(__int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  // Work on the magnitude as unsigned so that the most negative value does not overflow.
  unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  while (magnitude != 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
    magnitude /= 10;
  }
  return negative ? "-" + digits : digits;
}

namespace {

std::string format_date(int32_t days) {
  const CivilDate c = civil_from_days(days);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", c.year, c.month, c.day);
  return buf;
}

std::string format_ticks(int64_t ticks) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld.%07lld",
                static_cast<long long>(ticks / (3600 * kTicksPerSecond)),
                static_cast<long long>(ticks / (60 * kTicksPerSecond) % 60),
                static_cast<long long>(ticks / kTicksPerSecond % 60), static_cast<long long>(ticks % kTicksPerSecond));
  return buf;
}

}  // namespace

std::string to_debug_string(const Value& v) {
  std::string body;
  switch (v.kind()) {
    case ValueKind::Null: return "Null";
    case ValueKind::Bool: body = v.as<bool>() ? "true" : "false"; break;
    case ValueKind::Int: body = std::to_string(v.as<int64_t>()); break;
    case ValueKind::Float: body = std::to_string(v.as<double>()); break;
    case ValueKind::Decimal: {
      const Decimal& d = v.as<Decimal>();
      body = int128_to_string(d.unscaled) + "e-" + std::to_string(d.scale) + " (p " + std::to_string(d.precision) + ")";
      break;
    }
    case ValueKind::Money: body = std::to_string(v.as<Money>().units) + "/10000"; break;
    case ValueKind::Date: body = format_date(v.as<Date>().days); break;
    case ValueKind::Time: body = format_ticks(v.as<Time>().ticks); break;
    case ValueKind::DateTime2: {
      const DateTime2& d = v.as<DateTime2>();
      body = format_date(d.days) + " " + format_ticks(d.ticks);
      break;
    }
    case ValueKind::DateTimeOffset: {
      const DateTimeOffset& d = v.as<DateTimeOffset>();
      body = format_date(d.utc.days) + " " + format_ticks(d.utc.ticks) + " UTC, offset " +
             std::to_string(d.offset_minutes) + " min";
      break;
    }
    case ValueKind::String: body = "\"" + v.as<std::string>() + "\""; break;
    case ValueKind::Binary: {
      constexpr char kHex[] = "0123456789ABCDEF";
      body = "0x";
      for (uint8_t b : v.as<Bytes>()) body += std::string{kHex[b >> 4], kHex[b & 15]};
      break;
    }
  }
  return std::string(Value::kind_name(v.kind())) + " " + body;
}

std::ostream& operator<<(std::ostream& os, const Value& v) { return os << to_debug_string(v); }

}  // namespace tessera::tds
