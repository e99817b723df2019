// The response tokens (result_writer.hpp), byte by byte from the spec's field layouts, in 7.4 and where they
// differ in 7.1; result sets with ROW and NBCROW, the date types as text before 7.3, and a large result
// streamed through packets without being held whole.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "hex.hpp"
#include "tessera/tds/packet.hpp"
#include "tessera/tds/result_writer.hpp"

namespace tessera::tds {
namespace {

using test::hex;
using test::to_hex;
using test::utf16_hex;

TEST(LoginAck, Bytes) {
  // Length 24: interface, version (big-endian), B_VARCHAR "Tessera", 4 version bytes.
  Buffer out;
  write_loginack(out, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("AD 18 00 01 74 00 00 04 07 " + utf16_hex("Tessera") + " 10 00 03 E8"));
  out.clear();
  write_loginack(out, TdsVersion::V7_1, "T", ProgramVersion{1, 2, 0x0304});
  EXPECT_EQ(to_hex(out), hex("AD 0C 00 01 71 00 00 01 01 54 00 01 02 03 04"));
  out.clear();
  write_loginack(out, TdsVersion::V7_3B, "T");
  EXPECT_EQ(to_hex(std::span<const uint8_t>(out).subspan(4, 4)), hex("73 0B 00 03"));
}

TEST(EnvChange, Bytes) {
  Buffer out;
  write_envchange_database(out, "tpch", "master");
  EXPECT_EQ(to_hex(out), hex("E3 17 00 01 04 " + utf16_hex("tpch") + " 06 " + utf16_hex("master")));
  out.clear();
  write_envchange_language(out, "us_english", "");
  EXPECT_EQ(to_hex(out), hex("E3 17 00 02 0A " + utf16_hex("us_english") + " 00"));
  out.clear();
  write_envchange_packet_size(out, 4096, 4096);
  EXPECT_EQ(to_hex(out), hex("E3 13 00 04 04 34 00 30 00 39 00 36 00 04 34 00 30 00 39 00 36 00"));
  out.clear();
  write_envchange_collation(out);
  EXPECT_EQ(to_hex(out), hex("E3 08 00 07 05 09 04 D0 00 34 00"));
  out.clear();
  write_envchange_reset_connection(out);
  EXPECT_EQ(to_hex(out), hex("E3 03 00 12 00 00"));
}

TEST(ErrorAndInfo, Bytes) {
  const ServerMessage m{208, 1, 16, "bad", "t", "", 1};
  Buffer out;
  write_error(out, m, TdsVersion::V7_4);
  // Length 22: number, state, class, US_VARCHAR text, B_VARCHAR server and procedure, LONG line.
  EXPECT_EQ(to_hex(out), hex("AA 16 00 D0 00 00 00 01 10 03 00 62 00 61 00 64 00 01 74 00 00 01 00 00 00"));
  out.clear();
  write_error(out, m, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("AA 14 00 D0 00 00 00 01 10 03 00 62 00 61 00 64 00 01 74 00 00 01 00"));
  out.clear();
  write_info(out, ServerMessage{5701, 2, 0, "x", "", "p", 70000}, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("AB 10 00 45 16 00 00 02 00 01 00 78 00 00 01 70 00 FF FF")) << "line clamped";
}

TEST(ErrorAndInfo, LongMessagesAreCut) {
  Buffer out;
  write_error(out, ServerMessage{50000, 1, 16, std::string(40000, 'x'), "", "", 1}, TdsVersion::V7_4);
  EXPECT_EQ(out[9] | (out[10] << 8), 8000);
}

TEST(Done, Bytes) {
  Buffer out;
  write_done(out, Done{done_status::kCount, done_command::kSelect, 5}, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("FD 10 00 C1 00 05 00 00 00 00 00 00 00"));
  out.clear();
  write_done(out, Done{done_status::kCount, done_command::kSelect, 5}, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("FD 10 00 C1 00 05 00 00 00"));
  out.clear();
  write_done_proc(out, Done{done_status::kError | done_status::kMore, 0, 0}, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("FE 03 00 00 00 00 00 00 00 00 00 00 00"));
  out.clear();
  write_done_in_proc(out, Done{done_status::kCount | done_status::kMore, done_command::kInsert, 1ull << 40},
                     TdsVersion::V7_3A);
  EXPECT_EQ(to_hex(out), hex("FF 11 00 C3 00 00 00 00 00 00 01 00 00"));
  out.clear();
  write_done(out, Done{done_status::kCount, 0, 1ull << 40}, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("FD 10 00 00 00 FF FF FF 7F")) << "clamped to a LONG";
  out.clear();
  write_done(out, Done{done_status::kServerError, 0, 0}, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("FD 00 01 00 00 00 00 00 00 00 00 00 00"));
}

TEST(ReturnStatusAndValue, Bytes) {
  Buffer out;
  write_return_status(out, -6);
  EXPECT_EQ(to_hex(out), hex("79 FA FF FF FF"));
  out.clear();
  // sp_prepare's handle: ordinal 0, "@handle", output, UserType, Flags (nullable), INTN(4), the value.
  const ReturnValue handle{0, "@handle", ColumnType::of(SqlType::Int), Value::integer(1)};
  write_return_value(out, handle, TdsVersion::V7_4);
  EXPECT_EQ(to_hex(out), hex("AC 00 00 07 " + utf16_hex("@handle") + " 01 00 00 00 00 01 00 26 04 04 01 00 00 00"));
  out.clear();
  write_return_value(out, handle, TdsVersion::V7_1);
  EXPECT_EQ(to_hex(out), hex("AC 00 00 07 " + utf16_hex("@handle") + " 01 00 00 01 00 26 04 04 01 00 00 00"));
  out.clear();
  write_return_value(out, ReturnValue{2, "@d", ColumnType::of(SqlType::Date), Value::date(0), true}, TdsVersion::V7_2);
  EXPECT_EQ(to_hex(out), hex("AC 02 00 02 " + utf16_hex("@d") + " 02 00 00 00 00 01 00 E7 14 00 09 04 D0 00 34 14 00 " +
                             utf16_hex("0001-01-01")));
}

TEST(Order, Bytes) {
  Buffer out;
  const uint16_t columns[] = {1, 2};
  write_order(out, columns);
  EXPECT_EQ(to_hex(out), hex("A9 04 00 01 00 02 00"));
}

std::vector<Column> id_and_name() {
  return {{"id", ColumnType::of(SqlType::Int), false}, {"name", ColumnType::nvarchar(10), true}};
}

TEST(ResultSet, MetadataBytes) {
  Buffer out;
  ResultSetWriter(id_and_name(), TdsVersion::V7_4).write_metadata(out);
  EXPECT_EQ(to_hex(out), hex("81 02 00 | 00 00 00 00 00 00 26 04 02 " + utf16_hex("id") +
                             " | 00 00 00 00 01 00 E7 14 00 09 04 D0 00 34 04 " + utf16_hex("name")));
  out.clear();
  ResultSetWriter(id_and_name(), TdsVersion::V7_1).write_metadata(out);
  EXPECT_EQ(to_hex(out), hex("81 02 00 | 00 00 00 00 26 04 02 " + utf16_hex("id") +
                             " | 00 00 01 00 E7 14 00 09 04 D0 00 34 04 " + utf16_hex("name")))
      << "UserType is a USHORT before 7.2";
}

TEST(ResultSet, RowsAndNullBitmapRows) {
  const ResultSetWriter w(id_and_name(), TdsVersion::V7_4);
  Buffer out;
  const Value full[] = {Value::integer(1), Value::string("ab")};
  w.write_row(out, full);
  EXPECT_EQ(to_hex(out), hex("D1 04 01 00 00 00 04 00 61 00 62 00"));
  out.clear();
  const Value with_null[] = {Value::integer(1), Value()};
  w.write_row(out, with_null);
  EXPECT_EQ(to_hex(out), hex("D2 02 04 01 00 00 00")) << "bit 1 set, the NULL left out";
  out.clear();
  // 7.3.A has no NBCROW: a ROW with the NULL in place.
  ResultSetWriter(id_and_name(), TdsVersion::V7_3A).write_row(out, with_null);
  EXPECT_EQ(to_hex(out), hex("D1 04 01 00 00 00 FF FF"));
  out.clear();
  const Value empty[] = {Value::integer(2), Value::string("")};
  w.write_row(out, empty);
  EXPECT_EQ(to_hex(out), hex("D1 04 02 00 00 00 00 00")) << "an empty string is not NULL";
}

TEST(ResultSet, NullBitmapSpansBytes) {
  std::vector<Column> columns;
  for (char name = 'a'; name < 'a' + 9; ++name) columns.push_back({std::string(1, name), ColumnType::of(SqlType::TinyInt), true});
  const ResultSetWriter w(columns, TdsVersion::V7_4);
  std::vector<Value> row(9, Value::integer(7));
  row[0] = Value();
  row[8] = Value();
  Buffer out;
  w.write_row(out, row);
  EXPECT_EQ(to_hex(out), hex("D2 01 01 01 07 01 07 01 07 01 07 01 07 01 07 01 07"));
}

TEST(ResultSet, DatesAreTextForOldClients) {
  const std::vector<Column> columns = {{"d", ColumnType::of(SqlType::Date), true}, {"t", ColumnType::time(0), true}};
  const Value row[] = {Value::date(days_from_civil(2024, 1, 31)), Value::time(3723 * kTicksPerSecond)};
  Buffer old_client;
  const ResultSetWriter w72(columns, TdsVersion::V7_2);
  w72.write_metadata(old_client);
  w72.write_row(old_client, row);
  EXPECT_EQ(to_hex(old_client), hex("81 02 00 | 00 00 00 00 01 00 E7 14 00 09 04 D0 00 34 01 64 00"
                                    " | 00 00 00 00 01 00 E7 10 00 09 04 D0 00 34 01 74 00"
                                    " | D1 14 00 " + utf16_hex("2024-01-31") + " 10 00 " + utf16_hex("01:02:03")));
  Buffer new_client;
  const ResultSetWriter w74(columns, TdsVersion::V7_4);
  w74.write_metadata(new_client);
  w74.write_row(new_client, row);
  EXPECT_EQ(to_hex(new_client), hex("81 02 00 | 00 00 00 00 01 00 28 01 64 00 | 00 00 00 00 01 00 29 00 01 74 00"
                                    " | D1 03 63 46 0B 03 8B 0E 00"));
}

TEST(ResultSet, MaxTypesAreTextPointersIn71) {
  const std::vector<Column> columns = {{"v", ColumnType::varchar(ColumnType::kMax), true}};
  const ResultSetWriter w(columns, TdsVersion::V7_1);
  Buffer out;
  w.write_metadata(out);
  EXPECT_EQ(to_hex(out), hex("81 01 00 00 00 01 00 23 FF FF FF 7F 09 04 D0 00 34 00 00 01 76 00"))
      << "a TEXT column names its (empty) table";
  out.clear();
  const Value row[] = {Value::string("a")};
  w.write_row(out, row);
  std::string zeros;
  for (int i = 0; i < 24; ++i) zeros += " 00";
  EXPECT_EQ(to_hex(out), hex("D1 10" + zeros + " 01 00 00 00 61"));
}

TEST(ResultSet, MisuseIsALogicError) {
  EXPECT_THROW(ResultSetWriter({}, TdsVersion::V7_4), std::logic_error);
  EXPECT_THROW(ResultSetWriter({{"x", ColumnType::decimal(40, 0), true}}, TdsVersion::V7_4), std::logic_error);
  const ResultSetWriter w(id_and_name(), TdsVersion::V7_4);
  Buffer out{0xAA};
  const Value short_row[] = {Value::integer(1)};
  EXPECT_THROW(w.write_row(out, short_row), std::logic_error);
  const Value null_in_not_null[] = {Value(), Value::string("x")};
  EXPECT_THROW(w.write_row(out, null_in_not_null), std::logic_error);
  const Value wrong_kind[] = {Value::integer(1), Value::integer(2)};
  EXPECT_THROW(w.write_row(out, wrong_kind), std::logic_error);
  const Value too_long[] = {Value::integer(1), Value::string("12345678901")};
  EXPECT_THROW(w.write_row(out, too_long), std::out_of_range);
  EXPECT_EQ(out, Buffer{0xAA}) << "a failed row leaves nothing behind";
}

TEST(ResultSet, StreamsThroughPacketsWithoutHoldingTheResult) {
  // A SELECT of 5000 rows sent as it is produced: the server flushes whole packets whenever more than 2 KiB
  // wait, so the payload it holds stays small; reassembled, the packets carry exactly the token stream.
  const std::vector<Column> columns = {{"n", ColumnType::of(SqlType::BigInt), false},
                                       {"s", ColumnType::varchar(ColumnType::kMax), true}};
  const ResultSetWriter w(columns, TdsVersion::V7_4);
  MessageWriter message(PacketType::TabularResult, 512, 51);
  Buffer sent, expected;
  w.write_metadata(message.payload());
  w.write_metadata(expected);
  size_t most_held = 0;
  for (int64_t i = 0; i < 5000; ++i) {
    const Value row[] = {Value::integer(i), i % 7 == 0 ? Value() : Value::string(std::string(i % 50, 'x'))};
    w.write_row(message.payload(), row);
    w.write_row(expected, row);
    most_held = std::max(most_held, message.pending_bytes());
    if (message.pending_bytes() > 2048) put_bytes(sent, message.take_full_packets());
  }
  write_done(message.payload(), Done{done_status::kCount, done_command::kSelect, 5000}, TdsVersion::V7_4);
  write_done(expected, Done{done_status::kCount, done_command::kSelect, 5000}, TdsVersion::V7_4);
  put_bytes(sent, message.finish());
  EXPECT_LT(most_held, 2048u + 200);
  MessageAssembler assembler;
  assembler.feed(sent);
  const auto m = assembler.next();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->type, PacketType::TabularResult);
  EXPECT_EQ(m->payload, expected);
}

}  // namespace
}  // namespace tessera::tds
