#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/io/csv.hpp"
#include "core/stats/ranking.hpp"
#include "core/report/report_writer.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;
using dotsweep::test::TempPath;

namespace {

MeasurementRecord writer_row(const std::string& variant, std::optional<double> median_us, bool correct = true,
                      std::int64_t n = 268435456, const std::string& mode = "cold") {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = variant == "cublas" || variant == "cub" || variant == "seed" ? "baseline" : "candidate";
  r.type = "f32";
  r.n = n;
  r.mode = mode;
  r.median_us = median_us;
  r.correct = correct;
  if (!correct) r.reason = "wrong sum";
  return r;
}

// A correct row with a median and its 95% interval.
MeasurementRecord writer_timed(const std::string& variant, double lo, double median, double hi,
                        std::int64_t n = 268435456) {
  MeasurementRecord r = writer_row(variant, median, true, n);
  r.ci_lo_us = lo;
  r.ci_hi_us = hi;
  return r;
}

// best.csv read back as a table, with the value of one column of one row.
struct BestTable {
  CsvTable table;
  std::string at(std::size_t row, const std::string& column) const {
    const int i = table.column(column);
    REQUIRE(i >= 0);
    return table.rows.at(row).at(static_cast<std::size_t>(i));
  }
};
BestTable read_best(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {read_csv(in, path)};
}

// The line of `md` that starts with `prefix`, or "" when none does.
std::string line_starting(const std::string& md, const std::string& prefix) {
  std::istringstream in(md);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("SweepCsvWriter writes the header once and appends on resume") {
  TempPath path("resume.csv");
  {
    SweepCsvWriter w(path.str());
    w.append(writer_row("a", 1.0));
    w.append(writer_row("b", 2.0));
    // Flushed per row: readable while the writer is still open.
    CHECK(read_records(path.str()).size() == 2);
  }
  {
    SweepCsvWriter w(path.str());
    w.append(writer_row("c, with comma", 3.0));
  }
  const std::string text = slurp(path.str());
  CHECK(count(text, "rank,tied_best,variant,") == 1);
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 3);
  CHECK(back[2].variant == "c, with comma");
}

TEST_CASE("SweepCsvWriter on an empty file writes the header") {
  TempPath path("empty.csv");
  std::ofstream(path.str()).close();
  { SweepCsvWriter w(path.str()); }
  CHECK(slurp(path.str()) == csv_line(record_columns()));
}

TEST_CASE("SweepCsvWriter drops a row cut short by a crash") {
  TempPath path("partial.csv");
  { SweepCsvWriter(path.str()).append(writer_row("a", 1.0)); }
  std::ofstream(path.str(), std::ios::app) << ",f32.b2";  // half a row, no newline
  { SweepCsvWriter(path.str()).append(writer_row("b", 2.0)); }
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 2);
  CHECK(back[1].variant == "b");
}

TEST_CASE("SweepCsvWriter refuses to resume a file with other columns") {
  TempPath path("foreign.csv");
  std::ofstream(path.str()) << "x,y\n1,2\n";
  const std::string msg = input_error_of([&] { SweepCsvWriter w(path.str()); });
  CHECK(contains(msg, path.str()));
  CHECK(slurp(path.str()) == "x,y\n1,2\n");  // untouched
}

TEST_CASE("write_records replaces the file and reads back") {
  TempPath path("records.csv");
  std::ofstream(path.str()) << "old contents\n";
  std::vector<MeasurementRecord> rs = {writer_row("a", 2.0), writer_row("cublas", 1.0)};
  rank_records(rs);
  write_records(path.str(), rs);
  CHECK_FALSE(std::filesystem::exists(path.str() + ".tmp"));
  const auto back = read_records(path.str());
  REQUIRE(back.size() == 2);
  CHECK(to_fields(back[0]) == to_fields(rs[0]));
  CHECK(to_fields(back[1]) == to_fields(rs[1]));

  TempPath best("best.csv");
  write_best_csv(best.str(), best_per_group(rs));
  CHECK_FALSE(std::filesystem::exists(best.str() + ".tmp"));
  // The sweep.csv reader takes best.csv as it is: the extra columns are ignored.
  const auto winners = read_records(best.str());
  REQUIRE(winners.size() == 1);
  CHECK(winners[0].variant == "a");
  CHECK(*winners[0].speedup_vs_cublas == doctest::Approx(0.5));
}

