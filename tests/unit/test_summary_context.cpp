// summary.md's opening and closing, read from context.json.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/report/summary_context.hpp"
#include "core/io/text_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
nlohmann::json baseline_context() {
  return nlohmann::json::parse(read_text_file(std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.context.json"));
}
}  // namespace

TEST_CASE("summary opening: the committed baseline's GPU, date, version and options") {
  const std::string md = summary_opening(baseline_context());
  CHECK(md.rfind("# dotsweep report: NVIDIA H200\n", 0) == 0);
  CHECK(contains(md, "| GPU | NVIDIA H200, compute capability 9.0, 132 SMs |"));
  CHECK(contains(md, "| date (UTC) | 2026-12-02T06:13:04Z |"));
  CHECK(contains(md, "| dotsweep | 0.2.0 (CUDA driver 13.0, runtime 13.0) |"));
  CHECK(contains(md, "| command | `dotsweep --mode cold,hot --no-progress --out /tmp/base` |"));
  CHECK(contains(md, "| space | default (1168 configurations) |"));
  CHECK(contains(md, "| modes | cold,hot |"));
  CHECK(contains(md, "| sizes | 1,4096,16384,"));
  CHECK_FALSE(contains(md, "partition"));
  CHECK_FALSE(contains(md, "| kernels |"));  // the built-in tree
  CHECK(summary_closing(baseline_context()).empty());  // nothing was left out on the H200
  const CandidateCounts planned = planned_candidates(baseline_context());
  CHECK(planned.at("f32") == 321);
  CHECK(planned.at("bf16") == 281);
}

TEST_CASE("summary opening: a context from before the command was recorded says so") {
  nlohmann::json context = baseline_context();
  context.erase("command");
  CHECK(contains(summary_opening(context), "| command | not recorded (context.json predates it) |"));
}

TEST_CASE("summary opening: the command as typed, shell-quoted, and a partition") {
  nlohmann::json context = baseline_context();
  context["command"] = {"dotsweep", "--sizes", "2^20", "--out", "my report"};
  context["device"]["name"] = "NVIDIA H200 [72 of 132 SMs]";
  context["partition"] = {{"sms_requested", 66}, {"sms", 72}, {"gpu_sms", 132}, {"peak_gbps", 3000.0}};
  const std::string md = summary_opening(context);
  CHECK(contains(md, "| command | `dotsweep --sizes 2^20 --out 'my report'` |"));
  CHECK(contains(md, "Measured on a partition of 72 of the 132 SMs of the NVIDIA H200 (--sms 66"));
}

TEST_CASE("summary closing: what the planner left out, counted per reason, and the planned counts") {
  nlohmann::json context = baseline_context();
  context["space"]["rejected"] = {{{"variant", "a"}, {"reason", "needs sm_90"}},
                                  {{"variant", "b"}, {"reason", "needs sm_90"}}};
  context["device"]["cc"] = "8.0";
  const std::string md = summary_closing(context);
  CHECK(contains(md, "## Left out on this GPU"));
  CHECK(contains(md, "2 of 1168 configurations of the space were not measured on NVIDIA H200 (sm_80)"));
  CHECK(contains(md, "| 2 | needs sm_90 |"));
  context["run"]["planned_candidates"] = {{"f32", 300}, {"f64", 292}};
  const CandidateCounts planned = planned_candidates(context);
  CHECK(planned.at("f32") == 300);
  CHECK(planned.at("f64") == 292);
}

TEST_CASE("summary opening: a context without a device name, or not an object, is refused") {
  CHECK(contains(input_error_of([] { summary_opening(nlohmann::json::array()); }), "not a JSON object"));
  CHECK(contains(input_error_of([] { summary_opening(nlohmann::json{{"device", {{"cc", "9.0"}}}}); }), "no device.name"));
}

TEST_CASE("summary opening: a sweep of another kernel tree names it and its digest") {
  nlohmann::json context = baseline_context();
  context["kernels"] = {{"tree", "my kernels"}, {"digest", "30bacb2844c08075"}};
  CHECK(contains(summary_opening(context),
                 "| kernels | the tree in my kernels (digest 30bacb2844c08075), not the built-in one |\n| space |"));
}
