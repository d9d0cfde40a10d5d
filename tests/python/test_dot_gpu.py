"""dotsweep.dot on a GPU, on CuPy's arrays, else PyTorch's, else libcudart
memory behind stand-ins (gpu_arrays.py): against float64 references within
the a priori bound the C++ checks use, bit for bit against the C++
dotsweep::dot (examples/tuned_dot --bits), on the stream it is given, and
the refusals only a GPU can reach. Each test skips without a usable GPU and
fails instead under DOTSWEEP_REQUIRE_GPU=1 (conftest.py's `gpu`)."""
import ctypes
import functools
import math
import os
import pathlib
import struct
import subprocess
import time

import numpy
import pytest
from conftest import ROOT
from fake_arrays import KDL_CUDA, DLPackArray, InterfaceArray
from gpu_arrays import backend, bf16_bits, host_values

import dotsweep
from dotsweep.dot import RESULT_TYPE

TYPES = ("float32", "float64", "float16", "bfloat16")
SIZES = (1, 2, 3, 64, 65, 4095, 4097, 8193, (1 << 20) + 1, (1 << 22) + 3)
# dot.cuh's finishes that sum in a fixed order (docs/kernels.md, "Grid finishes").
DETERMINISTIC = (".gather.", ".last.", ".2pass.", ".cluster.")


@pytest.fixture
def arrays(gpu):
    return _backend()


@functools.lru_cache(maxsize=None)
def _backend():
    return backend()


def inputs(dtype, n, seed, integers=False):
    """Two host arrays of n elements: uniform in [-1, 1), or integers in [-2, 2] (exact in every
    accumulator, whatever the order of the adds)."""
    rng = numpy.random.default_rng(seed)
    values = rng.integers(-2, 3, size=(2, n)) if integers else rng.uniform(-1, 1, size=(2, n))
    if dtype == "bfloat16":
        return bf16_bits(values[0]), bf16_bits(values[1])
    return values[0].astype(dtype), values[1].astype(dtype)


def ceil_log2(count):
    return max(0, (count - 1).bit_length())


