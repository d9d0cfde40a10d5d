// The host paths' model (core/stats/crossover.hpp), its section of summary.md
// (core/report/crossover_markdown.hpp), and that host-path rows never rank
// against the GPU-resident rows of their group.
#include <doctest/doctest.h>

#include <algorithm>

#include "core/report/crossover_markdown.hpp"
#include "core/stats/crossover.hpp"
#include "core/stats/ranking.hpp"
#include "core/stats/tie_group.hpp"

using namespace dotsweep;

namespace {

// A correct host-path row of `name` at n with its 95% interval.
MeasurementRecord host_row(const std::string& name, long long n, double lo, double median, double hi,
                           const std::string& type = "f32", const std::string& mode = "cold") {
  MeasurementRecord r;
  r.variant = name;
  r.kind = kHostPathKind;
  r.type = type;
  r.n = n;
  r.mode = mode;
  r.correct = true;
  r.median_us = median;
  r.ci_lo_us = lo;
  r.ci_hi_us = hi;
  return r;
}

// The gpu-resident path against cpu-blas over the sizes of `gpu_vs_cpu`:
// per n, 'g' the GPU's interval wholly below the CPU's, 'c' wholly above,
// 't' overlapping.
std::vector<MeasurementRecord> series(const std::string& gpu_vs_cpu, const std::string& path = kGpuResidentName) {
  std::vector<MeasurementRecord> rows;
  long long n = 1024;
  for (const char side : gpu_vs_cpu) {
    rows.push_back(host_row(kCpuBlasName, n, 9, 10, 11));
    if (side == 'g') rows.push_back(host_row(path, n, 4, 5, 6));
    if (side == 'c') rows.push_back(host_row(path, n, 14, 15, 16));
    if (side == 't') rows.push_back(host_row(path, n, 10.5, 12, 13));
    n *= 4;
  }
  return rows;
}

Crossover only(const std::vector<MeasurementRecord>& rows) {
  const auto found = crossovers(rows);
  REQUIRE(found.size() == 1);
  return found.front();
}

}  // namespace

TEST_CASE("crossover: the GPU is faster from the first n of its last unbroken run of wins") {
  const Crossover x = only(series("cctgg"));  // n = 2^10, 2^12, 2^14, 2^16, 2^18
  CHECK(x.gpu_path == kGpuResidentName);
  CHECK(x.smallest_n == 1024);
  CHECK(x.largest_n == 1LL << 18);
  REQUIRE(x.gpu_faster_from);
  CHECK(*x.gpu_faster_from == 1LL << 16);  // the tie at 2^14 is not a win
  REQUIRE(x.cpu_faster_up_to);
  CHECK(*x.cpu_faster_up_to == 1LL << 12);
  CHECK(x.speedup_at_largest == doctest::Approx(2.0));
  CHECK(x.cpu_at_largest == kCpuBlasName);
}

TEST_CASE("crossover: a win before a later loss does not count; no win at the largest n is no crossover") {
  CHECK(*only(series("gcgg")).gpu_faster_from == 1LL << 14);
  CHECK(*only(series("gcgg")).cpu_faster_up_to == 1LL << 12);
  CHECK_FALSE(only(series("ggc")).gpu_faster_from);
  CHECK_FALSE(only(series("ggt")).gpu_faster_from);  // a tie at the largest n
  CHECK(*only(series("ggg")).gpu_faster_from == 1024);
  CHECK_FALSE(only(series("ggg")).cpu_faster_up_to);
}

TEST_CASE("crossover: intervals that touch are a tie, not a win either way") {
  std::vector<MeasurementRecord> rows{host_row(kCpuBlasName, 4096, 9, 10, 11), host_row(kGpuResidentName, 4096, 7, 8, 9)};
  CHECK_FALSE(only(rows).gpu_faster_from);
  rows[1] = host_row(kGpuResidentName, 4096, 7, 8, 8.999);
  CHECK(only(rows).gpu_faster_from);
  rows[1] = host_row(kGpuResidentName, 4096, 11, 12, 13);  // touching from above
  CHECK_FALSE(only(rows).cpu_faster_up_to);
  rows[1] = host_row(kGpuResidentName, 4096, 11.001, 12, 13);
  CHECK(only(rows).cpu_faster_up_to);
}

