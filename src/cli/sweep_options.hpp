// Everything `dotsweep sweep` is told on its command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dotsweep {

struct SweepOptions {
  std::string space_path;                 // empty: the embedded variants/default.toml
  std::vector<std::int64_t> sizes;        // empty: default_sizes()
  std::vector<std::string> modes{"cold"};
  int device = 0;
  std::string out_dir;                    // empty: <results_root>/<gpu-slug>/<timestamp>
  std::string results_root = "results";
  std::string cache_dir;                  // empty: default_cache_dir()
  std::uint64_t seed = 20261129;
  std::size_t min_samples = 10;
  std::size_t max_samples = 100;
  double max_noise_pct = 1.0;
  double time_budget_s = 0.25;            // per (variant, n, mode)
  int top = 5;                            // rows per size in the printed summary
  bool progress = true;
};

}  // namespace dotsweep
