#include "cli/option_checks.hpp"

#include <algorithm>
#include <cstdlib>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"
#include "core/report/device_index.hpp"
#include "core/rows/report_context.hpp"
#include "core/report/report_folder.hpp"
#include "core/space/sm_partition.hpp"
#include "gpu/stream_blocker.hpp"

namespace dotsweep {

namespace {

struct IntegerRange {
  const char* option;
  std::int64_t min;
  std::uint64_t max;
};

constexpr std::uint64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::uint64_t kUint64Max = std::numeric_limits<std::uint64_t>::max();

// Each option's accepted range; the largest value of its type reads "or more".
const IntegerRange kIntegers[] = {
    {"--device", 0, kIntMax},
    {"--seed", 0, kUint64Max},
    {"--min-samples", 1, kMostSamples},
    {"--max-samples", 1, kMostSamples},
    {"--top", 0, kIntMax},
    {"--max-configs", 1, kMostMaxConfigs},
    {"--budget", 1, kIntMax},
    // More SMs than the GPU has is refused once the GPU is known (core/space/sm_partition.hpp).
    {"--sms", 1, kMostSmsRequest},
    // Any int spells an arch; which ones NVRTC compiles for is checked later.
    {"--arch", std::numeric_limits<int>::min(), kIntMax},
};

// A real-valued option's accepted range: above (or from) `low`, up to `high`.
struct RealRange {
  const char* option;
  double low;
  bool low_included;
  double high;
  const char* unit;
};

// --threshold is the same percent for gate, fleet and ab.
const RealRange kReals[] = {
    {"--threshold", 0, false, 1000, "percent"},
    {"--min-gap-us", 0, true, 1e9, "microseconds"},
    {"--min-gap-pct", 0, true, 1000, "percent of the baseline median"},
    {"--keep", 0, false, 1, "the fraction measured fully"},
    {"--ci-target", 0, false, kMostCiTargetPct, "percent of the median"},
    {"--time-budget", 0, false, kMostTimeBudgetSeconds, "seconds"},
};

const char* const kNonEmpty[] = {"--space", "--sizes", "--out", "--mode", "--cache-dir", "--resume", "--strategy", "--kernels"};

std::string range_text(std::int64_t min, std::uint64_t max) {
  if (min == std::numeric_limits<int>::min()) return "a whole number";
  if (max == kIntMax || max == kUint64Max) return std::to_string(min) + " or more";
  return std::to_string(min) + ".." + std::to_string(max);
}

// "" when `text` is a plain decimal integer in range (core/io/whole_number.hpp:
// only its ends trimmed), else why not.
std::string integer_problem(const std::string& text, const IntegerRange& range) {
  const std::string accepted = "; accepted: " + range_text(range.min, range.max);
  WholeNumber number;
  const std::string problem = read_whole_number(text, number, /*sign_allowed=*/true);
  if (problem.rfind("has a leading zero", 0) == 0)
    return "'" + text + "' has a leading zero (it would read as octal); write " + problem.substr(problem.rfind(' ') + 1) +
           accepted;
  if (problem == "has whitespace inside") return "'" + text + "' has whitespace inside" + accepted;
  if (!problem.empty() && problem.rfind("is past", 0) != 0) return "'" + text + "' is not a whole decimal number" + accepted;
  // -min as unsigned, without overflowing for the smallest int64.
  const std::uint64_t most_negative =
      range.min >= 0 ? 0 : static_cast<std::uint64_t>(-(range.min + 1)) + 1;
  const std::uint64_t least = range.min > 0 ? static_cast<std::uint64_t>(range.min) : 0;
  const std::uint64_t magnitude = number.magnitude;
  const bool in_range = problem.empty() && (number.negative ? magnitude <= most_negative || magnitude == 0
                                                            : least <= magnitude && magnitude <= range.max);
  if (!in_range) return trimmed(text) + " is out of range" + accepted;
  return "";
}

std::string number_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string real_range_text(const RealRange& range) {
  return (range.low_included ? number_text(range.low) + " or more" : "more than " + number_text(range.low)) +
         " and at most " + number_text(range.high) + " (" + range.unit + ")";
}

// "" when `text` is a plain decimal number in range, else why not. strtod
// alone would take nan, inf, hex and a locale's comma.
std::string real_problem(const std::string& text, const RealRange& range) {
  const std::string accepted = "; accepted: " + real_range_text(range);
  const std::string item = trimmed(text);
  const bool plain = !item.empty() && item.find_first_not_of("0123456789.eE+-") == std::string::npos;
  char* end = nullptr;
  const double value = plain ? std::strtod(item.c_str(), &end) : 0;
  if (!plain || end != item.c_str() + item.size()) return "'" + text + "' is not a decimal number" + accepted;
  const bool in_range = std::isfinite(value) && (range.low_included ? value >= range.low : value > range.low) &&
                        value <= range.high;
  if (!in_range) return item + " is out of range" + accepted;
  return "";
}

[[noreturn]] void out_of_range(const std::string& option, const std::string& value, const std::string& accepted) {
  throw InputError(option + ": " + value + " is out of range; accepted: " + accepted);
}

void check_integer(const char* option, std::uint64_t value, const std::string& spelled) {
  for (const auto& range : kIntegers)
    if (std::string(option) == range.option && (value < static_cast<std::uint64_t>(std::max<std::int64_t>(range.min, 0)) ||
                                                 value > range.max))
      out_of_range(option, spelled, range_text(range.min, range.max));
}

void check_positive(const char* option, double value, double most, const char* unit) {
  if (!std::isfinite(value) || !(value > 0) || value > most)
    out_of_range(option, number_text(value), "more than 0 and at most " + number_text(most) + " " + unit);
}

}  // namespace

void add_option_checks(CLI::App& command) {
  for (const IntegerRange& range : kIntegers)
    if (CLI::Option* option = command.get_option_no_throw(range.option))
      option->transform(CLI::Validator(  // a transform: CLI11 converts the trimmed text
                        [range](std::string& text) {
                          std::string problem = integer_problem(text, range);
                          if (problem.empty()) text = trimmed(text);  // CLI11 converts what is left
                          return problem;
                        },
                                   range.min == std::numeric_limits<int>::min() ? "" : range_text(range.min, range.max),
                                   "decimal"));
  for (const RealRange& range : kReals)
    if (CLI::Option* option = command.get_option_no_throw(range.option))
      option->transform(CLI::Validator(
          [range](std::string& text) {
            std::string problem = real_problem(text, range);
            if (problem.empty()) text = trimmed(text);
            return problem;
          },
          real_range_text(range), "decimal"));
  for (const char* name : kNonEmpty)
    if (CLI::Option* option = command.get_option_no_throw(name))
      option->check(CLI::Validator(
          [](std::string& text) { return text.empty() ? std::string("the value is empty; leave the option out for its default") : std::string(); },
          "", "non-empty"));
}

CLI::Validator one_of(const std::string& what, const std::vector<std::string>& accepted) {
  std::string listed;
  for (std::size_t i = 0; i < accepted.size(); ++i)
    listed += (i == 0 ? "" : i + 1 == accepted.size() ? " or " : ", ") + accepted[i];
  return CLI::Validator(
      [what, accepted, listed](std::string& text) {
        if (std::find(accepted.begin(), accepted.end(), text) != accepted.end()) return std::string();
        return "'" + text + "' is not " + what + "; accepted: " + listed;
      },
      listed, "one of");
}

namespace {

// The option a CLI11 message is about: its first word, up to ':' or ' ', or
// the NAME of "Could not convert: NAME = VALUE" and "... allowed value for NAME".
std::string named_in(const std::string& message) {
  const std::string converting = "Could not convert: ", allowed = "is not an allowed value for ";
  if (message.rfind(converting, 0) == 0)
    return message.substr(converting.size(), message.find(" = ") - converting.size());
  if (const std::size_t at = message.find(allowed); at != std::string::npos) return message.substr(at + allowed.size());
  return message.substr(0, message.find_first_of(": "));
}

// "--baseline (the reference report: ...)" or, for a positional, "INPUT (...)".
std::string described(const CLI::Option& option) {
  std::string name = option.get_name();
  if (option.get_lnames().empty() && option.get_snames().empty())
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
  return option.get_description().empty() ? name : name + " (" + option.get_description() + ")";
}

// The words CLI11 could not place: those of the command reached, then its parent's.
std::vector<std::string> unplaced_words(const CLI::App& app, const CLI::App& command) {
  std::vector<std::string> words = command.remaining();
  if (&command != &app)
    for (const std::string& word : app.remaining()) words.push_back(word);
  return words;
}

// A flag: CLI11 gives it a type size of 1, like an option's, and expects no value.
bool is_switch(const CLI::Option& option) { return option.get_expected_max() == 0; }

std::string switch_refusal(const std::string& name) {
  return name + " is a switch and takes no value; give " + name + " alone";
}

std::string subcommand_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

}  // namespace

std::string parse_error_line(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv) {
  const CLI::App* command = &app;
  std::string called = "dotsweep";
  if (const std::vector<CLI::App*> chosen = app.get_subcommands(); !chosen.empty()) {
    command = chosen.front();
    called += " " + command->get_name();
  }
  const std::string help = "`" + called + " --help` lists what it takes";
  const std::string message = error.what();
  // CLI11 checks required options before it complains of words it could not
  // place: the word the user mistyped is the one to name.
  const std::vector<std::string> unplaced = unplaced_words(app, *command);
  if (dynamic_cast<const CLI::ExtrasError*>(&error) ||
      (dynamic_cast<const CLI::RequiredError*>(&error) && !unplaced.empty())) {
    const std::string word = unplaced.empty() ? message.substr(message.rfind(' ') + 1) : unplaced.front();
    bool after_dashes = false;  // after a lone "--", "--x" is an argument, not an option
    for (int i = 1; i < argc && !after_dashes; ++i) after_dashes = std::string(argv[i]) == "--";
    if (word.size() > 1 && word[0] == '-' && !after_dashes)
      return called + " has no option " + word.substr(0, word.find('=')) + "; " + help;
    if (command == &app)
      return "'" + word + "' is not a subcommand (" + subcommand_names(app) + ") or a value of an option; " + help;
    return called + " takes no argument '" + word + "' here; " + help;
  }
  const std::string name = named_in(message);
  const CLI::Option* option = command->get_option_no_throw(name);
  if (option == nullptr && command != &app) option = app.get_option_no_throw(name);
  if (dynamic_cast<const CLI::RequiredError*>(&error)) {
    // Positionals are named by CLI11 in lower case; --help shows them in upper.
    const CLI::Option* missing = option != nullptr ? option : command->get_option_no_throw(name);
    return called + " needs " + (missing != nullptr ? described(*missing) : name) + "; " + help;
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) || dynamic_cast<const CLI::ConversionError*>(&error)) {
    if (message.find("At Most") != std::string::npos)
      return name + " is given more than once; give it once (" + help + ")";
    if (option != nullptr && is_switch(*option)) return switch_refusal(name);
    if (message.find("missing") != std::string::npos || message.find("At least") != std::string::npos)
      return name + " needs a value" +
             (option != nullptr && !option->get_description().empty() ? " (" + option->get_description() + ")" : "");
    return "a value of " + name + " cannot be read; " + help;
  }
  if (dynamic_cast<const CLI::ExcludesError*>(&error)) {
    const std::string other = message.substr(message.rfind(' ') + 1);
    return name + " and " + other + " cannot be given together; drop one";
  }
  if (dynamic_cast<const CLI::RequiresError*>(&error))
    return name + " needs " + message.substr(message.rfind(' ') + 1) + " too";
  // A validator's message: ours ("--device: 'x' is not a whole decimal number; accepted: ...").
  if (dynamic_cast<const CLI::ValidationError*>(&error)) return message;
  return "the command line cannot be read (" + message + "); " + help;
}

