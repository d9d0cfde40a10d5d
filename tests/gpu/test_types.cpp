// Every element type through the sweep's measuring path: the per-type
// baselines (cuBLAS S/D/DotEx, CUB, thrust::inner_product, the floor, the
// completed seed kernel) are judged correct on inputs of their own type at
// awkward and large sizes, the seed kernel as written incorrect above one
// block, rows carry their type and its bytes,
// and the harness's checks still catch a wrong result in each type (a mutant
// that answers from the wrong half of the inputs).
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "core/space/element_type.hpp"
#include "gpu/baselines.hpp"
#include "gpu/cuda_error.hpp"
#include "gpu/device_info.hpp"
#include "measure/size_measurer.hpp"
#include "measure/sweep_operations.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

namespace {

// Wraps an operation and halves n: a kernel that drops the second half of the
// inputs. Must be judged incorrect in every type.
class HalfDot : public DotOperation {
 public:
  explicit HalfDot(std::unique_ptr<DotOperation> inner) : inner_(std::move(inner)) {}
  void prepare(long long n) override { inner_->prepare(std::max(1LL, n / 2)); }
  void enqueue(const DotInputs& in, cudaStream_t stream) override {
    DotInputs half = in;
    half.n = std::max(1LL, in.n / 2);
    inner_->enqueue(half, stream);
  }
  long long grid_blocks() const override { return inner_->grid_blocks(); }
  ElementType element_type() const override { return inner_->element_type(); }
  SummationShape summation_shape() const override { return inner_->summation_shape(); }
  bool promises_determinism() const override { return true; }

 private:
  std::unique_ptr<DotOperation> inner_;
};

}  // namespace

TEST_CASE("every type: its baselines are correct on its own inputs; a half-sum mutant is not") {
  const DeviceInfo device = query_device(0);
  std::vector<MeasuredOperation> operations = baseline_operations(device, all_element_types());
  for (const MeasuredOperation& op : operations) {
    CAPTURE(op.name);
    REQUIRE(op.failure.empty());
  }
  for (const ElementType type : all_element_types()) {
    MeasuredOperation op;
    op.name = "half-" + to_string(type);
    op.type = type;
    op.operation = std::make_unique<HalfDot>(make_cub_dot(device, type));
    operations.push_back(std::move(op));
  }

  TestStream stream;
  MeasureSettings settings;
  settings.modes = {TimingMode::cold, TimingMode::hot};
  settings.rule.min_samples = settings.rule.max_samples = 3;
  SizeMeasurer measurer(device, stream.get(), settings);
  for (long long n : {1LL, 4097LL, 1000003LL, (1LL << 24) + 3}) {
    std::map<std::string, int> floors_per_type, thrust_per_type;
    int seed_as_written_rows = 0;
    std::size_t rows = 0;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) {
      ++rows;
      CAPTURE(row.variant);
      CAPTURE(row.type);
      CAPTURE(row.mode);
      CAPTURE(n);
      CAPTURE(row.reason);
      const ElementType type = *element_type_from_string(row.type);
      if (row.variant == "thrust") ++thrust_per_type[row.type];
      if (row.kind == "baseline") CHECK(row.acc == (type == ElementType::f64 ? "f64" : "f32"));
      if (row.kind == "floor") {
        ++floors_per_type[row.type];
        CHECK_FALSE(row.correct);
        CHECK(row.median_us.has_value());
      } else if (row.variant.rfind("half-", 0) == 0) {
        CHECK(row.variant == "half-" + row.type);
        if (n > 1) CHECK_FALSE(row.correct);
      } else if (row.variant == "seed-as-written") {
        ++seed_as_written_rows;
        // Block 0's partial only, by design: right within one block, wrong above.
        if (n > kSeedBlock) {
          CHECK_FALSE(row.correct);
          CHECK(row.reason.find("check") != std::string::npos);
          CHECK_FALSE(row.median_us.has_value());  // incorrect rows are never timed
        } else {
          CHECK(row.correct);
        }
      } else if (row.variant == "cublas" && type == ElementType::f16 && !row.correct) {
        // cublasDotEx returning f16: the positive-uniform sum (about n/4)
        // overflows 65504 from n ~ 2^18; below that it must be right.
        CHECK(n > 200000);
        CHECK((row.reason.find("overflows f16") != std::string::npos ||
               row.reason.find("float64 check") != std::string::npos));
      } else {
        CHECK(row.correct);
        REQUIRE(row.median_us.has_value());
        REQUIRE(row.gbps.has_value());
        // gbps counts this type's bytes: 2 n element_bytes / median.
        CHECK(*row.gbps == doctest::Approx(2.0 * n * element_bytes(type) / (*row.median_us * 1e3)));
        // f64 is judged against an f64 accumulator's bound, far below f32's.
        if (type == ElementType::f64) CHECK(*row.err_bound < 1e-12);
      }
    });
    CHECK(rows == 2 * operations.size());
    CHECK(seed_as_written_rows == 2);  // f32 only, cold and hot
    for (const ElementType type : all_element_types()) {
      CHECK(floors_per_type[to_string(type)] == 2);
      CHECK(thrust_per_type[to_string(type)] == 2);  // timed cold and hot by the host-synchronous timer
    }
  }
}
