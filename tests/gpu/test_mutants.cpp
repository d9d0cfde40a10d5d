// The checks against kernels known to be wrong: every mutant of
// mutant_kernels.cu, run through the measuring path the sweep uses
// (SizeMeasurer: every input set, the float64 check twice, cold timing and the
// timed-result check), must be judged incorrect with a reason at every size,
// and the control, the same code without a bug, must be judged correct.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/correctness_verdict.hpp"
#include "core/size_list.hpp"
#include "gpu/device_info.hpp"
#include "gpu/size_buffers.hpp"
#include "measure/size_inputs.hpp"
#include "measure/size_measurer.hpp"
#include "mutant_kernels.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

namespace {

// Whether the mutant computes the right answer by construction at n: only
// drops-tail when n % 4 == 0 (there is no tail to drop). The block mutants
// never are: the kernels launch ceil(n / 4 / block) blocks, so every n here
// but 1 has several, and at n = 1 the one block holds the one element (the
// tail goes to the last block), so dropping it gives 0 and doubling it 2x.
bool correct_by_construction(const std::string& mutant, long long n) {
  return mutant == "control" || (mutant == "drops-tail" && n % 4 == 0);
}

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// Which checks see an operation's results on their own, each as if the others
// had passed: "R" random integers, "P" periodic, "F" the float64 check (both
// runs, and the determinism a two-pass finish promises).
std::string checks_that_see(const ObservedResults& observed, const ExpectedResults& expected,
                            const DotOperation& operation) {
  std::string seen;
  const double random_exact = exact_in_result_slot(expected.type, expected.random_integers);
  const double periodic_exact = exact_in_result_slot(expected.type, expected.periodic_integers);
  if (!same_bits(observed.random_integers, random_exact)) seen += "R";
  if (!same_bits(observed.periodic_integers, periodic_exact)) seen += "P";
  ObservedResults floats_only = observed;
  floats_only.random_integers = random_exact;
  floats_only.periodic_integers = periodic_exact;
  if (!judge_results(floats_only, expected, operation.summation_shape(), operation.promises_determinism()).correct)
    seen += "F";
  return seen.empty() ? "-" : seen;
}

// What a correct operation returns on each input set at n, as the measurer computes it.
ExpectedResults expected_at(long long n, const MeasureSettings& settings, cudaStream_t stream) {
  SizeBuffers scratch(n, ElementType::f32);
  SizeInputs inputs(n, ElementType::f32, settings.seed, std::max(1u, std::thread::hardware_concurrency()));
  for (const InputKind kind : {InputKind::random_integers, InputKind::periodic_integers, InputKind::positive_uniform})
    inputs.load(kind, scratch, stream);
  return inputs.expected();
}

}  // namespace

TEST_CASE("the checks catch every mutant kernel at every size, and pass the control") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  REQUIRE(stream.get() != nullptr);

  MeasureSettings settings;
  settings.modes = {TimingMode::cold};
  settings.rule.min_samples = 3;  // a few timed launches: enough for the timed-result check
  settings.rule.max_samples = 3;
  SizeMeasurer measurer(device, stream.get(), settings);

  std::vector<MeasuredOperation> operations;
  for (auto& [name, operation] : test::make_mutants()) {
    MeasuredOperation op;
    op.name = name;
    op.operation = std::move(operation);
    operations.push_back(std::move(op));
  }
  REQUIRE(operations.size() == 6);

  // Columns: the verdict, which checks see the results on their own (see
  // checks_that_see), and the reason the verdict gives (its first failing check).
  std::string table = "mutant               n           correct  sees  reason\n";
  const long long p24 = 1LL << 24, p28 = 1LL << 28;
  for (const long long n : {1LL, 4097LL, 1000003LL, p24, p24 + 3, p28, p28 + 3}) {
    std::map<std::string, MeasurementRecord> rows;
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) { rows[row.variant] = row; });
    const ExpectedResults expected = expected_at(n, settings, stream.get());
    for (const auto& op : operations) {
      CAPTURE(op.name);
      CAPTURE(n);
      REQUIRE(rows.count(op.name) == 1);
      REQUIRE(op.operation != nullptr);
      const MeasurementRecord& row = rows.at(op.name);
      CAPTURE(row.reason);
      const std::string sees = checks_that_see(op.observed, expected, *op.operation);
      char line[80];
      std::snprintf(line, sizeof line, "%-20s %-11s %-8s %-5s ", op.name.c_str(), size_label(n).c_str(),
                    row.correct ? "yes" : "no", sees.c_str());
      table += line + row.reason + "\n";
      if (correct_by_construction(op.name, n)) {
        CHECK(row.correct);
        CHECK(row.reason.empty());
        CHECK(row.samples == 3);  // timed, and the timed result agreed
        CHECK(sees == "-");
      } else {
        CHECK_FALSE(row.correct);
        CHECK_FALSE(row.reason.empty());
        // The periodic set's guarantee: a dropped or doubled block, a dropped
        // tail or a read past the end changes its exact result whatever the
        // random integers happen to sum to. (A race changes it only when it
        // bites during that run, so racy-tree is left to the verdict above.)
        if (op.name != "racy-tree") CHECK(sees.find('P') != std::string::npos);
      }
    }
  }
  MESSAGE("mutant table (seed " << settings.seed << "; sees: R random-integer, P periodic, F float64 check):\n"
                                << table);
}
