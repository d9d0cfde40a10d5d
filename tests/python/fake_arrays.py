"""Stand-in CUDA arrays for dotsweep.dot's tests: objects offering DLPack
(a capsule built with ctypes) or the CUDA Array Interface (a dict) over any
address, so that each refusal is reached without a GPU, and over memory
from libcudart (tests/python/gpu_arrays.py) so that dot runs without CuPy or
PyTorch."""
import ctypes

KDL_CPU, KDL_CUDA = 1, 2
DL_CODES = {"float32": (2, 32), "float64": (2, 64), "float16": (2, 16), "bfloat16": (4, 16), "int32": (0, 32)}


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device), ("ndim", ctypes.c_int32), ("dtype", _DataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _ManagedTensor(ctypes.Structure):  # DLPack's unversioned DLManagedTensor
    _fields_ = [("dl_tensor", _Tensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class DLPackArray:
    """An array over `ptr` offered through __dlpack__ / __dlpack_device__.
    dtype: a name of DL_CODES or a (code, bits, lanes) tuple; strides in
    elements (None: contiguous). Records the streams __dlpack__ was asked for."""

    def __init__(self, ptr, shape, dtype="float32", strides=None, device=(KDL_CUDA, 0), owner=None):
        code, bits, lanes = (*DL_CODES[dtype], 1) if isinstance(dtype, str) else dtype
        self._shape = (ctypes.c_int64 * len(shape))(*shape)
        self._strides = (ctypes.c_int64 * len(shape))(*strides) if strides is not None else None
        self._managed = _ManagedTensor()
        t = self._managed.dl_tensor
        t.data, t.ndim, t.byte_offset = ptr, len(shape), 0
        t.device = _Device(*device)
        t.dtype = _DataType(code, bits, lanes)
        t.shape = self._shape
        t.strides = self._strides  # None: a NULL pointer, "compact row-major"
        self._device = device
        self.owner = owner  # keeps the memory this array views alive
        self.streams = []

    def __dlpack_device__(self):
        return self._device

    def __dlpack__(self, stream=None, max_version=None, **_):
        self.streams.append(stream)
        # The capsule has no destructor: the tensor lives as long as this object, and its deleter is NULL.
        return _capsule_new(ctypes.addressof(self._managed), b"dltensor", None)


class InterfaceArray:
    """An array over `ptr` offered through __cuda_array_interface__ (version 3)."""

    def __init__(self, ptr, shape, typestr="<f4", strides=None, stream=None, mask=None, owner=None):
        self.__cuda_array_interface__ = {"shape": tuple(shape), "typestr": typestr, "data": (ptr, False),
                                         "strides": strides, "version": 3, "stream": stream, "mask": mask}
        self.owner = owner


class RaisingDLPack(DLPackArray):
    """A producer that refuses to export (as PyTorch does a tensor that requires grad)."""

    def __dlpack__(self, stream=None, max_version=None, **_):
        raise RuntimeError("planted refusal")


class NotACapsule(DLPackArray):
    """A producer whose __dlpack__ returns something other than a capsule."""

    def __dlpack__(self, stream=None, max_version=None, **_):
        return "not a capsule"
