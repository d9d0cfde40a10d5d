// What `dotsweep --help` and `--version` say beyond the option list.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace dotsweep {

// "dotsweep 0.1.0, NVRTC 13.0".
std::string version_text();
// The sweep's size syntax, variant-id legend and exit codes.
std::string help_footer();
// What `dotsweep NAME --help` ends with: that command's exit codes (and,
// for sweep and list, the size syntax and variant ids).
std::string subcommand_footer(const std::string& name);
// Adds --version to `app`, the sweep's footer to it and its own footer to
// every subcommand it has so far.
void describe_program(CLI::App& app);

}  // namespace dotsweep
