"""dotsweep.dot(a, b): the tuned dot product of two CUDA arrays, through the
extension dotsweep._dot around include/dotsweep/dot.cuh with the table
exported from the committed H200 baseline (the one examples/tuned_dot runs).

The checks dotsweep::dot makes itself (null pointers, each kernel's
alignment, the device) are not repeated here: its cudaError_t comes back and
is named below. What the C++ entry point cannot see, since it takes bare
pointers (dtype, rank, stride, length, where the memory is), is refused here
before the GPU is touched. docs/python.md, "dot", states the rules."""
from __future__ import annotations

from . import arrays
from .arrays import ITEMSIZE, TYPES, Array
from .errors import DotTypeError, DotValueError, ExtensionNotBuilt, GpuFailed, NoGpuError

# What the result slot holds for each element type (dot.cuh's dot_result_t).
RESULT_TYPE = {"float32": "float32", "float64": "float64", "float16": "float32", "bfloat16": "float32"}


def extension():
    """dotsweep._dot: installed with the package, else found in $DOTSWEEP_EXT_DIR (dotsweep/__init__.py)."""
    try:
        from . import _dot
    except ImportError as e:
        raise ExtensionNotBuilt(f"dotsweep.dot: the extension dotsweep._dot is not built or does not load ({e}); "
                                "pip install . builds it, or tools/build_python_ext.sh DIR and "
                                "DOTSWEEP_EXT_DIR=DIR") from e
    return _dot


def dot(a, b, *, stream=None, out=None):
    """sum(a[i] * b[i]) of two 1-D CUDA arrays of one length and one dtype (float32, float64, float16 or
    bfloat16) on one GPU, by dotsweep::dot. Runs on `stream` (an int handle, or a CuPy or PyTorch stream);
    by default on the current stream of the arrays' framework (CuPy, PyTorch), else on the stream the
    array interface names, else on the legacy default stream. Returns a Python float, having waited for
    the stream; with `out` (a one-element CUDA array of float32, or float64 for float64 inputs) it writes
    the result there, returns `out` and waits for nothing."""
    ext = extension()
    located = [arrays.locate(x, name) for x, name in ((a, "a"), (b, "b"))]
    handle = _stream_handle(stream, a, located[0])
    va, vb = (arrays.view(x, name, where, handle, ext) for x, name, where in zip((a, b), "ab", located))
    for array in (va, vb):
        arrays.check_one(array)
    if va.dtype != vb.dtype:
        raise DotTypeError(f"dotsweep.dot: a is {va.dtype} and b is {vb.dtype}; dot takes two arrays of one dtype")
    if va.shape[0] != vb.shape[0]:
        raise DotValueError(f"dotsweep.dot: a has {va.shape[0]} elements and b has {vb.shape[0]}; dot takes two "
                            "arrays of one length")
    vout = _out_view(out, va.dtype, handle, ext) if out is not None else None
    device = _device(ext, [v for v in (va, vb, vout) if v is not None])
    n = va.shape[0]
    error, value = ext.dot(TYPES.index(va.dtype), va.ptr, vb.ptr, n, device, handle, vout.ptr if vout else 0)
    if error:
        _raise_cuda(ext, error, va, vb, n, device)
    return out if out is not None else value


