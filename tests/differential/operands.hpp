// A fused predicate's batch for the differential test: the compared function's arguments cut until its result
// fits the predicate's string buffer, then the comparison's op and operand chosen so that the predicate both holds
// and fails on the batch's rows.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_inputs.hpp"
#include "tessera/functions/kernel_abi.hpp"
#include "tessera/runtime/kernel_call.hpp"

namespace tessera::test {

// Makes `args` (over `columns`, `longest` rows) a batch fused predicate `spec` can be called on, and sets its op
// and operand. "" when done; else why the predicate is never fused (its result cannot fit the buffer for any
// constants: fuse_predicates.cpp never fuses it, so there is nothing to compare).
std::string fit_fused_arguments(const fn::FunctionSpec& spec, std::vector<rt::Column>& columns,
                                std::vector<rt::KernelArg>& args, int64_t longest, const fn::SessionContext& session,
                                RandomInputs& gen, std::mt19937_64& rng);

}  // namespace tessera::test
