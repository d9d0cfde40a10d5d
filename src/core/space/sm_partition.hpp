// A sweep on part of a GPU's SMs (`--sms N`, made with a CUDA green context):
// what needs no GPU. A partition is reported as hardware of its own,
// "NVIDIA H200 [72 of 132 SMs]", so compare and gate keep it apart from the
// whole GPU and from other partitions.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace dotsweep {

// The SMs a partition was asked for and what the driver made: partitions
// have at least min_sms and come in steps of step_sms, so a request is
// rounded up (on an H200: 66 gives 72, 33 gives 40).
struct SmPartitionShape {
  int requested = 0;  // --sms N
  int sms = 0;        // the partition's SMs, as made
  int gpu_sms = 0;    // the whole GPU's
  int min_sms = 0;    // the smallest partition the GPU makes
  int step_sms = 0;   // partitions are a multiple of this
};

// --sms accepts 1..kMostSmsRequest before the GPU is looked for; more SMs
// than the GPU has is refused once it is known (sms_request_problem).
inline constexpr int kMostSmsRequest = 1000000;

// "NVIDIA H200 [72 of 132 SMs]": the report's gpu on a partition (even one
// of every SM: its pct_peak means something else than the whole GPU's).
std::string partitioned_gpu_name(const std::string& gpu, int sms, int gpu_sms);

// Empty when `requested` SMs can be asked of a GPU with gpu_sms of them;
// otherwise the one-line refusal (InputError: exit 2).
std::string sms_request_problem(int requested, int gpu_sms, const std::string& gpu);

// The refusal when the driver could not make a partition of `requested` SMs
// (a request between the largest partition and the GPU's SM count).
std::string unmakeable_partition_message(int requested, int gpu_sms, int min_sms, int step_sms,
                                         const std::string& gpu);

// The peak pct_peak is a fraction of. The DRAM is shared by every SM, so
// the whole GPU's theoretical peak says nothing about what a partition can
// read: on a partition the peak is its own measured read ceiling (0, so no
// pct_peak, when there is none).
double peak_for_pct(double theoretical_gbps, double read_ceiling_gbps, bool partitioned);

// The paragraph summary.md opens with on a partition: what it ran on and
// what its % peak is a fraction of.
std::string partition_summary_note(const SmPartitionShape& shape, const std::string& gpu, double peak_gbps);

// context.json's "partition" object: the SMs asked for and made, the steps
// partitions come in, and what pct_peak means on it.
nlohmann::json partition_context(const SmPartitionShape& shape, double peak_gbps, double gpu_peak_gbps);

}  // namespace dotsweep
