// tuned_dot: a CUDA program that computes dot products through dotsweep::dot
// with the table exported from the committed H200 baseline
// (h200_dot_table.cuh, `dotsweep export results/baselines/h200.csv.gz`).
//
// 1. Checks: for each type, at awkward sizes (odd, one past a power of two,
//    one past each range of the H200 table) and on two integer input sets
//    whose dot products are exact in every accumulator (as the sweep's
//    periodic and random integer sets), the result must equal the integer
//    computed on the host.
// 2. Times each type at 2^12, 2^20, 2^24 and 2^28 as the sweep times cold:
//    L2 flushed by reading a buffer of twice its size, the stream held by a
//    spinning kernel until the events and the dot are enqueued, CUDA events
//    around the dot alone, the median of at least 10 samples (at most 300 or
//    0.25 s). The table prints the report's median for the same variant and n.
//
// 3. With --bits TYPE FILE_A FILE_B N...: no checks or timing; for each N,
//    dotsweep::dot of the first N elements of the raw arrays in the two files
//    (TYPE f32, f64, f16 or bf16), printed as "N BITS" (the result's bits in
//    hex), for tests/python/test_dot_gpu.py to hold dotsweep.dot to.
//
// Exit: 0 every check passed, 1 a check failed or CUDA failed, 2 bad --bits
// arguments, 77 no GPU.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cold_kernels.cuh"
#include "h200_dot_table.cuh"

namespace {

#define CHECK_CUDA(call)                                                                                    \
  do {                                                                                                      \
    const cudaError_t e_ = (call);                                                                          \
    if (e_ != cudaSuccess) {                                                                                \
      std::fprintf(stderr, "tuned_dot: %s failed: %s (line %d)\n", #call, cudaGetErrorString(e_), __LINE__); \
      std::exit(1);                                                                                         \
    }                                                                                                       \
  } while (0)

constexpr long long kLargest = 1LL << 28;

// ---- inputs: the same values on the device (generated) and the host (the exact sum)

__host__ __device__ inline std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

enum class InputSet { periodic, random };

// periodic: in every aligned period of 32 elements, 31 products are +1 (a
// random sign on both factors) and one is -30, so every whole period sums to
// exactly 1 and a dropped or doubled block, tile, lane or tail element moves
// the sum. random: a, b in {-2, -1, 1, 2}, so any element or mismatched
// pairing moves it. Every partial sum is an integer far below 2^24.
__host__ __device__ inline void input_pair(InputSet set, long long i, int& a, int& b) {
  if (set == InputSet::random) {
    const std::uint64_t h = mix(2 * static_cast<std::uint64_t>(i) + 1);
    const int magnitude_a = 1 + static_cast<int>(h & 1), magnitude_b = 1 + static_cast<int>((h >> 1) & 1);
    a = (h >> 2) & 1 ? -magnitude_a : magnitude_a;
    b = (h >> 3) & 1 ? -magnitude_b : magnitude_b;
    return;
  }
  const std::uint64_t period = mix(static_cast<std::uint64_t>(i / 32) * 2);
  if (static_cast<std::uint64_t>(i % 32) == period % 32) {
    const int factors[4][2] = {{2, -15}, {-2, 15}, {1, -30}, {-1, 30}};
    const int* f = factors[(period >> 5) & 3];
    a = f[0];
    b = f[1];
    return;
  }
  const int s = mix(2 * static_cast<std::uint64_t>(i)) & 1 ? -1 : 1;
  a = s;
  b = s;
}

template <class T>
__global__ void fill_inputs(T* a, T* b, long long n, InputSet set) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    int x, y;
    input_pair(set, i, x, y);
    a[i] = T(static_cast<float>(x));
    b[i] = T(static_cast<float>(y));
  }
}

// ---- the sweep's cold protocol (the kernels: cold_kernels.cuh)

struct ColdTimer {
  float4* flush = nullptr;
  long long flush_count = 0;
  float* sink = nullptr;
  int* released_host = nullptr;
  int* released_device = nullptr;
  cudaEvent_t start, stop;

  explicit ColdTimer(int l2_bytes) {
    flush_count = (2LL * l2_bytes + (1 << 20)) / 16;
    CHECK_CUDA(cudaMalloc(&flush, flush_count * 16));
    CHECK_CUDA(cudaMemset(flush, 0, flush_count * 16));
    CHECK_CUDA(cudaMalloc(&sink, sizeof(float)));
    CHECK_CUDA(cudaHostAlloc(&released_host, sizeof(int), cudaHostAllocMapped));
    CHECK_CUDA(cudaHostGetDevicePointer(&released_device, released_host, 0));
    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    CHECK_CUDA(cudaDeviceSynchronize());
  }

