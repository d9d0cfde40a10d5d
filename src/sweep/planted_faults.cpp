#include "sweep/planted_faults.hpp"

#include <cstdint>
#include <cstdlib>
#include <sstream>

#include "core/input_error.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/harness_kernels.hpp"

namespace dotsweep {

namespace {

enum class Fault { trap, hang };

// The real operation in every respect but its launches.
class PlantedFault : public DotOperation {
 public:
  PlantedFault(std::unique_ptr<DotOperation> real, Fault fault) : real_(std::move(real)), fault_(fault) {
    if (fault_ == Fault::hang) {
      check_cuda(cudaMalloc(&release_, sizeof(int)), "cudaMalloc (planted hang)");
      check_cuda(cudaMemset(release_, 0, sizeof(int)), "cudaMemset (planted hang)");  // never released
      check_cuda(cudaMalloc(&reading_, sizeof(SpinReading)), "cudaMalloc (planted hang)");
    }
  }
  ~PlantedFault() override {
    cudaFree(release_);
    cudaFree(reading_);
  }
  void prepare(long long n) override { real_->prepare(n); }
  void enqueue(const DotInputs& inputs, cudaStream_t stream) override {
    if (fault_ == Fault::hang) {
      constexpr unsigned long long kHours = 10ULL * 3600 * 1000000000ULL;  // far past any watchdog
      launch_blocking_kernel(static_cast<const volatile int*>(release_), static_cast<SpinReading*>(reading_), 0,
                             kHours, stream);
      return;
    }
    DotInputs bad = inputs;
    bad.a = reinterpret_cast<decltype(bad.a)>(std::uintptr_t{16});  // unmapped: an illegal address
    real_->enqueue(bad, stream);
  }
  long long grid_blocks() const override { return real_->grid_blocks(); }
  SummationShape summation_shape() const override { return real_->summation_shape(); }
  bool promises_determinism() const override { return real_->promises_determinism(); }
  ElementType element_type() const override { return real_->element_type(); }

 private:
  std::unique_ptr<DotOperation> real_;
  Fault fault_;
  void* release_ = nullptr;
  void* reading_ = nullptr;
};

}  // namespace

void plant_faults(std::vector<MeasuredOperation>& operations) {
  const char* text = std::getenv("DOTSWEEP_PLANT_FAULT");
  if (!text || !*text) return;
  std::istringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    const auto colon = item.find(':');
    const std::string kind = item.substr(0, colon), id = colon == std::string::npos ? "" : item.substr(colon + 1);
    if (kind != "trap" && kind != "hang")
      throw InputError("DOTSWEEP_PLANT_FAULT: '" + item + "' is not trap:<variant-id> or hang:<variant-id>");
    const Fault fault = kind == "trap" ? Fault::trap : Fault::hang;
    bool found = false;
    for (auto& op : operations) {
      if (op.name != id) continue;
      found = true;
      auto make = op.make;
      op.make = [make, fault]() -> std::unique_ptr<DotOperation> {
        return std::make_unique<PlantedFault>(make(), fault);
      };
    }
    if (!found) throw InputError("DOTSWEEP_PLANT_FAULT: no operation '" + id + "' in this sweep");
  }
}

}  // namespace dotsweep
