// The resume planner: which rows of an interrupted sweep are kept, what a
// torn sweep.csv reads as, when a resume is refused, and the printed command.
#include <doctest/doctest.h>

#include "core/report/counter_metrics.hpp"
#include "core/io/csv.hpp"
#include "core/input_error.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_writer.hpp"
#include "core/report/resume_plan.hpp"
#include "core/io/text_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;
using dotsweep::test::timed_row;

namespace {

MeasurementRecord resume_row(const std::string& variant, std::int64_t n, const std::string& mode,
                      const std::string& type = "f32") {
  MeasurementRecord r = timed_row(variant, 1.0, 1.1, 1.2, n);
  r.mode = mode;
  r.type = type;
  r.env.timestamp = "2026-11-30T08:00:00Z";
  return r;
}

std::string csv_text(const std::vector<MeasurementRecord>& rows) {
  std::string text = csv_line(record_columns());
  for (const auto& r : rows) text += csv_line(to_fields(r));
  return text;
}

}  // namespace

TEST_CASE("a key is finished only when every mode's row is present") {
  const std::vector<MeasurementRecord> rows{resume_row("a", 4096, "cold"), resume_row("a", 4096, "hot"),  // finished
                                            resume_row("b", 4096, "cold"),                         // hot missing
                                            resume_row("a", 65536, "cold"), resume_row("a", 65536, "hot"),
                                            resume_row("a", 4096, "cold", "f64")};  // another type: its own key
  const ResumePlan both = plan_resume(rows, {"cold", "hot"});
  CHECK(both.finished.size() == 2);
  CHECK(both.finished.count({"a", "f32", 4096}) == 1);
  CHECK(both.finished.count({"a", "f32", 65536}) == 1);
  CHECK(both.finished.count({"b", "f32", 4096}) == 0);
  CHECK(both.finished.count({"a", "f64", 4096}) == 0);
  CHECK(both.kept.size() == 4);
  CHECK(both.dropped_rows == 2);
  for (const auto& kept : both.kept) CHECK(kept.variant == "a");
  CHECK(both.kept.size() + both.dropped_rows == rows.size());

  // With cold alone every key with a cold row is finished; the hot rows are not kept.
  const ResumePlan cold = plan_resume(rows, {"cold"});
  CHECK(cold.finished.size() == 4);
  CHECK(cold.kept.size() == 4);
  for (const auto& kept : cold.kept) CHECK(kept.mode == "cold");

  CHECK(plan_resume({}, {"cold"}).finished.empty());
}

TEST_CASE("with counters on, a size whose counter pass was cut is measured again whole") {
  // f32 at 4096: the sweep stopped before its counter pass (every row of the
  // size is `interrupted`, one was already profiled); f32 at 65536 and f64 at
  // 4096 finished theirs.
  std::vector<MeasurementRecord> rows{resume_row("a", 4096, "cold"), resume_row("b", 4096, "cold"), resume_row("c", 4096, "cold"),
                                      resume_row("a", 65536, "cold"), resume_row("a", 4096, "cold", "f64")};
  rows[0].cupti_status = cupti_status::interrupted;
  rows[1].cupti_status = cupti_status::ok;
  rows[2].cupti_status = cupti_status::interrupted;
  rows[3].cupti_status = cupti_status::ok;
  rows[4].cupti_status = cupti_status::not_selected;

  const ResumePlan recounted = plan_resume(rows, {"cold"}, /*recount=*/true);
  CHECK(recounted.finished.size() == 2);
  CHECK(recounted.finished.count({"a", "f32", 65536}) == 1);
  CHECK(recounted.finished.count({"a", "f64", 4096}) == 1);
  CHECK(recounted.finished.count({"b", "f32", 4096}) == 0);  // profiled, but its tie group was not
  CHECK(recounted.dropped_rows == 3);

  // With counters off nothing would profile them again: every row is kept.
  const ResumePlan kept = plan_resume(rows, {"cold"});
  CHECK(kept.finished.size() == 5);
  CHECK(kept.dropped_rows == 0);

  // A kernel that faulted at f32 4096 (the supervisor's incorrect row) stays
  // finished: measured again, it would fault again and restart the worker
  // forever. The size's correct rows are still measured again.
  MeasurementRecord faulted = resume_row("e", 4096, "cold");
  faulted.correct = false;
  faulted.median_us.reset();
  faulted.reason = "the CUDA context was lost while checking e at n=4096: cudaErrorIllegalAddress";
  rows.push_back(faulted);
  const ResumePlan with_fault = plan_resume(rows, {"cold"}, /*recount=*/true);
  CHECK(with_fault.finished.count({"e", "f32", 4096}) == 1);
  CHECK(with_fault.finished.count({"a", "f32", 4096}) == 0);
  CHECK(with_fault.dropped_rows == 3);
}

