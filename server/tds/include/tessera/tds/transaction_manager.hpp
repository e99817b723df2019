// Transaction manager request (packet type 14): how drivers begin, commit and roll back transactions without
// SQL text from TDS 7.2 on (FreeTDS's ODBC driver ends an ODBC transaction with one). After ALL_HEADERS come a
// USHORT request type and its payload:
//   TM_BEGIN_XACT (5)     isolation level (BYTE), transaction name (B_VARCHAR)
//   TM_COMMIT_XACT (7)    name (B_VARCHAR), fBeginXact (BYTE); when set, the new transaction's isolation level
//   TM_ROLLBACK_XACT (8)  and name follow: commit or roll back, then begin again
//   TM_SAVE_XACT (9)      savepoint name (B_VARCHAR)
//   TM_GET_DTC_ADDRESS (0), TM_PROPAGATE_XACT (1), TM_PROMOTE_XACT (6): distributed transactions; recognised,
//                         their payload not read
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "tessera/tds/all_headers.hpp"
#include "tessera/tds/version.hpp"

namespace tessera::tds {

enum class TransactionRequestType : uint16_t {
  GetDtcAddress = 0,
  PropagateXact = 1,
  BeginXact = 5,
  PromoteXact = 6,
  CommitXact = 7,
  RollbackXact = 8,
  SaveXact = 9,
};

struct TransactionRequest {
  AllHeaders headers;
  TransactionRequestType type = TransactionRequestType::BeginXact;
  uint8_t isolation_level = 0;  // BeginXact, and the new transaction of a commit/rollback that begins one
  std::string name;             // the transaction's (or savepoint's) name; often empty
  bool begin_after = false;     // CommitXact, RollbackXact: fBeginXact
};

// "TM_COMMIT_XACT" etc., for messages.
std::string transaction_request_name(TransactionRequestType type);

// ProtocolError for bad ALL_HEADERS (7.2+), an unknown request type, or a payload that is truncated or longer
// than its type's.
TransactionRequest parse_transaction_request(std::span<const uint8_t> payload, TdsVersion version);

}  // namespace tessera::tds
