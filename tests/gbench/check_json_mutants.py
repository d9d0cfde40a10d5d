#!/usr/bin/env python3
"""The JSON checker (check_gbench_json.py) against hand-built documents in
Google Benchmark 1.7's JSON layout: a consistent one must pass, and each
mutant (a flaw the checker exists to catch) must fail it; a no-device
document must give 77. Synthetic figures: this tests the checker only.
Usage: check_json_mutants.py CHECKER PYTHON
"""
import copy
import json
import subprocess
import sys
import tempfile

N = 1048576
VARIANT = "f32.b256.i2.v4.cover.warp.shfl.2pass.plain.f32"


def run(name, real_us):
    rate = 8.0 * N / (real_us * 1e-6)
    return {"name": name, "run_name": name, "run_type": "iteration", "repetitions": 2, "threads": 1,
            "iterations": 1000, "real_time": real_us, "cpu_time": 40.0, "time_unit": "us",
            "bytes_per_second": rate, "items_per_second": N / (real_us * 1e-6), "GB/s": rate / 1e9,
            "pct_peak": rate / 4.8143e12 * 100, "sm_clock_mhz": 1980.0, "label": "NVIDIA H200, cold"}


def aggregates(name, real_us):
    out = []
    for aggregate in ("mean", "median", "stddev", "cv"):
        r = run(name, real_us)
        r.update({"name": name + "_" + aggregate, "run_type": "aggregate", "aggregate_name": aggregate})
        out.append(r)
    return out


def good():
    benches = []
    for op, us in (("cublas", 7.0), ("thrust", 40.0), (VARIANT, 6.5)):
        name = f"dot/{op}/{N}/manual_time"
        benches += [run(name, us), run(name, us * 1.01)] + aggregates(name, us)
    for r in benches:
        if r["run_name"] == f"dot/thrust/{N}/manual_time":
            r.pop("sm_clock_mhz")
            r["label"] += ", host wall time"
    floor = f"dot/floor/{N}/manual_time"
    for us in (2.5, 2.6):
        benches.append({"name": floor, "run_name": floor, "run_type": "iteration", "repetitions": 2, "threads": 1,
                        "iterations": 5000, "real_time": us, "cpu_time": 30.0, "time_unit": "us",
                        "sm_clock_mhz": 1980.0, "label": "NVIDIA H200, cold, floor: empty kernel, not checked"})
    seed = f"dot/seed-as-written/{N}/manual_time"
    benches.append({"name": seed, "run_name": seed, "run_type": "iteration", "repetitions": 2, "threads": 1,
                    "error_occurred": True, "error_message": "incorrect, not timed: random-integer check failed",
                    "iterations": 0, "real_time": 0.0, "cpu_time": 0.0, "time_unit": "us"})
    return {"context": {}, "benchmarks": benches}


def first(doc, op):
    return next(r for r in doc["benchmarks"] if r["run_name"] == f"dot/{op}/{N}/manual_time")


def mutants():
    def rates_from_cpu_time(doc):  # rates taken from the host's time, not the events'
        r = first(doc, "cublas")
        r["bytes_per_second"] = 8.0 * N / (r["cpu_time"] * 1e-6)

    def incorrect_timed(doc):  # the incorrect seed kernel timed anyway
        r = first(doc, "seed-as-written")
        r.pop("error_occurred")
        r["error_message"] = ""
        r["iterations"] = 100

    def variant_errored(doc):
        first(doc, VARIANT)["error_occurred"] = True

    def one_repetition(doc):
        doc["benchmarks"].remove(first(doc, VARIANT))

    def no_aggregates(doc):
        doc["benchmarks"] = [r for r in doc["benchmarks"] if r["run_type"] != "aggregate"]

    def host_time_unit(doc):
        first(doc, "cublas")["time_unit"] = "ns"

    def over_peak(doc):
        first(doc, VARIANT)["pct_peak"] = 140.0

    def no_clock(doc):
        first(doc, VARIANT)["sm_clock_mhz"] = 0.0

    def hot_label(doc):
        first(doc, "cublas")["label"] = "NVIDIA H200"

    def thrust_on_events(doc):  # thrust timed behind the blocker, not by host wall time
        first(doc, "thrust")["label"] = "NVIDIA H200, cold"

    def floor_checked(doc):  # the floor skipped as incorrect instead of timed
        r = first(doc, "floor")
        r.update({"error_occurred": True, "error_message": "incorrect, not timed: floor", "iterations": 0})

    def floor_bandwidth(doc):  # the floor reports bytes it never read
        first(doc, "floor")["bytes_per_second"] = 1e12

    def floor_missing(doc):
        doc["benchmarks"] = [r for r in doc["benchmarks"] if "floor" not in r["run_name"]]

    return [thrust_on_events, floor_checked, floor_bandwidth, floor_missing, rates_from_cpu_time, incorrect_timed, variant_errored, one_repetition, no_aggregates,
            host_time_unit, over_peak, no_clock, hot_label]


def status(checker, python, doc, *extra):
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(doc, f)
        f.flush()
        return subprocess.run([python, checker, f.name, str(N), VARIANT, *extra], capture_output=True,
                              text=True).returncode


def typed(doc):
    """The same document from a space of several types: baselines named name.f32."""
    for r in doc["benchmarks"]:
        if not r["run_name"].startswith(f"dot/{VARIANT}/"):
            for key in ("name", "run_name"):
                head, tail = r[key].split("/", 2)[1], r[key].split("/", 2)[2]
                r[key] = f"dot/{head}.f32/{tail}"
    return doc


def main():
    checker, python = sys.argv[1], sys.argv[2]
    failures = 0
    got = status(checker, python, good())
    print(("ok" if got == 0 else "FAIL") + f": consistent document -> {got} (want 0)")
    failures += got != 0
    for mutate in mutants():
        doc = copy.deepcopy(good())
        mutate(doc)
        got = status(checker, python, doc)
        print(("ok" if got == 1 else "FAIL") + f": mutant {mutate.__name__} -> {got} (want 1)")
        failures += got != 1
    for doc, extra, want, what in ((typed(good()), [".f32"], 0, "typed names with suffix .f32"),
                                   (typed(good()), [], 1, "typed names without the suffix"),
                                   (good(), [".f32"], 1, "plain names with suffix .f32")):
        got = status(checker, python, doc, *extra)
        print(("ok" if got == want else "FAIL") + f": {what} -> {got} (want {want})")
        failures += got != want
    no_device = good()
    for r in no_device["benchmarks"]:
        r.update({"error_occurred": True, "error_message": "no usable CUDA device: no NVIDIA driver is loaded"})
    got = status(checker, python, no_device)
    print(("ok" if got == 77 else "FAIL") + f": no device -> {got} (want 77)")
    failures += got != 77
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
