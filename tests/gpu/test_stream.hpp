// A created stream for GPU tests: graph capture refuses the legacy default stream.
#pragma once

#include <cuda_runtime_api.h>

struct TestStream {
  cudaStream_t stream = nullptr;
  TestStream() { cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking); }
  ~TestStream() { cudaStreamDestroy(stream); }
  TestStream(const TestStream&) = delete;
  TestStream& operator=(const TestStream&) = delete;
  cudaStream_t get() const { return stream; }
};
