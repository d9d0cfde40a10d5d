#include "core/report/report_naming.hpp"

#include <cctype>

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
std::string format_utc(std::time_t when, const char* format) {
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[64];
  std::strftime(text, sizeof text, format, &utc);
  return text;
}
}  // namespace

std::string utc_timestamp_iso(std::time_t when) { return format_utc(when, "%Y-%m-%dT%H:%M:%SZ"); }
std::string utc_timestamp_compact(std::time_t when) { return format_utc(when, "%Y%m%dT%H%M%SZ"); }

}  // namespace dotsweep
