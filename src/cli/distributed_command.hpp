// `dotsweep distributed`: the dot product split across the host's GPUs, one
// NCCL all-reduce of the local dots (gpu/distributed_dot.hpp), timed per
// GPU count against one GPU (docs/scaling.md, "The distributed dot").
#pragma once

#include <string>

#include "core/sampling/statistics.hpp"

namespace CLI {
class App;
}

namespace dotsweep {

struct DistributedOptions {
  std::string devices = "all";  // --devices: the GPUs; G GPUs means the first G of them
  std::string gpus;             // --gpus: the GPU counts (default 1, 2, 4, ... and all)
  std::string sizes = "2^12..2^28:4";
  std::string types = "f32";
  std::string out_dir;          // empty: results/<gpu-slug>-x<G>-distributed/<timestamp>
  StoppingRule rule;
  std::uint64_t seed = 20261129;
};

void add_distributed_options(CLI::App& command, DistributedOptions& options);
// Exit 0 every row correct, 1 a row wrong. Throws InputError (exit 2) for bad
// input before any GPU is looked for, NoDeviceError (exit 3) without a GPU
// or NCCL.
int run_distributed_command(const DistributedOptions& options, const std::vector<std::string>& command_line);

}  // namespace dotsweep
