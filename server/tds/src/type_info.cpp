#include "tessera/tds/type_info.hpp"

#include <algorithm>
#include <cstdio>

namespace tessera::tds {

bool TypeInfo::has_collation() const {
  switch (type) {
    case WireType::BigVarChar:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar:
    case WireType::Text:
    case WireType::NText:
      return true;
    default:
      return false;
  }
}

bool TypeInfo::is_plp() const {
  return max_length == kPlpMaxLength &&
         (type == WireType::BigVarChar || type == WireType::NVarChar || type == WireType::BigVarBinary);
}

uint8_t time_length(uint8_t scale) { return scale <= 2 ? 3 : scale <= 4 ? 4 : 5; }

uint8_t decimal_length(uint8_t precision) {
  return precision <= 9 ? 5 : precision <= 19 ? 9 : precision <= 28 ? 13 : 17;
}

std::string wire_type_name(uint8_t type) {
  const char* name = nullptr;
  switch (type) {
    case 0x1F: name = "NULL"; break;
    case 0x30: name = "INT1"; break;
    case 0x32: name = "BIT"; break;
    case 0x34: name = "INT2"; break;
    case 0x38: name = "INT4"; break;
    case 0x3A: name = "DATETIM4"; break;
    case 0x3B: name = "FLT4"; break;
    case 0x3C: name = "MONEY"; break;
    case 0x3D: name = "DATETIME"; break;
    case 0x3E: name = "FLT8"; break;
    case 0x7A: name = "MONEY4"; break;
    case 0x7F: name = "INT8"; break;
    case 0x24: name = "GUID"; break;
    case 0x26: name = "INTN"; break;
    case 0x28: name = "DATEN"; break;
    case 0x29: name = "TIMEN"; break;
    case 0x2A: name = "DATETIME2N"; break;
    case 0x2B: name = "DATETIMEOFFSETN"; break;
    case 0x68: name = "BITN"; break;
    case 0x6A: name = "DECIMALN"; break;
    case 0x6C: name = "NUMERICN"; break;
    case 0x6D: name = "FLTN"; break;
    case 0x6E: name = "MONEYN"; break;
    case 0x6F: name = "DATETIMN"; break;
    case 0xA5: name = "BIGVARBINARY"; break;
    case 0xA7: name = "BIGVARCHAR"; break;
    case 0xAD: name = "BIGBINARY"; break;
    case 0xAF: name = "BIGCHAR"; break;
    case 0xE7: name = "NVARCHAR"; break;
    case 0xEF: name = "NCHAR"; break;
    case 0x22: name = "IMAGE"; break;
    case 0x23: name = "TEXT"; break;
    case 0x63: name = "NTEXT"; break;
    case 0x62: name = "SSVARIANT (sql_variant)"; break;
    case 0xF0: name = "UDT"; break;
    case 0xF1: name = "XML"; break;
    case 0xF3: name = "TVP (table-valued parameter)"; break;
    case 0x25: name = "VARBINARY (pre-7.0)"; break;
    case 0x27: name = "VARCHAR (pre-7.0)"; break;
    case 0x2D: name = "BINARY (pre-7.0)"; break;
    case 0x2F: name = "CHAR (pre-7.0)"; break;
    case 0x37: name = "DECIMAL (pre-7.0)"; break;
    case 0x3F: name = "NUMERIC (pre-7.0)"; break;
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", type);
  return name ? std::string(name) + " (" + hex + ")" : std::string(hex);
}

namespace {

bool one_of(uint32_t v, std::initializer_list<uint32_t> allowed) {
  for (uint32_t a : allowed)
    if (v == a) return true;
  return false;
}

}  // namespace

TypeInfo read_type_info(ByteReader& r, std::string_view what) {
  const size_t at = r.offset();
  const std::string owner(what);
  const uint8_t byte = r.u8(owner + " type");
  TypeInfo t;
  t.type = static_cast<WireType>(byte);
  const auto bad = [&](const std::string& detail) {
    r.fail_at(at, owner + ": " + wire_type_name(byte) + " " + detail);
  };
  const auto length_byte = [&](std::initializer_list<uint32_t> allowed) {
    t.max_length = r.u8(owner + " length");
    if (!one_of(t.max_length, allowed)) bad("with length " + std::to_string(t.max_length));
  };
  const auto read_collation = [&] {
    const std::span<const uint8_t> c = r.bytes(5, owner + " collation");
    std::copy(c.begin(), c.end(), t.collation.bytes.begin());
  };
  const auto scale_byte = [&] {
    t.scale = r.u8(owner + " scale");
    if (t.scale > 7) bad("with scale " + std::to_string(t.scale) + " (at most 7)");
  };
  switch (t.type) {
    case WireType::Null:
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
    case WireType::DateN:
      break;
    case WireType::Guid: length_byte({16}); break;
    case WireType::IntN: length_byte({1, 2, 4, 8}); break;
    case WireType::BitN: length_byte({1}); break;
    case WireType::FloatN:
    case WireType::MoneyN:
    case WireType::DateTimeN: length_byte({4, 8}); break;
    case WireType::TimeN:
    case WireType::DateTime2N:
    case WireType::DateTimeOffsetN: scale_byte(); break;
    case WireType::DecimalN:
    case WireType::NumericN:
      t.max_length = r.u8(owner + " length");
      t.precision = r.u8(owner + " precision");
      t.scale = r.u8(owner + " scale");
      if (t.max_length < 2 || t.max_length > 17) bad("with length " + std::to_string(t.max_length));
      if (t.precision < 1 || t.precision > 38) bad("with precision " + std::to_string(t.precision));
      if (t.scale > t.precision)
        bad("with scale " + std::to_string(t.scale) + " above its precision " + std::to_string(t.precision));
      break;
    case WireType::BigVarBinary:
    case WireType::BigVarChar:
    case WireType::BigBinary:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar:
      t.max_length = r.u16(owner + " maximum length");
      if (t.max_length > 8000 && !t.is_plp()) bad("with maximum length " + std::to_string(t.max_length));
      if (t.has_collation()) read_collation();
      break;
    case WireType::Image:
    case WireType::Text:
    case WireType::NText:
      t.max_length = r.u32(owner + " maximum length");
      if (t.has_collation()) read_collation();
      break;
    default:
      r.fail_at(at, owner + " has unsupported type " + wire_type_name(byte));
  }
  return t;
}

void write_type_info(Buffer& out, const TypeInfo& t) {
  put_u8(out, static_cast<uint8_t>(t.type));
  switch (t.type) {
    case WireType::Guid:
    case WireType::IntN:
    case WireType::BitN:
    case WireType::FloatN:
    case WireType::MoneyN:
    case WireType::DateTimeN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      break;
    case WireType::TimeN:
    case WireType::DateTime2N:
    case WireType::DateTimeOffsetN:
      put_u8(out, t.scale);
      break;
    case WireType::DecimalN:
    case WireType::NumericN:
      put_u8(out, static_cast<uint8_t>(t.max_length));
      put_u8(out, t.precision);
      put_u8(out, t.scale);
      break;
    case WireType::BigVarBinary:
    case WireType::BigVarChar:
    case WireType::BigBinary:
    case WireType::BigChar:
    case WireType::NVarChar:
    case WireType::NChar:
      put_u16(out, static_cast<uint16_t>(t.max_length));
      break;
    case WireType::Image:
    case WireType::Text:
    case WireType::NText:
      put_u32(out, t.max_length);
      break;
    default:
      break;  // fixed-length types and DATEN: the type byte says it all
  }
  if (t.has_collation()) put_bytes(out, t.collation.bytes);
}

}  // namespace tessera::tds
