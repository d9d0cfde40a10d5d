// `--devices all|0,2,...`: which GPUs of the host a sweep runs on, one
// worker process per GPU, each sweeping the whole space (sweep/device_fanout.hpp).
// Parsed before any GPU is looked for; resolved against the host's GPUs after.
#pragma once

#include <string>
#include <vector>

namespace dotsweep {

struct DeviceSelection {
  bool all = false;          // "all": every GPU the runtime sees
  std::vector<int> indices;  // otherwise the CUDA device indices, in the order given
};

// "all" or distinct device indices separated by commas; InputError (one line:
// what was wrong, the value, what is accepted) otherwise.
DeviceSelection parse_device_selection(const std::string& text);

// The device indices to run on, given how many GPUs the host has. InputError
// when an index names a GPU the host lacks.
std::vector<int> resolve_devices(const DeviceSelection& selection, int device_count);

}  // namespace dotsweep
