// What the gate prints and writes: the verdict line, the table, JUnit XML and
// the Markdown summary.
#include <doctest/doctest.h>

#include <algorithm>

#include <sstream>

#include "core/gate/gate_report.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {

MeasurementRecord report_timed(const std::string& variant, double lo, double median, double hi,
                        std::int64_t n = 268435456) {
  MeasurementRecord r = test::timed_row(variant, lo, median, hi, n);
  r.pct_peak = 95.0;
  r.sm_clock_mhz = 1980;
  r.env.gpu = "NVIDIA H200";
  r.env.peak_gbps = 4814.304;
  r.env.dotsweep_version = "0.1.0";
  r.env.timestamp = "2026-11-30T05:46:13Z";
  return r;
}

struct Fixture {
  GateReport base, cur;
  Fixture() {
    base.path = "base.csv";
    cur.path = "cur.csv";
    base.gpu = cur.gpu = "NVIDIA H200";
    base.dotsweep_version = cur.dotsweep_version = "0.1.0";
    base.rows = {report_timed("same", 399, 400, 401), report_timed("slow<&>", 399, 400, 401), report_timed("fast", 399, 400, 401),
                 report_timed("noisy", 5.99, 6, 6.01, 4096), report_timed("gone", 399, 400, 401)};
    cur.rows = {report_timed("same", 399, 400.5, 401), report_timed("slow<&>", 439, 440, 441), report_timed("fast", 359, 360, 361),
                report_timed("noisy", 6.99, 7, 7.01, 4096), report_timed("new", 399, 400, 401)};
  }
  GateResult run(bool require_all = false) const { return run_gate(base, {cur}, {}, GateScope{false, false, true}, require_all); }
};

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size()) ++count;
  return count;
}

}  // namespace

TEST_CASE("gate report: the verdict line names failing rows first and counts the rest") {
  const Fixture f;
  const GateResult result = f.run();
  CHECK(gate_verdict_line(result) ==
        "gate: FAIL, 1 REGRESSED: slow<&> f32 n=2^28 cold +10.0%; 1 SAME, 1 IMPROVED, 1 INCONCLUSIVE of 4 rows "
        "compared (--only all); 1 only in the baseline; 1 only in current");
  Fixture pass;
  pass.cur.rows[1] = report_timed("slow<&>", 399, 400, 401);
  CHECK(gate_verdict_line(pass.run()) ==
        "gate: PASS, 2 SAME, 1 IMPROVED, 1 INCONCLUSIVE of 4 rows compared (--only all); 1 only in the baseline; "
        "1 only in current");
  CHECK(contains(gate_verdict_line(pass.run(true)), "gate: FAIL"));
  CHECK(contains(gate_verdict_line(pass.run(true)), "(--require-all)"));
  // Throttled rows are counted within INCONCLUSIVE.
  pass.cur.rows[1] = report_timed("slow<&>", 439, 440, 441);
  pass.cur.rows[1].capped = true;
  CHECK(contains(gate_verdict_line(pass.run()), "gate: PASS, 1 SAME, 1 IMPROVED, 2 INCONCLUSIVE (1 throttled)"));
}

TEST_CASE("gate report: the text lists every non-SAME row and every one-sided row, the verdict last") {
  const Fixture f;
  const std::string text = gate_text(f.run(), f.base, {f.cur});
  CHECK(contains(text, "baseline: base.csv (NVIDIA H200, dotsweep 0.1.0, 2026-11-30T05:46:13Z, 5 rows)"));
  CHECK(contains(text, "REGRESSED     slow<&>"));
  CHECK(contains(text, "400.00 [399.00, 401.00]"));
  CHECK(contains(text, "440.00 [439.00, 441.00]"));
  CHECK(contains(text, "INCONCLUSIVE  noisy"));
  CHECK(contains(text, "IMPROVED      fast"));
  CHECK(!contains(text, " same "));  // SAME rows are counted, not listed
  // Failures first.
  CHECK(text.find("REGRESSED     slow") < text.find("INCONCLUSIVE  noisy"));
  CHECK(contains(text, "1 rows only in the baseline:\n  1 variants the current report did not sweep at all (1 rows): gone\n"));
  CHECK(contains(text, "1 rows only in the current report:\n  1 variants the baseline did not sweep at all (1 rows): new\n"));
  CHECK(contains(text, "The two sides swept different spaces"));  // the same groups, other variants
  CHECK(last_line(text) == gate_verdict_line(f.run()));
}

