// The distributed dot's table: scaling against one GPU with the interval the
// two medians' intervals imply, the CSV, and the tables people read.
#include <doctest/doctest.h>

#include "core/report/distributed_table.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;

namespace {
DistributedRow distributed_row(const std::string& local, int gpus, std::int64_t n, double lo, double median, double hi) {
  DistributedRow r;
  r.local = local;
  r.gpus = gpus;
  r.n = n;
  r.samples = 40;
  r.ci_lo_us = lo;
  r.median_us = median;
  r.ci_hi_us = hi;
  r.correct = true;
  r.rel_err = 1e-7;
  r.err_bound = 1e-5;
  return r;
}
}  // namespace

TEST_CASE("scaling_of: one GPU's time over this one's, its interval, and the efficiency") {
  const std::vector<DistributedRow> rows = {distributed_row("tuned", 1, 1 << 24, 39, 40, 41), distributed_row("tuned", 2, 1 << 24, 24, 25, 26),
                                            distributed_row("cublas", 2, 1 << 24, 9, 10, 11)};
  const std::optional<Scaling> s = scaling_of(rows, rows[1]);
  REQUIRE(s);
  CHECK(s->speedup == doctest::Approx(1.6));
  CHECK(s->lo == doctest::Approx(39.0 / 26.0));  // the slowest one GPU against the fastest two
  CHECK(s->hi == doctest::Approx(41.0 / 24.0));
  CHECK(s->efficiency == doctest::Approx(0.8));
  CHECK(scaling_of(rows, rows[0])->speedup == doctest::Approx(1.0));
  CHECK_FALSE(scaling_of(rows, rows[2]));  // cuBLAS has no one-GPU row here: its own method only
  DistributedRow wrong = rows[1];
  wrong.correct = false;
  CHECK_FALSE(scaling_of(rows, wrong));
  std::vector<DistributedRow> one_wrong = rows;
  one_wrong[0].correct = false;
  CHECK_FALSE(scaling_of(one_wrong, one_wrong[1]));  // nothing to scale against
  DistributedRow other_n = rows[1];
  other_n.n = 1 << 20;
  CHECK_FALSE(scaling_of(rows, other_n));
}

TEST_CASE("distributed.csv: one line per row, scaling filled where there is one") {
  std::vector<DistributedRow> rows = {distributed_row("tuned", 1, 4096, 9, 10, 11), distributed_row("tuned", 2, 4096, 11, 12, 13)};
  rows.push_back(rows[1]);
  rows.back().local = "cublas";
  rows.back().correct = false;
  rows.back().reason = "random integers: 3 instead of 4";
  rows.back().median_us.reset();
  const std::string csv = distributed_csv(rows, "NVIDIA H200", "2.28.9");
  CHECK(contains(csv, "local,type,gpus,n,samples,median_us,ci_lo_us,ci_hi_us,speedup_vs_1gpu,speedup_lo,speedup_hi,"));
  CHECK(contains(csv, "\ntuned,f32,1,4096,40,10,9,11,1,"));
  CHECK(contains(csv, "\ntuned,f32,2,4096,40,12,11,13,0.8333333333333334,0.6923076923076923,1,"));
  CHECK(contains(csv, "\ncublas,f32,2,4096,40,,11,13,,,,1e-07,1e-05,0,random integers: 3 instead of 4,NVIDIA H200,2.28.9\n"));
}

TEST_CASE("distributed.md: a table per type and method, a column per GPU count, the wrong rows said") {
  std::vector<DistributedRow> rows = {distributed_row("tuned", 1, 1 << 20, 6.9, 7.0, 7.1), distributed_row("tuned", 2, 1 << 20, 13.8, 14.0, 14.3),
                                      distributed_row("cublas", 1, 1 << 20, 9.9, 10.0, 10.1)};
  rows.push_back(distributed_row("cublas", 2, 1 << 20, 0, 0, 0));
  rows.back().correct = false;
  rows.back().reason = "periodic integers: wrong";
  const std::string md = distributed_markdown(rows, "GPUs: two.\n");
  CHECK(contains(md, "GPUs: two."));
  CHECK(contains(md, "## f32, local dot: tuned"));
  CHECK(contains(md, "## f32, local dot: cublas"));
  CHECK(contains(md, "| n | 1 GPU (µs) | 2 GPUs (µs) | x, eff (2) |"));
  CHECK(contains(md, "| 2^20 | 7.0 [6.9, 7.1] | 14.0 [13.8, 14.3] | 0.50x [0.48, 0.51], 25% |"));
  CHECK(contains(md, "| 2^20 | 10.0 [9.9, 10.1] | wrong: periodic integers: wrong | - |"));
}
