// libFuzzer target: the report reader's path (read_records without the file):
// read_csv, then from_fields on every row and records_from_table (which adds
// the duplicate-row check), agreeing with each other. A record that reads must also
// write and read back unchanged (to_fields -> csv_line -> read_csv ->
// from_fields), or a report the harness writes could not be re-read.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/csv.hpp"
#include "core/rows/record.hpp"
#include "fuzz_support.hpp"

namespace {

void round_trip(const dotsweep::MeasurementRecord& record) {
  const std::vector<std::string> fields = dotsweep::to_fields(record);
  try {
    std::istringstream in(dotsweep::csv_line(dotsweep::record_columns()) + dotsweep::csv_line(fields));
    const dotsweep::CsvTable table = dotsweep::read_csv(in, "round trip");
    FUZZ_CHECK(table.header == dotsweep::record_columns());
    FUZZ_CHECK(table.rows.size() == 1);
    FUZZ_CHECK(dotsweep::to_fields(dotsweep::from_fields(table.header, table.rows[0], "round trip")) == fields);
  } catch (const std::exception& e) {
    dotsweep::fuzz::finding(std::string("a record that read does not read back after writing: ") + e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<dotsweep::MeasurementRecord> records;
  dotsweep::fuzz::expect_input_error_only([&] {
    std::istringstream in(text);
    const dotsweep::CsvTable table = dotsweep::read_csv(in, "fuzz.csv");
    for (const auto& row : table.rows) FUZZ_CHECK(row.size() == table.header.size());
    for (std::size_t i = 0; i < table.rows.size(); ++i)
      records.push_back(dotsweep::from_fields(table.header, table.rows[i], "fuzz.csv, row " + std::to_string(i + 1)));
    const auto all = dotsweep::records_from_table(table, "fuzz.csv");
    FUZZ_CHECK(all.size() == records.size());
    for (std::size_t i = 0; i < all.size(); ++i) FUZZ_CHECK(dotsweep::to_fields(all[i]) == dotsweep::to_fields(records[i]));
  });
  for (const auto& record : records) round_trip(record);
  return 0;
}
