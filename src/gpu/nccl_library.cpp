#include "gpu/nccl_library.hpp"

#include <dlfcn.h>

#include "gpu/cuda_error.hpp"

#if __has_include(<nccl.h>)
#include <nccl.h>
// Where NCCL's own header is at hand, the declarations above must be its.
static_assert(dotsweep::nccl_abi::kSuccess == ncclSuccess);
static_assert(dotsweep::nccl_abi::kFloat32 == ncclFloat32 && dotsweep::nccl_abi::kFloat64 == ncclFloat64);
static_assert(dotsweep::nccl_abi::kSum == ncclSum);
#endif

namespace dotsweep {

namespace {

template <typename Fn>
bool bind(void* handle, const char* name, Fn& fn) {
  fn = reinterpret_cast<Fn>(::dlsym(handle, name));
  return fn != nullptr;
}

}  // namespace

std::vector<std::string> nccl_candidates(const char* env_override) {
  std::vector<std::string> candidates;
  if (env_override && *env_override) candidates.push_back(env_override);
  candidates.push_back("libnccl.so.2");
  return candidates;
}

std::unique_ptr<NcclLibrary> NcclLibrary::load(const std::vector<std::string>& candidates) {
  std::string tried;
  for (const std::string& path : candidates) {
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = ::dlerror();
      tried += (tried.empty() ? "" : "; ") + path + " (" + (why ? why : "not loadable") + ")";
      continue;
    }
    std::unique_ptr<NcclLibrary> lib(new NcclLibrary());
    lib->path_ = path;
    const bool complete = bind(handle, "ncclGetVersion", lib->get_version_) &&
                          bind(handle, "ncclCommInitAll", lib->comm_init_all_) &&
                          bind(handle, "ncclCommDestroy", lib->comm_destroy_) &&
                          bind(handle, "ncclAllReduce", lib->all_reduce_) &&
                          bind(handle, "ncclGroupStart", lib->group_start_) &&
                          bind(handle, "ncclGroupEnd", lib->group_end_) &&
                          bind(handle, "ncclGetErrorString", lib->error_string_);
    if (complete) return lib;  // the handle stays open for the process's life
    tried += (tried.empty() ? "" : "; ") + path + " (lacks an NCCL entry point)";
    ::dlclose(handle);
  }
  throw GpuError("no NCCL library loads (tried " + tried +
                 "); install NCCL (Debian: libnccl2; PyPI: nvidia-nccl-cu13) or set DOTSWEEP_NCCL to libnccl.so.2's path");
}

std::string NcclLibrary::version() const {
  int code = 0;
  check(get_version_(&code), "ncclGetVersion");
  // Since NCCL 2.9: major * 10000 + minor * 100 + patch.
  return std::to_string(code / 10000) + "." + std::to_string(code / 100 % 100) + "." + std::to_string(code % 100);
}

std::vector<nccl_abi::Comm*> NcclLibrary::init_all(const std::vector<int>& devices) const {
  std::vector<nccl_abi::Comm*> comms(devices.size(), nullptr);
  check(comm_init_all_(comms.data(), static_cast<int>(devices.size()), devices.data()), "ncclCommInitAll");
  return comms;
}

void NcclLibrary::destroy(nccl_abi::Comm* comm) const {
  if (comm) comm_destroy_(comm);
}

void NcclLibrary::all_reduce(const void* send, void* receive, std::size_t count, int data_type, nccl_abi::Comm* comm,
                             cudaStream_t stream) const {
  check(all_reduce_(send, receive, count, data_type, nccl_abi::kSum, comm, stream), "ncclAllReduce");
}

void NcclLibrary::group_start() const { check(group_start_(), "ncclGroupStart"); }
void NcclLibrary::group_end() const { check(group_end_(), "ncclGroupEnd"); }

void NcclLibrary::check(nccl_abi::Result result, const char* what) const {
  if (result != nccl_abi::kSuccess) throw GpuError(std::string(what) + ": " + error_string_(result));
}

}  // namespace dotsweep
