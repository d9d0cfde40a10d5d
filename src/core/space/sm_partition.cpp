#include "core/space/sm_partition.hpp"

#include <cstdio>

namespace dotsweep {

std::string partitioned_gpu_name(const std::string& gpu, int sms, int gpu_sms) {
  return gpu + " [" + std::to_string(sms) + " of " + std::to_string(gpu_sms) + " SMs]";
}

std::string sms_request_problem(int requested, int gpu_sms, const std::string& gpu) {
  if (requested >= 1 && requested <= gpu_sms) return "";
  return "--sms " + std::to_string(requested) + ": " + gpu + " has " + std::to_string(gpu_sms) +
         " SMs; accepted: 1.." + std::to_string(gpu_sms) + " (leave --sms out to use them all)";
}

std::string unmakeable_partition_message(int requested, int gpu_sms, int min_sms, int step_sms,
                                         const std::string& gpu) {
  return "--sms " + std::to_string(requested) + ": " + gpu + " cannot make a partition of " +
         std::to_string(requested) + " or more of its " + std::to_string(gpu_sms) + " SMs (partitions have at least " +
         std::to_string(min_sms) + " SMs, in steps of " + std::to_string(step_sms) +
         "); ask for fewer, or leave --sms out to use them all";
}

double peak_for_pct(double theoretical_gbps, double read_ceiling_gbps, bool partitioned) {
  if (!partitioned) return theoretical_gbps;
  return read_ceiling_gbps > 0 ? read_ceiling_gbps : 0.0;
}

std::string partition_summary_note(const SmPartitionShape& shape, const std::string& gpu, double peak_gbps) {
  char peak[64];
  std::snprintf(peak, sizeof peak, "%.0f GB/s", peak_gbps);
  const std::string basis = peak_gbps > 0 ? std::string("its own measured read ceiling, ") + peak
                                          : std::string("its own measured read ceiling, which could not be measured, "
                                                        "so no row has one");
  return "Measured on a partition of " + std::to_string(shape.sms) + " of the " + std::to_string(shape.gpu_sms) +
         " SMs of the " + gpu + " (--sms " + std::to_string(shape.requested) +
         ", a CUDA green context). % peak is a fraction of " + basis +
         ": the DRAM is shared by every SM, so the whole GPU's theoretical peak is not what a partition can read.\n";
}

nlohmann::json partition_context(const SmPartitionShape& shape, double peak_gbps, double gpu_peak_gbps) {
  return {{"sms_requested", shape.requested},
          {"sms", shape.sms},
          {"gpu_sms", shape.gpu_sms},
          {"min_sms", shape.min_sms},
          {"step_sms", shape.step_sms},
          {"peak_gbps", peak_gbps},
          {"gpu_peak_gbps", gpu_peak_gbps},
          {"peak_basis",
           "the partition's own measured read ceiling (read_ceiling): the DRAM is shared by every SM, so the whole "
           "GPU's theoretical peak (gpu_peak_gbps) is not what a partition can read; pct_peak and the peak_gbps "
           "column use this one"}};
}

}  // namespace dotsweep
