"""The seed program's question, asked from Python: is the dot product of two
numpy arrays faster on the GPU (copied there with CuPy, dotsweep.dot, the
result back as a Python float) than numpy's own on the CPU, and from which n?

Times both by the host clock (the median of repeated calls, caches warm) at
each n, checks the GPU's result against numpy's float64 dot, and prints
beside them dotsweep's own answer for an H200 and its host: the
`--host-paths` sweep of results/2026-12-02-host-paths (cold: L2 and the
CPU's caches flushed before each sample, OpenBLAS on 16 threads), read with
dotsweep.Report: its crossover table and its medians at the same n.

Usage: python3 examples/python/seed_question.py [--sizes 10,14,18,22,26] [--report DIR]
Without CuPy or a GPU it prints the report's answer alone."""
import argparse
import pathlib
import statistics
import sys
import time

import numpy

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
import dotsweep  # noqa: E402

REPORT = ROOT / "results" / "2026-12-02-host-paths"


def size_label(n):
    """2^k for a power of two, the number otherwise, "-" for none (a GPU that never wins, a CPU that never does)."""
    import pandas
    if pandas.isna(n):
        return "-"
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def median_us(call, repeats):
    call()  # the first call pays for the workspace, the module load and the pool's first allocation
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    return statistics.median(times)


def measured_here(sizes):
    """Per n: numpy's time, the GPU's from host arrays and from arrays already there, and the GPU result's
    relative difference from the float64 dot."""
    import cupy
    rng = numpy.random.default_rng(0)
    rows = []
    for log2 in sizes:
        n = 1 << log2
        a, b = (rng.uniform(-1, 1, n).astype(numpy.float32) for _ in range(2))
        repeats = max(5, min(200, (1 << 24) // n))
        cpu = median_us(lambda: numpy.dot(a, b), repeats)
        from_host = median_us(lambda: dotsweep.dot(cupy.asarray(a), cupy.asarray(b)), repeats)
        da, db = cupy.asarray(a), cupy.asarray(b)
        resident = median_us(lambda: dotsweep.dot(da, db), repeats)
        exact = float(numpy.dot(a.astype(numpy.float64), b.astype(numpy.float64)))
        rows.append((log2, cpu, from_host, resident, abs(dotsweep.dot(da, db) - exact) / abs(exact)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,14,18,22,26", help="log2 of each n")
    parser.add_argument("--report", default=str(REPORT), help="a report of a --host-paths sweep")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    report = dotsweep.Report(args.report)
    host = report.rows[(report.rows["kind"] == "host") & (report.rows["type"] == "f32")]
    medians = host.pivot_table(index="n", columns="variant", values="median_us")
    gpu_name = (report.context or {}).get("device", {}).get("name", "its GPU")

    try:
        import cupy
        here = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["name"]
        here = here.decode() if isinstance(here, bytes) else here
        rows = measured_here(sizes)
    except Exception as e:  # no CuPy, or no GPU behind it
        here, rows = None, []
        print(f"seed_question: nothing timed here ({type(e).__name__}: {e})\n")
    if rows:
        print(f"f32 on this machine ({here}; numpy on the CPU, dotsweep.dot on the GPU), host clock, µs:\n")
        print("| n    | numpy.dot | GPU, from numpy arrays | GPU, arrays already there | GPU vs float64 |")
        print("|------|-----------|------------------------|---------------------------|----------------|")
        for log2, cpu, from_host, resident, error in rows:
            print(f"| 2^{log2:<2} | {cpu:9.1f} | {from_host:22.1f} | {resident:25.1f} | {error:14.1e} |")
        wins = [log2 for log2, cpu, from_host, _, _ in rows if from_host < cpu]
        print(f"\nFrom numpy arrays the GPU was faster here at: {', '.join(f'2^{w}' for w in wins) or 'no n timed'}.\n")

    print(f"dotsweep's own answer ({report.path.relative_to(ROOT) if report.path.is_relative_to(ROOT) else report.path}"
          f", {gpu_name}, cold):\n")
    crossover = report.crossover
    crossover = crossover[crossover["type"] == "f32"].copy()
    for column in ("gpu_faster_from", "cpu_faster_up_to", "largest_n"):
        crossover[column] = crossover[column].map(size_label)
    print(crossover[["data_starts_in", "gpu_faster_from", "cpu_faster_up_to", "cpu_over_gpu", "largest_n",
                     "cpu_row"]].to_string(index=False))
    at = [1 << s for s in sizes if (1 << s) in medians.index]
    if at:
        print("\nIts medians at the same n, µs:\n")
        columns = [c for c in ("cpu-blas", "cpu-loop", "gpu-from-pageable", "gpu-resident") if c in medians.columns]
        print(medians.loc[at, columns].rename(index=size_label).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
