// Creates a sweep's report folder.
#pragma once

#include <string>

namespace dotsweep {

// Creates the folder (and parents); throws InputError naming it when it cannot.
void make_report_folder(const std::string& path);

}  // namespace dotsweep
