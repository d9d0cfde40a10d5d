// One sweep per GPU of the host (`--devices`): the user's sweep started once
// per GPU as a dotsweep process of its own (`--device N --out INDEX/gpuN`),
// all at once, each a whole supervised sweep with its own workers, so every
// ranking and tie group stays within one physical GPU. This process touches
// no GPU beyond listing them: it waits, passes a Ctrl-C on, writes the index
// (core/report/device_index.hpp) and gates the finished reports against each
// other (fleet.md, core/gate/fleet.hpp).
#pragma once

#include <string>

#include "core/space/device_selection.hpp"
#include "sweep/sweep_options.hpp"

namespace dotsweep {

// options.command_line is the user's; its --devices and --out are replaced
// per GPU. Exit status as core/report/device_index.hpp's
// device_runs_exit_status says.
int run_on_devices(const SweepOptions& options, const DeviceSelection& selection);

// True when `dir` holds a --devices sweep's index rather than one report.
bool is_device_index(const std::string& dir);

// `--resume INDEX`: resumes, all at once, each GPU whose sweep did not end
// with exit 0 (`--resume INDEX/gpuN`, its options from its own context.json),
// then rewrites the index and the fleet.
int resume_on_devices(const SweepOptions& options);

}  // namespace dotsweep
