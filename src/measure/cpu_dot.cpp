#include "measure/cpu_dot.hpp"

#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"

namespace dotsweep {

namespace {

void require_f32_or_f64(ElementType type, const char* what) {
  if (type != ElementType::f32 && type != ElementType::f64)
    throw GpuError(std::string(what) + " takes f32 or f64, not " + to_string(type));
}

// One chain of n adds in the input type's precision.
SummationShape sequential_shape(long long n, ElementType type) {
  SummationShape shape;
  shape.per_thread_terms = n > 0 ? n : 1;
  shape.block = 1;
  shape.unit_roundoff = type == ElementType::f64 ? 0x1p-53 : 0x1p-24;
  return shape;
}

void require_host_inputs(const DotInputs& in) {
  if (!in.host_a || !in.host_b) throw GpuError("CPU dot: the inputs carry no host copy");
}

// The loaded CBLAS library, once per process.
struct CblasLibrary {
  using Sdot = float (*)(int, const float*, int, const float*, int);
  using Ddot = double (*)(int, const double*, int, const double*, int);
  Sdot sdot = nullptr;
  Ddot ddot = nullptr;
  std::string identity;  // what loaded, or why nothing did (when sdot is null)
};

CblasLibrary load_cblas(const std::vector<std::string>& candidates) {
    CblasLibrary lib;
    std::string tried;
    for (const auto& path : candidates) {
      void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!handle) {
        const char* why = ::dlerror();
        tried += (tried.empty() ? "" : "; ") + path + " (" + (why ? why : "not loadable") + ")";
        continue;
      }
      lib.sdot = reinterpret_cast<CblasLibrary::Sdot>(::dlsym(handle, "cblas_sdot"));
      lib.ddot = reinterpret_cast<CblasLibrary::Ddot>(::dlsym(handle, "cblas_ddot"));
      if (!lib.sdot || !lib.ddot) {
        tried += (tried.empty() ? "" : "; ") + path + " (no cblas_sdot and cblas_ddot)";
        lib.sdot = nullptr;
        lib.ddot = nullptr;
        continue;
      }
      using Config = char* (*)();
      using Threads = int (*)();
      const auto config = reinterpret_cast<Config>(::dlsym(handle, "openblas_get_config"));
      const auto threads = reinterpret_cast<Threads>(::dlsym(handle, "openblas_get_num_threads"));
      lib.identity = std::string(config ? config() : "CBLAS") + " (" + path + ")";
      if (threads) lib.identity += ", " + std::to_string(threads()) + " threads";
      return lib;
    }
    lib.identity = "no CBLAS library loaded: " + tried + "; install OpenBLAS (Debian: libopenblas0) or set "
                   "DOTSWEEP_CPU_BLAS to a library with cblas_sdot and cblas_ddot";
    return lib;
}

// Loaded once per list of candidates; the handles stay open until the process ends.
const CblasLibrary& cblas_library(const std::vector<std::string>& candidates) {
  static std::mutex mutex;
  static std::map<std::vector<std::string>, CblasLibrary> loaded;
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = loaded.find(candidates);
  if (found == loaded.end()) found = loaded.emplace(candidates, load_cblas(candidates)).first;
  return found->second;
}

class CpuBlasDot : public CpuDot {
 public:
  CpuBlasDot(ElementType type, const CblasLibrary& library) : CpuDot(type), library_(library) {
    require_f32_or_f64(type, "the CPU BLAS dot");
    if (!library.sdot) throw GpuError(library.identity);
  }
  double compute(const DotInputs& in) override {
    require_host_inputs(in);
    if (in.n > INT_MAX) throw GpuError("CBLAS counts elements in an int: n above 2^31 - 1");
    const int n = static_cast<int>(in.n);
    if (type_ == ElementType::f64)
      return library_.ddot(n, static_cast<const double*>(in.host_a), 1, static_cast<const double*>(in.host_b), 1);
    return library_.sdot(n, static_cast<const float*>(in.host_a), 1, static_cast<const float*>(in.host_b), 1);
  }
  // The library's order (threads, vector lanes) is not ours to see: the
  // sequential chain over all n terms bounds every order.
  SummationShape summation_shape() const override { return sequential_shape(n_, type_); }
  // Its threads split the work by count, but nothing says so for every build.
  bool promises_determinism() const override { return false; }

 private:
  const CblasLibrary& library_;
};

template <class T>
double sequential_dot(const void* a, const void* b, long long n) {
  const T* x = static_cast<const T*>(a);
  const T* y = static_cast<const T*>(b);
  T sum = 0;
  for (long long i = 0; i < n; ++i) sum += x[i] * y[i];
  return static_cast<double>(sum);
}

class CpuLoopDot : public CpuDot {
 public:
  explicit CpuLoopDot(ElementType type) : CpuDot(type) { require_f32_or_f64(type, "the CPU loop dot"); }
  double compute(const DotInputs& in) override {
    require_host_inputs(in);
    return type_ == ElementType::f64 ? sequential_dot<double>(in.host_a, in.host_b, in.n)
                                     : sequential_dot<float>(in.host_a, in.host_b, in.n);
  }
  SummationShape summation_shape() const override { return sequential_shape(n_, type_); }
  bool promises_determinism() const override { return true; }
};

}  // namespace

CpuDot::CpuDot(ElementType type) : type_(type) {}

void CpuDot::enqueue(const DotInputs& inputs, cudaStream_t stream) {
  const double value = compute(inputs);
  std::size_t bytes = sizeof(double);
  if (type_ == ElementType::f64) {
    slot_value_[0] = value;
  } else {
    const float narrow = static_cast<float>(value);
    std::memcpy(slot_value_, &narrow, sizeof narrow);
    bytes = sizeof narrow;
  }
  check_cuda(cudaMemcpyAsync(inputs.result, slot_value_, bytes, cudaMemcpyHostToDevice, stream),
             "copy the CPU's result into the result slot");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize(CPU result)");
}

std::vector<std::string> cpu_blas_candidates(const char* env_override) {
  if (env_override && *env_override) return {env_override};
  return {"libopenblas.so.0", "libopenblas.so"};
}

std::unique_ptr<CpuDot> make_cpu_blas_dot(ElementType type, const std::vector<std::string>& candidates) {
  return std::make_unique<CpuBlasDot>(type, cblas_library(candidates));
}

std::unique_ptr<CpuDot> make_cpu_loop_dot(ElementType type) { return std::make_unique<CpuLoopDot>(type); }

std::string cpu_blas_identity(const std::vector<std::string>& candidates) {
  return cblas_library(candidates).identity;
}

}  // namespace dotsweep
