"""What dotsweep.dot reads of an array: its pointer, shape, strides, dtype and
GPU, through DLPack (`__dlpack__`, parsed by nanobind in dotsweep._dot) or the
CUDA Array Interface (`__cuda_array_interface__`, a dict). DLPack is asked
first: it carries bfloat16, which the interface has no typestr for, and the
device; objects without it (Numba's device arrays, say) use the interface."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import DotTypeError, DotValueError

# The element types dotsweep::dot takes, in dot_launch.hpp's Element order.
TYPES = ("float32", "float64", "float16", "bfloat16")
ITEMSIZE = {"float32": 4, "float64": 8, "float16": 2, "bfloat16": 2}
# __cuda_array_interface__ typestrs of those types (bfloat16 has none).
_TYPESTRS = {"<f4": "float32", "<f8": "float64", "<f2": "float16"}
# DLPack's dtype codes and device types (dlpack.h).
_DL_CODES = {0: "int", 1: "uint", 2: "float", 3: "opaque", 4: "bfloat", 5: "complex", 6: "bool", 7: "float8",
             8: "bcomplex"}
_DL_CUDA, _DL_CUDA_MANAGED = 2, 13
_DL_DEVICES = {1: "host memory (DLPack kDLCPU)", 3: "pinned host memory (DLPack kDLCUDAHost)",
               4: "an OpenCL device", 7: "a Vulkan device", 8: "a Metal device", 10: "a ROCm device",
               11: "pinned host memory (DLPack kDLROCMHost)"}


@dataclass
class Array:
    """One argument of dot as the GPU will read it."""
    name: str           # "a", "b" or "out", for messages
    protocol: str       # "DLPack" or "__cuda_array_interface__"
    ptr: int
    shape: tuple
    strides: tuple | None  # in elements; None: contiguous
    dtype: str          # "float32", ..., or another type's name for the refusal
    device: int | None  # None: not known yet (the interface names none; see dot._device)
    holder: object = None  # keeps a DLPack tensor alive until the dot is enqueued


def locate(x, name: str):
    """("DLPack", device) or ("__cuda_array_interface__", dict) for x; refuses
    what is no array and what lies outside GPU memory."""
    if hasattr(type(x), "__dlpack__") and hasattr(x, "__dlpack_device__"):
        device_type, device = x.__dlpack_device__()
        if device_type not in (_DL_CUDA, _DL_CUDA_MANAGED):
            where = _DL_DEVICES.get(device_type, f"DLPack device type {device_type}")
            raise DotValueError(f"dotsweep.dot: {name} is in {where}; dot takes arrays in GPU memory "
                                f"(copy it there first, e.g. cupy.asarray({name}))")
        return "DLPack", int(device)
    try:
        interface = x.__cuda_array_interface__
    except AttributeError:
        interface = None
    if not isinstance(interface, dict):
        raise DotTypeError(f"dotsweep.dot: {name} is a {type(x).__name__}, not a CUDA array; dot takes objects "
                           "with __dlpack__ or __cuda_array_interface__ (CuPy, PyTorch, Numba, ...)")
    return "__cuda_array_interface__", interface


def view(x, name: str, located, stream: int, ext) -> Array:
    """What dot reads of x; `stream` is the one the dot will run on, which a
    DLPack producer is asked to make its data ready on."""
    protocol, where = located
    if protocol == "DLPack":
        return _dlpack_view(x, name, stream, ext)
    return _interface_view(where, name)


def _dlpack_view(x, name, stream, ext) -> Array:
    # DLPack's stream numbers: 1 is the legacy default stream, 0 is not allowed.
    asked = 1 if stream == 0 else stream
    try:
        capsule = x.__dlpack__(stream=asked)
    except Exception as e:  # the producer's own refusal (a tensor that requires grad, say)
        raise DotValueError(f"dotsweep.dot: {name}.__dlpack__(stream={asked}) refused: {e}") from e
    try:
        holder, ptr, shape, strides, (code, bits, lanes), _, device = ext.view(capsule)
    except TypeError:
        raise DotTypeError(f"dotsweep.dot: {name}.__dlpack__ returned {type(capsule).__name__}, "
                           "not a DLPack capsule nanobind can read") from None
    dtype = f"{_DL_CODES.get(code, f'code{code}_')}{bits}" + (f"x{lanes}" if lanes != 1 else "")
    return Array(name, "DLPack", ptr, tuple(shape), tuple(strides), dtype, device, holder=holder)


def _interface_view(interface, name) -> Array:
    if interface.get("mask") is not None:
        raise DotValueError(f"dotsweep.dot: {name} has a mask (__cuda_array_interface__ 'mask'); dot reads every "
                            "element, so it takes unmasked arrays")
    typestr = interface["typestr"]
    dtype = _TYPESTRS.get(typestr, f"typestr '{typestr}'")
    strides = interface.get("strides")
    if strides is not None and dtype in ITEMSIZE:
        size = ITEMSIZE[dtype]  # strides are in bytes there
        strides = tuple(s // size if s % size == 0 else s / size for s in strides)
    return Array(name, "__cuda_array_interface__", int(interface["data"][0]), tuple(interface["shape"]),
                 strides, dtype, None)


def check_one(array: Array):
    """One array's own refusals: its dtype, its rank, its stride."""
    if array.dtype not in TYPES:
        raise DotTypeError(f"dotsweep.dot: {array.name} is {array.dtype}; dot takes float32, float64, float16 "
                           "or bfloat16")
    if len(array.shape) != 1:
        raise DotValueError(f"dotsweep.dot: {array.name} is {len(array.shape)}-D (shape {array.shape}); "
                            "dot takes 1-D arrays")
    n = array.shape[0]
    if n > 1 and array.strides is not None and array.strides[0] != 1:
        raise DotValueError(f"dotsweep.dot: {array.name} is strided (a stride of {array.strides[0]} elements); "
                            f"dot reads consecutive elements, so pass a contiguous copy ({array.name}.copy())")
