// The tuned result in Kernel Tuner's results format (version 1.0, the JSON
// its store_results writes and its create_device_targets and TuneResults
// read), so its tools can pick and compile the dot kernel's parameters.
#pragma once

#include <string>
#include <vector>

#include "core/export/tuned_tables.hpp"

namespace dotsweep {

struct KernelTunerFile {
  std::string name;  // "dot_f32.json"
  std::string text;
};

// One file per element type, since a Kernel Tuner results file describes one
// kernel, holding every GPU of the export (TunedTables::per_gpu, several of
// one compute capability included): the tunable parameters are the variant
// axes prefixed with "dot_" (dot_block, dot_items, dot_vec, dot_grid,
// dot_persistent_k, dot_layout, dot_reduce, dot_finish, dot_hint, dot_acc)
// because create_device_targets makes each a macro; each entry is one
// candidate of one measured n (core/export/dispatch_table.hpp: the variants
// tied with the fastest, as store_results keeps the configurations near the
// best), its problem_size is n, its device_name the GPU's name with every run
// of other characters than letters and digits made one '_' (as store_results
// does), and its objective "time" is the median in milliseconds (Kernel
// Tuner's unit).
std::vector<KernelTunerFile> kernel_tuner_results(const TunedTables& tables);

// "NVIDIA H200" -> "NVIDIA_H200", as store_results names devices.
std::string kernel_tuner_device_name(const std::string& gpu);

}  // namespace dotsweep
