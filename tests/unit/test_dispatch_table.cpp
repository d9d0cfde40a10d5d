// The export's choice rule (core/export/dispatch_table.hpp), its assembly over
// reports (core/export/tuned_tables.hpp) and its printers.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/export/dispatch_header.hpp"
#include "core/export/dispatch_table.hpp"
#include "core/export/kernel_tuner_results.hpp"
#include "core/export/tuned_tables.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::input_error_of;

namespace {

VariantConfig config(int block, int items = 1, GridFinish finish = GridFinish::atomic) {
  VariantConfig c;
  c.block = block;
  c.items = items;
  c.vec = 4;
  c.layout = SharedLayout::warp_partials;
  c.reduce = BlockReduce::shuffle;
  c.finish = finish;
  return c;
}

// A size whose candidates are the given blocks, each with its median.
SizeChoices size(std::int64_t n, std::vector<std::pair<int, double>> candidates) {
  SizeChoices s{n, {}};
  for (auto [block, us] : candidates) s.candidates.push_back({config(block), us});
  return s;
}

std::vector<int> blocks_of(const std::vector<TableRange>& ranges) {
  std::vector<int> out;
  for (const auto& r : ranges) out.push_back(r.config.block);
  return out;
}

// A correct candidate row of `c` with its axis columns, as sweep.csv holds it.
MeasurementRecord row_of(const VariantConfig& c, std::int64_t n, double lo, double median, double hi) {
  MeasurementRecord r = test::timed_row(c.id(), lo, median, hi, n);
  set_axis_columns(r, c);
  r.env.gpu = "NVIDIA H200";
  r.env.cc = "9.0";
  r.env.timestamp = "2026-11-30T19:12:39Z";
  r.env.dotsweep_version = "0.1.0";
  return r;
}

}  // namespace

TEST_CASE("range_boundary: the geometric mean, rounded down, inside [below, above)") {
  CHECK(range_boundary(4096, 16384) == 8192);
  CHECK(range_boundary(1, 4096) == 64);
  CHECK(range_boundary(1048576, 1048579) == 1048577);  // floor(sqrt(2^20 x (2^20+3)))
  CHECK(range_boundary(5, 6) == 5);
  CHECK(range_boundary(0, 1) == 0);
  CHECK(range_boundary(1LL << 28, 1LL << 29) == 379625062);  // floor(2^28.5)
  CHECK_THROWS(range_boundary(7, 7));
}

TEST_CASE("choose_ranges: one variant tied everywhere is one range from 0 with no end") {
  const auto ranges = choose_ranges({size(4096, {{256, 4}, {512, 4.1}}), size(65536, {{512, 5}, {256, 5.2}})});
  REQUIRE(ranges.size() == 1);
  CHECK(ranges[0].n_min == 0);
  CHECK(ranges[0].n_max == kNoEnd);
  // Both are tied at both sizes: the least sum of medians (256: 9.2 against 9.1) wins.
  CHECK(ranges[0].config.block == 512);
  REQUIRE(ranges[0].measured.size() == 2);
  CHECK(ranges[0].measured[0] == std::make_pair<std::int64_t, double>(4096, 4.1));
  CHECK(ranges[0].measured[1] == std::make_pair<std::int64_t, double>(65536, 5));
}

TEST_CASE("choose_ranges: the member tied at more neighbouring sizes beats each size's fastest") {
  // Each size's fastest differs (128, 1024, 128), but 256 is tied at all three:
  // one range rather than three.
  const auto ranges = choose_ranges({size(4096, {{128, 3.0}, {256, 3.1}}), size(16384, {{1024, 3.5}, {256, 3.6}}),
                                     size(65536, {{128, 4.0}, {256, 4.1}})});
  CHECK(blocks_of(ranges) == std::vector<int>{256});
}

TEST_CASE("choose_ranges: the fewest ranges, split where no variant is shared, boundaries between") {
  // 256 ties at the first three, 512 at the last three: greedy from the left
  // takes 256 as far as it goes (4096..65536), then 512.
  const auto ranges = choose_ranges({size(262144, {{512, 9}}), size(4096, {{256, 3}}),
                                     size(16384, {{256, 4}, {512, 4.1}}), size(65536, {{256, 5}, {512, 5.1}})});
  REQUIRE(ranges.size() == 2);
  CHECK(blocks_of(ranges) == std::vector<int>{256, 512});
  CHECK(ranges[0].n_min == 0);
  CHECK(ranges[0].n_max == 131072);  // sqrt(65536 x 262144)
  CHECK(ranges[1].n_min == 131073);
  CHECK(ranges[1].n_max == kNoEnd);
  CHECK(ranges[1].measured.size() == 1);
}

