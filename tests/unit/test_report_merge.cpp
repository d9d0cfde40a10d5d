// `dotsweep merge` on shards cut from a real H200 report
// (tests/fixtures/reports/h200-2026-11-30-f32.*: the f32 default space of its
// day, 12 sizes, cold and hot, 5544 rows): the merge gives back the same
// rows, and every kind of report that is not one sweep's finished shards is
// refused with a line that says what.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/io/csv.hpp"
#include "core/input_error.hpp"
#include "core/rows/record.hpp"
#include "core/report/report_folder.hpp"
#include "core/report/report_merge.hpp"
#include "core/report/report_writer.hpp"
#include "core/space/space_file.hpp"
#include "core/io/text_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {

const std::string kReport = std::string(DOTSWEEP_SOURCE_ROOT) + "/tests/fixtures/reports/h200-2026-11-30-f32";

struct Original {
  nlohmann::json context = nlohmann::json::parse(read_text_file(kReport + ".context.json"));
  std::vector<MeasurementRecord> rows = read_records(kReport + ".csv.gz");
};
const Original& original() {
  static const Original o;
  return o;
}

// The report cut into `count` shards by the slices the sweep would measure.
std::vector<ShardReport> cut(int count) {
  const Original& o = original();
  const SearchSpace space = parse_space_text(o.context["space"]["text"].get<std::string>(), "fixture", 100000);
  const auto sizes = o.context["options"]["sizes"].get<std::vector<std::int64_t>>();
  std::vector<ShardReport> shards;
  for (int i = 1; i <= count; ++i) {
    ShardReport r;
    r.shard = Shard{i, count};
    r.dir = "shard" + std::to_string(i);
    r.context = o.context;
    r.context["shard"] = {{"index", i}, {"count", count}};
    const std::set<WorkUnit> slice = shard_slice(space.configs, sizes, r.shard);
    for (const MeasurementRecord& row : o.rows)
      if (slice.count(WorkUnit{*element_type_from_string(row.type), row.n})) r.rows.push_back(row);
    shards.push_back(r);
  }
  return shards;
}

std::multiset<std::string> row_set(const std::vector<MeasurementRecord>& rows) {
  std::multiset<std::string> lines;
  for (const MeasurementRecord& r : rows) lines.insert(csv_line(to_fields(r)));
  return lines;
}

std::string merge_refusal(const std::vector<ShardReport>& shards) {
  return input_error_of([&] { merge_shard_reports(shards); });
}

}  // namespace

TEST_CASE("merging the shards of a real report gives back its rows") {
  for (const int count : {1, 3, 12}) {
    const std::vector<ShardReport> shards = cut(count);
    std::size_t cut_rows = 0;
    for (const ShardReport& s : shards) {
      CHECK(!s.rows.empty());
      cut_rows += s.rows.size();
    }
    CHECK(cut_rows == original().rows.size());
    std::vector<ShardReport> reversed(shards.rbegin(), shards.rend());  // the order given does not matter
    const MergedReport merged = merge_shard_reports(reversed);
    CHECK(row_set(merged.rows) == row_set(original().rows));
    CHECK(merged.context["run"]["completed"] == true);
    CHECK(merged.context["run"]["rows"] == original().rows.size());
    CHECK(merged.context["merged_from"].size() == static_cast<std::size_t>(count));
    CHECK(merged.context["merged_from"][0]["shard"]["index"] == 1);
    CHECK(!merged.context.contains("shard"));
    CHECK(merged.planned.at("f32") == 227);  // every candidate in every group
    CHECK(merged.gpu_label == "NVIDIA H200 (sm_90)");
  }
}

TEST_CASE("the merged rows carry one timestamp, the earliest shard's, and no GPU of their own") {
  std::vector<ShardReport> shards = cut(2);
  shards[1].context["timestamp"] = "2026-11-30T05:00:00Z";  // earlier than the fixture's 06:10
  for (MeasurementRecord& r : shards[1].rows) r.env.timestamp = "2026-11-30T05:00:00Z";
  for (std::size_t s = 0; s < shards.size(); ++s)
    for (MeasurementRecord& r : shards[s].rows) {
      r.env.device = static_cast<int>(s);
      r.env.gpu_uuid = "GPU-" + std::to_string(s);
    }
  const MergedReport merged = merge_shard_reports(shards);
  for (const MeasurementRecord& r : merged.rows) {
    REQUIRE(r.env.timestamp == "2026-11-30T05:00:00Z");
    REQUIRE_FALSE(r.env.device.has_value());  // else compare would split it by GPU
    REQUIRE(r.env.gpu_uuid.empty());
  }
  CHECK(merged.context["timestamp"] == "2026-11-30T05:00:00Z");
  CHECK(merged.context["merged_from"][0]["timestamp"] == original().context["timestamp"]);
}

