// The CPU side of the seed program's whole question (measure/host_paths.hpp):
// the dot product computed on the host from the generator's arrays, by an
// optimised BLAS on every core and by a plain loop. Each is a DotOperation so
// it is checked like every row; its enqueue computes on the calling thread
// and then writes the value into the device result slot for those checks.
// Timing calls compute() alone (measure/host_sync_timer.hpp), so the write
// to the GPU is never part of a CPU row's time.
#pragma once

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "gpu/dot_operation.hpp"

namespace dotsweep {

class CpuDot : public DotOperation {
 public:
  // The dot product of inputs.host_a and inputs.host_b, as the result slot
  // holds it (a float's value for f32).
  virtual double compute(const DotInputs& inputs) = 0;

  void prepare(long long n) override { n_ = n; }
  void enqueue(const DotInputs& inputs, cudaStream_t stream) final;
  long long grid_blocks() const override { return 0; }
  ElementType element_type() const override { return type_; }

 protected:
  explicit CpuDot(ElementType type);
  ElementType type_;
  long long n_ = 0;

 private:
  double slot_value_[1] = {0};  // what enqueue copies into the result slot (a float for f32 sits in its first half)
};

// The CBLAS library the BLAS row loads: $DOTSWEEP_CPU_BLAS when set (any
// library with cblas_sdot and cblas_ddot), else OpenBLAS (libopenblas.so.0,
// Debian's libopenblas0). Loaded at run time, so the program starts without
// it and only the BLAS rows say it is missing.
std::vector<std::string> cpu_blas_candidates(const char* env_override);

// cblas_sdot or cblas_ddot (f32, f64), on as many threads as the library
// chooses (OpenBLAS: every core). Throws GpuError with the libraries tried
// when none loads.
std::unique_ptr<CpuDot> make_cpu_blas_dot(ElementType type,
                                          const std::vector<std::string>& candidates = cpu_blas_candidates(
                                              std::getenv("DOTSWEEP_CPU_BLAS")));
// One thread, a sequential sum in the input type: the loop the seed's reader
// would write first.
std::unique_ptr<CpuDot> make_cpu_loop_dot(ElementType type);

// "OpenBLAS 0.3.21 ... (libopenblas.so.0), 16 threads": what the BLAS row ran,
// or why it could not load.
std::string cpu_blas_identity(const std::vector<std::string>& candidates = cpu_blas_candidates(
                                  std::getenv("DOTSWEEP_CPU_BLAS")));

}  // namespace dotsweep