def tuned_kernel(dtype: str, n: int, device: int = 0) -> dict:
    """What dot runs for `dtype` arrays of n elements on GPU `device`: the exported table's variant id
    and the grid dot.cuh launches it with (block threads, items and vector width per load, blocks)."""
    if dtype not in TYPES:
        raise DotTypeError(f"dotsweep.tuned_kernel: dtype '{dtype}' is none of {', '.join(TYPES)}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise DotValueError(f"dotsweep.tuned_kernel: n must be an int >= 0, not {n!r}")
    ext = extension()
    error, kernel = ext.kernel(TYPES.index(dtype), n, device)
    if error:
        _raise_cuda(ext, error, None, None, n, device)
    return dict(zip(("variant", "block", "items", "vec", "blocks"), kernel))


def _stream_handle(stream, a, located) -> int:
    """The stream dot runs on, as a handle (0 the legacy default stream)."""
    if stream is not None:
        handle = stream
        if not isinstance(stream, int):
            # torch.cuda.Stream, cupy.cuda.Stream
            handle = getattr(stream, "cuda_stream", getattr(stream, "ptr", stream))
        if isinstance(handle, bool) or not isinstance(handle, int) or handle < 0:
            raise DotTypeError(f"dotsweep.dot: stream= takes a stream handle (an int >= 0) or a CuPy or PyTorch "
                               f"stream, not {type(stream).__name__} {stream!r}")
        return handle
    protocol, where = located
    if protocol == "__cuda_array_interface__":
        named = where.get("stream")  # the producer's stream (interface version 3); 1 legacy, 2 per-thread
        return named if isinstance(named, int) and not isinstance(named, bool) and named > 0 else 0
    framework = type(a).__module__.split(".")[0]
    if framework == "cupy":
        import cupy
        with cupy.cuda.Device(where):
            return cupy.cuda.get_current_stream().ptr
    if framework == "torch":
        import torch
        return torch.cuda.current_stream(a.device).cuda_stream
    return 0


def _out_view(out, dtype: str, stream: int, ext) -> Array:
    view = arrays.view(out, "out", arrays.locate(out, "out"), stream, ext)
    want = RESULT_TYPE[dtype]
    if view.dtype != want:
        raise DotTypeError(f"dotsweep.dot: out is {view.dtype}; the dot of {dtype} arrays is written as {want}")
    size = 1
    for extent in view.shape:
        size *= extent
    if size != 1:
        raise DotValueError(f"dotsweep.dot: out has {size} elements (shape {view.shape}); it takes the one result")
    # dot.cuh checks a and b, not the result slot: the finishes write and add into it as a whole word.
    if view.ptr % ITEMSIZE[want]:
        raise DotValueError(f"dotsweep.dot: out at {view.ptr:#x} is not aligned to its {ITEMSIZE[want]}-byte "
                            "element")
    return view


def _device(ext, views) -> int:
    """The one GPU every array is on. DLPack names it; for the array interface
    the CUDA runtime is asked, which also tells GPU memory from host memory.
    A null pointer has no device: dotsweep::dot refuses it itself."""
    for view in views:
        if view.device is None and view.ptr:
            error, memory_type, device = ext.pointer_device(view.ptr)
            if error:
                _raise_cuda(ext, error, None, None, 0, None)
            if memory_type not in (2, 3):  # cudaMemoryTypeDevice, cudaMemoryTypeManaged
                where = "pinned host memory" if memory_type == 1 else "host memory"
                raise DotValueError(f"dotsweep.dot: {view.name} ({view.ptr:#x}) is in {where}; dot takes arrays "
                                    "in GPU memory")
            view.device = device
    known = [(view.name, view.device) for view in views if view.device is not None]
    for name, device in known[1:]:
        if device != known[0][1]:
            raise DotValueError(f"dotsweep.dot: {known[0][0]} is on GPU {known[0][1]} and {name} on GPU {device}; "
                                "dot takes arrays on one GPU")
    return known[0][1] if known else 0


def _raise_cuda(ext, error: int, a: Array | None, b: Array | None, n: int, device):
    codes = ext.ERRORS
    said = f"{ext.error_name(error)}: {ext.error_string(error)}"
    if error in (codes["no_device"], codes["insufficient_driver"]):
        raise NoGpuError(f"dotsweep.dot: no usable GPU ({said})")
    if error == codes["invalid_device"]:
        raise NoGpuError(f"dotsweep.dot: the arrays' GPU {device} is not a usable device here ({said})")
    if a is not None and error == codes["invalid_value"] and not (a.ptr and b.ptr):
        null = "a" if not a.ptr else "b"
        raise DotValueError(f"dotsweep.dot: {null} is a null pointer with {n} elements")
    if a is not None and error == codes["misaligned_address"]:
        kernel = tuned_kernel(a.dtype, n, device)
        raise DotValueError(f"dotsweep.dot: a ({a.ptr:#x}) or b ({b.ptr:#x}) is not aligned as the kernel dot runs "
                            f"at n = {n} needs ({kernel['variant']}: loads of {kernel['vec']} elements); arrays "
                            "as allocated are, a slice that starts between two loads is not")
    if error == codes["no_kernel_image"]:
        raise GpuFailed(f"dotsweep.dot: dotsweep._dot holds no code for this GPU ({said}); build it for its "
                        "architecture (-Dgpu_arch, or tools/build_python_ext.sh DIR ARCH)")
    raise GpuFailed(f"dotsweep.dot: CUDA failed ({said})")
