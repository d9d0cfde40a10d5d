#include "core/space/device_selection.hpp"

#include <algorithm>
#include <cctype>

#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"

namespace dotsweep {

namespace {

constexpr int kMostDeviceIndex = 1023;  // far past any host; keeps the number parse simple

[[noreturn]] void refuse_selection(const std::string& text, const std::string& why) {
  throw InputError("--devices '" + text + "': " + why + "; accepted: all, or distinct GPU indices such as 0,1,3");
}

}  // namespace

DeviceSelection parse_device_selection(const std::string& text) {
  DeviceSelection selection;
  if (text == "all") {
    selection.all = true;
    return selection;
  }
  if (text.empty()) refuse_selection(text, "no GPU named");
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    // Only the ends of an item are trimmed (core/io/whole_number.hpp).
    const std::string item = trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (item.empty()) refuse_selection(text, "an empty entry");
    if (item == "all") refuse_selection(text, "'all' stands alone");
    WholeNumber number;
    const std::string problem = read_whole_number(item, number);
    if (problem.rfind("has a leading zero", 0) == 0 || problem == "has whitespace inside")
      refuse_selection(text, "'" + item + "' " + problem);
    if (!problem.empty() || number.magnitude > kMostDeviceIndex) refuse_selection(text, "'" + item + "' is not a GPU index");
    const int index = static_cast<int>(number.magnitude);
    if (std::find(selection.indices.begin(), selection.indices.end(), index) != selection.indices.end())
      refuse_selection(text, "GPU " + item + " is named twice");
    selection.indices.push_back(index);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return selection;
}

std::vector<int> resolve_devices(const DeviceSelection& selection, int device_count) {
  if (selection.all) {
    std::vector<int> every(static_cast<std::size_t>(std::max(device_count, 0)));
    for (int i = 0; i < device_count; ++i) every[static_cast<std::size_t>(i)] = i;
    return every;
  }
  for (int index : selection.indices)
    if (index >= device_count)
      throw InputError("--devices: this host has no GPU " + std::to_string(index) + "; it has " +
                       std::to_string(device_count) + " (indices 0.." + std::to_string(device_count - 1) + ")");
  return selection.indices;
}

}  // namespace dotsweep
