#include "tessera/tds/transaction_manager.hpp"

namespace tessera::tds {

std::string transaction_request_name(TransactionRequestType type) {
  switch (type) {
    case TransactionRequestType::GetDtcAddress: return "TM_GET_DTC_ADDRESS";
    case TransactionRequestType::PropagateXact: return "TM_PROPAGATE_XACT";
    case TransactionRequestType::BeginXact: return "TM_BEGIN_XACT";
    case TransactionRequestType::PromoteXact: return "TM_PROMOTE_XACT";
    case TransactionRequestType::CommitXact: return "TM_COMMIT_XACT";
    case TransactionRequestType::RollbackXact: return "TM_ROLLBACK_XACT";
    case TransactionRequestType::SaveXact: return "TM_SAVE_XACT";
  }
  return "request type " + std::to_string(static_cast<uint16_t>(type));
}

TransactionRequest parse_transaction_request(std::span<const uint8_t> payload, TdsVersion version) {
  ByteReader r(payload, "transaction manager request");
  TransactionRequest t;
  if (is_7_2_or_later(version)) t.headers = read_all_headers(r);
  const size_t type_at = r.offset();
  const uint16_t type = r.u16("RequestType");
  switch (static_cast<TransactionRequestType>(type)) {
    case TransactionRequestType::GetDtcAddress:
    case TransactionRequestType::PropagateXact:
    case TransactionRequestType::PromoteXact:
      t.type = static_cast<TransactionRequestType>(type);
      return t;  // distributed transactions: refused by the server, so their payload does not matter
    case TransactionRequestType::BeginXact:
      t.type = TransactionRequestType::BeginXact;
      t.isolation_level = r.u8("isolation level");
      t.name = r.b_varchar("transaction name");
      break;
    case TransactionRequestType::CommitXact:
    case TransactionRequestType::RollbackXact:
      t.type = static_cast<TransactionRequestType>(type);
      t.name = r.b_varchar("transaction name");
      t.begin_after = !r.at_end() && r.u8("fBeginXact") != 0;
      if (t.begin_after) {
        t.isolation_level = r.u8("new isolation level");
        t.name = r.b_varchar("new transaction name");
      }
      break;
    case TransactionRequestType::SaveXact:
      t.type = TransactionRequestType::SaveXact;
      t.name = r.b_varchar("savepoint name");
      break;
    default:
      r.fail_at(type_at, "unknown RequestType " + std::to_string(type));
  }
  if (!r.at_end()) r.fail(std::to_string(r.remaining()) + " bytes after the " + transaction_request_name(t.type) + " payload");
  return t;
}

}  // namespace tessera::tds
