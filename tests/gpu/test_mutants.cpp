// The checks against kernels known to be wrong: every mutant of
// mutant_kernels.cu, in every element type it is built for, run through the
// measuring path the sweep uses (SizeMeasurer: every input set of that type,
// the float64 check twice, cold timing and the timed-result check), must be
// judged incorrect with a reason at every size where it is not correct by
// construction (a mutant confined to a narrower type's values: where no value
// of that type passes every check), and the control, the same code without a
// bug, must be judged correct in every type at every size. Sizes 1 .. 2^24 + 3
// in every type, up to 2^28 + 3 in f32; the table it prints is the report's.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/check/correctness_verdict.hpp"
#include "core/check/element_array.hpp"
#include "core/check/error_bound.hpp"
#include "core/space/size_list.hpp"
#include "gpu/device_info.hpp"
#include "gpu/size_buffers.hpp"
#include "measure/size_inputs.hpp"
#include "measure/size_measurer.hpp"
#include "mutant_kernels.hpp"
#include "test_stream.hpp"

using namespace dotsweep;

namespace {

bool same_bits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

// The unit roundoff of a result rounded to `type` before the slot (2^-p, p
// the type's significand bits with the implicit one).
double output_roundoff(ElementType type) {
  switch (type) {
    case ElementType::f16: return 0x1p-11;
    case ElementType::bf16: return 0x1p-8;
    case ElementType::f32: return 0x1p-24;
    case ElementType::f64: return 0x1p-53;
  }
  return 1.0;
}

// The float64 check (and the determinism a two-pass finish promises) written
// out here rather than asked of judge_results, whose verdicts this test
// judges: a verdict that admitted twice the bound would otherwise owe itself
// nothing. Each float run's |r - ref| / sum|a_i b_i| must be within
// 2 gamma_h = 2 h u / (1 - h u), h = summation_depth (tested against hand
// counts in tests/unit/test_error_bound.cpp), u the accumulator's unit
// roundoff, plus one rounding of a result returned in a narrower type.
bool float_check_passes(const ObservedResults& observed, const ExpectedResults& expected, const SummationShape& shape,
                        bool promises_determinism) {
  const double scale = expected.floats.sum_abs > 0 ? expected.floats.sum_abs : 1.0;
  const double hu = summation_depth(shape) * shape.unit_roundoff;
  double bound = hu < 1.0 ? 2.0 * hu / (1.0 - hu) : std::numeric_limits<double>::infinity();
  if (shape.rounded_output) bound += output_roundoff(*shape.rounded_output) * (1.0 + bound);
  const auto within = [&](double result) {
    return std::isfinite(result) && std::fabs(result - expected.floats.value) / scale <= bound;
  };
  return within(observed.float_first) && within(observed.float_second) &&
         (!promises_determinism || same_bits(observed.float_first, observed.float_second));
}

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
  if (!float_check_passes(observed, expected, operation.summation_shape(), operation.promises_determinism())) seen += "F";
  return seen.empty() ? "-" : seen;
}

// The checks no value of `confined` can pass (same letters): an exact sum,
// as the result slot holds it, that `confined` cannot hold; a float64
// reference whose nearest value in `confined` is outside the bound (then
// every value of `confined` is). A mutant whose result is always such a
// value must be seen by each of them.
std::string checks_no_value_passes(ElementType confined, const ExpectedResults& expected,
                                   const DotOperation& operation) {
  std::string owed;
  const auto unholdable = [&](std::int64_t exact) {
    const double in_slot = exact_in_result_slot(expected.type, exact);
    return !same_bits(round_to_element(confined, in_slot), in_slot);
  };
  if (unholdable(expected.random_integers)) owed += "R";
  if (unholdable(expected.periodic_integers)) owed += "P";
  // The nearest value of `confined`, as the slot holds it (a value of any
  // type here is exact in the slot: f16, bf16 and f32 in a float, f32 in a double).
  const double nearest = round_to_element(confined, expected.floats.value);
  const ObservedResults nearest_everywhere{0, 0, nearest, nearest};
  if (!float_check_passes(nearest_everywhere, expected, operation.summation_shape(), false)) owed += "F";
  return owed;
}

