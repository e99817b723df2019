// TYPE_INFO: how a column (COLMETADATA, RETURNVALUE) or an RPC parameter says what its values are. A type
// byte, then what that type needs: nothing (fixed-length types), a BYTE length (the nullable "N" types), a
// USHORT maximum length and for text a 5-byte collation, a LONG length (TEXT, NTEXT, IMAGE), and precision and
// scale for decimals, the scale alone for TIME, DATETIME2 and DATETIMEOFFSET.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/byte_writer.hpp"

namespace tessera::tds {

enum class WireType : uint8_t {
  // Fixed length, never NULL.
  Null = 0x1F,
  Int1 = 0x30,  // TINYINT
  Bit = 0x32,
  Int2 = 0x34,       // SMALLINT
  Int4 = 0x38,       // INT
  DateTime4 = 0x3A,  // SMALLDATETIME
  Float4 = 0x3B,     // REAL
  Money = 0x3C,
  DateTime = 0x3D,
  Float8 = 0x3E,  // FLOAT
  Money4 = 0x7A,  // SMALLMONEY
  Int8 = 0x7F,    // BIGINT
  // A BYTE length before each value, 0 for NULL.
  Guid = 0x24,
  IntN = 0x26,
  DateN = 0x28,
  TimeN = 0x29,
  DateTime2N = 0x2A,
  DateTimeOffsetN = 0x2B,
  BitN = 0x68,
  DecimalN = 0x6A,
  NumericN = 0x6C,
  FloatN = 0x6D,
  MoneyN = 0x6E,
  DateTimeN = 0x6F,
  // A USHORT length before each value, 0xFFFF for NULL; with a maximum length of 0xFFFF (the (MAX) types)
  // values are PLP-encoded instead.
  BigVarBinary = 0xA5,
  BigVarChar = 0xA7,
  BigBinary = 0xAD,
  BigChar = 0xAF,
  NVarChar = 0xE7,
  NChar = 0xEF,
  // A LONG length; in a row also a text pointer and a timestamp.
  Image = 0x22,
  Text = 0x23,
  NText = 0x63,
};

inline constexpr uint32_t kPlpMaxLength = 0xFFFF;  // the maximum length that marks VARCHAR(MAX) & co.

// SQL Server's 5-byte collation: LCID (20 bits) and comparison flags, a version nibble, the SQL sort id.
struct Collation {
  std::array<uint8_t, 5> bytes{};

  uint32_t lcid() const { return bytes[0] | (bytes[1] << 8) | ((bytes[2] & 0x0F) << 16); }
  bool utf8() const { return (bytes[3] & 0x04) != 0; }  // fUTF8: the *_UTF8 collations of SQL Server 2019
  uint8_t sort_id() const { return bytes[4]; }
  bool operator==(const Collation&) const = default;
};

// SQL_Latin1_General_CP1_CI_AS: LCID 0x0409 (en-US), ignore case, width and kana, sort id 52; code page 1252.
// The collation Tessera announces for every character column.
inline constexpr Collation kDefaultCollation{{0x09, 0x04, 0xD0, 0x00, 0x34}};

struct TypeInfo {
  WireType type = WireType::IntN;
  // Byte lengths: 1/2/4/8 for INTN, 4/8 for FLTN, MONEYN, DATETIMN, 5/9/13/17 for DECIMALN, 16 for GUID; the
  // maximum for the USHORT types (0xFFFF for (MAX)); the LONG of TEXT/NTEXT/IMAGE. 0 where the type has none.
  uint32_t max_length = 0;
  uint8_t precision = 0;  // DECIMALN, NUMERICN
  uint8_t scale = 0;      // DECIMALN, NUMERICN, TIMEN, DATETIME2N, DATETIMEOFFSETN
  Collation collation{};  // BIGVARCHR, BIGCHAR, NVARCHAR, NCHAR, TEXT, NTEXT

  bool has_collation() const;
  bool is_plp() const;  // a (MAX) type whose values are PLP-encoded
  bool operator==(const TypeInfo&) const = default;
};

// Reads a TYPE_INFO; `what` names its owner in errors ("parameter 2 (@id)"). ProtocolError for a type the codec
// does not decode (sql_variant, XML, UDT, table-valued parameters, the pre-7.0 types) and for lengths,
// precisions or scales the type does not allow.
TypeInfo read_type_info(ByteReader& r, std::string_view what);
void write_type_info(Buffer& out, const TypeInfo& type);

// "INTN (0x26)", "XML (0xF1)", "0x99" for a byte that is no type: for messages.
std::string wire_type_name(uint8_t type);

// The BYTE length the value of a TIMEN of `scale` takes (3 for 0-2, 4 for 3-4, 5 for 5-7).
uint8_t time_length(uint8_t scale);
// The bytes a DECIMALN of `precision` takes, sign byte included (5, 9, 13 or 17).
uint8_t decimal_length(uint8_t precision);

}  // namespace tessera::tds
