#include <doctest/doctest.h>

#include <optional>

#include "core/stats/clock_events.hpp"

using namespace dotsweep;

TEST_CASE("clock events: NVML's documented bit values") {
  // nvmlClocksEventReason* / nvmlClocksThrottleReason* from the NVML API reference.
  CHECK(clock_event::kGpuIdle == 0x1ULL);
  CHECK(clock_event::kApplicationsClocksSetting == 0x2ULL);
  CHECK(clock_event::kSwPowerCap == 0x4ULL);
  CHECK(clock_event::kHwSlowdown == 0x8ULL);
  CHECK(clock_event::kSyncBoost == 0x10ULL);
  CHECK(clock_event::kSwThermalSlowdown == 0x20ULL);
  CHECK(clock_event::kHwThermalSlowdown == 0x40ULL);
  CHECK(clock_event::kHwPowerBrakeSlowdown == 0x80ULL);
  CHECK(clock_event::kDisplayClockSetting == 0x100ULL);
}

TEST_CASE("clock events: each bit decodes to its name") {
  CHECK(describe_clock_events(0) == "none");
  CHECK(describe_clock_events(0x1) == "idle");
  CHECK(describe_clock_events(0x2) == "app_clocks");
  CHECK(describe_clock_events(0x4) == "sw_power_cap");
  CHECK(describe_clock_events(0x8) == "hw_slowdown");
  CHECK(describe_clock_events(0x10) == "sync_boost");
  CHECK(describe_clock_events(0x20) == "sw_thermal");
  CHECK(describe_clock_events(0x40) == "hw_thermal");
  CHECK(describe_clock_events(0x80) == "hw_power_brake");
  CHECK(describe_clock_events(0x100) == "display_clock");
}

TEST_CASE("clock events: several bits join with '+' in bit order, unknown bits as hex") {
  CHECK(describe_clock_events(0x1 | 0x4) == "idle+sw_power_cap");
  CHECK(describe_clock_events(0x40 | 0x2) == "app_clocks+hw_thermal");
  CHECK(describe_clock_events(0x1ff) ==
        "idle+app_clocks+sw_power_cap+hw_slowdown+sync_boost+sw_thermal+hw_thermal+hw_power_brake+display_clock");
  CHECK(describe_clock_events(0x200) == "0x200");
  CHECK(describe_clock_events(0x4 | 0x200 | 0x800) == "sw_power_cap+0xa00");
  CHECK(describe_clock_events(0x8000000000000000ULL) == "0x8000000000000000");
}

TEST_CASE("clock events: only power and thermal capping counts as capping") {
  CHECK_FALSE(is_capping(0));
  CHECK_FALSE(is_capping(0x1));    // idle
  CHECK_FALSE(is_capping(0x2));    // application clocks
  CHECK_FALSE(is_capping(0x10));   // sync boost
  CHECK_FALSE(is_capping(0x100));  // display clock
  CHECK_FALSE(is_capping(0x1 | 0x2 | 0x10 | 0x100));
  CHECK_FALSE(is_capping(0x200));  // a bit this build has no name for
  CHECK(is_capping(0x4));          // sw_power_cap
  CHECK(is_capping(0x8));          // hw_slowdown
  CHECK(is_capping(0x20));         // sw_thermal
  CHECK(is_capping(0x40));         // hw_thermal
  CHECK(is_capping(0x80));         // hw_power_brake
  CHECK(is_capping(0x1 | 0x20));   // idle plus a thermal cap is still capped
}

TEST_CASE("clock witness: both readings") {
  const ClockWitness w = witness_clocks(ClockSnapshot{1980.0, 0x0}, ClockSnapshot{1755.0, 0x4});
  REQUIRE(w.before_mhz.has_value());
  REQUIRE(w.after_mhz.has_value());
  CHECK(*w.before_mhz == 1980.0);
  CHECK(*w.after_mhz == 1755.0);
  CHECK(w.events == "sw_power_cap");  // the union of both masks
  CHECK(w.capped);

  const ClockWitness both = witness_clocks(ClockSnapshot{1980.0, 0x1}, ClockSnapshot{1980.0, 0x40});
  CHECK(both.events == "idle+hw_thermal");
  CHECK(both.capped);

  const ClockWitness quiet = witness_clocks(ClockSnapshot{1980.0, 0x0}, ClockSnapshot{1980.0, 0x0});
  CHECK(quiet.events == "none");
  CHECK_FALSE(quiet.capped);

  const ClockWitness idle = witness_clocks(ClockSnapshot{345.0, 0x1}, ClockSnapshot{1980.0, 0x10});
  CHECK(idle.events == "idle+sync_boost");
  CHECK_FALSE(idle.capped);
}

TEST_CASE("clock witness: one or no reading") {
  const ClockWitness none = witness_clocks(std::nullopt, std::nullopt);
  CHECK_FALSE(none.before_mhz.has_value());
  CHECK_FALSE(none.after_mhz.has_value());
  CHECK(none.events.empty());
  CHECK_FALSE(none.capped);

  const ClockWitness only_before = witness_clocks(ClockSnapshot{1980.0, 0x8}, std::nullopt);
  REQUIRE(only_before.before_mhz.has_value());
  CHECK(*only_before.before_mhz == 1980.0);
  CHECK_FALSE(only_before.after_mhz.has_value());
  CHECK(only_before.events == "hw_slowdown");
  CHECK(only_before.capped);

  const ClockWitness only_after = witness_clocks(std::nullopt, ClockSnapshot{1410.0, 0x0});
  CHECK_FALSE(only_after.before_mhz.has_value());
  REQUIRE(only_after.after_mhz.has_value());
  CHECK(*only_after.after_mhz == 1410.0);
  CHECK(only_after.events == "none");
  CHECK_FALSE(only_after.capped);
}
