#include "cli/report_folder.hpp"

#include <cctype>
#include <ctime>
#include <filesystem>

#include "core/input_error.hpp"

namespace dotsweep {

std::string gpu_slug(const std::string& gpu_name) {
  std::string slug;
  for (unsigned char c : gpu_name) {
    if (std::isalnum(c)) slug += static_cast<char>(std::tolower(c));
    else if (!slug.empty() && slug.back() != '-') slug += '-';
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug.empty() ? "gpu" : slug;
}

namespace {
std::string format_now(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[64];
  std::strftime(text, sizeof text, format, &utc);
  return text;
}
}  // namespace

std::string utc_timestamp_iso() { return format_now("%Y-%m-%dT%H:%M:%SZ"); }
std::string utc_timestamp_compact() { return format_now("%Y%m%dT%H%M%SZ"); }

void make_report_folder(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (ec) throw InputError("cannot create report folder '" + path + "': " + ec.message() + " (pass --out DIR)");
}

}  // namespace dotsweep