TEST_CASE("a sweep.csv cut short mid-row drops that row and keeps the rest") {
  const std::string whole = csv_text({resume_row("a", 4096, "cold"), resume_row("b", 4096, "cold")});
  const ResumableCsv intact = read_resumable_csv(whole, "sweep.csv");
  CHECK_FALSE(intact.torn_tail);
  CHECK(intact.rows.size() == 2);

  // Cut anywhere inside the second row: the first survives.
  const std::size_t second_start = whole.rfind('\n', whole.size() - 2) + 1;
  for (std::size_t cut = second_start + 1; cut < whole.size(); cut += 7) {
    const ResumableCsv torn = read_resumable_csv(whole.substr(0, cut), "sweep.csv");
    CHECK(torn.torn_tail);
    REQUIRE(torn.rows.size() == 1);
    CHECK(torn.rows[0].variant == "a");
  }
  // Cut right after a row's line end: nothing is torn.
  CHECK_FALSE(read_resumable_csv(whole.substr(0, second_start), "sweep.csv").torn_tail);
  // A header cut short: nothing to keep.
  CHECK(read_resumable_csv(whole.substr(0, 10), "sweep.csv").rows.empty());
  CHECK(read_resumable_csv("", "sweep.csv").rows.empty());

  // Damage other than a torn last line is an error, not silently dropped rows.
  std::string damaged = whole;
  damaged.insert(second_start, "x,\"y\n");
  CHECK(contains(input_error_of([&] { read_resumable_csv(damaged, "sweep.csv"); }), "sweep.csv"));
  // Two rows for the same (variant, type, n, mode) are refused too.
  CHECK(contains(input_error_of([&] {
                   read_resumable_csv(csv_text({resume_row("a", 4096, "cold"), resume_row("a", 4096, "cold")}), "sweep.csv");
                 }),
                 "duplicate"));
}

TEST_CASE("a resume is refused when the sweep it continues was asked differently") {
  const nlohmann::json saved = nlohmann::json::parse(R"({
    "dotsweep_version": "0.1.0", "seed": 7, "timestamp": "t",
    "options": {"sizes": [4096, 65536], "modes": ["cold"], "min_samples": 10, "max_samples": 100,
                "ci_halfwidth_pct": 0.5, "time_budget_s": 2.0, "cache_dir": "/a"},
    "space": {"text": "name = \"s\"\n", "name": "s"},
    "device": {"name": "NVIDIA H200", "cc": "9.0", "index": 0}})");
  CHECK_FALSE(resume_mismatch(saved, saved, resume_run_fields()));
  CHECK_FALSE(resume_mismatch(saved, saved, resume_device_fields()));

  // Each compared field, changed alone, is named in the refusal with both values.
  const std::vector<std::pair<const char*, nlohmann::json>> changes{
      {"/dotsweep_version", "0.2.0"},       {"/space/text", "name = \"t\"\n"}, {"/options/sizes", {4096}},
      {"/options/modes", {"cold", "hot"}},  {"/seed", 8},                      {"/options/min_samples", 11},
      {"/options/max_samples", 101},        {"/options/ci_halfwidth_pct", 1.0}, {"/options/time_budget_s", 3.0}};
  for (const auto& [pointer, value] : changes) {
    nlohmann::json now = saved;
    now[nlohmann::json::json_pointer(pointer)] = value;
    const auto why = resume_mismatch(saved, now, resume_run_fields());
    REQUIRE_MESSAGE(why, pointer);
    CHECK_MESSAGE(contains(*why, value.dump().substr(0, 20)), *why);
  }
  {
    nlohmann::json now = saved;
    now["device"]["name"] = "NVIDIA A100";
    const auto why = resume_mismatch(saved, now, resume_device_fields());
    REQUIRE(why);
    CHECK(contains(*why, "device differs: the interrupted sweep had \"NVIDIA H200\", this one has \"NVIDIA A100\""));
    CHECK(contains(*why, "A100"));
    CHECK_FALSE(resume_mismatch(saved, now, resume_run_fields()));  // the device is checked on its own, later
  }
  {
    // What is not compared may differ: the cache folder, the start time.
    nlohmann::json now = saved;
    now["options"]["cache_dir"] = "/b";
    now["timestamp"] = "u";
    CHECK_FALSE(resume_mismatch(saved, now, resume_run_fields()));
  }
  {
    // A field one side lacks is a difference (a context.json from another version, a new option).
    nlohmann::json now = saved;
    now["options"]["strategy"] = "random";
    const auto why = resume_mismatch(saved, now, resume_run_fields());
    REQUIRE(why);
    CHECK(contains(*why, "had none, this one has \"random\""));
    nlohmann::json bare = saved;
    bare.erase("seed");
    CHECK(resume_mismatch(bare, saved, resume_run_fields()));
  }
  {
    // A long space text is shown cut, so the refusal stays one line.
    nlohmann::json now = saved;
    now["space"]["text"] = std::string(500, 'x');
    const auto why = resume_mismatch(saved, now, resume_run_fields());
    REQUIRE(why);
    CHECK(why->size() < 250);
    CHECK(why->find('\n') == std::string::npos);
  }
}