TEST_CASE("merge refuses shards that are not one sweep's, each once, finished") {
  SUBCASE("a missing shard is named") {
    std::vector<ShardReport> shards = cut(4);
    shards.erase(shards.begin() + 1);
    CHECK(contains(merge_refusal(shards), "shard 2/4 of 4 is missing"));
    shards.pop_back();
    CHECK(contains(merge_refusal(shards), "shards 2/4 and 4/4 of 4 are missing"));
  }
  SUBCASE("a shard given twice") {
    std::vector<ShardReport> shards = cut(3);
    shards.push_back(shards[2]);
    shards.back().dir = "again";
    CHECK(contains(merge_refusal(shards), "'shard3' and 'again' are both shard 3/3"));
  }
  SUBCASE("shards of different shardings") {
    std::vector<ShardReport> shards = cut(3);
    shards[2] = cut(2)[1];
    CHECK(contains(merge_refusal(shards), "reports of different shardings"));
  }
  SUBCASE("a shard that did not finish") {
    std::vector<ShardReport> shards = cut(3);
    shards[1].context["run"]["completed"] = false;
    CHECK(contains(merge_refusal(shards), "'shard2' (shard 2/3) did not finish"));
    shards[1].context.erase("run");  // killed: context.json as the sweep started
    CHECK(contains(merge_refusal(shards), "did not finish"));
  }
  SUBCASE("a different space, options, version, GPU model, driver") {
    const std::vector<std::pair<const char*, nlohmann::json>> changes{
        {"/space/text", "name = \"other\""},
        {"/options/sizes", nlohmann::json::array({1})},
        {"/options/modes", nlohmann::json::array({"cold"})},
        {"/seed", 7},
        {"/options/time_budget_s", 1.0},
        {"/dotsweep_version", "0.0.9"},
        {"/device/name", "NVIDIA H100 80GB HBM3"},
        {"/device/driver", "12.8"},
    };
    for (const auto& [pointer, value] : changes) {
      std::vector<ShardReport> shards = cut(3);
      shards[2].context[nlohmann::json::json_pointer(pointer)] = value;
      const std::string why = merge_refusal(shards);
      CHECK_MESSAGE(contains(why, "differs: 'shard1' has "), pointer, ": ", why);
      CHECK_MESSAGE(contains(why, "'shard3' has " + value.dump()), pointer, ": ", why);
    }
  }
  SUBCASE("rows outside the shard's slice") {
    std::vector<ShardReport> shards = cut(3);
    shards[0].rows.push_back(shards[1].rows.front());
    CHECK(contains(merge_refusal(shards), "'shard1' holds a row of (f32, n = "));
    CHECK(contains(merge_refusal(shards), "which shard 1/3 does not measure"));
  }
  SUBCASE("rows of another GPU model") {
    std::vector<ShardReport> shards = cut(3);
    shards[2].rows[5].env.gpu = "NVIDIA H100 80GB HBM3";
    CHECK(contains(merge_refusal(shards), "'shard3' holds rows of NVIDIA H100 80GB HBM3 and 'shard1' of NVIDIA H200"));
  }
  SUBCASE("nothing to merge") { CHECK(contains(merge_refusal({}), "no reports to merge")); }
}

TEST_CASE("a shard's samples.csv.gz reaches the merged rows") {
  namespace fs = std::filesystem;
  std::vector<ShardReport> shards = cut(2);
  const fs::path dir = fs::temp_directory_path() / "dotsweep_unit_merge_samples";
  fs::remove_all(dir);
  {
    // The first shard's folder as its sweep leaves it: rows appended with
    // their samples (three rows sampled, the rest without), then context.json.
    ReportFolder folder(dir.string());
    for (std::size_t i = 0; i < shards[0].rows.size(); ++i) {
      MeasurementRecord row = shards[0].rows[i];
      if (i < 3)
        for (int k = 0; k < 5; ++k) row.raw_samples.push_back({10.0 + i + k / 7.0, 1980.0, k == 4});
      folder.append(row);
    }
    folder.write_context(shards[0].context.dump(2));
  }
  ShardReport read = read_shard_report(dir.string());
  REQUIRE(read.rows.size() == shards[0].rows.size());
  for (std::size_t i = 0; i < read.rows.size(); ++i) {
    CAPTURE(i);
    REQUIRE(read.rows[i].raw_samples.size() == (i < 3 ? 5u : 0u));
    if (i < 3) {
      CHECK(read.rows[i].raw_samples[1].us == 10.0 + i + 1 / 7.0);
      CHECK(read.rows[i].raw_samples[4].throttled);
    }
  }
  shards[0] = read;
  const MergedReport merged = merge_shard_reports(shards);
  std::size_t sampled = 0;
  for (const MeasurementRecord& r : merged.rows) sampled += !r.raw_samples.empty();
  CHECK(sampled == 3);
  fs::remove_all(dir);
}