// What a correct operation of `type` returns on each input set at n, as the measurer computes it.
ExpectedResults expected_at(long long n, ElementType type, const MeasureSettings& settings, cudaStream_t stream) {
  SizeBuffers scratch(n, type);
  SizeInputs inputs(n, type, settings.seed, std::max(1u, std::thread::hardware_concurrency()));
  for (const InputKind kind : {InputKind::random_integers, InputKind::periodic_integers, InputKind::positive_uniform})
    inputs.load(kind, scratch, stream);
  return inputs.expected();
}

struct Entry {
  const test::Mutant* mutant;
  MeasuredOperation op;
};

// Every mutant in every type it is built for, of the given types.
std::vector<Entry> entries_of(const std::vector<ElementType>& types) {
  std::vector<Entry> entries;
  for (const test::Mutant& mutant : test::mutants())
    for (const ElementType type : mutant.types) {
      if (std::find(types.begin(), types.end(), type) == types.end()) continue;
      Entry e{&mutant, {}};
      e.op.name = mutant.name;
      e.op.type = type;
      e.op.operation = mutant.make(type);
      entries.push_back(std::move(e));
    }
  return entries;
}

bool has(const std::string& sees, char check) { return sees.find(check) != std::string::npos; }

}  // namespace

TEST_CASE("the table of mutants: one control, each mutant built for its types") {
  std::map<std::string, int> names;
  int controls = 0;
  for (const test::Mutant& mutant : test::mutants()) {
    CAPTURE(mutant.name);
    CHECK(++names[mutant.name] == 1);
    CHECK_FALSE(mutant.bug.empty());
    REQUIRE_FALSE(mutant.types.empty());
    for (const ElementType type : mutant.types) {
      CAPTURE(to_string(type));
      const auto op = mutant.make(type);
      REQUIRE(op != nullptr);
      CHECK(op->element_type() == type);
      if (mutant.name == "control") {
        ++controls;
        CHECK(mutant.correct_by_construction(type, 4097));
      } else {
        CHECK_FALSE(mutant.correct_by_construction(type, 4097));  // every mutant is wrong somewhere tested
      }
    }
  }
  CHECK(controls == static_cast<int>(all_element_types().size()));
}

