#!/usr/bin/env python3
"""Checks dotsweep-gbench's --benchmark_format=json output for one run of
cuBLAS, thrust, the floor, the seed kernel as written and one quick-space
variant at one n, with --benchmark_repetitions=2 (tests/gbench/gbench_json.sh
runs it).

Exit 0 when every check holds, 1 (with one line per failure) when not, and
77 when the run says no CUDA device is usable (the GPU-test skip).
Usage: check_gbench_json.py OUTPUT.json N VARIANT [BASELINE_SUFFIX]
BASELINE_SUFFIX (e.g. ".f32") follows every baseline's name when the space
has several types.
"""
import json
import math
import sys

NO_DEVICE = "no usable CUDA device"


def main():
    path, n, variant = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    suffix = sys.argv[4] if len(sys.argv) > 4 else ""
    with open(path) as f:
        doc = json.load(f)
    runs = doc["benchmarks"]
    for run in runs:
        if run.get("error_message", "").startswith(NO_DEVICE):
            print("skip: " + run["error_message"])
            return 77
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)
        print(("ok: " if condition else "FAIL: ") + what)

    timed_bytes = 8.0 * n  # both float32 inputs once
    for operation in ("cublas" + suffix, "thrust" + suffix, variant):
        name = f"dot/{operation}/{n}/manual_time"
        iterations = [r for r in runs if r["run_name"] == name and r["run_type"] == "iteration"]
        check(len(iterations) == 2, f"{name}: two repetitions (got {len(iterations)})")
        for r in iterations:
            check(not r.get("error_occurred", False), f"{name}: no error ({r.get('error_message', '')})")
            if r.get("error_occurred", False):
                continue
            check(r["time_unit"] == "us", f"{name}: time in us")
            check(r["iterations"] > 0, f"{name}: iterations {r['iterations']}")
            real_us = r["real_time"]
            # One cold launch of 8n bytes: above the launch floor, below 1 GB/s.
            check(1.0 < real_us < timed_bytes / 1e9 * 1e6 + 1000, f"{name}: real_time {real_us:.3f} us plausible")
            # Rates come from the manual (CUDA event) time, not the host's CPU time.
            rate = timed_bytes / (real_us * 1e-6)
            check(math.isclose(r["bytes_per_second"], rate, rel_tol=0.01),
                  f"{name}: bytes_per_second {r['bytes_per_second']:.4g} = 8n / real_time {rate:.4g}")
            check(math.isclose(r["items_per_second"], n / (real_us * 1e-6), rel_tol=0.01),
                  f"{name}: items_per_second = n / real_time")
            check(math.isclose(r["GB/s"], r["bytes_per_second"] / 1e9, rel_tol=0.01), f"{name}: GB/s counter")
            check(0 < r["pct_peak"] <= 100, f"{name}: pct_peak {r['pct_peak']:.2f} in (0, 100]")
            label = r.get("label", "")
            check("cold" in label, f"{name}: label '{label}' says cold")
            if operation == "thrust" + suffix:
                # Host wall time (the host-synchronous timer): no blocker, so no SM clock.
                check("host wall time" in label, f"{name}: label '{label}' says host wall time")
                check("sm_clock_mhz" not in r, f"{name}: no sm_clock_mhz")
            else:
                check(r.get("sm_clock_mhz", 0) > 100, f"{name}: sm_clock_mhz {r.get('sm_clock_mhz', 0):.0f}")
                check("host wall time" not in label, f"{name}: label '{label}' says CUDA events")
        aggregates = {r["aggregate_name"] for r in runs if r["run_name"] == name and r["run_type"] == "aggregate"}
        check({"mean", "median", "stddev"} <= aggregates, f"{name}: aggregates {sorted(aggregates)}")

    # The floor: timed (an empty kernel's cold launch), never checked, no bandwidth.
    name = f"dot/floor{suffix}/{n}/manual_time"
    floor = [r for r in runs if r["run_name"] == name and r["run_type"] == "iteration"]
    check(len(floor) == 2, f"{name}: two repetitions (got {len(floor)})")
    for r in floor:
        check(not r.get("error_occurred", False), f"{name}: no error ({r.get('error_message', '')})")
        check(r.get("iterations", 0) > 0, f"{name}: timed")
        check(0 < r.get("real_time", 0) < 1000, f"{name}: real_time {r.get('real_time', 0):.3f} us plausible")
        check("bytes_per_second" not in r and "GB/s" not in r, f"{name}: no bandwidth")
        check("floor" in r.get("label", ""), f"{name}: label '{r.get('label', '')}' says floor")

    # Incorrect above one block by design: reported as an error, never timed.
    name = f"dot/seed-as-written{suffix}/{n}/manual_time"
    seed = [r for r in runs if r["run_name"] == name and r["run_type"] == "iteration"]
    check(len(seed) >= 1, f"{name}: reported")
    for r in seed:
        check(r.get("error_occurred", False), f"{name}: error_occurred")
        check(r.get("error_message", "").startswith("incorrect, not timed: "),
              f"{name}: error_message '{r.get('error_message', '')}'")
        check(r.get("iterations", 0) == 0, f"{name}: not timed")
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
