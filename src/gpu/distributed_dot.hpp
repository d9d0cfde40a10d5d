// The dot product of data split across G GPUs, as one iteration of a
// distributed solver (conjugate gradient) computes it: each GPU the dot of
// its slice with a local method (the tuned dot or cuBLAS), then one
// ncclAllReduce of the scalar, so every GPU holds the sum. One process drives
// the G GPUs (one NCCL communicator each, ncclCommInitAll).
//
// A sample is cold: every GPU's L2 emptied and drained first, then on each
// GPU in turn an event, its local dot, and (grouped) its all-reduce, then an
// event. The sample is the slowest GPU's time between its two events: from
// the launch of its local dot to the reduced result, which includes waiting
// for the GPUs launched after it. The launches go through streams, as a
// program's do (not graphs: the sweep's rows launch graphs, docs/measuring.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/check/element_array.hpp"
#include "core/check/error_bound.hpp"
#include "gpu/nccl_library.hpp"

namespace dotsweep {

enum class LocalDot { tuned, cublas };
std::string to_string(LocalDot local);  // "tuned", "cublas"

class DistributedDot {
 public:
  // f32 or f64 (what cuBLAS and NCCL's sum take). Throws GpuError otherwise.
  DistributedDot(const NcclLibrary& nccl, const std::vector<int>& devices, ElementType type, LocalDot local);
  ~DistributedDot();
  DistributedDot(const DistributedDot&) = delete;
  DistributedDot& operator=(const DistributedDot&) = delete;

  int gpus() const { return static_cast<int>(ranks_.size()); }
  // Cuts (a, b) into G contiguous slices, as equal as whole elements allow
  // (GPU r gets [r n / G, (r + 1) n / G)), and copies each to its GPU.
  void load(const ElementArray& a, const ElementArray& b);
  // One cold sample in microseconds: the slowest GPU's.
  double time_once();
  // The reduced result as GPU 0 holds it, widened to double. Throws
  // GpuError when another GPU holds other bits: an all-reduce gives all the same.
  double result() const;
  // For the error bound: the local method's order over a slice, then a chain
  // of G - 1 adds across the GPUs (a ring's worst case).
  SummationShape summation_shape() const;
  bool promises_determinism() const;

 private:
  struct Rank;
  const NcclLibrary& nccl_;
  ElementType type_;
  std::vector<std::unique_ptr<Rank>> ranks_;
};

}  // namespace dotsweep
