"""dotsweep.dot's refusals without a GPU: stand-in arrays (fake_arrays.py)
reach each check through DLPack and through the CUDA Array Interface, and
each check names the argument and says why in one line. Well-formed
arguments then reach the GPU, which CI has not (NoGpuError)."""
import os
import subprocess
import sys

import numpy
import pytest
from conftest import ROOT
from fake_arrays import KDL_CPU, DLPackArray, InterfaceArray, NotACapsule, RaisingDLPack

import dotsweep

PTR = 0x7F0000000000  # an address no test dereferences: every call below is refused first


def dl(shape=(8,), dtype="float32", **kw):
    return DLPackArray(PTR, shape, dtype, **kw)


def refused(cls, pattern, a, b, **kw):
    with pytest.raises(cls, match=pattern) as caught:
        dotsweep.dot(a, b, **kw)
    assert "\n" not in str(caught.value)
    return caught.value


def test_errors_are_the_packages_and_pythons():
    assert issubclass(dotsweep.DotTypeError, dotsweep.InputError) and issubclass(dotsweep.DotTypeError, TypeError)
    assert issubclass(dotsweep.DotValueError, dotsweep.InputError) and issubclass(dotsweep.DotValueError, ValueError)
    assert issubclass(dotsweep.ExtensionNotBuilt, dotsweep.DotsweepError)
    assert issubclass(dotsweep.ExtensionNotBuilt, ImportError)


def test_not_an_array():
    refused(dotsweep.DotTypeError, r"^dotsweep\.dot: a is a list, not a CUDA array", [1.0], dl())
    refused(dotsweep.DotTypeError, r"^dotsweep\.dot: b is a float, not a CUDA array", dl(), 2.0)


def test_host_arrays():
    host = numpy.ones(8, dtype=numpy.float32)
    refused(dotsweep.DotValueError, r"a is in host memory \(DLPack kDLCPU\); dot takes arrays in GPU memory", host,
            dl())
    refused(dotsweep.DotValueError, r"b is in host memory", dl(), host)
    refused(dotsweep.DotValueError, r"b is in host memory", dl(), dl(device=(KDL_CPU, 0)))


def test_dtype_dot_does_not_take():
    refused(dotsweep.DotTypeError, r"a is int32; dot takes float32, float64, float16 or bfloat16", dl(dtype="int32"),
            dl(dtype="int32"))
    refused(dotsweep.DotTypeError, r"b is typestr '<i4'; dot takes", InterfaceArray(PTR, (8,)),
            InterfaceArray(PTR, (8,), "<i4"))
    refused(dotsweep.DotTypeError, r"a is float32x2; dot takes", dl(dtype=(2, 32, 2)), dl())


def test_two_dtypes():
    refused(dotsweep.DotTypeError, r"a is float32 and b is float64; dot takes two arrays of one dtype", dl(),
            dl(dtype="float64"))
    refused(dotsweep.DotTypeError, r"a is float16 and b is bfloat16", InterfaceArray(PTR, (8,), "<f2"),
            dl(dtype="bfloat16"))


def test_not_one_dimensional():
    refused(dotsweep.DotValueError, r"a is 2-D \(shape \(2, 4\)\); dot takes 1-D arrays", dl((2, 4)), dl())
    refused(dotsweep.DotValueError, r"b is 0-D", dl(), InterfaceArray(PTR, ()))


def test_two_lengths():
    refused(dotsweep.DotValueError, r"a has 8 elements and b has 9; dot takes two arrays of one length", dl(),
            dl((9,)))


def test_strided():
    refused(dotsweep.DotValueError, r"a is strided \(a stride of 2 elements\).*a\.copy\(\)", dl(strides=(2,)), dl())
    refused(dotsweep.DotValueError, r"b is strided \(a stride of 2 elements\)", InterfaceArray(PTR, (8,)),
            InterfaceArray(PTR, (8,), strides=(8,)))
    refused(dotsweep.DotValueError, r"b is strided \(a stride of 1.5 elements\)", InterfaceArray(PTR, (8,)),
            InterfaceArray(PTR, (8,), strides=(6,)))
    refused(dotsweep.DotValueError, r"a is strided \(a stride of 0 elements\)", dl(strides=(0,)), dl())


def test_masked():
    refused(dotsweep.DotValueError, r"a has a mask", InterfaceArray(PTR, (8,), mask=object()),
            InterfaceArray(PTR, (8,)))


def test_two_gpus():
    refused(dotsweep.DotValueError, r"a is on GPU 0 and b on GPU 1; dot takes arrays on one GPU", dl(),
            dl(device=(2, 1)))
    refused(dotsweep.DotValueError, r"a is on GPU 3 and out on GPU 0", dl(device=(2, 3)), dl(device=(2, 3)),
            out=dl((1,)))


