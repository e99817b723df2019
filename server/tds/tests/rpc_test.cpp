// RPC requests (rpc.hpp): the spec's example, sp_executesql and sp_prepare as drivers send them, every type
// round-tripped as a client encodes it, several calls in one message, and hostile input (every truncation,
// unknown procedures, unsupported parameter types).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "hex.hpp"
#include "tessera/tds/protocol_error.hpp"
#include "tessera/tds/rpc.hpp"
#include "tessera/tds/text_encoding.hpp"
#include "tessera/tds/value_codec.hpp"

namespace tessera::tds {
namespace {

using test::from_hex;

const char* const kHeaders = "16 00 00 00 12 00 00 00 02 00 00 00 00 00 00 00 00 00 01 00 00 00";

TypeInfo make(WireType type, uint32_t max_length = 0, uint8_t precision = 0, uint8_t scale = 0) {
  TypeInfo t{type, max_length, precision, scale, {}};
  if (t.has_collation()) t.collation = kDefaultCollation;
  return t;
}

struct Param {
  std::string name;
  uint8_t status = 0;
  TypeInfo type;
  Value value;
};

// The request as a driver encodes it; `ends` receives the offset after the option flags and after each
// parameter (where a shorter message is still a valid request).
Buffer encode(std::variant<ProcId, std::string> proc, const std::vector<Param>& params, bool headers = true,
              std::vector<size_t>* ends = nullptr) {
  Buffer out = headers ? from_hex(kHeaders) : Buffer{};
  if (const ProcId* id = std::get_if<ProcId>(&proc)) {
    put_u16(out, 0xFFFF);
    put_u16(out, static_cast<uint16_t>(*id));
  } else {
    const std::string& name = std::get<std::string>(proc);
    put_u16(out, static_cast<uint16_t>(utf16_length(name)));
    append_utf16le(out, name);
  }
  put_u16(out, 0);
  if (ends) ends->push_back(out.size());
  for (const Param& p : params) {
    put_b_varchar(out, p.name);
    put_u8(out, p.status);
    write_type_info(out, p.type);
    write_value(out, p.type, p.value);
    if (ends) ends->push_back(out.size());
  }
  return out;
}

TEST(Rpc, ParsesTheSpecExample) {
  // [MS-TDS] 4.8: procedure "foo3", one unnamed INTN(2) parameter holding NULL.
  const RpcRequest r = parse_rpc(
      from_hex("16 00 00 00 12 00 00 00 02 00 00 00 00 00 00 00 00 00 01 00 00 00 04 00 66 00 6F 00 6F 00 33 00 "
               "00 00 00 00 26 02 00"),
      TdsVersion::V7_2);
  EXPECT_EQ(r.headers.transaction_descriptor, 0u);
  ASSERT_EQ(r.calls.size(), 1u);
  const RpcCall& c = r.calls[0];
  EXPECT_FALSE(c.proc_id);
  EXPECT_EQ(c.proc_name, "foo3");
  EXPECT_EQ(c.options, 0);
  ASSERT_EQ(c.parameters.size(), 1u);
  EXPECT_EQ(c.parameters[0].name, "");
  EXPECT_EQ(c.parameters[0].type, make(WireType::IntN, 2));
  EXPECT_EQ(c.parameters[0].value, Value());
}

const std::vector<Param> kExecuteSql = {
    {"", 0, make(WireType::NVarChar, kPlpMaxLength), Value::string("SELECT @p1 + 1, @p2")},
    {"", 0, make(WireType::NVarChar, 8000), Value::string("@p1 int, @p2 nvarchar(20)")},
    {"@p1", 0, make(WireType::IntN, 4), Value::integer(41)},
    {"@p2", 0, make(WireType::NVarChar, 40), Value::string("h\xC3\xA9llo \xF0\x9F\x98\x80")},
};

TEST(Rpc, ExecuteSqlById) {
  const RpcRequest r = parse_rpc(encode(ProcId::ExecuteSql, kExecuteSql), TdsVersion::V7_4);
  ASSERT_EQ(r.calls.size(), 1u);
  const RpcCall& c = r.calls[0];
  EXPECT_EQ(c.proc_id, ProcId::ExecuteSql);
  EXPECT_EQ(c.proc_name, "sp_executesql");
  ASSERT_EQ(c.parameters.size(), 4u);
  EXPECT_EQ(c.parameters[0].value, Value::string("SELECT @p1 + 1, @p2"));
  EXPECT_TRUE(c.parameters[0].type.is_plp());
  EXPECT_EQ(c.parameters[1].value, Value::string("@p1 int, @p2 nvarchar(20)"));
  EXPECT_EQ(c.parameters[2].name, "@p1");
  EXPECT_EQ(c.parameters[2].value, Value::integer(41));
  EXPECT_EQ(c.parameters[3].name, "@p2");
  EXPECT_EQ(c.parameters[3].value, Value::string("h\xC3\xA9llo \xF0\x9F\x98\x80"));
  EXPECT_FALSE(c.parameters[3].is_output());
}

TEST(Rpc, PrepareWithAnOutputHandle) {
  const RpcRequest r = parse_rpc(
      encode(ProcId::Prepare, {{"@handle", param_status::kByRefValue, make(WireType::IntN, 4), Value()},
                               {"", 0, make(WireType::NVarChar, 100), Value::string("@p1 int")},
                               {"", 0, make(WireType::NVarChar, 100), Value::string("SELECT @p1")},
                               {"", 0, make(WireType::IntN, 4), Value::integer(1)},
                               {"@x", param_status::kDefaultValue, make(WireType::IntN, 4), Value()}}),
      TdsVersion::V7_4);
  const RpcCall& c = r.calls[0];
  EXPECT_EQ(c.proc_name, "sp_prepare");
  EXPECT_TRUE(c.parameters[0].is_output());
  EXPECT_FALSE(c.parameters[1].is_output());
  EXPECT_TRUE(c.parameters[4].is_default());
  EXPECT_EQ(proc_name(ProcId::Unprepare), "sp_unprepare");
  EXPECT_EQ(proc_name(ProcId::Cursor), "sp_cursor");
}

TEST(Rpc, EveryTypeRoundTripsAsAClientSendsIt) {
  const DateTime2 moment{days_from_civil(2024, 1, 31), 45296 * kTicksPerSecond + 1234567};
  const std::vector<Param> params = {
      {"@int1", 0, make(WireType::IntN, 1), Value::integer(200)},
      {"@int2", 0, make(WireType::IntN, 2), Value::integer(-300)},
      {"@int4", 0, make(WireType::IntN, 4), Value::integer(-70000)},
      {"@int8", 0, make(WireType::IntN, 8), Value::integer(1LL << 40)},
      {"@i4", 0, make(WireType::Int4), Value::integer(5)},
      {"@i8", 0, make(WireType::Int8), Value::integer(-5)},
      {"@tiny", 0, make(WireType::Int1), Value::integer(255)},
      {"@small", 0, make(WireType::Int2), Value::integer(-1)},
      {"@bitn", 0, make(WireType::BitN, 1), Value::boolean(true)},
      {"@bit", 0, make(WireType::Bit), Value::boolean(false)},
      {"@f8", 0, make(WireType::FloatN, 8), Value::floating(3.25)},
      {"@f4", 0, make(WireType::FloatN, 4), Value::floating(-0.5)},
      {"@flt8", 0, make(WireType::Float8), Value::floating(1e-300)},
      {"@flt4", 0, make(WireType::Float4), Value::floating(2.0)},
      {"@dec9", 0, make(WireType::DecimalN, 5, 9, 4), Value::decimal(-999999999, 9, 4)},
      {"@dec10", 0, make(WireType::DecimalN, 9, 10, 0), Value::decimal(9999999999, 10, 0)},
      {"@num28", 0, make(WireType::NumericN, 13, 28, 3), Value::decimal(-1, 28, 3)},
      {"@num38", 0, make(WireType::NumericN, 17, 38, 10), Value::decimal(static_cast<__int128>(1) << 100, 38, 10)},
      {"@money", 0, make(WireType::MoneyN, 8), Value::money(-123456789)},
      {"@smallmoney", 0, make(WireType::MoneyN, 4), Value::money(-10000)},
      {"@m", 0, make(WireType::Money), Value::money(1)},
      {"@m4", 0, make(WireType::Money4), Value::money(2)},
      {"@date", 0, make(WireType::DateN), Value::date(moment.days)},
      {"@time", 0, make(WireType::TimeN, 0, 0, 7), Value::time(moment.ticks)},
      {"@dt2", 0, make(WireType::DateTime2N, 0, 0, 7), Value::datetime2(moment.days, moment.ticks)},
      {"@dto", 0, make(WireType::DateTimeOffsetN, 0, 0, 7), Value::datetimeoffset(moment, 330)},
      {"@dt", 0, make(WireType::DateTimeN, 8), Value::datetime2(moment.days, 45296 * kTicksPerSecond)},
      {"@sdt", 0, make(WireType::DateTimeN, 4), Value::datetime2(moment.days, 754 * 60 * kTicksPerSecond)},
      {"@datetime", 0, make(WireType::DateTime), Value::datetime2(moment.days, 0)},
      {"@smalldt", 0, make(WireType::DateTime4), Value::datetime2(moment.days, 0)},
      {"@vc", 0, make(WireType::BigVarChar, 20), Value::string("caf\xC3\xA9")},
      {"@ch", 0, make(WireType::BigChar, 5), Value::string("ab   ")},
      {"@nvc", 0, make(WireType::NVarChar, 20), Value::string("\xE6\x97\xA5\xE6\x9C\xAC")},
      {"@nch", 0, make(WireType::NChar, 4), Value::string("x ")},
      {"@vcmax", 0, make(WireType::BigVarChar, kPlpMaxLength), Value::string(std::string(20000, 'v'))},
      {"@nvcmax", 0, make(WireType::NVarChar, kPlpMaxLength), Value::string("")},
      {"@vb", 0, make(WireType::BigVarBinary, 10), Value::binary({0, 1, 2})},
      {"@bin", 0, make(WireType::BigBinary, 3), Value::binary({9, 8, 7})},
      {"@vbmax", 0, make(WireType::BigVarBinary, kPlpMaxLength), Value::binary({})},
      {"@null_int", 0, make(WireType::IntN, 4), Value()},
      {"@null_dec", 0, make(WireType::DecimalN, 17, 38, 0), Value()},
      {"@null_date", 0, make(WireType::DateN), Value()},
      {"@null_vc", 0, make(WireType::BigVarChar, 10), Value()},
      {"@null_nvcmax", 0, make(WireType::NVarChar, kPlpMaxLength), Value()},
      {"@null_vb", 0, make(WireType::BigVarBinary, 10), Value()},
  };
  for (TdsVersion v : {TdsVersion::V7_4, TdsVersion::V7_1}) {
    const RpcRequest r = parse_rpc(encode("dbo.every_type", params, is_7_2_or_later(v)), v);
    ASSERT_EQ(r.calls.size(), 1u);
    EXPECT_EQ(r.calls[0].proc_name, "dbo.every_type");
    ASSERT_EQ(r.calls[0].parameters.size(), params.size());
    for (size_t i = 0; i < params.size(); ++i) {
      const RpcParameter& got = r.calls[0].parameters[i];
      EXPECT_EQ(got.name, params[i].name);
      EXPECT_EQ(got.type, params[i].type) << params[i].name;
      EXPECT_EQ(got.value, params[i].value) << params[i].name;
    }
  }
}

TEST(Rpc, SeveralCallsInOneMessage) {
  // 7.1: no ALL_HEADERS; calls separated by 0x80, 0xFF and 0xFE, and a separator may end the message.
  Buffer m = encode("first", {{"@a", 0, make(WireType::IntN, 4), Value::integer(1)}}, false);
  m.push_back(0x80);
  const Buffer second = encode(ProcId::Execute, {{"", 0, make(WireType::IntN, 4), Value::integer(7)}}, false);
  m.insert(m.end(), second.begin(), second.end());
  m.push_back(0xFF);
  const Buffer third = encode("third", {}, false);
  m.insert(m.end(), third.begin(), third.end());
  m.push_back(0xFE);
  const RpcRequest r = parse_rpc(m, TdsVersion::V7_1);
  ASSERT_EQ(r.calls.size(), 3u);
  EXPECT_EQ(r.calls[0].proc_name, "first");
  EXPECT_EQ(r.calls[1].proc_name, "sp_execute");
  EXPECT_EQ(r.calls[1].parameters[0].value, Value::integer(7));
  EXPECT_EQ(r.calls[2].proc_name, "third");
  EXPECT_TRUE(r.calls[2].parameters.empty());
}

TEST(Rpc, TruncationsFailOrEndAtAParameterBoundary) {
  // The request has no overall length: cut exactly after a parameter it is a shorter valid request; cut
  // anywhere else it must be a ProtocolError.
  std::vector<size_t> ends;
  const Buffer full = encode(ProcId::ExecuteSql, kExecuteSql, true, &ends);
  for (size_t length = 0; length < full.size(); ++length) {
    const std::span<const uint8_t> cut = std::span<const uint8_t>(full).first(length);
    const auto boundary = std::find(ends.begin(), ends.end(), length);
    if (boundary == ends.end()) {
      EXPECT_THROW(parse_rpc(cut, TdsVersion::V7_4), ProtocolError) << length;
    } else {
      const RpcRequest r = parse_rpc(cut, TdsVersion::V7_4);
      EXPECT_EQ(r.calls[0].parameters.size(), static_cast<size_t>(boundary - ends.begin())) << length;
    }
  }
}

void expect_error(const Buffer& m, TdsVersion v, const std::string& fragment) {
  try {
    parse_rpc(m, v);
    ADD_FAILURE() << "accepted";
  } catch (const ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Rpc, HostileRequests) {
  Buffer unknown_id = from_hex(kHeaders);
  for (uint8_t b : from_hex("FF FF 63 00 00 00")) unknown_id.push_back(b);
  expect_error(unknown_id, TdsVersion::V7_4, "unknown system procedure 99");

  expect_error(encode("p", {{"@e", param_status::kEncrypted, make(WireType::IntN, 4), Value::integer(1)}}),
               TdsVersion::V7_4, "call 1 parameter 1 (@e) is encrypted");

  Buffer xml = encode("p", {});
  for (uint8_t b : from_hex("02 40 00 78 00 00 F1 00 FF FF FF FF FF FF FF FF")) xml.push_back(b);
  expect_error(xml, TdsVersion::V7_4, "call 1 parameter 1 (@x) has unsupported type XML (0xF1)");

  Buffer bad_separator = encode("p", {});
  bad_separator.push_back(0x90);
  expect_error(bad_separator, TdsVersion::V7_4, "neither a parameter nor a batch flag");

  expect_error(from_hex(kHeaders), TdsVersion::V7_4, "names no procedure");
  expect_error(encode("p", {}, false), TdsVersion::V7_2, "ALL_HEADERS");

  Buffer too_long = encode("p", {{"@s", 0, make(WireType::NVarChar, 4), Value::string("ab")}});
  too_long[too_long.size() - 6] = 6;  // the value's length, above NVARCHAR(2)'s 4 bytes
  expect_error(too_long, TdsVersion::V7_4, "exceeds its maximum length 4");
}

}  // namespace
}  // namespace tessera::tds