TEST_CASE("gate report: one-sided rows say whether a group, a variant or just the row is missing") {
  Fixture f;
  f.base.rows.push_back(report_timed("same", 99, 100, 101, 1 << 20));  // "same" is swept, but not at 2^20 in current
  f.base.rows.push_back(report_timed("gone", 99, 100, 101, 1 << 20));
  MeasurementRecord hot = report_timed("same", 99, 100, 101);
  hot.mode = "hot";  // no hot group in current at all
  f.base.rows.push_back(hot);
  f.cur.rows.push_back(report_timed("fast", 99, 100, 101, 1 << 20));
  const std::string text = gate_text(f.run(), f.base, {f.cur});
  CHECK(contains(text, "4 rows only in the baseline:\n"
                       "  f32 n=2^20 cold, missing from the current report (1): same\n"
                       "  1 variants the current report did not sweep at all (2 rows): gone\n"
                       "  (type, n, mode) groups the current report did not sweep: f32 n=2^28 hot (1)\n"));
  const std::string md = gate_markdown(f.run(), f.base, {f.cur});
  CHECK(contains(md, "- f32 n=2^20 cold, missing from current (1): same\n"));
  CHECK(contains(text, "\nThe two sides swept different spaces, sizes or modes: a row both hold can read a few "
                       "percent apart by that alone (docs/measuring.md, \"What the process swept before\").\n\ngate: "));
  CHECK(contains(md, "The two sides swept different spaces, sizes or modes"));
}

TEST_CASE("gate report: sides that swept the same groups and variants get no note on it") {
  Fixture f;
  f.base.rows.erase(std::remove_if(f.base.rows.begin(), f.base.rows.end(),
                                   [](const MeasurementRecord& r) { return r.variant == "gone"; }),
                    f.base.rows.end());
  f.cur.rows.erase(std::remove_if(f.cur.rows.begin(), f.cur.rows.end(),
                                  [](const MeasurementRecord& r) { return r.variant == "new"; }),
                   f.cur.rows.end());
  const GateResult result = f.run();
  REQUIRE(result.baseline_only.empty());
  REQUIRE(result.current_only.empty());
  CHECK(!contains(gate_text(result, f.base, {f.cur}), "swept different"));
  CHECK(!contains(gate_markdown(result, f.base, {f.cur}), "swept different"));
  // A row missing from a group both swept, its variant swept at another size,
  // is a sweep cut short, not another space: no note either.
  f.base.rows.push_back(report_timed("same", 5.99, 6, 6.01, 4096));
  f.cur.rows.push_back(report_timed("same", 5.99, 6, 6.01, 4096));
  f.cur.rows.erase(f.cur.rows.begin());  // "same" at the default size
  const GateResult cut = f.run();
  REQUIRE(!cut.baseline_only.empty());
  CHECK(!contains(gate_text(cut, f.base, {f.cur}), "swept different"));
}

TEST_CASE("gate report: sides swept by different numbers of processes get a note on it") {
  const std::string note = "The baseline was swept by 1 process and the current by 4 processes";
  Fixture f;
  // Unknown on either side, or the same count: no note.
  CHECK(!contains(gate_text(f.run(), f.base, {f.cur}), "swept by"));
  f.base.processes = 1;
  CHECK(!contains(gate_text(f.run(), f.base, {f.cur}), "swept by"));
  f.cur.processes = 1;
  CHECK(!contains(gate_text(f.run(), f.base, {f.cur}), "swept by"));
  f.cur.processes = 4;
  const GateResult result = f.run();
  CHECK(contains(gate_text(result, f.base, {f.cur}), note));
  CHECK(contains(gate_markdown(result, f.base, {f.cur}), note));
  // One process more is enough, whichever side has it.
  f.base.processes = 2;
  f.cur.processes = 1;
  CHECK(contains(gate_text(f.run(), f.base, {f.cur}), "swept by 2 processes and the current by 1 process "));
  // Several currents: the one that differs from the baseline is named.
  GateReport same = f.cur, other = f.cur;
  same.processes = 2;
  other.processes = 3;
  same.path = "same.csv";
  other.path = "other.csv";
  const GateResult mixed = run_gate(f.base, {same, other}, {}, GateScope{false, false, true}, false);
  CHECK(contains(gate_text(mixed, f.base, {same, other}), "and the current by 3 processes"));
  const GateResult first = run_gate(f.base, {other, same}, {}, GateScope{false, false, true}, false);
  CHECK(contains(gate_text(first, f.base, {other, same}), "and the current by 3 processes"));
}