namespace {

// The arguments before a lone "--": the ones that may be options.
std::vector<std::string> option_arguments(int argc, char** argv) {
  std::vector<std::string> arguments;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--") break;  // what follows is positional
    arguments.push_back(argument);
  }
  return arguments;
}

}  // namespace

std::string switch_given_value(const CLI::App& app, int argc, char** argv) {
  std::vector<const CLI::App*> parsed{&app};
  for (const CLI::App* command : app.get_subcommands()) parsed.push_back(command);
  for (const std::string& argument : option_arguments(argc, argv)) {
    const std::size_t equals = argument.find('=');
    if (argument.rfind("--", 0) != 0 || equals == std::string::npos) continue;
    const std::string name = argument.substr(0, equals);
    for (const CLI::App* command : parsed)
      if (const CLI::Option* option = command->get_option_no_throw(name); option != nullptr && is_switch(*option))
        return switch_refusal(name);
  }
  return "";
}

std::string empty_inline_value(int argc, char** argv) {
  for (const std::string& argument : option_arguments(argc, argv)) {
    const std::size_t equals = argument.find('=');
    if (argument.size() < 2 || argument[0] != '-' || equals != argument.size() - 1) continue;
    const std::string option = argument.substr(0, equals);
    return option + "= has nothing after the '='; give " + option + "=VALUE or " + option + " VALUE";
  }
  return "";
}

