#include "core/stats/clock_events.hpp"

#include <cstdio>

namespace dotsweep {

namespace {
struct NamedBit {
  unsigned long long bit;
  const char* name;
};

constexpr NamedBit kNamedBits[] = {
    {clock_event::kGpuIdle, "idle"},
    {clock_event::kApplicationsClocksSetting, "app_clocks"},
    {clock_event::kSwPowerCap, "sw_power_cap"},
    {clock_event::kHwSlowdown, "hw_slowdown"},
    {clock_event::kSyncBoost, "sync_boost"},
    {clock_event::kSwThermalSlowdown, "sw_thermal"},
    {clock_event::kHwThermalSlowdown, "hw_thermal"},
    {clock_event::kHwPowerBrakeSlowdown, "hw_power_brake"},
    {clock_event::kDisplayClockSetting, "display_clock"},
};
}  // namespace

std::string describe_clock_events(unsigned long long reasons) {
  if (reasons == 0) return "none";
  std::string out;
  unsigned long long unknown = reasons;
  for (const NamedBit& b : kNamedBits) {
    if ((reasons & b.bit) == 0) continue;
    if (!out.empty()) out += '+';
    out += b.name;
    unknown &= ~b.bit;
  }
  if (unknown != 0) {
    char hex[2 + 16 + 1];
    std::snprintf(hex, sizeof hex, "0x%llx", unknown);
    if (!out.empty()) out += '+';
    out += hex;
  }
  return out;
}

bool is_capping(unsigned long long reasons) { return (reasons & clock_event::kCappingMask) != 0; }

ClockWitness witness_clocks(const std::optional<ClockSnapshot>& before,
                            const std::optional<ClockSnapshot>& after) {
  ClockWitness w;
  if (before) w.before_mhz = before->sm_mhz;
  if (after) w.after_mhz = after->sm_mhz;
  if (!before && !after) return w;  // NVML unavailable: nothing to say
  const unsigned long long reasons = (before ? before->reasons : 0) | (after ? after->reasons : 0);
  w.events = describe_clock_events(reasons);
  w.capped = is_capping(reasons);
  return w;
}

}  // namespace dotsweep
