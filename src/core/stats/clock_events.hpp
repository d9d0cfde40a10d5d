// NVML clock-event ("throttle") reasons as text, and the clock witness a
// report row carries: SM clock before and after a measurement and whether the
// GPU was power- or thermally capped meanwhile. Host-only: no NVML headers;
// the bit values are NVML's documented nvmlClocksEventReason* constants.
#pragma once

#include <optional>
#include <string>

namespace dotsweep {

// NVML's nvmlClocksEventReason* / nvmlClocksThrottleReason* bits.
namespace clock_event {
constexpr unsigned long long kGpuIdle = 0x1ULL;
constexpr unsigned long long kApplicationsClocksSetting = 0x2ULL;
constexpr unsigned long long kSwPowerCap = 0x4ULL;
constexpr unsigned long long kHwSlowdown = 0x8ULL;
constexpr unsigned long long kSyncBoost = 0x10ULL;
constexpr unsigned long long kSwThermalSlowdown = 0x20ULL;
constexpr unsigned long long kHwThermalSlowdown = 0x40ULL;
constexpr unsigned long long kHwPowerBrakeSlowdown = 0x80ULL;
constexpr unsigned long long kDisplayClockSetting = 0x100ULL;
// Power or thermal capping: a number measured under these answers a different question.
constexpr unsigned long long kCappingMask =
    kSwPowerCap | kHwSlowdown | kSwThermalSlowdown | kHwThermalSlowdown | kHwPowerBrakeSlowdown;
}  // namespace clock_event

// "none" for 0; otherwise the set bits' short names in bit order joined by '+'
// (idle, app_clocks, sw_power_cap, hw_slowdown, sync_boost, sw_thermal,
// hw_thermal, hw_power_brake, display_clock); bits without a name come last
// as one hex value ("0x200").
std::string describe_clock_events(unsigned long long reasons);

// True when any power or thermal capping bit is set (sw_power_cap,
// hw_slowdown, sw_thermal, hw_thermal, hw_power_brake); idle, application
// clocks, sync boost and display clock do not count.
bool is_capping(unsigned long long reasons);

// One NVML reading: the SM clock and the active clock-event reasons.
struct ClockSnapshot {
  double sm_mhz = 0;
  unsigned long long reasons = 0;
};

// What a report row records about the clocks around one measurement.
struct ClockWitness {
  std::optional<double> before_mhz, after_mhz;
  std::string events;   // describe_clock_events(before | after); "" when neither reading exists
  bool capped = false;  // is_capping(before | after)
};

// Combines the readings taken before and after a measurement; either may be
// missing (NVML unavailable or the read failed).
ClockWitness witness_clocks(const std::optional<ClockSnapshot>& before,
                            const std::optional<ClockSnapshot>& after);

}  // namespace dotsweep
