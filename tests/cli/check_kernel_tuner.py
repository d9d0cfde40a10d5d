#!/usr/bin/env python3
"""Reads the Kernel Tuner results files of `dotsweep export --kernel-tuner DIR`.

With kernel_tuner importable: its own reader (kernel_tuner.integration.TuneResults,
which validates the file against its schema) picks a configuration for the GPU
at a measured size, and create_device_targets writes a header from each file.
Without it: the documented fields of results format 1.0 are checked instead
(kernel_tuner/integration.py, _read_results_file). Exit 0 when every file reads.
Usage: check_kernel_tuner.py DIR OUT_DIR
"""
import json
import os
import sys

PARAMETERS = ["dot_" + p for p in ("block", "items", "vec", "grid", "persistent_k", "layout", "reduce", "finish", "hint", "acc")]


def check_fields(path):
    with open(path) as f:
        data = json.load(f)
    assert data["version_number"] == "1.0", path
    for key, kind in (("tunable_parameters", list), ("kernel_name", str), ("objective", str), ("data", list)):
        assert isinstance(data[key], kind), f"{path}: {key}"
    assert data["tunable_parameters"] == PARAMETERS, path
    assert data["objective"] == "time" and data["objective_higher_is_better"] is False, path
    assert data["data"], f"{path}: no entries"
    for entry in data["data"]:
        for key in ("device_name", "problem_size", "tunable_parameters", "time"):
            assert key in entry, f"{path}: entry without {key}: {entry}"
        assert set(entry["tunable_parameters"]) == set(PARAMETERS), entry
        assert entry["problem_size"].isdigit() and entry["time"] > 0, entry
    return data


def main():
    folder, out = sys.argv[1], sys.argv[2]
    files = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    assert files, f"no .json files in {folder}"
    try:
        from kernel_tuner.integration import TuneResults, create_device_targets
    except ImportError:
        TuneResults = None
    for name in files:
        path = os.path.join(folder, name)
        data = check_fields(path)
        if TuneResults is None:
            print(f"ok: {name}: the fields of results format 1.0 (kernel_tuner not installed)")
            continue
        results = TuneResults(path)
        device = data["data"][0]["device_name"]
        size = data["data"][0]["problem_size"]
        best = results.get_best_config(device, size)
        at_size = [e for e in data["data"] if e["device_name"] == device and e["problem_size"] == size]
        fastest = min(at_size, key=lambda e: e["time"])
        assert best["tunable_parameters"] == fastest["tunable_parameters"], (best, fastest)
        header = os.path.join(out, name.replace(".json", ".h"))
        create_device_targets(header, path)
        text = open(header).read()
        assert f"TARGET_{device}" in text, text
        for parameter in PARAMETERS:
            assert f"#define {parameter} " in text, text
        print(f"ok: {name}: kernel_tuner read it; create_device_targets wrote {os.path.basename(header)}")


if __name__ == "__main__":
    main()