  template <class Enqueue>
  double sample_us(cudaStream_t stream, Enqueue&& enqueue) {
    cold::read_through<<<1024, 256, 0, stream>>>(flush, flush_count, sink);
    *reinterpret_cast<volatile int*>(released_host) = 0;
    cold::hold_stream<<<1, 1, 0, stream>>>(released_device);
    CHECK_CUDA(cudaEventRecord(start, stream));
    CHECK_CUDA(enqueue());
    CHECK_CUDA(cudaEventRecord(stop, stream));
    *reinterpret_cast<volatile int*>(released_host) = 1;
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    return ms * 1000.0;
  }
};

template <class Enqueue>
double cold_median_us(ColdTimer& timer, cudaStream_t stream, Enqueue&& enqueue) {
  for (int i = 0; i < 3; ++i) CHECK_CUDA(enqueue());  // warm up, as the sweep does
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<double> samples;
  const auto begin = std::chrono::steady_clock::now();
  while (samples.size() < 10 ||
         (samples.size() < 300 && std::chrono::steady_clock::now() - begin < std::chrono::milliseconds(250)))
    samples.push_back(timer.sample_us(stream, enqueue));
  std::sort(samples.begin(), samples.end());
  const std::size_t m = samples.size();
  return m % 2 ? samples[m / 2] : (samples[m / 2 - 1] + samples[m / 2]) / 2;
}

// ---- per type

struct Expected {
  std::vector<long long> sizes;
  std::vector<long long> periodic, random;  // the exact dot products at each size
};

// The exact sums at every checked size, in one pass over the largest.
Expected exact_sums(std::vector<long long> sizes) {
  std::sort(sizes.begin(), sizes.end());
  Expected e{sizes, {}, {}};
  long long sum_p = 0, sum_r = 0, i = 0;
  for (long long n : sizes) {
    for (; i < n; ++i) {
      int a, b;
      input_pair(InputSet::periodic, i, a, b);
      sum_p += a * b;
      input_pair(InputSet::random, i, a, b);
      sum_r += a * b;
    }
    e.periodic.push_back(sum_p);
    e.random.push_back(sum_r);
  }
  return e;
}

template <class T>
struct TypeName;
template <> struct TypeName<float> { static constexpr const char* name = "f32"; };
template <> struct TypeName<double> { static constexpr const char* name = "f64"; };
template <> struct TypeName<__half> { static constexpr const char* name = "f16"; };
template <> struct TypeName<__nv_bfloat16> { static constexpr const char* name = "bf16"; };

// Checks type T at every size of `expected`, then adds its timing rows to `table`.
template <class T>
int run_type(const Expected& expected, ColdTimer& timer, cudaStream_t stream, std::string& table) {
  using Result = dotsweep::dot_result_t<T>;
  const char* type = TypeName<T>::name;
  T *a = nullptr, *b = nullptr;
  Result* result = nullptr;
  CHECK_CUDA(cudaMalloc(&a, kLargest * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&b, kLargest * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&result, sizeof(Result)));
  int failures = 0;
  // A workspace of the program's own on its own stream, beside the default one.
  dotsweep::DotWorkspace workspace;
  for (InputSet set : {InputSet::periodic, InputSet::random}) {
    fill_inputs<T><<<4096, 256, 0, stream>>>(a, b, kLargest, set);
    CHECK_CUDA(cudaGetLastError());
    const std::vector<long long>& sums = set == InputSet::periodic ? expected.periodic : expected.random;
    for (std::size_t k = 0; k < expected.sizes.size(); ++k) {
      const long long n = expected.sizes[k];
      for (bool own_workspace : {false, true}) {
        CHECK_CUDA(cudaMemsetAsync(result, 0x7f, sizeof(Result), stream));  // not the answer by accident
        CHECK_CUDA(own_workspace ? dotsweep::dot(a, b, n, result, workspace, stream)
                                 : dotsweep::dot(a, b, n, result, stream));
        Result got;
        CHECK_CUDA(cudaMemcpyAsync(&got, result, sizeof(Result), cudaMemcpyDeviceToHost, stream));
        CHECK_CUDA(cudaStreamSynchronize(stream));
        if (static_cast<double>(got) != static_cast<double>(sums[k])) {
          std::printf("FAIL %s n=%lld %s set%s: got %.17g, want %lld (%s)\n", type, n,
                      set == InputSet::periodic ? "periodic" : "random", own_workspace ? ", own workspace" : "",
                      static_cast<double>(got), sums[k], dotsweep::tuned_variant<T>(n));
          ++failures;
        }
      }
    }
  }
  std::printf("%s: %zu sizes x 2 input sets x 2 workspaces checked exactly, %d failed\n", type,
              expected.sizes.size(), failures);
  for (long long n : {1LL << 12, 1LL << 20, 1LL << 24, 1LL << 28}) {
    const double us =
        cold_median_us(timer, stream, [&] { return dotsweep::dot(a, b, n, result, stream); });
    const double reported = dotsweep::reported_us<T>(n);
    char row[256];
    std::snprintf(row, sizeof row, "| %-4s | 2^%-2d | %-52s | %9.3f | %9.3f | %+6.1f%% |\n", type, __builtin_ctzll(n),
                  dotsweep::tuned_variant<T>(n), us, reported, reported > 0 ? 100.0 * (us / reported - 1) : 0.0);
    table += row;
  }
  CHECK_CUDA(cudaFree(a));
  CHECK_CUDA(cudaFree(b));
  CHECK_CUDA(cudaFree(result));
  return failures;
}

