// The physical plan: the optimizer's logical plan with a device for every operator and explicit transfers.
// physical::place is the one place that decides where things run; operators never do. GPU subtrees grow
// from the scans upwards (an operator is on the GPU when the GPU runs it and all its inputs are there), so
// data crosses to the host once, at a ToHost node above each GPU subtree.
#pragma once

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "tessera/plan/logical_plan.hpp"
#include "tessera/runtime/error.hpp"

namespace tessera::physical {

enum class Device : uint8_t { Gpu, Cpu };

// --device: cpu = the CPU engine; cuda = every operator on the GPU or an error naming what cannot be;
// auto = the GPU where it can run, each CPU placement with its reason in EXPLAIN and in the benchmark.
enum class Policy : uint8_t { Auto, Cpu, Cuda };

struct PhysicalOp {
  const plan::LogicalOp* logical = nullptr;  // the operator (for ToHost: the GPU subtree it brings back)
  bool to_host = false;                      // a transfer node: device -> host
  Device device = Device::Cpu;
  std::string cpu_reason;                    // CPU placements: why not the GPU
  double transfer_bytes = 0;                 // ToHost: the estimated bytes it moves
  std::vector<std::unique_ptr<PhysicalOp>> children;
};

struct PhysicalPlan {
  std::unique_ptr<PhysicalOp> root;
  std::map<const plan::LogicalOp*, const PhysicalOp*> of;       // each logical operator's node
  std::map<const plan::LogicalOp*, const PhysicalOp*> to_host;  // GPU subtree root -> its ToHost node
  std::vector<std::string> cpu_placements;  // "HashJoin Inner: hash join not yet on the GPU", one per CPU operator
  // Operators of scalar subqueries' plans: on the device of the operator whose expression holds them.
  std::vector<std::unique_ptr<PhysicalOp>> subplan_ops;
};

// Whether a GPU can run operators in this process, and if not, why.
struct GpuAvailability {
  bool usable = false;
  std::string why_not;  // "no CUDA device", "the GPU engine was not built (no CUDA toolkit)", ...
};

class PlacementError : public tessera::Error {
 public:
  using tessera::Error::Error;
};

// Throws PlacementError under Policy::Cuda when some operator or expression cannot run on the GPU.
PhysicalPlan place(const plan::LogicalOp& root, Policy policy, const GpuAvailability& gpu);

// Why the GPU engine cannot run this operator itself (its kind or one of its expressions), "" if it can.
std::string gpu_unsupported(const plan::LogicalOp& op);
std::string gpu_unsupported(const plan::Expr& e);
// The first operator of the tree the GPU cannot run, with the reason; "" if it runs them all.
std::string gpu_unsupported_tree(const plan::LogicalOp& op);

// EXPLAIN's one-line name of an operator ("HashJoin Inner", "Scan lineitem").
std::string op_label(const plan::LogicalOp& op);
const char* policy_name(Policy p);

}  // namespace tessera::physical
