#include "tessera/tds/result_writer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tessera/tds/value_codec.hpp"

namespace tessera::tds {

namespace {

constexpr uint16_t kNullableFlag = 0x0001;  // COLMETADATA/RETURNVALUE Flags: fNullable; updateable = read-only
constexpr size_t kMaxMessageChars = 8000;   // keeps an ERROR token within its USHORT length

void put_user_type(Buffer& out, TdsVersion version) {
  // 0: a base type, not an alias; a ULONG from 7.2 on.
  if (is_7_2_or_later(version)) put_u32(out, 0);
  else put_u16(out, 0);
}

void write_envchange_text(Buffer& out, EnvChangeType type, std::string_view new_value, std::string_view old_value) {
  put_u8(out, token::kEnvChange);
  const size_t length_at = begin_u16_length(out);
  put_u8(out, static_cast<uint8_t>(type));
  put_b_varchar(out, new_value);
  put_b_varchar(out, old_value);
  end_u16_length(out, length_at);
}

void write_message(Buffer& out, uint8_t token_type, const ServerMessage& m, TdsVersion version) {
  put_u8(out, token_type);
  const size_t length_at = begin_u16_length(out);
  put_u32(out, static_cast<uint32_t>(m.number));
  put_u8(out, m.state);
  put_u8(out, m.severity);
  put_us_varchar(out, m.text, kMaxMessageChars);
  put_b_varchar(out, m.server_name);
  put_b_varchar(out, m.procedure_name);
  if (is_7_2_or_later(version)) put_u32(out, static_cast<uint32_t>(m.line));
  else put_u16(out, static_cast<uint16_t>(std::clamp<int32_t>(m.line, 0, 0xFFFF)));
  end_u16_length(out, length_at);
}

void write_done_token(Buffer& out, uint8_t token_type, const Done& done, TdsVersion version) {
  put_u8(out, token_type);
  put_u16(out, done.status);
  put_u16(out, done.current_command);
  if (is_7_2_or_later(version)) put_u64(out, done.row_count);
  else put_u32(out, static_cast<uint32_t>(std::min<uint64_t>(done.row_count, INT32_MAX)));  // a LONG before 7.2
}

bool is_text_type(WireType type) {
  return type == WireType::Text || type == WireType::NText || type == WireType::Image;
}

// TEXT, NTEXT and IMAGE columns name their table after the TYPE_INFO: a US_VARCHAR in 7.1, parts from 7.2
// (where Tessera sends PLP instead, so this only keeps the layout right). No table: empty.
void put_table_name(Buffer& out, TdsVersion version) {
  if (is_7_2_or_later(version)) put_u8(out, 0);
  else put_u16(out, 0);
}

}  // namespace

void write_loginack(Buffer& out, TdsVersion version, std::string_view program_name, ProgramVersion program_version) {
  put_u8(out, token::kLoginAck);
  const size_t length_at = begin_u16_length(out);
  put_u8(out, 1);  // SQL_TSQL
  put_u32_be(out, static_cast<uint32_t>(version));
  put_b_varchar(out, program_name);
  put_u8(out, program_version.major);
  put_u8(out, program_version.minor);
  put_u16_be(out, program_version.build);
  end_u16_length(out, length_at);
}

void write_envchange_database(Buffer& out, std::string_view new_database, std::string_view old_database) {
  write_envchange_text(out, EnvChangeType::Database, new_database, old_database);
}

void write_envchange_language(Buffer& out, std::string_view new_language, std::string_view old_language) {
  write_envchange_text(out, EnvChangeType::Language, new_language, old_language);
}

void write_envchange_packet_size(Buffer& out, uint32_t new_size, uint32_t old_size) {
  write_envchange_text(out, EnvChangeType::PacketSize, std::to_string(new_size), std::to_string(old_size));
}

void write_envchange_collation(Buffer& out, const Collation& collation) {
  put_u8(out, token::kEnvChange);
  const size_t length_at = begin_u16_length(out);
  put_u8(out, static_cast<uint8_t>(EnvChangeType::SqlCollation));
  put_u8(out, static_cast<uint8_t>(collation.bytes.size()));
  put_bytes(out, collation.bytes);
  put_u8(out, 0);  // no old value
  end_u16_length(out, length_at);
}

void write_envchange_reset_connection(Buffer& out) {
  put_u8(out, token::kEnvChange);
  put_u16(out, 3);
  put_u8(out, static_cast<uint8_t>(EnvChangeType::ResetConnectionAck));
  put_u8(out, 0);
  put_u8(out, 0);
}

void write_error(Buffer& out, const ServerMessage& message, TdsVersion version) {
  write_message(out, token::kError, message, version);
}

void write_info(Buffer& out, const ServerMessage& message, TdsVersion version) {
  write_message(out, token::kInfo, message, version);
}

void write_done(Buffer& out, const Done& done, TdsVersion version) {
  write_done_token(out, token::kDone, done, version);
}

void write_done_proc(Buffer& out, const Done& done, TdsVersion version) {
  write_done_token(out, token::kDoneProc, done, version);
}

void write_done_in_proc(Buffer& out, const Done& done, TdsVersion version) {
  write_done_token(out, token::kDoneInProc, done, version);
}

void write_return_status(Buffer& out, int32_t status) {
  put_u8(out, token::kReturnStatus);
  put_u32(out, static_cast<uint32_t>(status));
}

void write_return_value(Buffer& out, const ReturnValue& rv, TdsVersion version) {
  const TypeInfo type = wire_type(rv.type, version);
  put_u8(out, token::kReturnValue);
  put_u16(out, rv.ordinal);
  put_b_varchar(out, rv.name);
  put_u8(out, rv.user_defined_function ? 0x02 : 0x01);
  put_user_type(out, version);
  put_u16(out, kNullableFlag);
  write_type_info(out, type);
  if (sent_as_text(rv.type, version) && !rv.value.is_null())
    write_value(out, type, Value::string(text_form(rv.type, rv.value)));
  else
    write_value(out, type, rv.value);
}

void write_order(Buffer& out, std::span<const uint16_t> column_numbers) {
  put_u8(out, token::kOrder);
  const size_t length_at = begin_u16_length(out);
  for (uint16_t column : column_numbers) put_u16(out, column);
  end_u16_length(out, length_at);
}

ResultSetWriter::ResultSetWriter(std::vector<Column> columns, TdsVersion version)
    : columns_(std::move(columns)), version_(version) {
  if (columns_.empty()) throw std::logic_error("ResultSetWriter: a result set needs at least one column");
  if (columns_.size() > 4096)
    throw std::logic_error("ResultSetWriter: " + std::to_string(columns_.size()) + " columns (at most 4096)");
  for (const Column& c : columns_) {
    wire_types_.push_back(wire_type(c.type, version));
    as_text_.push_back(sent_as_text(c.type, version));
  }
}

void ResultSetWriter::write_metadata(Buffer& out) const {
  put_u8(out, token::kColMetadata);
  put_u16(out, static_cast<uint16_t>(columns_.size()));
  for (size_t i = 0; i < columns_.size(); ++i) {
    put_user_type(out, version_);
    put_u16(out, columns_[i].nullable ? kNullableFlag : 0);
    write_type_info(out, wire_types_[i]);
    if (is_text_type(wire_types_[i].type)) put_table_name(out, version_);
    put_b_varchar(out, columns_[i].name);
  }
}

void ResultSetWriter::write_cell(Buffer& out, size_t column, const Value& value) const {
  if (as_text_[column] && !value.is_null()) {
    write_value(out, wire_types_[column], Value::string(text_form(columns_[column].type, value)));
    return;
  }
  write_value(out, wire_types_[column], value);
}

void ResultSetWriter::write_row(Buffer& out, std::span<const Value> row) const {
  if (row.size() != columns_.size())
    throw std::logic_error("ResultSetWriter: a row of " + std::to_string(row.size()) + " values for " +
                           std::to_string(columns_.size()) + " columns");
  bool has_null = false;
  for (size_t i = 0; i < row.size(); ++i) {
    if (!row[i].is_null()) continue;
    if (!columns_[i].nullable)
      throw std::logic_error("ResultSetWriter: NULL in the NOT NULL column " + std::to_string(i + 1) + " (" +
                             columns_[i].name + ")");
    has_null = true;
  }
  // A value that does not fit its column throws halfway through the row: take the row back out, so that the
  // buffer still ends on a token boundary and the server can follow it with an ERROR.
  const size_t row_at = out.size();
  try {
    if (has_null && has_nbcrow(version_)) {
      // A bit per column, least significant first, 1 for NULL; NULL cells are then left out.
      put_u8(out, token::kNbcRow);
      const size_t bitmap_at = out.size();
      out.insert(out.end(), (row.size() + 7) / 8, 0);
      for (size_t i = 0; i < row.size(); ++i) {
        if (row[i].is_null()) out[bitmap_at + i / 8] |= static_cast<uint8_t>(1u << (i % 8));
        else write_cell(out, i, row[i]);
      }
    } else {
      put_u8(out, token::kRow);
      for (size_t i = 0; i < row.size(); ++i) write_cell(out, i, row[i]);
    }
  } catch (...) {
    out.resize(row_at);
    throw;
  }
}

}  // namespace tessera::tds
