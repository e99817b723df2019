// One value on the wire, given its TYPE_INFO: read as a client sends an RPC parameter, written as the server
// sends a column in ROW/NBCROW or an output parameter in RETURNVALUE.
//
//   INTN/INT1..INT8     Int (TINYINT is unsigned)       BITN/BIT           Bool
//   FLTN/FLT4/FLT8      Float                           DECIMALN/NUMERICN  Decimal (sign byte + magnitude)
//   MONEYN/MONEY/MONEY4 Money                           DATETIMN/DATETIME/DATETIM4  DateTime2
//   DATEN Date, TIMEN Time, DATETIME2N DateTime2, DATETIMEOFFSETN DateTimeOffset (UTC + offset)
//   BIGVARCHR/BIGCHAR/TEXT  String (Windows-1252 on the wire, or UTF-8 under a _UTF8 collation)
//   NVARCHAR/NCHAR/NTEXT    String (UTF-16LE on the wire)
//   BIGVARBINARY/BIGBINARY/IMAGE  Binary             GUID  String ("6F9619FF-8B86-D011-B42D-00C04FC964FF", read only)
//
// The (MAX) types are PLP: a ULONGLONG total (0xFFFFFFFFFFFFFFFE: unknown, ...FF: NULL), chunks of a ULONG
// length and their bytes, and a zero ULONG. NULL is a zero BYTE length, 0xFFFF, 0xFFFFFFFF or the PLP NULL by
// type; the fixed-length types cannot be NULL.
#pragma once

#include <string_view>

#include "tessera/tds/byte_reader.hpp"
#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/type_info.hpp"
#include "tessera/tds/value.hpp"

namespace tessera::tds {

// ProtocolError (naming `what` and the offset) for a length the type does not allow, a value longer than its
// declared maximum, PLP chunks that disagree with the announced total, text invalid in its encoding, a
// decimal beyond 38 digits or a time beyond midnight. TEXT/NTEXT/IMAGE parameters are a LONG length and
// the bytes (no text pointer, unlike in rows).
Value read_value(ByteReader& r, const TypeInfo& type, std::string_view what);

// std::logic_error when the value's kind does not fit the type (an Int for an NVARCHAR, NULL for a
// fixed-length type, GUID and NULL types, which the server never sends); std::out_of_range (also a
// logic_error) when its value does not: an Int beyond the INTN's width, a string longer than its maximum, a
// decimal with more digits than the precision, a date outside the type's range. Values are rounded as SQL
// Server converts: DATETIME to 1/300 s (23:59:59.999 becomes the next day), SMALLDATETIME to the minute,
// TIME/DATETIME2/DATETIMEOFFSET to the scale, DECIMAL to its scale (half away from zero). CHAR and NCHAR
// values are padded with spaces, BINARY with zeros. TEXT/NTEXT/IMAGE get the row form (a dummy text pointer
// and timestamp before the length).
void write_value(Buffer& out, const TypeInfo& type, const Value& v);

}  // namespace tessera::tds
