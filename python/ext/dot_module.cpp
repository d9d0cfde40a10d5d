// dotsweep._dot: the nanobind module under dotsweep.dot (python/dotsweep/dot.py).
// It reads DLPack capsules (nanobind's importer) and calls dotsweep::dot
// through dot_launch.hpp; every rule about which arrays may be passed, and
// every message, is dot.py's. CUDA errors come back as numbers (cudaError_t)
// for dot.py to name, so this file raises nothing of its own.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstdint>

#include "dot_launch.hpp"

namespace nb = nanobind;

namespace {

// A DLPack capsule's tensor: (holder, data pointer with byte_offset, shape,
// strides in elements, (dtype code, bits, lanes), device type, device id).
// The holder owns the imported tensor; its producer's deleter runs when the
// holder is dropped, so dot.py keeps it until the dot is enqueued.
nb::tuple view(nb::ndarray<nb::ro> array) {
  nb::list shape, strides;
  for (std::size_t i = 0; i < array.ndim(); ++i) {
    shape.append(array.shape(i));
    strides.append(array.stride(i));
  }
  const nb::dlpack::dtype dtype = array.dtype();
  const auto data = reinterpret_cast<std::uintptr_t>(array.data());
  // A capsule of our own holding a reference to the imported tensor (the
  // ndarray itself cannot go back to Python: nanobind would export a copy).
  nb::capsule holder(new nb::ndarray<nb::ro>(array),
                     [](void* p) noexcept { delete static_cast<nb::ndarray<nb::ro>*>(p); });
  return nb::make_tuple(holder, data, nb::tuple(shape), nb::tuple(strides),
                        nb::make_tuple(dtype.code, dtype.bits, dtype.lanes), array.device_type(), array.device_id());
}

nb::tuple dot(int type, std::uintptr_t a, std::uintptr_t b, long long n, int device, std::uintptr_t stream,
              std::uintptr_t out) {
  double value = 0;
  int error = 0;
  {
    // A dot that returns its value waits for the stream: let other threads run.
    nb::gil_scoped_release release;
    error = dotsweep_py::dot(static_cast<dotsweep_py::Element>(type), a, b, n, device, stream, out, &value);
  }
  return nb::make_tuple(error, value);
}

nb::tuple kernel(int type, long long n, int device) {
  dotsweep_py::Kernel k;
  const int error = dotsweep_py::kernel(static_cast<dotsweep_py::Element>(type), n, device, &k);
  if (error) return nb::make_tuple(error, nb::none());
  return nb::make_tuple(error, nb::make_tuple(k.variant, k.block, k.items, k.vec, k.blocks));
}

}  // namespace

NB_MODULE(_dot, m) {
  m.doc() = "dotsweep.dot's CUDA side: include/dotsweep/dot.cuh with the H200 baseline's table";
  m.def("view", &view, "A DLPack capsule's tensor: (holder, ptr, shape, strides, dtype, device_type, device_id)");
  m.def("dot", &dot, "(cudaError_t, value): dotsweep::dot of element type `type` (0 f32, 1 f64, 2 f16, 3 bf16)");
  m.def("kernel", &kernel, "(cudaError_t, (variant, block, items, vec, blocks)): what dotsweep::dot runs at n");
  m.def("pointer_device", [](std::uintptr_t pointer) {
    int memory_type = 0, device = -1;
    const int error = dotsweep_py::pointer_device(pointer, &memory_type, &device);
    return nb::make_tuple(error, memory_type, device);
  });
  m.def("device_count", [] {
    int count = 0;
    const int error = dotsweep_py::device_count(&count);
    return nb::make_tuple(error, count);
  });
  m.def("error_name", [](int error) { return dotsweep_py::error_name(error); });
  m.def("error_string", [](int error) { return dotsweep_py::error_string(error); });
  const dotsweep_py::ErrorCodes codes = dotsweep_py::error_codes();
  nb::dict errors;
  errors["invalid_value"] = codes.invalid_value;
  errors["misaligned_address"] = codes.misaligned_address;
  errors["no_device"] = codes.no_device;
  errors["insufficient_driver"] = codes.insufficient_driver;
  errors["invalid_device"] = codes.invalid_device;
  errors["no_kernel_image"] = codes.no_kernel_image;
  m.attr("ERRORS") = errors;
}
