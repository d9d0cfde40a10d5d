"""dotsweep.dot's time from Python on CuPy arrays against the C++ entry
point's, both by examples/tuned_dot's protocol (the sweep's cold one): the
L2 flushed by reading a buffer of twice its size, the stream held by a
spinning kernel until the events and the dot are enqueued, CUDA events
around the dot alone, the median of at least 10 samples (at most 300 or
0.25 s), after 3 warm-up calls. The two kernels of that protocol are
examples/tuned_dot/cold_kernels.cuh, compiled here by CuPy; the C++ numbers
are tuned_dot's own table (it runs its checks first).

Since the stream is held while Python enqueues, the events time the GPU's
work: what Python adds on the GPU (a stream wait, another workspace) shows,
the interpreter's time to enqueue does not.

Usage: python3 examples/python/time_dot.py [--tuned-dot PATH] [--sizes 20,28] [--limit 5]
Exit 0 when every Python median is within --limit percent of the C++ one, 1 otherwise, 77 without a GPU."""
import argparse
import ctypes
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
import dotsweep  # noqa: E402
from dotsweep.dot import RESULT_TYPE  # noqa: E402

TYPES = {"f32": "float32", "f64": "float64", "f16": "float16"}  # CuPy's; bfloat16 it has not


def cpp_medians(tuned_dot):
    """{(type, log2 n): (variant, cold us)} from tuned_dot's table."""
    done = subprocess.run([str(tuned_dot)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"time_dot: {tuned_dot} exited {done.returncode}: {(done.stdout + done.stderr).strip()[-400:]}")
    medians = {}
    for line in done.stdout.splitlines():
        cells = [c.strip() for c in line.split("|")[1:-1]]
        if len(cells) == 6 and cells[1].startswith("2^"):
            medians[(cells[0], int(cells[1][2:]))] = (cells[2], float(cells[3]))
    return medians


class ColdTimer:
    """tuned_dot's ColdTimer: a zeroed flush buffer of twice the L2, a flag in mapped host memory."""

    def __init__(self, cupy, stream):
        self.cupy, self.stream = cupy, stream
        source = (ROOT / "examples/tuned_dot/cold_kernels.cuh").read_text()
        module = cupy.RawModule(code=source, name_expressions=["cold::read_through", "cold::hold_stream"])
        self.read_through = module.get_function("cold::read_through")
        self.hold_stream = module.get_function("cold::hold_stream")
        l2 = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["l2CacheSize"]
        self.flush_count = (2 * l2 + (1 << 20)) // 16
        self.flush = cupy.zeros(self.flush_count * 4, dtype=cupy.float32)
        self.sink = cupy.zeros(1, dtype=cupy.float32)
        self.flag = cupy.cuda.runtime.hostAlloc(4, cupy.cuda.runtime.hostAllocMapped)
        self.flag_device = cupy.cuda.runtime.hostGetDevicePointer(self.flag, 0)
        self.start, self.stop = cupy.cuda.Event(), cupy.cuda.Event()

    def sample_us(self, enqueue):
        import numpy
        released = ctypes.c_int.from_address(self.flag)
        with self.stream:
            self.read_through((1024,), (256,), (self.flush, numpy.int64(self.flush_count), self.sink))
            released.value = 0
            self.hold_stream((1,), (1,), (numpy.uint64(self.flag_device),))
            self.start.record(self.stream)
            enqueue()
            self.stop.record(self.stream)
        released.value = 1
        self.stop.synchronize()
        return self.cupy.cuda.get_elapsed_time(self.start, self.stop) * 1000.0

    def median_us(self, enqueue):
        with self.stream:
            for _ in range(3):  # warm up, as the sweep does
                enqueue()
        self.stream.synchronize()
        samples, begin = [], time.perf_counter()
        while len(samples) < 10 or (len(samples) < 300 and time.perf_counter() - begin < 0.25):
            samples.append(self.sample_us(enqueue))
        return statistics.median(samples)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tuned-dot", default=str(ROOT / "build/examples/tuned_dot/tuned_dot"))
    parser.add_argument("--sizes", default="20,28", help="log2 of each n (tuned_dot times 12, 20, 24 and 28)")
    parser.add_argument("--limit", type=float, default=5.0, help="percent")
    args = parser.parse_args(argv)
    try:
        import cupy
        cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # no CuPy, or no GPU behind it
        print(f"time_dot: needs CuPy and a GPU ({e}); skipped")
        return 77
    sizes = [int(s) for s in args.sizes.split(",")]
    cpp = cpp_medians(args.tuned_dot)
    stream = cupy.cuda.Stream(non_blocking=True)
    timer = ColdTimer(cupy, stream)
    name = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["name"]
    print(f"{name.decode() if isinstance(name, bytes) else name}; cold medians, tuned_dot's protocol\n")
    print("| type | n    | variant                                              | C++ us    | Python us | diff    |")
    print("|------|------|------------------------------------------------------|-----------|-----------|---------|")
    worst = 0.0
    for short, dtype in TYPES.items():
        for log2 in sizes:
            if (short, log2) not in cpp:
                sys.exit(f"time_dot: tuned_dot's table has no {short} row at 2^{log2}")
            n = 1 << log2
            a = cupy.ones(n, dtype=dtype)
            b = cupy.ones(n, dtype=dtype)
            out = cupy.empty(1, dtype=RESULT_TYPE[dtype])
            python_us = timer.median_us(lambda: dotsweep.dot(a, b, out=out))  # on CuPy's current stream
            variant, cpp_us = cpp[(short, log2)]
            diff = 100.0 * (python_us / cpp_us - 1)
            worst = max(worst, abs(diff))
            print(f"| {short:<4} | 2^{log2:<2} | {variant:<52} | {cpp_us:9.3f} | {python_us:9.3f} | {diff:+6.1f}% |")
            del a, b
    within = worst <= args.limit
    print(f"\nlargest difference {worst:.1f}%: {'within' if within else 'NOT within'} {args.limit:g}%")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
