// The server's response stream: functions that append tokens to a payload buffer (MessageWriter::payload()),
// which the server sends as TabularResult packets.
//
//   login:       LOGINACK, ENVCHANGE (database, language, packet size, collation), DONE
//   a SELECT:    COLMETADATA, ROW/NBCROW..., DONE (COUNT) -- ResultSetWriter
//   an error:    ERROR, DONE (ERROR)
//   an RPC:      ... RETURNSTATUS, RETURNVALUE (output parameters), DONEPROC
//
// Widths that grew in TDS 7.2 (row counts, line numbers, UserType) follow the negotiated version.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/tds/byte_writer.hpp"
#include "tessera/tds/column_type.hpp"
#include "tessera/tds/type_info.hpp"
#include "tessera/tds/value.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

namespace token {
inline constexpr uint8_t kReturnStatus = 0x79;
inline constexpr uint8_t kColMetadata = 0x81;
inline constexpr uint8_t kOrder = 0xA9;
inline constexpr uint8_t kError = 0xAA;
inline constexpr uint8_t kInfo = 0xAB;
inline constexpr uint8_t kReturnValue = 0xAC;
inline constexpr uint8_t kLoginAck = 0xAD;
inline constexpr uint8_t kRow = 0xD1;
inline constexpr uint8_t kNbcRow = 0xD2;
inline constexpr uint8_t kEnvChange = 0xE3;
inline constexpr uint8_t kDone = 0xFD;
inline constexpr uint8_t kDoneProc = 0xFE;
inline constexpr uint8_t kDoneInProc = 0xFF;
}  // namespace token

// ---- login ----

// The version LOGINACK reports. Drivers read it to decide what the server can do (SqlClient and the ODBC
// driver treat a major version below 9 as SQL Server 2000), so the default is that of a current SQL Server.
struct ProgramVersion {
  uint8_t major = 16;
  uint8_t minor = 0;
  uint16_t build = 1000;
};

// Interface 1 (T-SQL), the negotiated TDS version (big-endian here, unlike in LOGIN7), the program name and
// version.
void write_loginack(Buffer& out, TdsVersion version, std::string_view program_name = "Tessera",
                    ProgramVersion program_version = {});

enum class EnvChangeType : uint8_t {
  Database = 1,
  Language = 2,
  PacketSize = 4,
  SqlCollation = 7,
  ResetConnectionAck = 18,
};

void write_envchange_database(Buffer& out, std::string_view new_database, std::string_view old_database);
void write_envchange_language(Buffer& out, std::string_view new_language, std::string_view old_language);
// The sizes travel as decimal text.
void write_envchange_packet_size(Buffer& out, uint32_t new_size, uint32_t old_size);
void write_envchange_collation(Buffer& out, const Collation& collation = kDefaultCollation);
// The answer to a request whose packet had the reset-connection bit.
void write_envchange_reset_connection(Buffer& out);

// ---- messages and completion ----

struct ServerMessage {
  int32_t number = 0;    // SQL Server's message number (50000 for user messages)
  uint8_t state = 1;
  uint8_t severity = 0;  // class: 0-10 informational, 11-16 user errors, 17+ server errors, 20+ fatal
  std::string text;      // cut at 8000 characters
  std::string server_name;
  std::string procedure_name;
  int32_t line = 1;  // 7.1 clients get it as USHORT, clamped
};

void write_error(Buffer& out, const ServerMessage& message, TdsVersion version);
void write_info(Buffer& out, const ServerMessage& message, TdsVersion version);

namespace done_status {
inline constexpr uint16_t kFinal = 0x0000;
inline constexpr uint16_t kMore = 0x0001;  // more results follow in this response
inline constexpr uint16_t kError = 0x0002;
inline constexpr uint16_t kInTransaction = 0x0004;
inline constexpr uint16_t kCount = 0x0010;  // row_count is valid
inline constexpr uint16_t kAttention = 0x0020;  // acknowledges an attention
inline constexpr uint16_t kServerError = 0x0100;  // the statement was aborted by a severe error
}  // namespace done_status

// The statement a DONE ends (CurCmd); clients show it at most in traces.
namespace done_command {
inline constexpr uint16_t kNone = 0x00;
inline constexpr uint16_t kSelect = 0xC1;
inline constexpr uint16_t kInsert = 0xC3;
inline constexpr uint16_t kDelete = 0xC4;
inline constexpr uint16_t kUpdate = 0xC5;
}  // namespace done_command

struct Done {
  uint16_t status = done_status::kFinal;
  uint16_t current_command = done_command::kNone;
  uint64_t row_count = 0;  // 7.1 clients get a 32-bit count, clamped
};

// DONE ends a statement of a batch, DONEPROC an RPC, DONEINPROC a statement inside an RPC.
void write_done(Buffer& out, const Done& done, TdsVersion version);
void write_done_proc(Buffer& out, const Done& done, TdsVersion version);
void write_done_in_proc(Buffer& out, const Done& done, TdsVersion version);

// ---- RPC results ----

void write_return_status(Buffer& out, int32_t status);

struct ReturnValue {
  uint16_t ordinal = 0;  // the parameter's position in the RPC, from 0
  std::string name;      // "@handle"
  ColumnType type;
  Value value;
  bool user_defined_function = false;  // the return value of a UDF rather than an output parameter
};

// An output parameter (sp_prepare's handle, sp_executesql's OUTPUT parameters), encoded like a column.
void write_return_value(Buffer& out, const ReturnValue& value, TdsVersion version);

// ---- result sets ----

// ORDER: the 1-based columns the rows are sorted by.
void write_order(Buffer& out, std::span<const uint16_t> column_numbers);

struct Column {
  std::string name;  // UTF-8; may be empty (an unnamed expression)
  ColumnType type;
  bool nullable = true;
};

// One result set: COLMETADATA once, then its rows one at a time, into whatever buffer the server is filling,
// so that it can send packets as the rows come and never hold the whole result.
class ResultSetWriter {
 public:
  // std::logic_error for no columns, more than 4096, or a type with invalid parameters.
  ResultSetWriter(std::vector<Column> columns, TdsVersion version);

  void write_metadata(Buffer& out) const;

  // ROW, or NBCROW when the row has NULLs and the client speaks 7.3.B or later. `row` has a Value per column
  // of the column's kind (Int for the integer types, Bool for BIT, Float for REAL/FLOAT, Decimal, Money for
  // MONEY/SMALLMONEY, Date, Time, DateTime2 for DATETIME/SMALLDATETIME/DATETIME2, DateTimeOffset, String for
  // the character types, Binary) or Null; anything else is a std::logic_error (see write_value).
  void write_row(Buffer& out, std::span<const Value> row) const;

  const std::vector<Column>& columns() const { return columns_; }
  const std::vector<TypeInfo>& wire_types() const { return wire_types_; }
  TdsVersion version() const { return version_; }

 private:
  void write_cell(Buffer& out, size_t column, const Value& value) const;

  std::vector<Column> columns_;
  std::vector<TypeInfo> wire_types_;
  std::vector<bool> as_text_;  // date and time columns a pre-7.3 client gets as NVARCHAR
  TdsVersion version_;
};

}  // namespace tessera::tds
