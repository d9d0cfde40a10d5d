// The command-line checks CLI11 does not make. Each bad value ends as one line
// naming the option, the value and what is accepted (exit 2), before the
// sweep looks for a GPU.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>

#include "cli/commands.hpp"
#include "cli/sweep_options.hpp"

namespace dotsweep {

// Accepted ranges (the integer ones are also enforced while parsing).
inline constexpr std::size_t kMostSamples = 1000000;       // --min-samples, --max-samples
inline constexpr double kMostCiTargetPct = 100;            // --ci-target: (0, 100] percent of the median
inline constexpr double kMostTimeBudgetSeconds = 3600;     // --time-budget: (0, 3600] seconds per row
inline constexpr std::size_t kMostMaxConfigs = 10000000;   // --max-configs: 1..1e7

// Attaches to whichever of these options `command` has:
//  - integers (--device, --seed, --min-samples, --max-samples, --top,
//    --max-configs, --arch) must be plain decimal within their range: CLI11
//    alone reads "010" as octal 8, "0x10" as hex, and wraps "-1" into
//    2^64-1 for an unsigned option;
//  - strings (--space, --sizes, --out, --mode, --cache-dir) must not be
//    empty: "" would otherwise quietly mean the default.
void add_option_checks(CLI::App& command);

// Ranges and relations of a parsed sweep's options (min <= max samples, a
// positive finite --ci-target and --time-budget, ...). Throws InputError.
void check_sweep_options(const SweepOptions& options);
// `list`: --use-cache only means something with --compile; --arch is
// checked against NVRTC by run_list (gpu/nvrtc_compiler.hpp).
void check_list_options(const ListOptions& options, bool use_cache_given);

}  // namespace dotsweep
