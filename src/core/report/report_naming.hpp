// Names of report folders: results/<gpu-slug>/<UTC timestamp>/.
#pragma once

#include <ctime>
#include <string>

namespace dotsweep {

std::string gpu_slug(const std::string& gpu_name);  // "NVIDIA H200" -> "nvidia-h200"
std::string utc_timestamp_iso(std::time_t when);     // "2026-11-29T15:30:00Z"
std::string utc_timestamp_compact(std::time_t when); // "20261129T153000Z", for folder names

}  // namespace dotsweep