TEST_CASE("gate report: a best.csv's rows are its winners, not the variants it swept") {
  // Each side a best.csv in turn: "gone" is only on the baseline, "new" only
  // on the current, in groups both swept. A row the best.csv lacks did not
  // win there; one the whole sweep lacks was not swept. The sides swept
  // alike as far as the best.csv tells.
  const std::string gone_unswept = "1 rows only in the baseline:\n  1 variants the current report did not sweep at all "
                                   "(1 rows): gone\n";
  const std::string gone_missing = "1 rows only in the baseline:\n  f32 n=2^28 cold, missing from the current report "
                                   "(1): gone\n";
  const std::string new_unswept = "1 rows only in the current report:\n  1 variants the baseline did not sweep at all "
                                  "(1 rows): new\n";
  const std::string new_missing = "1 rows only in the current report:\n  f32 n=2^28 cold, missing from the baseline "
                                  "(1): new\n";
  for (const bool baseline_best : {true, false}) {
    CAPTURE(baseline_best);
    Fixture f;
    (baseline_best ? f.base : f.cur).declares_standing = true;
    const GateResult result = f.run();
    const std::string text = gate_text(result, f.base, {f.cur});
    CHECK(contains(text, baseline_best ? gone_unswept : gone_missing));
    CHECK(contains(text, baseline_best ? new_missing : new_unswept));
    CHECK(!contains(text, "swept different"));
    CHECK(!contains(gate_markdown(result, f.base, {f.cur}), "swept different"));
    // A group only one side holds is still another sweep.
    f.base.rows.push_back(report_timed("same", 99, 100, 101, 1 << 20));
    CHECK(contains(gate_text(f.run(), f.base, {f.cur}), "The two sides swept different spaces"));
  }
}

TEST_CASE("gate report: cross-hardware shows % of peak") {
  Fixture f;
  f.cur.gpu = "NVIDIA H100";
  for (auto& r : f.cur.rows) r.env.gpu = "NVIDIA H100";
  GateRule cross;
  cross.cross_hardware = true;
  const GateResult result = run_gate(f.base, {f.cur}, cross, GateScope{false, false, true}, false);
  const std::string text = gate_text(result, f.base, {f.cur});
  CHECK(contains(text, "baseline % of peak [95% ci]"));
  // 95% of peak at 400 us; 440 us is 86.36%; higher is better, so the interval reads hi..lo.
  CHECK(contains(text, "86.36 [86.17, 86.56]"));
  CHECK(contains(text, "rule: REGRESSED = pct_peak over 5% worse"));
  // With a read ceiling on both sides the shares are of the ceilings: 95% of
  // the peak is 95 x 4814.304 / 4500 = 101.6% of a 4500 GB/s ceiling.
  for (auto* report : {&f.base, &f.cur})
    for (auto& r : report->rows) r.env.measured_peak_gbps = 4500;
  const GateResult on_ceilings = run_gate(f.base, {f.cur}, cross, GateScope{false, false, true}, false);
  const std::string shares = gate_text(on_ceilings, f.base, {f.cur});
  CHECK(contains(shares, "101.6 [101.4, 101.9]         92.4 [92.19, 92.61]"));  // 440 us: 101.64 x 400 / 440
}

TEST_CASE("gate report: JUnit XML has a testcase per row, failures for REGRESSED, escaped names") {
  const Fixture f;
  const std::string xml = gate_junit(f.run());
  CHECK(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"dotsweep gate\" tests=\"6\" "
                  "failures=\"1\" skipped=\"3\"",
                  0) == 0);
  CHECK(occurrences(xml, "<testcase ") == 6);
  CHECK(occurrences(xml, "<failure ") == 1);
  CHECK(contains(xml, "name=\"slow&lt;&amp;&gt;\"><failure message=\"REGRESSED: +10.0%"));
  CHECK(contains(xml, "<skipped message=\"INCONCLUSIVE: "));
  CHECK(contains(xml, "name=\"gone\"><skipped message=\"only in the baseline\"/>"));
  CHECK(contains(xml, "<testsuite name=\"f32 n=2^12 cold\" tests=\"1\" failures=\"0\" skipped=\"1\""));
  CHECK(!contains(xml, "slow<&>"));
  // Under --require-all the one-sided rows are failures.
  CHECK(contains(gate_junit(f.run(true)), "failures=\"3\""));
}

TEST_CASE("gate report: the Markdown summary has the verdict, the counts and the rows") {
  const Fixture f;
  const std::string md = gate_markdown(f.run(), f.base, {f.cur});
  CHECK(md.rfind("## dotsweep gate: FAIL\n\n`gate: FAIL, 1 REGRESSED", 0) == 0);
  CHECK(contains(md, "| REGRESSED | 1 |"));
  CHECK(contains(md, "| SAME | 1 |"));
  CHECK(contains(md, "| **REGRESSED** | slow<&> | f32 | 2^28 | cold | 400.00 [399.00, 401.00] | 440.00 [439.00, 441.00] | 1.100 |"));
  CHECK(contains(md, "<details><summary>1 rows only in the baseline</summary>"));
  CHECK(contains(md, "- 1 variants current did not sweep at all (1 rows): gone"));
}
