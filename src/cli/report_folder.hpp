// Where a sweep's reports go and what they hold besides the rows.
#pragma once

#include <string>

#include "gpu/device_info.hpp"

namespace dotsweep {

std::string gpu_slug(const std::string& gpu_name);  // "NVIDIA H200" -> "nvidia-h200"
std::string utc_timestamp_iso();                    // "2026-11-29T15:30:00Z"
std::string utc_timestamp_compact();                // "20261129T153000Z", for folder names
// Creates the folder (and parents); throws InputError naming it when it cannot.
void make_report_folder(const std::string& path);

}  // namespace dotsweep
