#include "dependent_launch_kernels.hpp"

#include <stdexcept>
#include <vector>

namespace dotsweep::test {

namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

__device__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)::"memory");
  return t;
}

__global__ void late_producer(float* b, long long n, float value, unsigned long long delay_ns) {
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
  const unsigned long long start = now_ns();
  while (now_ns() - start < delay_ns) {
  }
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    b[i] = value;
}

constexpr int kReaderThreads = 1024, kReaderItems = 8;

__global__ void __launch_bounds__(kReaderThreads) reads_then_waits(const float* a, const float* b, long long n,
                                                                  float* result) {
  float x[kReaderItems], y[kReaderItems];
#pragma unroll
  for (int k = 0; k < kReaderItems; ++k) {
    const long long i = threadIdx.x + (long long)k * kReaderThreads;
    x[k] = y[k] = 0;
    if (i < n) {
      asm volatile("ld.global.f32 %0, [%1];" : "=f"(x[k]) : "l"(a + i));
      asm volatile("ld.global.f32 %0, [%1];" : "=f"(y[k]) : "l"(b + i));
    }
  }
  float sum = 0;
#pragma unroll
  for (int k = 0; k < kReaderItems; ++k) sum += x[k] * y[k];
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
  __shared__ float total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  atomicAdd(&total, sum);
  __syncthreads();
  if (threadIdx.x == 0) *result = total;
}

}  // namespace

void early_reader(const DotInputs& in, cudaStream_t stream, void*) {
  if (in.n > (long long)kReaderThreads * kReaderItems) throw std::invalid_argument("early_reader: n <= 8192");
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t launch{};
  launch.gridDim = dim3(1);
  launch.blockDim = dim3(kReaderThreads);
  launch.stream = stream;
  launch.attrs = &attribute;
  launch.numAttrs = 1;
  const float* a = static_cast<const float*>(in.a);
  const float* b = static_cast<const float*>(in.b);
  long long n = in.n;
  float* result = static_cast<float*>(in.result);
  check(cudaLaunchKernelEx(&launch, reads_then_waits, a, b, n, result), "launch reads_then_waits");
}

double result_after_late_producer(const DotInputs& in, float value, double delay_us, cudaStream_t stream,
                                  void (*consume)(const DotInputs&, cudaStream_t, void*), void* context) {
  const std::vector<float> ones(static_cast<std::size_t>(in.n), 1.0f);
  check(cudaMemcpy(const_cast<void*>(in.a), ones.data(), ones.size() * sizeof(float), cudaMemcpyHostToDevice), "a");
  check(cudaMemcpy(const_cast<void*>(in.b), ones.data(), ones.size() * sizeof(float), cudaMemcpyHostToDevice), "b");
  const float poison = -1.0f;
  check(cudaMemcpy(in.result, &poison, sizeof poison, cudaMemcpyHostToDevice), "result");
  check(cudaDeviceSynchronize(), "synchronize before");
  // Captured as one graph, the way the sweep's hot mode launches back-to-back
  // dots (the programmatic edge is kept in the graph): launched straight into
  // a stream, the early reader on an H100 did not start before the producer
  // ended, so the control below could not fail there.
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "begin capture");
  late_producer<<<132, 256, 0, stream>>>(static_cast<float*>(const_cast<void*>(in.b)), in.n, value,
                                         static_cast<unsigned long long>(delay_us * 1000.0));
  const cudaError_t launched = cudaGetLastError();
  consume(in, stream, context);
  check(cudaStreamEndCapture(stream, &graph), "end capture");
  check(launched, "launch late_producer");
  check(cudaGraphInstantiate(&exec, graph, 0), "instantiate");
  check(cudaGraphLaunch(exec, stream), "graph launch");
  check(cudaStreamSynchronize(stream), "synchronize after");
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  float result = 0;
  check(cudaMemcpy(&result, in.result, sizeof result, cudaMemcpyDeviceToHost), "read result");
  return result;
}

}  // namespace dotsweep::test
