// NCCL, loaded at run time (dlopen), so dotsweep builds and starts without
// it: only the distributed dot (gpu/distributed_dot.hpp) needs it, and it
// says why when no NCCL loads. The handful of entry points it uses are
// declared here by their documented C ABI (nccl.h), so building needs no
// NCCL headers either.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace dotsweep {

namespace nccl_abi {
struct Comm;                 // ncclComm: opaque
using Result = int;          // ncclResult_t; 0 = ncclSuccess
inline constexpr Result kSuccess = 0;
inline constexpr int kFloat32 = 7;  // ncclDataType_t ncclFloat32
inline constexpr int kFloat64 = 8;  // ncclFloat64
inline constexpr int kSum = 0;      // ncclRedOp_t ncclSum
}  // namespace nccl_abi

// $DOTSWEEP_NCCL when set, then libnccl.so.2 on the loader's path.
std::vector<std::string> nccl_candidates(const char* env_override = std::getenv("DOTSWEEP_NCCL"));

class NcclLibrary {
 public:
  // The first candidate that loads and has every entry point; GpuError
  // naming each candidate tried and why when none does.
  static std::unique_ptr<NcclLibrary> load(const std::vector<std::string>& candidates = nccl_candidates());

  const std::string& path() const { return path_; }
  std::string version() const;  // "2.28.9"

  // One communicator per device, all in this process (ncclCommInitAll).
  std::vector<nccl_abi::Comm*> init_all(const std::vector<int>& devices) const;
  void destroy(nccl_abi::Comm* comm) const;
  // A sum over every rank of `count` elements of `data_type` (nccl_abi).
  void all_reduce(const void* send, void* receive, std::size_t count, int data_type, nccl_abi::Comm* comm,
                  cudaStream_t stream) const;
  // Several ranks' calls from one thread go between these (ncclGroupStart/End).
  void group_start() const;
  void group_end() const;

 private:
  void check(nccl_abi::Result result, const char* what) const;

  std::string path_;
  nccl_abi::Result (*get_version_)(int*) = nullptr;
  nccl_abi::Result (*comm_init_all_)(nccl_abi::Comm**, int, const int*) = nullptr;
  nccl_abi::Result (*comm_destroy_)(nccl_abi::Comm*) = nullptr;
  nccl_abi::Result (*all_reduce_)(const void*, void*, std::size_t, int, int, nccl_abi::Comm*, cudaStream_t) = nullptr;
  nccl_abi::Result (*group_start_)() = nullptr;
  nccl_abi::Result (*group_end_)() = nullptr;
  const char* (*error_string_)(nccl_abi::Result) = nullptr;
};

}  // namespace dotsweep
