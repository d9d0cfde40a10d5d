#include "cli/report_folder.hpp"

#include <filesystem>

#include "core/input_error.hpp"

namespace dotsweep {

void make_report_folder(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw InputError("cannot create report folder '" + path + "': " + ec.message() + " (pass --out DIR)");
}

}  // namespace dotsweep