TEST_CASE("best.csv: every sweep.csv column, then tie_size, tie_members and verdict") {
  auto expected = record_columns();
  expected.insert(expected.end(), {"tie_size", "tie_members", "verdict"});
  CHECK(best_csv_columns() == expected);

  std::vector<MeasurementRecord> rs = {writer_timed("fast", 9.8, 10.0, 10.2), writer_timed("next", 10.3, 10.5, 10.7)};
  rank_records(rs);
  TempPath path("best_columns.csv");
  write_best_csv(path.str(), best_per_group(rs));
  const auto best = read_best(path.str());
  CHECK(best.table.header == expected);
  REQUIRE(best.table.rows.size() == 1);
  CHECK(best.table.rows[0].size() == expected.size());
  // The sweep.csv part is the record's own fields.
  const auto fields = to_fields(rs[0]);
  CHECK(std::vector<std::string>(best.table.rows[0].begin(), best.table.rows[0].begin() + fields.size()) ==
        fields);
}

TEST_CASE("best.csv verdicts: winner, tie and baseline") {
  std::vector<MeasurementRecord> rs = {
      // n = 1024: disjoint intervals, a winner.
      writer_timed("fast", 9.8, 10.0, 10.2, 1024), writer_timed("next", 10.3, 10.5, 10.7, 1024),
      // n = 2048: the best candidate overlaps cuBLAS and another candidate.
      writer_timed("a", 9.8, 10.0, 10.2, 2048), writer_timed("cublas", 10.0, 10.1, 10.3, 2048),
      writer_timed("b", 10.1, 10.3, 10.5, 2048), writer_timed("c", 11, 12, 13, 2048),
      // n = 4096: CUB is clearly faster than every candidate.
      writer_timed("cub", 5.0, 5.1, 5.2, 4096), writer_timed("slow", 9.8, 10.0, 10.2, 4096),
  };
  rank_records(rs);
  TempPath path("best_verdicts.csv");
  write_best_csv(path.str(), best_per_group(rs));
  const auto best = read_best(path.str());
  REQUIRE(best.table.rows.size() == 3);
  CHECK(best.at(0, "variant") == "fast");
  CHECK(best.at(0, "verdict") == "winner");
  CHECK(best.at(0, "tie_size") == "1");
  CHECK(best.at(0, "tie_members") == "fast");
  CHECK(best.at(0, "tied_best") == "1");
  CHECK(best.at(1, "variant") == "a");
  CHECK(best.at(1, "verdict") == "tie");
  CHECK(best.at(1, "tie_size") == "3");
  CHECK(best.at(1, "tie_members") == "a cublas b");  // by median, baseline included
  CHECK(best.at(1, "rank") == "1");
  CHECK(best.at(2, "variant") == "slow");
  CHECK(best.at(2, "verdict") == "baseline");
  CHECK(best.at(2, "tie_size") == "1");
  CHECK(best.at(2, "tie_members") == "cub");
  CHECK(best.at(2, "tied_best") == "0");
}

TEST_CASE("best.csv: a 27-row exact tie lists 8 members and a count, and names no winner") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 27; ++i) rs.push_back(writer_row("v" + std::to_string(10 + i), 4.5));
  rank_records(rs);
  TempPath path("best_tie27.csv");
  write_best_csv(path.str(), best_per_group(rs));
  const auto best = read_best(path.str());
  REQUIRE(best.table.rows.size() == 1);
  CHECK(best.at(0, "tie_size") == "27");
  CHECK(best.at(0, "verdict") == "tie");
  CHECK(best.at(0, "tie_members") == "v10 v11 v12 v13 v14 v15 v16 v17 +19 more");
}

TEST_CASE("unreadable and unwritable paths are InputErrors naming the path") {
  CHECK(contains(input_error_of([] { read_records("/nonexistent/sweep.csv"); }),
                 "/nonexistent/sweep.csv"));
  CHECK(contains(input_error_of([] { write_text_file("/nonexistent/dir/summary.md", "x"); }),
                 "/nonexistent/dir/summary.md"));
  CHECK(contains(input_error_of([] { SweepCsvWriter w("/nonexistent/dir/sweep.csv"); }),
                 "/nonexistent/dir/sweep.csv"));
  TempPath ok("text.md");
  write_text_file(ok.str(), "hello\n");
  CHECK(slurp(ok.str()) == "hello\n");
}

