// dotsweep._dot's CUDA side: include/dotsweep/dot.cuh with the table exported
// from the committed H200 baseline (examples/tuned_dot/h200_dot_table.cuh, the
// table examples/tuned_dot and --host-paths run), behind dot_launch.hpp.
// The checks dotsweep::dot makes (null pointers, each kernel's alignment, the
// device) stay in it: its cudaError_t comes back to Python, which names it.
#include "dot_launch.hpp"

#include <cuda_runtime.h>

#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>

#include "h200_dot_table.cuh"

namespace dotsweep_py {

namespace {

// The calling thread's current device, restored on the way out: CuPy and
// PyTorch keep theirs in the same driver state.
class DeviceGuard {
 public:
  cudaError_t set(int device) {
    cudaError_t e = cudaGetDevice(&previous_);
    if (e != cudaSuccess) return e;
    saved_ = true;
    return device == previous_ ? cudaSuccess : cudaSetDevice(device);
  }
  ~DeviceGuard() {
    if (saved_) cudaSetDevice(previous_);
  }

 private:
  int previous_ = -1;
  bool saved_ = false;
};

// A workspace per (device, stream). dot.cuh's own per-device workspace must
// not serve launches that overlap on the GPU, and Python code runs dots on
// whatever streams its arrays' frameworks use. The mutex orders host threads
// that share a stream (reserve may grow the buffers). Never freed: the CUDA
// runtime may be torn down before static destructors run (dot.cuh's rule).
struct StreamWorkspace {
  std::mutex mutex;
  dotsweep::DotWorkspace space;
};

StreamWorkspace& workspace(int device, std::uintptr_t stream) {
  using Key = std::tuple<int, std::uintptr_t, std::thread::id>;
  static std::mutex mutex;
  static auto* spaces = new std::map<Key, std::unique_ptr<StreamWorkspace>>();
  // cudaStreamPerThread (2) is one handle for a different stream in each thread.
  const std::thread::id thread = stream == 2 ? std::this_thread::get_id() : std::thread::id();
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<StreamWorkspace>& slot = (*spaces)[Key{device, stream, thread}];
  if (!slot) slot = std::make_unique<StreamWorkspace>();
  return *slot;
}

template <class T>
cudaError_t enqueue(std::uintptr_t a, std::uintptr_t b, long long n, void* result, int device, std::uintptr_t stream) {
  StreamWorkspace& w = workspace(device, stream);
  std::lock_guard<std::mutex> lock(w.mutex);
  return dotsweep::dot(reinterpret_cast<const T*>(a), reinterpret_cast<const T*>(b), n,
                       static_cast<dotsweep::dot_result_t<T>*>(result), w.space,
                       reinterpret_cast<cudaStream_t>(stream));
}

cudaError_t enqueue(Element type, std::uintptr_t a, std::uintptr_t b, long long n, void* result, int device,
                    std::uintptr_t stream) {
  switch (type) {
    case Element::f32: return enqueue<float>(a, b, n, result, device, stream);
    case Element::f64: return enqueue<double>(a, b, n, result, device, stream);
    case Element::f16: return enqueue<__half>(a, b, n, result, device, stream);
    case Element::bf16: return enqueue<__nv_bfloat16>(a, b, n, result, device, stream);
  }
  return cudaErrorInvalidValue;
}

template <class T>
cudaError_t kernel_of(long long n, int device, Kernel* out) {
  namespace detail = dotsweep::detail;
  detail::DeviceFacts facts;
  cudaError_t e = detail::device_facts(device, facts);
  if (e != cudaSuccess) return e;
  return dotsweep::DotTable<T>::select(facts.cc, n, [&](auto kernel, const char* id) {
    using K = decltype(kernel);
    using P = typename K::policy;
    int resident = 0;
    cudaError_t e = detail::resident_blocks<P>(device, resident);
    if (e != cudaSuccess) return e;
    *out = Kernel{id, P::kBlock, P::kItems, P::kVec, detail::grid_blocks<P, K::kPersistentK>(n, facts.sms, resident)};
    return cudaSuccess;
  });
}

}  // namespace

int dot(Element type, std::uintptr_t a, std::uintptr_t b, long long n, int device, std::uintptr_t stream,
        std::uintptr_t out, double* value) {
  DeviceGuard guard;
  cudaError_t e = guard.set(device);
  if (e != cudaSuccess) return e;
  const cudaStream_t s = reinterpret_cast<cudaStream_t>(stream);
  const std::size_t bytes = type == Element::f64 ? sizeof(double) : sizeof(float);
  void* result = reinterpret_cast<void*>(out);
  if (!out && (e = cudaMallocAsync(&result, bytes, s)) != cudaSuccess) return e;
  // All-zero bits are +0.0 in both slot types.
  e = n == 0 ? cudaMemsetAsync(result, 0, bytes, s) : enqueue(type, a, b, n, result, device, stream);
  if (out) return e;
  double f64 = 0;
  float f32 = 0;
  void* host = type == Element::f64 ? static_cast<void*>(&f64) : static_cast<void*>(&f32);
  if (e == cudaSuccess) e = cudaMemcpyAsync(host, result, bytes, cudaMemcpyDeviceToHost, s);
  const cudaError_t freed = cudaFreeAsync(result, s);
  if (e == cudaSuccess) e = freed;
  if (e == cudaSuccess) e = cudaStreamSynchronize(s);
  *value = type == Element::f64 ? f64 : static_cast<double>(f32);
  return e;
}

int pointer_device(std::uintptr_t pointer, int* memory_type, int* device) {
  cudaPointerAttributes attributes{};
  const cudaError_t e = cudaPointerGetAttributes(&attributes, reinterpret_cast<const void*>(pointer));
  *memory_type = static_cast<int>(attributes.type);
  *device = attributes.device;
  return e;
}

int device_count(int* count) { return cudaGetDeviceCount(count); }

int kernel(Element type, long long n, int device, Kernel* out) {
  DeviceGuard guard;
  cudaError_t e = guard.set(device);
  if (e != cudaSuccess) return e;
  switch (type) {
    case Element::f32: return kernel_of<float>(n, device, out);
    case Element::f64: return kernel_of<double>(n, device, out);
    case Element::f16: return kernel_of<__half>(n, device, out);
    case Element::bf16: return kernel_of<__nv_bfloat16>(n, device, out);
  }
  return cudaErrorInvalidValue;
}

const char* error_name(int error) { return cudaGetErrorName(static_cast<cudaError_t>(error)); }
const char* error_string(int error) { return cudaGetErrorString(static_cast<cudaError_t>(error)); }

ErrorCodes error_codes() {
  return {cudaErrorInvalidValue, cudaErrorMisalignedAddress, cudaErrorNoDevice,
          cudaErrorInsufficientDriver, cudaErrorInvalidDevice, cudaErrorNoKernelImageForDevice};
}

}  // namespace dotsweep_py