TEST_CASE("crossover: each n compares with the faster CPU row there; incorrect rows and other modes stay out") {
  std::vector<MeasurementRecord> rows{
      host_row(kCpuBlasName, 1024, 9, 10, 11),  host_row(kCpuLoopName, 1024, 1, 2, 3),  // the loop wins at 2^10
      host_row(kGpuResidentName, 1024, 4, 5, 6),                                         // beats BLAS, not the loop
      host_row(kCpuBlasName, 4096, 9, 10, 11),  host_row(kCpuLoopName, 4096, 30, 40, 50),
      host_row(kGpuResidentName, 4096, 4, 5, 6),
  };
  Crossover x = only(rows);
  CHECK(*x.gpu_faster_from == 4096);
  CHECK(*x.cpu_faster_up_to == 1024);
  CHECK(x.cpu_at_largest == kCpuBlasName);
  // A wrong fast CPU answer is no yardstick.
  rows[1].correct = false;
  CHECK(*only(rows).gpu_faster_from == 1024);
  // A hot row is another question: it neither joins nor replaces the cold ones.
  rows.push_back(host_row(kGpuResidentName, 1024, 100, 101, 102, "f32", "hot"));
  CHECK(crossovers(rows).size() == 1);
}

TEST_CASE("crossover: one entry per type, mode and GPU path, in path order; nothing without a CPU row") {
  std::vector<MeasurementRecord> rows = series("cg", kGpuFromPinnedName);
  for (auto& r : series("cc", kGpuFromPageableName))
    if (r.variant == kGpuFromPageableName) rows.push_back(r);
  for (auto& r : series("gg")) rows.push_back(host_row(r.variant, r.n, *r.ci_lo_us, *r.median_us, *r.ci_hi_us, "f64"));
  rows.push_back(host_row(kGpuResidentName, 1024, 1, 2, 3, "f64", "hot"));  // no CPU row in f64 hot
  const auto found = crossovers(rows);
  REQUIRE(found.size() == 3);
  CHECK(found[0].type == "f32");
  CHECK(found[0].gpu_path == kGpuFromPageableName);
  CHECK_FALSE(found[0].gpu_faster_from);
  CHECK(found[1].gpu_path == kGpuFromPinnedName);
  CHECK(*found[1].gpu_faster_from == 4096);
  CHECK(found[2].type == "f64");
  CHECK(found[2].gpu_path == kGpuResidentName);
}

TEST_CASE("summary.md's host-path section: the crossover table and each path's times; none without host rows") {
  CHECK(crossover_markdown({}).empty());
  std::vector<MeasurementRecord> rows = series("cctgg");
  rows.push_back(host_row(kCpuLoopName, 1024, 19, 20, 21));
  rows.back().correct = false;
  const std::string md = crossover_markdown(rows);
  CHECK(md.find("## When the GPU pays off") != std::string::npos);
  CHECK(md.find("| f32 | cold | the GPU | 2^16 | 2^12 | 2x at 2^18 (cpu-blas) |") != std::string::npos);
  CHECK(md.find("### f32, cold") != std::string::npos);
  CHECK(md.find("| 2^10 | — | — | 15 | 10 | incorrect |") != std::string::npos);
  const std::string never = crossover_markdown(series("cc", kGpuFromPageableName));
  CHECK(never.find("| f32 | cold | pageable host memory | not up to 2^12 | 2^12 |") != std::string::npos);
}

TEST_CASE("host-path rows never rank, tie or get speedups, however fast") {
  MeasurementRecord kernel = host_row("f32.k", 1024, 4.9, 5, 5.1);
  kernel.kind = "candidate";
  MeasurementRecord cublas = host_row(kCublasName, 1024, 6.9, 7, 7.1);
  cublas.kind = "baseline";
  std::vector<MeasurementRecord> rows{kernel, cublas, host_row(kCpuLoopName, 1024, 0.1, 0.2, 0.3)};
  rows.back().gbps = 40.0;
  rows.back().pct_peak = 1.0;  // as a report written by hand might say
  rank_records(rows);
  CHECK(rows[0].rank == 1);
  CHECK(rows[0].tied_best == true);
  CHECK_FALSE(rows[2].rank);
  CHECK_FALSE(rows[2].speedup_vs_cublas);
  CHECK(rows[2].gbps == 40.0);
  const auto best = best_per_group(rows, {});
  REQUIRE(best.size() == 1);
  CHECK(best[0].verdict == Verdict::winner);
  CHECK(best[0].tie_members == std::vector<std::string>{"f32.k"});
  CHECK(host_timed_row(rows[2]));
  CHECK_FALSE(ranks_in_group(rows[2]));
}