TEST_CASE("read_records names the row of a bad number") {
  TempPath path("bad.csv");
  std::ofstream(path.str()) << "variant,kind,type,n,mode,correct\nv,candidate,f32,lots,cold,1\n";
  CHECK(input_error_of([&] { read_records(path.str()); }) ==
        path.str() + ", row 1: column 'n' value 'lots' is not a number");
}

TEST_CASE("summary markdown: layout, older rows without intervals") {
  std::vector<MeasurementRecord> rs = {
      writer_row("fast", 470.0), writer_row("mid", 480.0), writer_row("slow", 500.0), writer_row("cub", 520.0),
      writer_row("cublas", 482.0), writer_row("broken", 10.0, false), writer_row("seed", 100.0, false),
      writer_row("hot1", 4.9, true, 1000, "hot"),
  };
  rs[0].gbps = 4567.89;
  rs[0].pct_peak = 95.123;
  rs[0].noise_pct = 0.314;
  rank_records(rs);
  const std::string md = summary_markdown(rs, 2);
  CAPTURE(md);
  CHECK(contains(md, "### f32, n = 2^28, cold\n"));
  CHECK(contains(md, "### f32, n = 1000, hot\n"));
  CHECK(contains(md, "| rank | best | variant | median µs [95% CI] | GB/s | % peak | vs cuBLAS | vs CUB | noise % |"));
  // No interval in the row: the bare median and point speedups, no brackets.
  CHECK(contains(md, "| 1 | winner | fast | 470.00 | 4567.9 | 95.1 | 1.03x | 1.11x | 0.31 |"));
  CHECK(contains(md, "| 2 |  | mid |"));
  CHECK_FALSE(contains(md, "slow"));  // beyond top 2
  CHECK(contains(md, "| 3 |  | cublas |"));
  CHECK(contains(md, "| 5 |  | cub |"));
  CHECK(md.find("| cublas |") < md.find("| cub |"));
  CHECK(contains(md, "2 variants incorrect: broken (wrong sum), seed (wrong sum)"));
  // Groups in (type, n, mode) order: n = 1000 before 2^28.
  CHECK(md.find("n = 1000") < md.find("n = 268435456"));
  CHECK(contains(md, "| 1 | winner | hot1 | 4.90 |"));
  CHECK(contains(md, "winner: hot1 (the only timed row)\n"));
}

TEST_CASE("summary markdown: intervals, speedup intervals and a winner line") {
  std::vector<MeasurementRecord> rs = {
      writer_timed("fast", 469.0, 470.0, 471.0), writer_timed("mid", 479.0, 480.0, 481.0),
      writer_timed("cublas", 481.0, 482.0, 484.0), writer_timed("cub", 515.0, 520.0, 525.0),
  };
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CAPTURE(md);
  // vs cuBLAS: 482/470 = 1.0255, [481/471, 484/469] = [1.0212, 1.0320];
  // vs CUB: 520/470 = 1.1064, [515/471, 525/469] = [1.0934, 1.1194].
  CHECK(contains(md, "| 1 | winner | fast | 470.00 [469.00, 471.00] | — | — | 1.03x [1.02, 1.03] | "
                     "1.11x [1.09, 1.12] | — |"));
  CHECK(contains(md, "| 2 |  | mid | 480.00 [479.00, 481.00] |"));
  CHECK(contains(md, "| 3 |  | cublas | 482.00 [481.00, 484.00] | — | — | 1.00x [0.99, 1.01] |"));
  // 480/470 - 1 = 2.13%, [479/471 - 1, 481/469 - 1] = [1.70%, 2.56%].
  CHECK(line_starting(md, "winner:") ==
        "winner: fast, 2.13% [1.70%, 2.56%] faster than the next row, mid (intervals disjoint, 8.00 us apart: "
              "within the run-to-run noise, the gate's floor here is 16.40 us)");
  CHECK_FALSE(contains(md, "no single winner"));
}

TEST_CASE("summary markdown: a winner further ahead than the gate's noise floor has no noise note") {
  // 9.8 us apart against a floor of 2 us + 3% of 20 = 2.6 us.
  std::vector<MeasurementRecord> rs = {writer_timed("fast", 9.9, 10.0, 10.1, 1 << 20), writer_timed("slow", 19.9, 20.0, 20.1, 1 << 20)};
  rank_records(rs);
  CHECK(line_starting(summary_markdown(rs, 5), "winner:") ==
        "winner: fast, 100.00% [97.03%, 103.03%] faster than the next row, slow (intervals disjoint)");
}