TEST_CASE("choose_ranges: adjacent sizes with the same choice merge; a size between them splits") {
  const auto split = choose_ranges({size(1, {{256, 1}}), size(2, {{512, 1}}), size(3, {{256, 1}})});
  CHECK(blocks_of(split) == std::vector<int>{256, 512, 256});
  const auto merged = choose_ranges({size(1, {{256, 1}}), size(2, {{256, 1}}), size(3, {{256, 1}})});
  CHECK(blocks_of(merged) == std::vector<int>{256});
}

TEST_CASE("choose_ranges: equal sums keep the smaller id") {
  const auto ranges = choose_ranges({size(4096, {{512, 4}, {256, 4}})});
  // "f32.b256..." < "f32.b512..."
  CHECK(ranges[0].config.block == 256);
}

TEST_CASE("choose_ranges refuses no sizes, a size without candidates and a repeated n") {
  CHECK_THROWS(choose_ranges({}));
  CHECK_THROWS(choose_ranges({size(4096, {})}));
  CHECK_THROWS(choose_ranges({size(4096, {{256, 1}}), size(4096, {{256, 1}})}));
}

TEST_CASE("config_of_row reads the axis columns and refuses a row whose columns are another variant") {
  VariantConfig c = config(256, 4, GridFinish::gather);
  c.grid = GridKind::persistent;
  c.persistent_k = 2;
  c.type = ElementType::bf16;
  c.vec = 8;
  const MeasurementRecord row = row_of(c, 4096, 1, 2, 3);
  CHECK(config_of_row(row, "r.csv").id() == c.id());
  MeasurementRecord other = row;
  other.items = 8;
  CHECK(input_error_of([&] { config_of_row(other, "r.csv"); }).find("axis columns spell") != std::string::npos);
  MeasurementRecord f32_row = row_of(config(256), 4096, 1, 2, 3);
  f32_row.acc = "f32";  // written before the acc axis: the type's own accumulator
  CHECK(config_of_row(f32_row, "r.csv").acc == Accumulator::own);
  MeasurementRecord bad_grid = row;
  bad_grid.grid = "persistent:x";
  CHECK(input_error_of([&] { config_of_row(bad_grid, "r.csv"); }).find("grid") != std::string::npos);
  MeasurementRecord bad_layout = row;
  bad_layout.layout = "diagonal";
  CHECK(input_error_of([&] { config_of_row(bad_layout, "r.csv"); }).find("unknown layout") != std::string::npos);
}

TEST_CASE("size_choices_of: the tied candidates, or the fastest candidate behind an untied baseline") {
  const VariantConfig a = config(256), b = config(512), slow = config(1024);
  std::vector<MeasurementRecord> rows{row_of(a, 4096, 3.9, 4.0, 4.1), row_of(b, 4096, 4.05, 4.1, 4.2),
                                      row_of(slow, 4096, 6, 7, 8)};
  MeasurementRecord cublas = test::timed_row("cublas", 1, 1.5, 2, 65536);
  rows.push_back(cublas);
  rows.push_back(row_of(slow, 65536, 6, 7, 8));
  rows.push_back(row_of(b, 65536, 5, 5.5, 5.9));
  MeasurementRecord wrong = row_of(a, 65536, 0.1, 0.2, 0.3);  // fastest, but incorrect
  wrong.correct = false;
  rows.push_back(wrong);
  MeasurementRecord hot = row_of(slow, 4096, 0.1, 0.2, 0.3);
  hot.mode = "hot";
  rows.push_back(hot);
  const auto sizes = size_choices_of(rows, "f32", "cold", "r.csv");
  REQUIRE(sizes.size() == 2);
  CHECK(sizes[0].n == 4096);
  REQUIRE(sizes[0].candidates.size() == 2);
  CHECK(sizes[0].candidates[0].config.block == 256);
  CHECK(sizes[0].candidates[1].config.block == 512);
  CHECK(sizes[1].n == 65536);
  REQUIRE(sizes[1].candidates.size() == 1);  // cuBLAS is ahead of all; 512 is the fastest correct candidate
  CHECK(sizes[1].candidates[0].config.block == 512);
  CHECK(size_choices_of(rows, "f64", "cold", "r.csv").empty());
}

