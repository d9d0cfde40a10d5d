// samples.csv.gz (core/rows/samples_file.hpp): written row by row as gzip
// members, read back whole, kept across --resume, a torn last member dropped.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "core/input_error.hpp"
#include "core/report/report_folder.hpp"
#include "core/rows/samples_file.hpp"
#include "core/io/text_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::fresh_dir;

namespace {


// A timed row with `count` samples: times that do not round-trip through a
// short decimal, a clock, and every third sample throttled.
MeasurementRecord sampled_row(const std::string& variant, std::int64_t n, const std::string& mode, std::size_t count,
                              double scale = 1.0) {
  MeasurementRecord r = test::timed_row(variant, 1, 2, 3, n);
  r.mode = mode;
  r.launches = mode == "hot" ? 16 : 1;
  for (std::size_t i = 0; i < count; ++i)
    r.raw_samples.push_back({scale * (10.0 + i / 3.0), i % 4 ? 1980.0 : 0.0, i % 3 == 2});
  r.samples = count;
  return r;
}

void check_same(const RowSamples& read, const MeasurementRecord& written) {
  CHECK(read.variant == written.variant);
  CHECK(read.type == written.type);
  CHECK(read.n == written.n);
  CHECK(read.mode == written.mode);
  CHECK(read.launches == written.launches);
  REQUIRE(read.samples.size() == written.raw_samples.size());
  for (std::size_t i = 0; i < read.samples.size(); ++i) {
    CHECK(read.samples[i].us == written.raw_samples[i].us);  // exact: shortest round-trip text
    CHECK(read.samples[i].sm_clock_mhz == written.raw_samples[i].sm_clock_mhz);
    CHECK(read.samples[i].throttled == written.raw_samples[i].throttled);
  }
}

}  // namespace

TEST_CASE("samples file: what the writer appends the reader reads back exactly, an untimed row writes nothing") {
  const auto dir = fresh_dir("dotsweep_samples_round_trip");
  std::filesystem::create_directories(dir);
  const std::string path = (dir / kSamplesFile).string();
  const MeasurementRecord a = sampled_row("f32.b256.i4.v4.cover.warp.shfl.atomic.plain.f32", 1 << 20, "cold", 37);
  const MeasurementRecord b = sampled_row("cublas", 1000003, "hot", 12, 0.01);
  MeasurementRecord untimed = test::timed_row("broken", 1, 2, 3, 64);
  untimed.correct = false;
  {
    SamplesWriter writer(path);
    writer.append(a);
    writer.append(untimed);
    writer.append(b);
  }
  const SamplesFile file = read_samples(path);
  CHECK_FALSE(file.torn_tail);
  REQUIRE(file.rows.size() == 2);
  check_same(file.rows[0], a);
  check_same(file.rows[1], b);
  // Members one after another are one valid .gz: zlib's own reader (as
  // gzip -d and Python's gzip do) sees the whole CSV.
  const std::string text = read_text_file(path);
  CHECK(text.rfind("variant,type,n,mode,launches,us,sm_clock_mhz,throttled\n", 0) == 0);
  CHECK(text.find("cublas,f32,1000003,hot,16,") != std::string::npos);

  // A writer opened on the file again appends without a second header.
  {
    SamplesWriter writer(path);
    writer.append(sampled_row("later", 4, "cold", 3));
  }
  const SamplesFile again = read_samples(path);
  REQUIRE(again.rows.size() == 3);
  CHECK(again.rows[2].variant == "later");
}

TEST_CASE("samples file: a cut-short last member is dropped, a damaged one in the middle is refused") {
  const auto dir = fresh_dir("dotsweep_samples_torn");
  std::filesystem::create_directories(dir);
  const std::string path = (dir / kSamplesFile).string();
  const MeasurementRecord a = sampled_row("a", 1024, "cold", 20);
  const MeasurementRecord b = sampled_row("b", 1024, "cold", 20);
  {
    SamplesWriter writer(path);
    writer.append(a);
    writer.append(b);
  }
  const auto whole = std::filesystem::file_size(path);
  std::filesystem::resize_file(path, whole - 7);  // killed while writing b's member
  const SamplesFile file = read_samples(path);
  CHECK(file.torn_tail);
  REQUIRE(file.rows.size() == 1);
  check_same(file.rows[0], a);

  // --resume rewrites it whole: the torn member is gone, appending works again.
  keep_samples_of(path, {a});
  {
    SamplesWriter writer(path);
    writer.append(b);
  }
  const SamplesFile resumed = read_samples(path);
  CHECK_FALSE(resumed.torn_tail);
  REQUIRE(resumed.rows.size() == 2);
  check_same(resumed.rows[0], a);
  check_same(resumed.rows[1], b);

  // A flipped byte inside the first row's member is damage, not a crash.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() / 3] ^= 0x5a;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  CHECK(test::input_error_of([&] { read_samples(path); }).find(path) != std::string::npos);
}

TEST_CASE("samples file: --resume keeps the kept rows' samples once and drops the rows measured again") {
  const auto dir = fresh_dir("dotsweep_samples_resume");
  const MeasurementRecord done_cold = sampled_row("done", 4096, "cold", 11);
  const MeasurementRecord done_hot = sampled_row("done", 4096, "hot", 9);
  const MeasurementRecord partial_cold = sampled_row("partial", 4096, "cold", 13);
  {
    ReportFolder folder(dir.string());
    CHECK(std::filesystem::exists(dir / kSamplesFile));
    folder.append(done_cold);
    folder.append(done_hot);
    folder.append(partial_cold);  // its hot row never came: the key is measured again
  }
  REQUIRE(read_samples((dir / kSamplesFile).string()).rows.size() == 3);

  const MeasurementRecord again_cold = sampled_row("partial", 4096, "cold", 15, 2.0);
  const MeasurementRecord again_hot = sampled_row("partial", 4096, "hot", 10, 2.0);
  {
    ReportFolder folder(dir.string(), {done_cold, done_hot});
    folder.append(again_cold);
    folder.append(again_hot);
  }
  const SamplesFile file = read_samples((dir / kSamplesFile).string());
  REQUIRE(file.rows.size() == 4);
  check_same(file.rows[0], done_cold);
  check_same(file.rows[1], done_hot);
  check_same(file.rows[2], again_cold);
  check_same(file.rows[3], again_hot);

  // A folder holding only samples.csv.gz is a report's folder too.
  const auto other = fresh_dir("dotsweep_samples_taken");
  std::filesystem::create_directories(other);
  std::ofstream(other / kSamplesFile) << "earlier";
  CHECK_THROWS_AS(ReportFolder::require_free(other.string()), InputError);
}

TEST_CASE("samples file: a file that is not ours is refused with its name") {
  const auto dir = fresh_dir("dotsweep_samples_foreign");
  std::filesystem::create_directories(dir);
  const std::string plain = (dir / "plain.csv.gz").string();
  std::ofstream(plain) << "variant,us\n";
  CHECK(test::input_error_of([&] { read_samples(plain); }).find(plain) != std::string::npos);
}