TEST_CASE("the printed resume command drops --out and names the folder once") {
  CHECK(resume_command({"dotsweep", "--sizes", "4096,2^20", "--out", "r/x"}, "r/x") ==
        "dotsweep --sizes 4096,2^20 --resume r/x");
  CHECK(resume_command({"./dotsweep", "sweep", "--out=r/x", "--mode", "cold,hot"}, "r/x") ==
        "./dotsweep sweep --mode cold,hot --resume r/x");
  // Resuming a resumed sweep keeps one --resume.
  CHECK(resume_command({"dotsweep", "--resume", "r/x", "--seed", "3"}, "r/x") == "dotsweep --seed 3 --resume r/x");
  CHECK(resume_command({"dotsweep", "--resume=r/x"}, "r/x") == "dotsweep --resume r/x");
  // Words a shell would split or expand are quoted so it reads them back unchanged.
  CHECK(resume_command({"dotsweep", "--space", "my space.toml"}, "out dir") ==
        "dotsweep --space 'my space.toml' --resume 'out dir'");
  CHECK(shell_quoted("it's") == "'it'\\''s'");
  CHECK(shell_quoted("") == "''");
  CHECK(shell_quoted("$HOME") == "'$HOME'");
  CHECK(shell_quoted("2^12..2^28:2") == "2^12..2^28:2");
}

TEST_CASE("a resumed report folder keeps only the finished rows and appends after them") {
  const dotsweep::test::TempPath dir("resume_folder");
  {
    ReportFolder first(dir.str());
    first.append(resume_row("a", 4096, "cold"));
    first.append(resume_row("b", 4096, "cold"));
  }
  // A kill mid-row: half a line at the end.
  {
    std::string text = read_text_file(dir.str() + "/sweep.csv");
    const std::string half = csv_line(to_fields(resume_row("c", 4096, "cold"))).substr(0, 30);
    write_text_file(dir.str() + "/sweep.csv", text + half);
  }
  const ResumableCsv csv = read_resumable_csv(read_text_file(dir.str() + "/sweep.csv"), "sweep.csv");
  CHECK(csv.torn_tail);
  const ResumePlan plan = plan_resume(csv.rows, {"cold"});
  CHECK(plan.kept.size() == 2);
  {
    ReportFolder resumed(dir.str(), plan.kept);
    resumed.append(resume_row("c", 4096, "cold"));
  }
  const std::vector<MeasurementRecord> after = read_records(dir.str() + "/sweep.csv");
  REQUIRE(after.size() == 3);
  CHECK(after[0].variant == "a");
  CHECK(after[1].variant == "b");
  CHECK(after[2].variant == "c");

  // Resuming keeps only what it is given: a partial key's rows are gone from the file.
  { ReportFolder again(dir.str(), {after[0]}); }
  CHECK(read_records(dir.str() + "/sweep.csv").size() == 1);
  CHECK(contains(input_error_of([&] { ReportFolder(dir.str() + "/missing", {}); }), "no such folder"));
}