std::string option_before_subcommand(const CLI::App& app, int argc, char** argv) {
  const std::vector<CLI::App*> named = app.get_subcommands();
  if (named.empty()) return "";
  bool any = false;
  for (const CLI::Option* option : app.get_options()) any = any || option->count() > 0;
  if (!any || argc < 2) return "";
  // The top level takes no positional words, so the first word is an option.
  std::string first = argv[1];
  first = first.substr(0, first.find('='));
  const std::string command = named.front()->get_name();
  return first + " comes before the subcommand '" + command + "'; put options after it (dotsweep " + command +
         " --help lists them)";
}

void add_report_input(CommandPaths& paths, const std::string& option, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    paths.input(option, path);
    for (const std::string& name : report_file_names()) paths.input(option, (std::filesystem::path(path) / name).string());
    paths.input(option, (std::filesystem::path(path) / "sweep.csv.gz").string());
    return;
  }
  paths.input(option, path);
  if (const std::optional<std::string> context = context_beside(path))
    paths.input("the context.json of " + option, *context);
}

void check_index_out(const std::string& out) {
  ReportFolder::require_free(out);
  for (const char* index : {kDeviceIndexFile, kDeviceIndexMarkdown}) {
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::path(out) / index, ec))
      throw InputError("--out '" + out + "' already holds a --devices sweep (" + index +
                       "); pass a new --out folder, or --resume it to continue that sweep");
  }
}

