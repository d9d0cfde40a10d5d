// `dotsweep ab --kernels-b DIR [--kernels-a DIR]`: the variants of a space
// compiled from two kernel trees, checked, and timed alternately in one
// process (measure/ab_measurer.hpp); per row the ratio B/A with its 95%
// interval and a verdict (core/gate/ab_rule.hpp, docs/ab.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/gate/ab_rule.hpp"
#include "core/space/space_file.hpp"
#include "measure/size_measurer.hpp"

namespace CLI {
class App;
}

namespace dotsweep {

struct AbOptions {
  std::string kernels_a;             // empty: the kernel tree built into the binary
  std::string kernels_b;
  std::string space_path;            // empty: the embedded variants/default.toml
  std::string sizes;                 // empty: the sweep's default sizes
  std::string mode = "cold";         // one of cold, hot
  AbThreshold threshold;
  bool min_gap_given = false;        // set while parsing: --min-gap-us was given
  int copies = 1;                    // loaded copies a side, timed in turn (1, or 6 and more)
  std::string junit_path, markdown_path;
  std::string out_dir;               // also write a.csv, b.csv and ab.md there (holding no report yet)
  int device = 0;
  std::string cache_dir;             // empty: default_cache_dir()
  MeasureSettings measure;           // the stopping rule (applied to the ratios) and the seed
  std::size_t max_configs = kDefaultMaxConfigs;
  std::string repeated;              // set while parsing: the first option given more than once
};

void add_ab_options(CLI::App& command, AbOptions& options);
// Exit 0 pass, 1 a row REGRESSED or BROKEN. Throws InputError (exit 2) for
// bad input, checked before any GPU is looked for, and NoDeviceError (exit 3).
int run_ab_command(const AbOptions& options);

}  // namespace dotsweep
