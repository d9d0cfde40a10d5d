// The command-line checks CLI11 does not make. Each bad value ends as one line
// naming the option, the value and what is accepted (exit 2), before the
// sweep looks for a GPU.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "core/io/command_paths.hpp"
#include "sweep/sweep_options.hpp"

namespace dotsweep {

// Accepted ranges (the integer ones are also enforced while parsing).
inline constexpr std::size_t kMostSamples = 1000000;       // --min-samples, --max-samples
inline constexpr double kMostCiTargetPct = 100;            // --ci-target: (0, 100] percent of the median
inline constexpr double kMostTimeBudgetSeconds = 3600;     // --time-budget: (0, 3600] seconds per row
inline constexpr std::size_t kMostMaxConfigs = 10000000;   // --max-configs: 1..1e7

// Attaches to whichever of these options `command` has:
//  - integers (--device, --sms, --seed, --min-samples, --max-samples, --top,
//    --max-configs, --arch) must be plain decimal within their range: CLI11
//    alone reads "010" as octal 8, "0x10" as hex, and wraps "-1" into
//    2^64-1 for an unsigned option;
//  - real numbers (--threshold, --min-gap-us, --min-gap-pct, --keep,
//    --ci-target, --time-budget) must be plain decimal (no nan, inf or hex)
//    within their range, which --help shows as it is checked;
//  - strings (--space, --sizes, --out, --mode, --cache-dir) must not be
//    empty: "" would otherwise quietly mean the default.
void add_option_checks(CLI::App& command);

// A check that `option`'s value is one of `accepted`, refused in our words
// (CLI11's IsMember says "warm not in {cold,hot}").
CLI::Validator one_of(const std::string& what, const std::vector<std::string>& accepted);

// The one line printed for an error CLI11 found in `app`'s command line, in
// our words: the option or word, what is wrong and what is accepted. An
// unknown option is named before a missing required one (CLI11 checks the
// required ones first).
std::string parse_error_line(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv);

// `--out=` with nothing after the '=': CLI11 would take the next argument as
// its value (`report R --out= --top=3` wrote a report into a folder named
// --top=3). "" when no argument before a lone "--" is an option written with
// '=' and nothing after it, else the refusal naming the first. Checked before
// CLI11 sees the arguments.
std::string empty_inline_value(int argc, char** argv);

// A switch (--compile, --no-progress, ...) given a value with '=': CLI11
// reads `--compile=no` as off and `--compile=yes` as on, so a typo in the
// value changes what runs. "" when no switch of `app` or its chosen
// subcommand was written so before a lone "--", else the refusal naming the
// first. Checked after parsing, before anything runs.
std::string switch_given_value(const CLI::App& app, int argc, char** argv);

// Options belong after the subcommand they configure. The sweep's options
// are also accepted with no subcommand (`dotsweep --sizes 4096` is a sweep),
// so CLI11 would take `dotsweep --space q.toml list` and drop --space
// unread: "" when no option came before a named subcommand, else the
// refusal, naming the first such option as typed.
std::string option_before_subcommand(const CLI::App& app, int argc, char** argv);

// A report named on the command line, as the files it is read from, into
// `paths` (core/io/command_paths.hpp): a report folder and the files a report
// folder holds, or a sweep.csv / best.csv (plain or .gz) and the context.json
// beside it.
void add_report_input(CommandPaths& paths, const std::string& option, const std::string& path);

// The --out of a --devices sweep, the index folder each GPU's report goes
// under: refused as a sweep's --out is (an existing file, a folder holding a
// report, a path that cannot be written or whose name is too long) and when
// it holds a --devices index already. Throws InputError.
void check_index_out(const std::string& out);

// --devices with options it cannot share a command with. Throws InputError.
void check_devices_options(bool device_given, bool shard_given, bool resume_given);

// `--resume INDEX` of a --devices sweep takes the folder alone: each GPU's
// options are in its own report's context.json. Throws InputError naming the
// first other option given (on `app` or the sweep subcommand).
void check_index_resume(const CLI::App& app, const CLI::App& sweep_command);

// What one command's stopping rule counts, bounds and spends its budget on,
// in the words of its --help.
struct StoppingRuleHelp {
  std::string samples;    // what --min-samples and --max-samples count
  std::string ci_target;  // what --ci-target stops on
  std::string budget;     // what --time-budget's seconds are per
};

// --min-samples, --max-samples, --ci-target and --time-budget into `rule`,
// their defaults `rule`'s own.
void add_stopping_rule_options(CLI::App& command, StoppingRule& rule, const StoppingRuleHelp& help);

// --min-samples <= --max-samples, each in range; a positive finite --ci-target
// and --time-budget within their limits. Throws InputError.
void check_stopping_rule(const StoppingRule& rule);

// Ranges and relations of a parsed sweep's options (min <= max samples, a
// positive finite --ci-target and --time-budget, ...) and the timing's
// environment (DOTSWEEP_BLOCKER_TIMEOUT_S). Throws InputError.
void check_sweep_options(const SweepOptions& options);
// `list`: --use-cache only means something with --compile; --arch is
// checked against NVRTC by run_list (gpu/nvrtc_compiler.hpp).
void check_list_options(const ListOptions& options, bool use_cache_given);
// --shard with --strategy halving is refused: halving picks its survivors per
// type from timings, so shards of one type would rank different candidates.
void check_shard_strategy(const Shard& shard, Strategy strategy);

}  // namespace dotsweep