TEST_CASE("tuned_tables: one table per (GPU, type); a second report for the same pair is refused") {
  ExportReport h200{"h200.csv", {row_of(config(256), 4096, 1, 2, 3)}};
  VariantConfig f64 = config(256);
  f64.type = ElementType::f64;
  f64.vec = 2;
  ExportReport h200_f64{"h200-f64.csv", {row_of(f64, 4096, 1, 2, 3)}};
  const TunedTables both = tuned_tables({h200, h200_f64}, "cold");
  REQUIRE(both.devices.size() == 1);
  CHECK(both.devices[0].cc == "9.0");
  REQUIRE(both.devices[0].types.size() == 2);
  CHECK(both.devices[0].types[1].report == "h200-f64.csv");
  CHECK(both.per_gpu.size() == 2);
  CHECK(both.not_in_header.empty());
  CHECK(input_error_of([&] { tuned_tables({h200, h200}, "cold"); }).find("both hold f32 on NVIDIA H200") !=
        std::string::npos);
  // Two spellings Kernel Tuner names alike are one GPU to its files.
  ExportReport dashed = h200;
  dashed.name = "dashed.csv";
  for (auto& r : dashed.rows) r.env.gpu = "NVIDIA-H200";
  CHECK(input_error_of([&] { tuned_tables({h200, dashed}, "cold"); }).find("both hold f32") != std::string::npos);
  ExportReport a100{"a100.csv", {row_of(config(128), 4096, 1, 2, 3)}};
  for (auto& r : a100.rows) r.env.cc = "8.0", r.env.gpu = "NVIDIA A100";
  const TunedTables two = tuned_tables({h200, a100}, "cold");
  REQUIRE(two.devices.size() == 2);
  CHECK(two.devices[0].cc == "8.0");  // ascending
  CHECK_NOTHROW(require_header_holds_all(two));
  CHECK(input_error_of([&] { tuned_tables({h200}, "hot"); }).find("no correct candidate row timed hot") !=
        std::string::npos);
}

TEST_CASE("tuned_tables: two GPUs of one compute capability, the header's table from the first given") {
  ExportReport h200{"h200.csv", {row_of(config(256), 4096, 1, 2, 3)}};
  ExportReport h100{"h100.csv", {row_of(config(512), 4096, 2, 3, 4)}};
  for (auto& r : h100.rows) r.env.gpu = "NVIDIA H100 80GB HBM3";
  for (const bool h200_first : {true, false}) {
    const TunedTables t = h200_first ? tuned_tables({h200, h100}, "cold") : tuned_tables({h100, h200}, "cold");
    const std::string first = h200_first ? "NVIDIA H200" : "NVIDIA H100 80GB HBM3";
    const std::string second = h200_first ? "NVIDIA H100 80GB HBM3" : "NVIDIA H200";
    REQUIRE(t.devices.size() == 1);
    REQUIRE(t.devices[0].types.size() == 1);
    CHECK(t.devices[0].types[0].gpu == first);
    REQUIRE(t.per_gpu.size() == 2);
    CHECK(t.per_gpu[0].gpu == first);
    CHECK(t.per_gpu[1].gpu == second);
    REQUIRE(t.not_in_header.size() == 1);
    CHECK(t.not_in_header[0].gpu == second);
    const std::string refusal = input_error_of([&] { require_header_holds_all(t); });
    CHECK(refusal.find("both hold f32 on compute capability 9.0") != std::string::npos);
    CHECK(refusal.find("--kernel-tuner DIR") != std::string::npos);
    const std::string h = dispatch_header_text(t);
    CHECK(h.find("// cc 9.0, f32: " + second) != std::string::npos);
    CHECK(h.find("in the Kernel Tuner files only") != std::string::npos);
    CHECK(h.find("TunedKernel<" + policy_name_expression(config(h200_first ? 256 : 512))) != std::string::npos);
    CHECK(h.find("TunedKernel<" + policy_name_expression(config(h200_first ? 512 : 256))) == std::string::npos);
    // Kernel Tuner's file holds both GPUs.
    const auto files = kernel_tuner_results(t);
    REQUIRE(files.size() == 1);
    const auto j = nlohmann::json::parse(files[0].text);
    REQUIRE(j["data"].size() == 2);
    CHECK(j["data"][0]["device_name"] == kernel_tuner_device_name(first));
    CHECK(j["data"][1]["device_name"] == kernel_tuner_device_name(second));
  }
}

