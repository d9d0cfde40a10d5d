// The standard plots of a report folder (tools/plot.py report), written after
// a sweep when the plot script and a Python with matplotlib are at hand.
#pragma once

#include <string>

namespace dotsweep {

// Runs `<python> <source root>/tools/plot.py report <report_dir>` when the
// script is found (the DOTSWEEP_SOURCE_ROOT environment variable, else the
// source folder this binary was built from) and the Python can import
// matplotlib (the source root's .venv/bin/python first, then python3);
// otherwise prints one line saying how to get the plots. Prints one line
// either way; DOTSWEEP_NO_PLOTS=1 skips it silently. Never throws and never
// changes the sweep's exit status: the report is complete without plots.
// The Python child runs in a process group of its own: a SIGINT, SIGTERM or
// SIGHUP while it runs kills that group and removes its log, then goes to
// the handler installed before (or ends the process as the signal does), so
// nothing is drawn after dotsweep has gone.
// The lines name `shown_as` where given: the folder the report will be in
// once a temporary one is renamed into place.
void write_report_plots(const std::string& report_dir, const std::string& shown_as = "");

}  // namespace dotsweep
