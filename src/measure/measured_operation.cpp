#include "measure/measured_operation.hpp"

#include "gpu/baselines.hpp"

namespace dotsweep {

bool MeasuredOperation::ensure_built() {
  if (operation) return true;
  if (!failure.empty()) return false;
  if (!make) {
    failure = "nothing to build it from";
    return false;
  }
  try {
    operation = make();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  return operation != nullptr;
}

void MeasuredOperation::release() {
  if (config && make) operation.reset();
}

MeasurementRecord record_skeleton(const MeasuredOperation& op, long long n, TimingMode mode,
                                  const Environment& env) {
  MeasurementRecord r;
  r.variant = op.name;
  r.type = to_string(op.type);
  r.n = n;
  r.mode = to_string(mode);
  r.env = env;
  if (op.config) {
    const VariantConfig& c = *op.config;
    r.kind = "candidate";
    set_axis_columns(r, c);
  } else if (op.host_path) {
    r.kind = kHostPathKind;
    r.acc = op.type == ElementType::f64 ? "f64" : "f32";
  } else if (op.timed_only) {
    r.kind = kFloorKind;
    r.block = 1;  // one thread of one block; no loads, so items and vec stay empty
    r.grid = "single";
  } else {
    r.kind = "baseline";
    // Every library baseline sums in f64 for f64 and in f32 otherwise (cuBLAS
    // S/D, DotEx with f32 execution, CUB and thrust widening f16/bf16 to f32).
    r.acc = op.type == ElementType::f64 ? "f64" : "f32";
    if (op.name.rfind("seed", 0) == 0) {  // the seed kernel's fixed policy
      r.block = kSeedBlock;
      r.items = 1;
      r.vec = 1;
      r.grid = "cover";
      r.layout = "sequential";
      r.reduce = "tree";
      r.finish = op.name == "seed-two-pass" ? "two_pass" : "none";
    }
  }
  if (op.operation) r.grid_blocks = op.operation->grid_blocks();
  return r;
}

}  // namespace dotsweep