TEST_CASE("cc_number: MAJOR.MINOR as major x 10 + minor") {
  CHECK(cc_number("9.0") == 90);
  CHECK(cc_number("8.6") == 86);
  CHECK(cc_number("12.0") == 120);
  CHECK_FALSE(input_error_of([] { cc_number("9"); }).empty());
  CHECK_FALSE(input_error_of([] { cc_number("9.x"); }).empty());
  CHECK_FALSE(input_error_of([] { cc_number(""); }).empty());
}

TEST_CASE("the header: one DotTable per type, a case per cc, an if per range, the rule and sources said") {
  ExportReport report{"h200.csv", {row_of(config(256), 4096, 1, 2, 3), row_of(config(512), 65536, 4, 5, 6)}};
  const std::string h = dispatch_header_text(tuned_tables({report}, "cold"));
  CHECK(h.find("#include \"dotsweep/dot.cuh\"") != std::string::npos);
  CHECK(h.find("struct DotTable<float>") != std::string::npos);
  CHECK(h.find("struct DotTable<double>") == std::string::npos);  // no f64 rows, no f64 table
  CHECK(h.find("case 90:") != std::string::npos);
  CHECK(h.find("if (n <= 16384LL) return launch(TunedKernel<" + policy_name_expression(config(256)) + ", 0>{}, \"" +
               config(256).id() + "\");") != std::string::npos);
  CHECK(h.find("return launch(TunedKernel<" + policy_name_expression(config(512))) != std::string::npos);
  CHECK(h.find("if (n == 65536LL) return 5.000;") != std::string::npos);
  CHECK(h.find("NVIDIA H200, h200.csv (sweep of 2026-11-30T19:12:39Z, dotsweep 0.1.0)") != std::string::npos);
  CHECK(h.find("fewest") != std::string::npos);  // the rule
  CHECK(h.find("from cold timings") != std::string::npos);
  // The same tables give the same bytes.
  CHECK(h == dispatch_header_text(tuned_tables({report}, "cold")));
}

TEST_CASE("Kernel Tuner results: version 1.0, one file per type, every candidate of every n in ms") {
  ExportReport report{"h200.csv",
                      {row_of(config(256), 4096, 1.9, 2, 2.1), row_of(config(512), 4096, 1.95, 2.05, 2.2)}};
  const auto files = kernel_tuner_results(tuned_tables({report}, "cold"));
  REQUIRE(files.size() == 1);
  CHECK(files[0].name == "dot_f32.json");
  const auto j = nlohmann::json::parse(files[0].text);
  CHECK(j["version_number"] == "1.0");
  CHECK(j["objective"] == "time");
  CHECK(j["objective_higher_is_better"] == false);
  CHECK(j["kernel_name"] == "dot_kernel_f32");
  REQUIRE(j["data"].size() == 2);
  const auto& first = j["data"][0];
  CHECK(first["device_name"] == "NVIDIA_H200");
  CHECK(first["problem_size"] == "4096");
  CHECK(first["time"].get<double>() == doctest::Approx(0.002));
  REQUIRE(j["tunable_parameters"].size() == 10);
  for (const auto& name : j["tunable_parameters"]) {
    CHECK(first["tunable_parameters"].contains(name));
    CHECK(name.get<std::string>().rfind("dot_", 0) == 0);  // macros of ours, not `block` or `grid`
  }
  CHECK(first["tunable_parameters"].size() == 10);
  CHECK(first["tunable_parameters"]["dot_block"] == 256);
  CHECK(first["tunable_parameters"]["dot_finish"] == "atomic");
  CHECK(kernel_tuner_device_name("NVIDIA GeForce RTX 4090 (x)") == "NVIDIA_GeForce_RTX_4090_x_");
}