// ---- --bits

std::vector<unsigned char> read_file(const char* path) {
  std::vector<unsigned char> bytes;
  if (FILE* f = std::fopen(path, "rb")) {
    unsigned char buffer[1 << 16];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
      bytes.insert(bytes.end(), buffer, buffer + got);
    std::fclose(f);
  } else {
    std::fprintf(stderr, "tuned_dot: --bits: cannot read '%s'\n", path);
    std::exit(2);
  }
  return bytes;
}

template <class T>
int print_bits(const char* path_a, const char* path_b, const std::vector<long long>& sizes) {
  using Result = dotsweep::dot_result_t<T>;
  const std::vector<unsigned char> host_a = read_file(path_a), host_b = read_file(path_b);
  const long long n_max = static_cast<long long>(std::min(host_a.size(), host_b.size()) / sizeof(T));
  for (long long n : sizes)
    if (n > n_max) {
      std::fprintf(stderr, "tuned_dot: --bits: n = %lld, but the files hold %lld elements\n", n, n_max);
      return 2;
    }
  T *a = nullptr, *b = nullptr;
  Result* result = nullptr;
  CHECK_CUDA(cudaMalloc(&a, host_a.size() + 1));
  CHECK_CUDA(cudaMalloc(&b, host_b.size() + 1));
  CHECK_CUDA(cudaMalloc(&result, sizeof(Result)));
  CHECK_CUDA(cudaMemcpy(a, host_a.data(), host_a.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(b, host_b.data(), host_b.size(), cudaMemcpyHostToDevice));
  for (long long n : sizes) {
    CHECK_CUDA(dotsweep::dot(a, b, n, result));  // the default stream and workspace: the plainest call
    Result got;
    CHECK_CUDA(cudaMemcpy(&got, result, sizeof got, cudaMemcpyDeviceToHost));
    unsigned long long bits = 0;
    std::memcpy(&bits, &got, sizeof got);
    std::printf("%lld %0*llx\n", n, static_cast<int>(2 * sizeof got), bits);
  }
  return 0;
}

int bits_main(int argc, char** argv) {
  std::vector<long long> sizes;
  for (int i = 5; i < argc; ++i) {
    char* end = nullptr;
    const long long n = std::strtoll(argv[i], &end, 10);
    if (*argv[i] == '\0' || *end != '\0' || n < 0) {
      std::fprintf(stderr, "tuned_dot: --bits: '%s' is not a size\n", argv[i]);
      return 2;
    }
    sizes.push_back(n);
  }
  const std::string type = argc > 2 ? argv[2] : "";
  if (argc < 6 || (type != "f32" && type != "f64" && type != "f16" && type != "bf16")) {
    std::fprintf(stderr, "usage: tuned_dot --bits f32|f64|f16|bf16 FILE_A FILE_B N...\n");
    return 2;
  }
  if (type == "f32") return print_bits<float>(argv[3], argv[4], sizes);
  if (type == "f64") return print_bits<double>(argv[3], argv[4], sizes);
  if (type == "f16") return print_bits<__half>(argv[3], argv[4], sizes);
  return print_bits<__nv_bfloat16>(argv[3], argv[4], sizes);
}

}  // namespace

int main(int argc, char** argv) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("tuned_dot: no usable CUDA device; skipped\n");
    return 77;
  }
  if (argc > 1 && std::string(argv[1]) == "--bits") return bits_main(argc, argv);
  cudaDeviceProp prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("tuned_dot on %s (cc %d.%d, %d SMs)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  // Awkward sizes: tiny, odd, one off powers of two, one either side of the
  // H200 table's range ends (32768, 512000, 8388608; 8192 for f64/f16/bf16),
  // the sweep's 1000003 and 2^20+3, and the largest timed size.
  const Expected expected = exact_sums({1, 2, 3, 31, 33, 1000, 4095, 4097, 8192, 8193, 32768, 32769, 65537, 512000,
                                        512001, 1000003, (1 << 20) + 3, 8388608, 8388609, (1 << 24) + 7,
                                        kLargest - 1, kLargest});
  ColdTimer timer(prop.l2CacheSize);
  std::string table =
      "| type | n    | variant (exported table)                             | cold us   | report us | diff    |\n"
      "|------|------|------------------------------------------------------|-----------|-----------|---------|\n";
  int failures = 0;
  failures += run_type<float>(expected, timer, stream, table);
  failures += run_type<double>(expected, timer, stream, table);
  failures += run_type<__half>(expected, timer, stream, table);
  failures += run_type<__nv_bfloat16>(expected, timer, stream, table);
  std::printf("\nCold medians (the sweep's protocol) against the report's median of the same variant and n:\n%s\n",
              table.c_str());
  std::printf("%s: %d failed checks\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
