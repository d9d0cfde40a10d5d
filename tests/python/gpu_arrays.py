"""Device arrays for dotsweep.dot's GPU tests, from whatever the machine has:
CuPy if it imports, else PyTorch, else memory from libcudart through ctypes
offered as the stand-ins of fake_arrays.py (DLPack for bfloat16, the CUDA
Array Interface for the rest), so the tests run wherever there is a GPU.

Host data goes in as numpy arrays; bfloat16 as numpy uint16 holding the bits."""
import ctypes
import ctypes.util
import glob
import os

import numpy
from fake_arrays import KDL_CUDA, DLPackArray, InterfaceArray

ITEMSIZE = {"float32": 4, "float64": 8, "float16": 2, "bfloat16": 2}
TYPESTR = {"float32": "<f4", "float64": "<f8", "float16": "<f2"}


def bf16_bits(values):
    """float32 values rounded to the nearest bfloat16 (ties to even), as uint16 bits."""
    bits = numpy.asarray(values, dtype=numpy.float32).view(numpy.uint32).astype(numpy.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(numpy.uint16)


def host_values(host, dtype):
    """The values the GPU sees, as float64 (the reference's type)."""
    if dtype == "bfloat16":
        return (host.astype(numpy.uint32) << 16).view(numpy.float32).astype(numpy.float64)
    return host.astype(numpy.float64)


def backend():
    try:
        import cupy  # noqa: F401
        return CupyArrays()
    except ImportError:
        pass
    try:
        import torch
        if torch.cuda.is_available():
            return TorchArrays()
    except ImportError:
        pass
    return CudartArrays()


class CupyArrays:
    name = "cupy"

    def array(self, host, dtype, offset=0):
        """A device copy of host[offset:]'s data starting `offset` elements into its allocation."""
        import cupy
        if dtype == "bfloat16":  # CuPy has no bfloat16: its memory behind a DLPack stand-in
            whole = cupy.asarray(host)
            view = whole[offset:]
            return DLPackArray(view.data.ptr, view.shape, "bfloat16", device=(KDL_CUDA, view.device.id), owner=whole)
        return cupy.asarray(host)[offset:]

    def empty(self, dtype):
        import cupy
        return cupy.full(1, numpy.nan, dtype=dtype)

    def read(self, out):
        return float(out.get()[0])


class TorchArrays:
    name = "torch"

    def array(self, host, dtype, offset=0):
        import torch
        if dtype == "bfloat16":
            return torch.from_numpy(host.view(numpy.int16)).cuda().view(torch.bfloat16)[offset:]
        return torch.from_numpy(host).cuda()[offset:]

    def empty(self, dtype):
        import torch
        return torch.full((1,), float("nan"), dtype=getattr(torch, dtype), device="cuda")

    def read(self, out):
        return float(out.item())


def _cudart():
    names = [ctypes.util.find_library("cudart")]
    for home in (os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if home:
            names += sorted(glob.glob(os.path.join(home, "lib64", "libcudart.so*")))
    for name in filter(None, names):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    raise RuntimeError("no libcudart to allocate GPU memory with (no CuPy, no PyTorch either)")


class DeviceMemory:
    """cudaMalloc'd bytes, freed with the object."""

    def __init__(self, cudart, size):
        self.cudart, self.ptr = cudart, ctypes.c_void_p()
        status = cudart.cudaMalloc(ctypes.byref(self.ptr), ctypes.c_size_t(max(size, 1)))
        assert status == 0, f"cudaMalloc failed: {status}"

    def __del__(self):
        self.cudart.cudaFree(self.ptr)


class CudartArrays:
    name = "libcudart"

    def __init__(self):
        self.cudart = _cudart()

    def array(self, host, dtype, offset=0):
        host = numpy.ascontiguousarray(host)
        memory = DeviceMemory(self.cudart, host.nbytes)
        assert self.cudart.cudaMemcpy(memory.ptr, host.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(host.nbytes),
                                      1) == 0  # cudaMemcpyHostToDevice
        ptr, n = memory.ptr.value + offset * ITEMSIZE[dtype], host.size - offset
        if dtype == "bfloat16":
            return DLPackArray(ptr, (n,), "bfloat16", owner=memory)
        return InterfaceArray(ptr, (n,), TYPESTR[dtype], owner=memory)

    def empty(self, dtype):
        return self.array(numpy.full(1, numpy.nan, dtype=dtype), dtype)

    def read(self, out):
        value = numpy.zeros(1, dtype=out.__cuda_array_interface__["typestr"])
        assert self.cudart.cudaMemcpy(value.ctypes.data_as(ctypes.c_void_p), ctypes.c_void_p(out.__cuda_array_interface__["data"][0]),
                                      ctypes.c_size_t(value.nbytes), 2) == 0  # cudaMemcpyDeviceToHost
        return float(value[0])
