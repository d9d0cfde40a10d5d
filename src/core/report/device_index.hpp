// The index of one sweep run on several GPUs of a host (`--devices`): each
// GPU swept the whole space into a report folder of its own, so every
// ranking stays within one physical GPU; devices.csv lists them (what a
// resume and scripts read) and devices.md says the same for people.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dotsweep {

inline constexpr const char* kDeviceIndexFile = "devices.csv";
inline constexpr const char* kDeviceIndexMarkdown = "devices.md";

struct DeviceRun {
  int device = 0;                  // CUDA device index
  std::string gpu;                 // "NVIDIA H200"
  std::string gpu_uuid;            // "GPU-..."
  std::string folder;              // its report folder, relative to the index's: "gpu0"
  std::optional<int> exit_status;  // the GPU's sweep's exit status; empty until it ended
  double seconds = 0;              // its wall time
};

// The folder a GPU's report goes to inside the index folder.
std::string device_folder_name(int device);

std::string device_index_csv(const std::vector<DeviceRun>& runs);
// InputError naming `origin` for a file that is not such an index.
std::vector<DeviceRun> read_device_index(const std::string& text, const std::string& origin);

// The whole sweep's exit status: 130 when any GPU's sweep was interrupted
// (the index resumes), else the first GPU's failure in device order, else 0.
int device_runs_exit_status(const std::vector<DeviceRun>& runs);

// devices.md: one row per GPU, then `fleet_verdict` (the fleet's last line,
// or why no fleet was made) and the command that resumes unfinished GPUs.
std::string device_index_markdown(const std::vector<DeviceRun>& runs, const std::string& fleet_verdict,
                                  const std::string& resume_command);

}  // namespace dotsweep