TEST_CASE("summary markdown: overlapping intervals name no winner") {
  std::vector<MeasurementRecord> rs = {
      writer_timed("a", 4.48, 4.51, 4.54), writer_timed("b", 4.50, 4.53, 4.60), writer_timed("cublas", 4.53, 4.56, 4.58),
      writer_timed("c", 4.70, 4.80, 4.90),
  };
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CAPTURE(md);
  CHECK(contains(md, "| 1 | tie | a | 4.51 [4.48, 4.54] |"));
  CHECK(contains(md, "| 1 | tie | b | 4.53 [4.50, 4.60] |"));
  CHECK(contains(md, "| 1 | tie | cublas | 4.56 [4.53, 4.58] |"));  // the baseline is in the tie
  CHECK(contains(md, "| 4 |  | c | 4.80 [4.70, 4.90] |"));
  CHECK(line_starting(md, "no single winner") ==
        "no single winner: 3 rows tie (no row's interval lies wholly below theirs): a b cublas");
  CHECK(line_starting(md, "winner:").empty());
  CHECK_FALSE(contains(md, "| winner |"));
}

TEST_CASE("summary markdown: a 27-row exact tie names no winner and lists 8 ids") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 27; ++i) rs.push_back(writer_row("v" + std::to_string(10 + i), 4.5));
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CAPTURE(md);
  CHECK(line_starting(md, "no single winner") ==
        "no single winner: 27 rows tie (no row's interval lies wholly below theirs): "
        "v10 v11 v12 v13 v14 v15 v16 v17 +19 more");
  CHECK(count(md, "| 1 | tie |") == 5);  // top 5 shown
}

TEST_CASE("summary markdown: a group with no correct timed row says so") {
  std::vector<MeasurementRecord> rs = {writer_row("broken", 1.0, false)};
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CHECK(contains(md, "\nno correct timed rows\n"));
  CHECK(contains(md, "1 variant incorrect: broken (wrong sum)"));
}

TEST_CASE("summary markdown truncates a long list of incorrect variants") {
  std::vector<MeasurementRecord> rs;
  for (int i = 0; i < 7; ++i) rs.push_back(writer_row("bad" + std::to_string(i), 1.0, false));
  rank_records(rs);
  const std::string md = summary_markdown(rs, 5);
  CHECK(contains(md, "7 variants incorrect: bad0 (wrong sum), "));
  CHECK(contains(md, "bad4 (wrong sum), and 2 more"));
  CHECK_FALSE(contains(md, "bad5"));
}

TEST_CASE("summary markdown: rows whose samples ran in two states are named, host-timed ones never") {
  std::vector<MeasurementRecord> rs = {writer_timed("a", 4.48, 4.51, 4.54), writer_timed("b", 5.0, 5.1, 5.2)};
  rank_records(rs);
  rs[1].noise_pct = 25;  // at the threshold: one state
  CHECK_FALSE(contains(summary_markdown(rs, 5), "two states"));
  rs[1].noise_pct = 81.4;
  CHECK(line_starting(summary_markdown(rs, 5),
                      "1 row ran in two states, the middle half of the samples spread over more than 25% of the "
                      "median (noise_pct): b (81%); a re-run may read the other state")
            .size() > 0);
  rs[1].correct = false;  // an incorrect row is listed as incorrect, not for its spread
  CHECK_FALSE(contains(summary_markdown(rs, 5), "two states"));
  MeasurementRecord thrust = writer_timed("thrust", 40, 45, 50);
  thrust.kind = "baseline";
  thrust.noise_pct = 29;
  rs = {writer_timed("a", 4.48, 4.51, 4.54), thrust};
  rank_records(rs);
  CHECK_FALSE(contains(summary_markdown(rs, 5), "two states"));
}

TEST_CASE("summary markdown: rows measured under power or thermal capping are called out") {
  std::vector<MeasurementRecord> rs = {writer_timed("a", 4.48, 4.51, 4.54), writer_timed("b", 5.0, 5.1, 5.2)};
  rank_records(rs);
  CHECK_FALSE(contains(summary_markdown(rs, 5), "capping"));
  rs[1].capped = true;
  rs[1].clock_events = "sw_power_cap";
  CHECK(line_starting(summary_markdown(rs, 5), "1 rows measured under power or thermal capping").size() > 0);
  rs[1].capped = false;  // NVML read, nothing seen
  CHECK_FALSE(contains(summary_markdown(rs, 5), "capping"));
}