def error_bound(dtype, n, sum_abs_products):
    """The float64 check of the C++ tests (tests/gpu/test_mutants.cpp, src/core/check/error_bound.cpp):
    |r - ref| <= 2 gamma_h sum |a_i b_i|, gamma_h = h u / (1 - h u), u the accumulator's unit roundoff,
    h the longest chain of roundings: the product, a thread's adds, the block tree and the finish.
    The kernel and grid are dot.cuh's own (tuned_kernel); the finish is counted as a chain over every
    block's partial, which bounds each finish of the table."""
    k = dotsweep.tuned_kernel(dtype, n)
    loads = max(1, -(-(n // k["vec"]) // (k["blocks"] * k["block"])))
    h = 1 + ceil_log2(k["block"]) + k["blocks"] + loads * k["vec"] + (1 if k["vec"] > 1 else 0)
    u = 2.0 ** -53 if dtype == "float64" else 2.0 ** -24
    return 2 * (h * u / (1 - h * u)) * sum_abs_products


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", TYPES)
def test_matches_numpy(arrays, dtype, n):
    a_host, b_host = inputs(dtype, n, seed=n)
    got = dotsweep.dot(arrays.array(a_host, dtype), arrays.array(b_host, dtype))
    assert type(got) is float
    products = host_values(a_host, dtype) * host_values(b_host, dtype)
    reference = math.fsum(products)
    assert abs(got - reference) <= error_bound(dtype, n, float(numpy.abs(products).sum())), (got, reference)


def tuned_dot():
    path = pathlib.Path(os.environ.get("DOTSWEEP_TUNED_DOT") or ROOT / "build/examples/tuned_dot/tuned_dot")
    assert path.is_file(), f"no examples/tuned_dot at {path}: build it, or set DOTSWEEP_TUNED_DOT"
    return path


def bits(value, dtype):
    """The result slot's bits in hex, as tuned_dot --bits prints them (a float32 result widened to a Python
    float is exact, so packing it back gives the slot's bits)."""
    return (struct.pack(">d", value) if RESULT_TYPE[dtype] == "float64" else struct.pack(">f", value)).hex()


@pytest.mark.parametrize("dtype", TYPES)
def test_bits_equal_cpp(arrays, dtype, tmp_path):
    """Random inputs where the table's kernel sums in a fixed order; integer inputs (exact in any order) where
    it adds atomically, whose order changes between runs."""
    sizes = (1, 3, 4097, 20000, 100001, (1 << 20) + 1, 1500000, 3000001)
    fixed = [n for n in sizes if any(f in dotsweep.tuned_kernel(dtype, n)["variant"] for f in DETERMINISTIC)]
    assert fixed, f"no size of {sizes} runs a deterministic finish for {dtype}"
    for integers, group in ((False, fixed), (True, [n for n in sizes if n not in fixed])):
        if not group:
            continue
        a_host, b_host = inputs(dtype, max(group), seed=7, integers=integers)
        a_host.tofile(tmp_path / "a")
        b_host.tofile(tmp_path / "b")
        short = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16"}[dtype]
        done = subprocess.run([str(tuned_dot()), "--bits", short, str(tmp_path / "a"), str(tmp_path / "b"),
                               *map(str, group)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        cpp = dict(line.split() for line in done.stdout.splitlines())
        for n in group:
            got = dotsweep.dot(arrays.array(a_host[:n], dtype), arrays.array(b_host[:n], dtype))
            assert bits(got, dtype) == cpp[str(n)], (dtype, n, integers, got)


def test_out_is_written(arrays):
    a_host, b_host = inputs("float32", 4097, seed=1)
    a, b = arrays.array(a_host, "float32"), arrays.array(b_host, "float32")
    out = arrays.empty("float32")
    assert dotsweep.dot(a, b, out=out) is out
    assert arrays.read(out) == dotsweep.dot(a, b)


@pytest.mark.parametrize("dtype", TYPES)
def test_empty_arrays(arrays, dtype):
    empty = numpy.zeros(0, dtype="uint16" if dtype == "bfloat16" else dtype)
    assert dotsweep.dot(arrays.array(empty, dtype), arrays.array(empty, dtype)) == 0.0


@pytest.mark.parametrize("dtype", ("float32", "bfloat16"))
def test_misaligned(arrays, dtype):
    """One element into an allocation: dotsweep::dot's own check refuses it where the kernel loads vectors
    (n = 4097: 16-byte loads), and runs it where the kernel loads single elements (float32 at 2^22 + 3)."""
    a_host, b_host = inputs(dtype, 4098, seed=2)
    a, b = arrays.array(a_host, dtype, offset=1), arrays.array(b_host, dtype, offset=1)
    variant = dotsweep.tuned_kernel(dtype, 4097)["variant"]
    with pytest.raises(dotsweep.DotValueError, match=r"is not aligned as the kernel dot runs at n = 4097 needs \("
                       + variant.replace(".", r"\.")):
        dotsweep.dot(a, b)
    n = (1 << 22) + 3
    if dtype == "float32" and dotsweep.tuned_kernel(dtype, n)["vec"] == 1:
        a_host, b_host = inputs(dtype, n + 1, seed=3)
        got = dotsweep.dot(arrays.array(a_host, dtype, offset=1), arrays.array(b_host, dtype, offset=1))
        products = a_host[1:].astype(numpy.float64) * b_host[1:]
        assert abs(got - math.fsum(products)) <= error_bound(dtype, n, float(numpy.abs(products).sum()))


def test_null_pointer(gpu):
    null = DLPackArray(0, (8,))
    with pytest.raises(dotsweep.DotValueError, match=r"^dotsweep\.dot: a is a null pointer with 8 elements$"):
        dotsweep.dot(null, DLPackArray(0, (8,)))


def test_host_memory_behind_the_interface(gpu):
    host = numpy.ones(8, dtype=numpy.float32)
    with pytest.raises(dotsweep.DotValueError, match=r"a \(0x[0-9a-f]+\) is in host memory; dot takes arrays in GPU"):
        dotsweep.dot(InterfaceArray(host.ctypes.data, (8,)), InterfaceArray(host.ctypes.data, (8,)))


def test_no_such_gpu(gpu):
    far = DLPackArray(0x7F0000000000, (8,), device=(KDL_CUDA, 63))
    with pytest.raises(dotsweep.NoGpuError, match=r"the arrays' GPU 63 is not a usable device here"):
        dotsweep.dot(far, DLPackArray(0x7F0000000000, (8,), device=(KDL_CUDA, 63)))


def test_tuned_kernel(gpu):
    k = dotsweep.tuned_kernel("float32", 4097)
    assert k["variant"].startswith(("f32.", "default ")) and k["blocks"] >= 1 and k["vec"] in (1, 2, 4)


def _held_stream(cupy, handle):
    """Enqueues cold_kernels.cuh's hold_stream (the kernel tuned_dot times behind) on `handle`; returns the
    function that releases it."""
    source = (ROOT / "examples/tuned_dot/cold_kernels.cuh").read_text()
    module = cupy.RawModule(code=source, name_expressions=["cold::hold_stream"])
    flag = cupy.cuda.runtime.hostAlloc(4, cupy.cuda.runtime.hostAllocMapped)
    ctypes.c_int.from_address(flag).value = 0
    device_flag = cupy.cuda.runtime.hostGetDevicePointer(flag, 0)
    with cupy.cuda.ExternalStream(handle):
        module.get_function("cold::hold_stream")((1,), (1,), (numpy.uint64(device_flag),))

    def release():
        ctypes.c_int.from_address(flag).value = 1
        cupy.cuda.ExternalStream(handle).synchronize()
        cupy.cuda.runtime.freeHost(flag)
    return release


def _peek(cupy, out):
    """out's value read on a stream of its own, which waits for nothing."""
    return float(out.get(stream=cupy.cuda.Stream(non_blocking=True))[0])


def test_cupy_current_stream_and_no_wait_with_out(gpu):
    """With out=, dot enqueues on CuPy's current stream and returns: behind a held stream the result stays
    unwritten until the stream is released."""
    cupy = pytest.importorskip("cupy")
    a, b = (cupy.asarray(x) for x in inputs("float32", 4097, seed=4))
    expected = dotsweep.dot(a, b)
    stream = cupy.cuda.Stream(non_blocking=True)
    assert dotsweep.dot(a, b, stream=stream) == expected  # also grows this stream's workspace before the hold
    assert dotsweep.dot(a, b, stream=stream.ptr) == expected
    out = cupy.full(1, numpy.nan, dtype=numpy.float32)
    cupy.cuda.Device().synchronize()  # the fill on the default stream, which the held stream does not wait for
    release = _held_stream(cupy, stream.ptr)
    with stream:
        assert dotsweep.dot(a, b, out=out) is out
    time.sleep(0.05)
    assert math.isnan(_peek(cupy, out))
    release()
    assert _peek(cupy, out) == expected


def test_torch_current_stream(gpu):
    """dot on torch tensors runs on torch's current stream (held here by CuPy's kernel on the same handle)."""
    torch = pytest.importorskip("torch")
    cupy = pytest.importorskip("cupy")
    a, b = (torch.from_numpy(x).cuda() for x in inputs("float32", 4097, seed=5))
    expected = dotsweep.dot(a, b)
    stream = torch.cuda.Stream()
    assert dotsweep.dot(a, b, stream=stream) == expected
    out = torch.full((1,), float("nan"), device="cuda")
    torch.cuda.synchronize()
    release = _held_stream(cupy, stream.cuda_stream)
    with torch.cuda.stream(stream):
        dotsweep.dot(a, b, out=out)
    time.sleep(0.05)
    assert math.isnan(_peek(cupy, cupy.asarray(out)))
    release()
    assert out.item() == expected