def test_out():
    refused(dotsweep.DotTypeError, r"out is float16; the dot of float32 arrays is written as float32", dl(), dl(),
            out=dl((1,), "float16"))
    refused(dotsweep.DotTypeError, r"out is float32; the dot of float64 arrays is written as float64",
            dl(dtype="float64"), dl(dtype="float64"), out=dl((1,)))
    refused(dotsweep.DotValueError, r"out has 2 elements \(shape \(2,\)\); it takes the one result", dl(), dl(),
            out=dl((2,)))
    refused(dotsweep.DotValueError, r"out at 0x7f0000000002 is not aligned to its 4-byte element", dl(), dl(),
            out=DLPackArray(PTR + 2, (1,)))
    refused(dotsweep.DotTypeError, r"out is a list", dl(), dl(), out=[0.0])


def test_stream_argument():
    for stream in ("7", -1, True, 1.0, object()):
        refused(dotsweep.DotTypeError, r"stream= takes a stream handle \(an int >= 0\) or a CuPy or PyTorch stream",
                dl(), dl(), stream=stream)


def test_producers_that_fail():
    refused(dotsweep.DotValueError, r"a\.__dlpack__\(stream=1\) refused: planted refusal", RaisingDLPack(PTR, (8,)),
            dl())
    refused(dotsweep.DotTypeError, r"b\.__dlpack__ returned str, not a DLPack capsule", dl(), NotACapsule(PTR, (8,)))


def test_tuned_kernel_refusals():
    with pytest.raises(dotsweep.DotTypeError, match=r"dtype 'int8' is none of float32, float64"):
        dotsweep.tuned_kernel("int8", 10)
    with pytest.raises(dotsweep.DotValueError, match=r"n must be an int >= 0, not -1"):
        dotsweep.tuned_kernel("float32", -1)


def test_well_formed_arguments_reach_the_gpu(no_gpu):
    """Without a GPU the C++ side's first CUDA call fails, and that is the error: nothing above refused them.
    One element at any stride is contiguous; an empty pair needs the GPU too (the result is written there)."""
    for a, b in ((dl(), dl()), (dl((1,), strides=(9,)), dl((1,))), (dl((0,)), dl((0,))),
                 (InterfaceArray(PTR, (8,), "<f8"), InterfaceArray(PTR, (8,), "<f8"))):
        refused(dotsweep.NoGpuError, r"^dotsweep\.dot: no usable GPU \(cuda", a, b)
    with pytest.raises(dotsweep.NoGpuError, match="no usable GPU"):
        dotsweep.tuned_kernel("bfloat16", 1000)


def test_streams_asked_of_dlpack_producers(no_gpu):
    """DLPack producers are asked to make their data ready on the stream dot runs on: the legacy default
    stream (1 in DLPack's numbering) unless stream= names another."""
    for stream, asked in ((None, 1), (0, 1), (7, 7)):
        a, b = dl(), dl()
        with pytest.raises(dotsweep.NoGpuError):
            dotsweep.dot(a, b, stream=stream)
        assert a.streams == b.streams == [asked]


def test_extension_missing(tmp_path):
    """Without dotsweep._dot, dot says what to build; the rest of the package still imports."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), DOTSWEEP_EXT_DIR=str(tmp_path))
    code = ("import dotsweep\ntry:\n    dotsweep.dot(None, None)\nexcept dotsweep.ExtensionNotBuilt as e:\n"
            "    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("dotsweep.dot: the extension dotsweep._dot is not built or does not load")
    assert "tools/build_python_ext.sh DIR and DOTSWEEP_EXT_DIR=DIR" in done.stdout


def test_gpu_tests_fail_under_require_gpu(no_gpu):
    """The GPU tests skip here, and fail (naming the switch) where DOTSWEEP_REQUIRE_GPU=1 says a GPU is meant to be."""
    test = str(ROOT / "tests" / "python" / "test_dot_gpu.py")
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test, "-k", "test_matches_numpy"]
    skipped = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ, DOTSWEEP_REQUIRE_GPU="0"))
    assert skipped.returncode == 0 and " skipped" in skipped.stdout and "passed" not in skipped.stdout, skipped.stdout
    failed = subprocess.run(args + ["-x"], capture_output=True, text=True,
                            env=dict(os.environ, DOTSWEEP_REQUIRE_GPU="1"))
    assert failed.returncode == 1 and "DOTSWEEP_REQUIRE_GPU=1, but the test cannot run" in failed.stdout, failed.stdout
