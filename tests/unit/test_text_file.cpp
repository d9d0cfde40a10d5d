#include <doctest/doctest.h>

#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "core/input_error.hpp"
#include "core/report/report_writer.hpp"
#include "core/io/text_file.hpp"

using namespace dotsweep;

namespace {
void write_gzip(const std::filesystem::path& path, const std::string& text) {
  gzFile file = gzopen(path.string().c_str(), "wb");
  REQUIRE(file != nullptr);
  REQUIRE(gzwrite(file, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
  REQUIRE(gzclose(file) == Z_OK);
}
}  // namespace

TEST_CASE("a gzipped report reads the same as the plain one; a truncated one is bad input") {
  const auto dir = std::filesystem::temp_directory_path() / "dotsweep_text_file_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::vector<MeasurementRecord> rows(2);
  rows[0].variant = "a";
  rows[1].variant = "b";
  for (auto& r : rows) {
    r.kind = kCandidateKind;
    r.type = "f32";
    r.mode = "cold";
    r.n = 4096;
  }
  write_records((dir / "sweep.csv").string(), rows);
  const std::string plain = read_text_file((dir / "sweep.csv").string());
  write_gzip(dir / "sweep.csv.gz", plain);
  CHECK(read_text_file((dir / "sweep.csv.gz").string()) == plain);
  const auto back = read_records((dir / "sweep.csv.gz").string());
  REQUIRE(back.size() == 2);
  CHECK(back[1].variant == "b");

  // Cut the compressed stream in half: the reader must refuse, not return a prefix.
  std::string gz;
  {
    std::ifstream in(dir / "sweep.csv.gz", std::ios::binary);
    gz.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(dir / "cut.csv.gz", std::ios::binary) << gz.substr(0, gz.size() / 2);
  CHECK_THROWS_AS(read_text_file((dir / "cut.csv.gz").string()), InputError);
  CHECK_THROWS_AS(read_text_file((dir / "missing.csv").string()), InputError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("the committed H200 baseline (.csv.gz) reads back: both modes, ranked, every group with a tie group") {
  const auto records = read_records(std::string(DOTSWEEP_SOURCE_ROOT) + "/results/baselines/h200.csv.gz");
  REQUIRE(records.size() > 1000);
  std::size_t cold = 0, hot = 0, tied = 0;
  for (const auto& r : records) {
    cold += r.mode == "cold";
    hot += r.mode == "hot";
    tied += r.tied_best == true;
    if (r.correct && r.median_us) {
      REQUIRE(r.ci_lo_us.has_value());
      CHECK(*r.ci_lo_us <= *r.median_us);
      CHECK(*r.median_us <= *r.ci_hi_us);
    }
  }
  CHECK(cold == hot);
  CHECK(tied >= 24);  // at least one rank-1 row per (n, mode) group of the default sweep
}
