// The CUDA side of dotsweep._dot, in plain C++ types, so that the nanobind
// module (dot_module.cpp) is compiled by the host compiler alone and the
// tuned kernels (dot_launch.cu, nvcc) never see nanobind's headers.
// Every function returns a cudaError_t as an int (0 = success).
#pragma once

#include <cstdint>

namespace dotsweep_py {

// The element types of dotsweep::dot, in the order python/dotsweep/dot.py names them.
enum class Element : int { f32 = 0, f64 = 1, f16 = 2, bf16 = 3 };

// dotsweep::dot<T>(a, b, n, result, workspace, stream) on `device`, with a
// workspace of (device, stream)'s own (see dot_launch.cu). out = 0: the
// result goes to a slot allocated on the stream, is copied back, and the
// stream is synchronised; *value holds it. out != 0: the result is written
// to out (a float, or a double for f64) and nothing waits. n = 0 writes 0
// without a kernel (an empty array's pointer may be null).
int dot(Element type, std::uintptr_t a, std::uintptr_t b, long long n, int device, std::uintptr_t stream,
        std::uintptr_t out, double* value);

// cudaPointerGetAttributes: memory_type is cudaMemoryType (0 unregistered
// host, 1 host, 2 device, 3 managed), device the GPU it belongs to.
int pointer_device(std::uintptr_t pointer, int* memory_type, int* device);

int device_count(int* count);

// What dotsweep::dot runs at n on `device`: the table's variant id and the
// grid dot.cuh launches it with (detail::grid_blocks, the header's own).
struct Kernel {
  const char* variant = nullptr;
  int block = 0, items = 0, vec = 0;
  long long blocks = 0;
};
int kernel(Element type, long long n, int device, Kernel* kernel);

const char* error_name(int error);
const char* error_string(int error);

// The cudaError_t values dot.py tells apart.
struct ErrorCodes {
  int invalid_value, misaligned_address, no_device, insufficient_driver, invalid_device, no_kernel_image;
};
ErrorCodes error_codes();

}  // namespace dotsweep_py
