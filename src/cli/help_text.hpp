// What `dotsweep --help` and `--version` say beyond the option list.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace dotsweep {

// "dotsweep 0.1.0, NVRTC 13.0".
std::string version_text();
// The exit codes, the size syntax and the variant-id legend.
std::string help_footer();
// Adds --version to `app` and the footer to it and every subcommand it has so far.
void describe_program(CLI::App& app);

}  // namespace dotsweep