TEST_CASE("the checks catch every mutant kernel in every type at every size, and pass the control") {
  const DeviceInfo device = query_device(0);
  TestStream stream;
  REQUIRE(stream.get() != nullptr);

  MeasureSettings settings;
  settings.modes = {TimingMode::cold};
  settings.rule.min_samples = 3;  // a few timed launches: enough for the timed-result check
  settings.rule.max_samples = 3;
  SizeMeasurer measurer(device, stream.get(), settings);

  // Every type at sizes 1 .. 2^24 + 3; f32 alone (as before) up to 2^28 + 3.
  std::vector<Entry> every_type = entries_of(all_element_types());
  std::vector<Entry> f32_only = entries_of({ElementType::f32});
  const long long p24 = 1LL << 24, p28 = 1LL << 28;
  const std::vector<long long> sizes = {1, 7, 4097, 4099, 1000003, p24, p24 + 3, p28, p28 + 3};
  const auto big = [&](long long n) { return n > p24 + 3; };

  // Columns: the verdict, which checks see the results on their own (see
  // checks_that_see), and the reason the verdict gives (its first failing check).
  std::string table = "mutant               type n           correct  sees  reason\n";
  std::map<std::string, std::map<long long, std::string>> matrix;  // "mutant type" -> n -> sees, as in the table
  std::map<std::string, int> passable_sizes;                        // "mutant type" -> sizes where nothing is owed
  for (const long long n : sizes) {
    std::vector<Entry>& entries = big(n) ? f32_only : every_type;
    std::vector<MeasuredOperation> operations;
    for (Entry& e : entries) operations.push_back(std::move(e.op));
    std::map<std::string, MeasurementRecord> rows;  // by "name type"
    measurer.measure_size(n, operations, [&](const MeasurementRecord& row) { rows[row.variant + " " + row.type] = row; });
    for (std::size_t i = 0; i < entries.size(); ++i) entries[i].op = std::move(operations[i]);

    std::map<ElementType, ExpectedResults> expected;
    for (const Entry& e : entries)
      if (!expected.count(e.op.type)) expected[e.op.type] = expected_at(n, e.op.type, settings, stream.get());

    for (const Entry& e : entries) {
      const test::Mutant& mutant = *e.mutant;
      const MeasuredOperation& op = e.op;
      const std::string type = to_string(op.type);
      const std::string key = op.name + " " + type;
      CAPTURE(key);
      CAPTURE(n);
      REQUIRE(rows.count(key) == 1);
      REQUIRE(op.operation != nullptr);
      const MeasurementRecord& row = rows.at(key);
      CAPTURE(row.reason);
      CHECK(op.operation->element_type() == op.type);  // the instantiation reads the type it is listed under
      const ExpectedResults& exp = expected.at(op.type);
      const std::string sees = checks_that_see(op.observed, exp, *op.operation);
      // The verdict on these very results agrees with the checks written out
      // here: judged correct exactly when no check sees anything.
      const CorrectnessVerdict judged =
          judge_results(op.observed, exp, op.operation->summation_shape(), op.operation->promises_determinism());
      CHECK(judged.correct == (sees == "-"));
      char line[96];
      std::snprintf(line, sizeof line, "%-20s %-4s %-11s %-8s %-5s ", op.name.c_str(), type.c_str(),
                    size_label(n).c_str(), row.correct ? "yes" : "no", sees.c_str());
      // A mutant confined to a type's values is owed a verdict only where no
      // value of that type passes every check; elsewhere ("passable") a value
      // it may land on is within every check, so nothing is required of it.
      std::string owed;
      if (mutant.confined_to) owed = checks_no_value_passes(*mutant.confined_to(op.type), exp, *op.operation);
      const bool passable = mutant.confined_to && owed.empty();
      std::string cell = row.correct ? (sees == "-" ? "ok" : "ok?" + sees) : sees;
      if (passable) {
        cell += " (passable)";
        ++passable_sizes[key];
      }
      matrix[key][n] = cell;
      table += std::string(line) + (passable ? "[passable] " : "") + row.reason + "\n";
      if (mutant.correct_by_construction(op.type, n)) {
        CHECK(row.correct);
        CHECK(row.reason.empty());
        CHECK(row.samples == 3);  // timed, and the timed result agreed
        CHECK(sees == "-");
        continue;
      }
      if (passable) continue;
      CHECK_FALSE(row.correct);
      CHECK_FALSE(row.reason.empty());
      // The periodic set's guarantee: a dropped or doubled block, a dropped
      // tail or a read past the end changes its exact result whatever the
      // random integers happen to sum to.
      if (mutant.periodic_sees) CHECK(has(sees, 'P'));
      // Each check no value of the confined type can pass sees it.
      CAPTURE(owed);
      for (const char check : owed) CHECK(has(sees, check));
    }
  }

  // The seed's inputs leave a confined mutant passable at one size at most
  // (f16 sums-in-element-type at 4097: the reference 1036.0017 is within the
  // bound of the f16 value 1036); more would mean these sizes no longer test it.
  for (const auto& [key, count] : passable_sizes) {
    CAPTURE(key);
    CHECK(count <= 1);
  }

  // The same as a matrix, one row per (mutant, type), one column per size:
  // the checks that saw it ("ok" where it was judged correct).
  std::string pivot = "| mutant | type |";
  for (const long long n : sizes) pivot += " " + size_label(n) + " |";
  pivot += "\n|---|---|";
  for (std::size_t i = 0; i < sizes.size(); ++i) pivot += "---|";
  pivot += "\n";
  for (const test::Mutant& mutant : test::mutants())
    for (const ElementType type : mutant.types) {
      const std::string key = mutant.name + " " + to_string(type);
      pivot += "| " + mutant.name + " | " + to_string(type) + " |";
      for (const long long n : sizes) {
        const auto& cells = matrix[key];
        pivot += " " + (cells.count(n) ? cells.at(n) : std::string("")) + " |";
      }
      pivot += "\n";
    }
  MESSAGE("mutant table (seed " << settings.seed
                               << "; sees: R random-integer, P periodic, F float64 check; passable: some value of the "
                                  "type the mutant's result is confined to passes every check, so no verdict is owed):\n"
                                << table << "\n"
                                << pivot);
}
