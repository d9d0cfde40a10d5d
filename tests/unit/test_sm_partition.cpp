// --sms: the names, checks and context of a sweep on part of a GPU's SMs
// (core/space/sm_partition.hpp); the partition itself needs a GPU
// (tests/cli/sm_partition_gpu.sh).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/gate/compare.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_naming.hpp"
#include "core/space/sm_partition.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {
SmPartitionShape h200_72() { return {66, 72, 132, 8, 8}; }
}  // namespace

TEST_CASE("a partition is named as hardware of its own, and its reports go to their own folder") {
  CHECK(partitioned_gpu_name("NVIDIA H200", 72, 132) == "NVIDIA H200 [72 of 132 SMs]");
  CHECK(partitioned_gpu_name("NVIDIA H200", 16, 132) == "NVIDIA H200 [16 of 132 SMs]");
  // Even a partition of every SM: its % peak means something else.
  CHECK(partitioned_gpu_name("NVIDIA A100", 108, 108) == "NVIDIA A100 [108 of 108 SMs]");
  CHECK(gpu_slug(partitioned_gpu_name("NVIDIA H200", 72, 132)) == "nvidia-h200-72-of-132-sms");
}

TEST_CASE("compare keeps a partition's report apart from the whole GPU's") {
  auto row = [](const std::string& gpu) {
    MeasurementRecord r = test::timed_row("f32.v", 9, 10, 11, 1 << 20);
    r.env.gpu = gpu;
    r.env.timestamp = "2026-01-01T00:00:00Z";  // the same start: only the name tells them apart
    return r;
  };
  const std::vector<Report> reports = split_reports({{"a.csv", {row("NVIDIA H200")}, {}},
                                                     {"b.csv", {row(partitioned_gpu_name("NVIDIA H200", 72, 132))}, {}}});
  REQUIRE(reports.size() == 2);
  CHECK(reports[1].gpu == "NVIDIA H200 [72 of 132 SMs]");
}

TEST_CASE("--sms asks for 1 up to the GPU's SM count") {
  CHECK(sms_request_problem(1, 132, "NVIDIA H200").empty());
  CHECK(sms_request_problem(132, 132, "NVIDIA H200").empty());
  CHECK(sms_request_problem(133, 132, "NVIDIA H200") ==
        "--sms 133: NVIDIA H200 has 132 SMs; accepted: 1..132 (leave --sms out to use them all)");
  CHECK_FALSE(sms_request_problem(0, 132, "NVIDIA H200").empty());
  const std::string unmade = unmakeable_partition_message(130, 132, 8, 8, "NVIDIA H200");
  CHECK(contains(unmade, "--sms 130: NVIDIA H200 cannot make a partition of 130 or more of its 132 SMs"));
  CHECK(contains(unmade, "at least 8 SMs, in steps of 8"));
}

TEST_CASE("on a partition % peak is of its measured read ceiling, on the whole GPU of the theoretical peak") {
  CHECK(peak_for_pct(4815, 4333, false) == 4815);
  CHECK(peak_for_pct(4815, 3961, true) == 3961);
  CHECK(peak_for_pct(4815, 0, true) == 0);  // no ceiling: no pct_peak rather than the whole GPU's
}

TEST_CASE("context.json's partition object records the SMs asked for and made, and the peak's basis") {
  const nlohmann::json j = partition_context(h200_72(), 3961.5, 4815.0);
  CHECK(j["sms_requested"] == 66);
  CHECK(j["sms"] == 72);
  CHECK(j["gpu_sms"] == 132);
  CHECK(j["min_sms"] == 8);
  CHECK(j["step_sms"] == 8);
  CHECK(j["peak_gbps"] == 3961.5);
  CHECK(j["gpu_peak_gbps"] == 4815.0);
  CHECK(contains(j["peak_basis"].get<std::string>(), "measured read ceiling"));
}

TEST_CASE("summary.md opens with the partition and what its % peak means") {
  const std::string note = partition_summary_note(h200_72(), "NVIDIA H200", 3961.4);
  CHECK(contains(note, "72 of the 132 SMs of the NVIDIA H200 (--sms 66"));
  CHECK(contains(note, "% peak is a fraction of its own measured read ceiling, 3961 GB/s"));
  CHECK(contains(partition_summary_note(h200_72(), "NVIDIA H200", 0), "could not be measured"));

  const test::TempPath dir("sm_partition_summary");
  {
    ReportFolder folder(dir.str());
    std::vector<MeasurementRecord> rows{test::timed_row("f32.v", 9, 10, 11, 1 << 20)};
    const std::string summary = folder.finish(rows, 5, {}, note);
    CHECK(summary.rfind(note, 0) == 0);
  }
  std::ifstream file(dir.str() + "/summary.md");
  std::stringstream text;
  text << file.rdbuf();
  CHECK(text.str().rfind(note + "\n", 0) == 0);
  std::filesystem::remove_all(dir.str());
}