void check_devices_options(bool device_given, bool shard_given, bool resume_given) {
  if (device_given) throw InputError("--device and --devices together: --devices picks the GPUs; drop --device");
  if (shard_given)
    throw InputError("--shard with --devices: every GPU would sweep the same shard; give each GPU its shard "
                     "(--device N --shard i/N) or drop --shard");
  if (resume_given)
    throw InputError("--devices with --resume: a resumed index folder continues on the GPUs it lists; drop --devices");
}

void check_index_resume(const CLI::App& app, const CLI::App& sweep_command) {
  for (const CLI::App* command : {&app, &sweep_command})
    for (const CLI::Option* option : command->get_options()) {
      const std::string name = option->get_name();
      if (option->count() == 0 || name == "--resume" || name == "--no-progress") continue;
      throw InputError("--resume of a --devices sweep takes the folder alone (each GPU's options are in its own "
                       "context.json); drop " + name);
    }
}

void add_stopping_rule_options(CLI::App& command, StoppingRule& rule, const StoppingRuleHelp& help) {
  command.add_option("--min-samples", rule.min_samples, help.samples + " taken at least")->default_val(rule.min_samples);
  command.add_option("--max-samples", rule.max_samples, help.samples + " taken at most")->default_val(rule.max_samples);
  command.add_option("--ci-target", rule.ci_halfwidth_pct, help.ci_target)->default_val(rule.ci_halfwidth_pct);
  command.add_option("--time-budget", rule.budget_seconds, "seconds per " + help.budget + " before stopping anyway")
      ->default_val(rule.budget_seconds);
}

void check_stopping_rule(const StoppingRule& rule) {
  check_integer("--max-samples", rule.max_samples, std::to_string(rule.max_samples));
  check_integer("--min-samples", rule.min_samples, std::to_string(rule.min_samples));
  if (rule.min_samples > rule.max_samples)
    throw InputError("--min-samples " + std::to_string(rule.min_samples) + " is more than --max-samples " +
                     std::to_string(rule.max_samples) + "; accepted: 1..--max-samples");
  check_positive("--ci-target", rule.ci_halfwidth_pct, kMostCiTargetPct, "(percent of the median)");
  check_positive("--time-budget", rule.budget_seconds, kMostTimeBudgetSeconds, "(seconds per row)");
}

void check_sweep_options(const SweepOptions& o) {
  if (o.device < 0) out_of_range("--device", std::to_string(o.device), "0 or more");
  check_stopping_rule(o.measure.rule);
  if (o.top < 0) out_of_range("--top", std::to_string(o.top), "0 or more");
  check_integer("--max-configs", o.max_configs, std::to_string(o.max_configs));
  // ---- partitions (--sms)
  if (o.sms > 0 && o.measure.counters.scope != CounterScope::off)
    throw InputError("--counters " + to_string(o.measure.counters.scope) + " with --sms: the counter pass profiles the "
                     "primary context, and what it sees of a partition's kernels is not known; drop one of them");
  // ---- interruptions and resume
  if (!o.resume_dir.empty() && !o.out_dir.empty())
    throw InputError("--out and --resume together: a resumed sweep continues in its --resume folder; drop --out");
  // ---- environment: read again where the blocker is made, checked here so a
  // bad value is refused before the GPU is looked for
  blocker_timeout_from_environment();
}

void check_shard_strategy(const Shard& shard, Strategy strategy) {
  if (!shard.whole() && strategy == Strategy::halving)
    throw InputError("--shard " + shard.label() + " cannot be combined with --strategy halving (each shard would "
                     "screen on its own and keep different survivors); use exhaustive or random");
}

void check_list_options(const ListOptions& o, bool use_cache_given) {
  if (use_cache_given && !o.compile) throw InputError("--use-cache only applies with --compile");
  if (!o.kernels_dir.empty() && !o.compile) throw InputError("--kernels only applies with --compile");
  check_integer("--max-configs", o.max_configs, std::to_string(o.max_configs));
}

}  // namespace dotsweep
