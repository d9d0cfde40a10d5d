#include "gpu/distributed_dot.hpp"

#include <algorithm>
#include <cstring>

#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/cuda_stream.hpp"
#include "gpu/device_buffer.hpp"
#include "gpu/device_info.hpp"
#include "gpu/host_path_dot.hpp"
#include "gpu/l2_eviction.hpp"
#include "gpu/timers.hpp"

namespace dotsweep {

std::string to_string(LocalDot local) { return local == LocalDot::tuned ? "tuned" : "cublas"; }

struct DistributedDot::Rank {
  int device = 0;
  DeviceInfo info;
  std::unique_ptr<Stream> stream;
  std::unique_ptr<EventPair> events;
  std::unique_ptr<L2Eviction> l2;
  std::unique_ptr<DotOperation> local;
  DeviceBuffer<unsigned char> a, b;
  DeviceBuffer<double> partial, reduced;  // room for either result type
  long long n = 0;
  nccl_abi::Comm* comm = nullptr;
};

DistributedDot::DistributedDot(const NcclLibrary& nccl, const std::vector<int>& devices, ElementType type,
                               LocalDot local)
    : nccl_(nccl), type_(type) {
  if (type != ElementType::f32 && type != ElementType::f64)
    throw GpuError("the distributed dot takes f32 or f64, not " + to_string(type));
  if (devices.empty()) throw GpuError("the distributed dot needs at least one GPU");
  for (int device : devices) {
    auto rank = std::make_unique<Rank>();
    rank->device = device;
    rank->info = query_device(device);  // and makes it current
    rank->stream = std::make_unique<Stream>();
    rank->events = std::make_unique<EventPair>();
    rank->l2 = std::make_unique<L2Eviction>(rank->info.l2_bytes, rank->stream->get());
    rank->local = local == LocalDot::tuned ? make_tuned_dot(rank->info, type) : make_cublas_dot(rank->info, type);
    rank->partial = DeviceBuffer<double>(1);
    rank->reduced = DeviceBuffer<double>(1);
    ranks_.push_back(std::move(rank));
  }
  const std::vector<nccl_abi::Comm*> comms = nccl_.init_all(devices);
  for (std::size_t r = 0; r < ranks_.size(); ++r) ranks_[r]->comm = comms[r];
}

DistributedDot::~DistributedDot() {
  for (auto& rank : ranks_) {  // each GPU's resources freed with that GPU current
    cudaSetDevice(rank->device);
    nccl_.destroy(rank->comm);
    rank.reset();
  }
}

void DistributedDot::load(const ElementArray& a, const ElementArray& b) {
  const long long n = static_cast<long long>(a.size());
  const long long g = gpus();
  if (n < g) throw GpuError("the distributed dot needs at least one element per GPU");
  const std::size_t width = static_cast<std::size_t>(element_bytes(type_));
  for (long long r = 0; r < g; ++r) {
    Rank& rank = *ranks_[static_cast<std::size_t>(r)];
    const long long first = r * n / g, last = (r + 1) * n / g;
    rank.n = last - first;
    const std::size_t bytes = static_cast<std::size_t>(rank.n) * width;
    check_cuda(cudaSetDevice(rank.device), "cudaSetDevice");
    if (rank.a.size() < bytes) {
      rank.a = DeviceBuffer<unsigned char>(bytes);
      rank.b = DeviceBuffer<unsigned char>(bytes);
    }
    const std::size_t offset = static_cast<std::size_t>(first) * width;
    check_cuda(cudaMemcpy(rank.a.get(), a.data() + offset, bytes, cudaMemcpyHostToDevice), "copy a's slice");
    check_cuda(cudaMemcpy(rank.b.get(), b.data() + offset, bytes, cudaMemcpyHostToDevice), "copy b's slice");
    rank.local->prepare(rank.n);
  }
}

double DistributedDot::time_once() {
  for (auto& rank : ranks_) {
    check_cuda(cudaSetDevice(rank->device), "cudaSetDevice");
    rank->l2->evict(rank->stream->get());
  }
  for (auto& rank : ranks_) check_cuda(cudaStreamSynchronize(rank->stream->get()), "drain the L2 eviction");
  for (auto& rank : ranks_) {
    check_cuda(cudaSetDevice(rank->device), "cudaSetDevice");
    rank->events->record_start(rank->stream->get());
    DotInputs in;
    in.a = rank->a.get();
    in.b = rank->b.get();
    in.n = rank->n;
    in.type = type_;
    in.result = rank->partial.get();
    rank->local->enqueue(in, rank->stream->get());
  }
  const int data_type = type_ == ElementType::f64 ? nccl_abi::kFloat64 : nccl_abi::kFloat32;
  nccl_.group_start();
  for (auto& rank : ranks_)
    nccl_.all_reduce(rank->partial.get(), rank->reduced.get(), 1, data_type, rank->comm, rank->stream->get());
  nccl_.group_end();
  double slowest = 0;
  for (auto& rank : ranks_) {
    check_cuda(cudaSetDevice(rank->device), "cudaSetDevice");
    rank->events->record_stop(rank->stream->get());
  }
  for (auto& rank : ranks_) slowest = std::max(slowest, rank->events->elapsed_us());
  return slowest;
}

double DistributedDot::result() const {
  std::vector<double> values;
  for (const auto& rank : ranks_) {
    unsigned char bytes[sizeof(double)] = {};
    check_cuda(cudaMemcpy(bytes, rank->reduced.get(), static_cast<std::size_t>(result_bytes(type_)), cudaMemcpyDeviceToHost),
               "read the reduced result");
    if (type_ == ElementType::f64) {
      double v;
      std::memcpy(&v, bytes, sizeof v);
      values.push_back(v);
    } else {
      float v;
      std::memcpy(&v, bytes, sizeof v);
      values.push_back(v);
    }
  }
  for (std::size_t r = 1; r < values.size(); ++r)
    if (std::memcmp(&values[r], &values[0], sizeof(double)) != 0)
      throw GpuError("the all-reduce left GPU " + std::to_string(ranks_[r]->device) + " another result than GPU " +
                     std::to_string(ranks_[0]->device));
  return values.front();
}

SummationShape DistributedDot::summation_shape() const {
  SummationShape shape = ranks_.front()->local->summation_shape();
  shape.per_thread_terms += gpus() - 1;
  return shape;
}

bool DistributedDot::promises_determinism() const { return false; }  // the tuned table's winners use atomics

}  // namespace dotsweep
