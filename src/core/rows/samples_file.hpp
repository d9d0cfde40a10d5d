// samples.csv.gz: every timed sample of every row of a report, beside its
// sweep.csv. One CSV line per row:
//   variant,type,n,mode,launches,us,sm_clock_mhz,throttled
// (variant, type, n, mode) name the row as sweep.csv does; us, sm_clock_mhz
// and throttled are space-separated lists with one entry per sample, in the
// order taken (throttled: 1 for a sample sweep.csv's statistics dropped).
// The file is a series of gzip members (a valid .gz): the header is the
// first, and each row is appended as a member of its own and flushed before
// its sweep.csv line, so a killed sweep loses no row it recorded and the
// reader drops at most a cut-short last member.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/rows/record.hpp"

namespace dotsweep {

inline constexpr const char* kSamplesFile = "samples.csv.gz";

struct RowSamples {
  std::string variant, type;
  std::int64_t n = 0;
  std::string mode;
  std::size_t launches = 0;  // launches per sample, as sweep.csv's launches column
  std::vector<RawSample> samples;
};

class SamplesWriter {
 public:
  // Appends to `path`, creating it with the header when it is missing or empty.
  explicit SamplesWriter(std::string path);
  // One gzip member holding the row's samples, flushed; a row without
  // samples (untimed) writes nothing.
  void append(const MeasurementRecord& row);

 private:
  std::string path_;  // for error messages
  std::ofstream out_;
};

struct SamplesFile {
  std::vector<RowSamples> rows;  // in file order
  bool torn_tail = false;        // a cut-short last member was dropped
};
// Throws InputError naming the file when it cannot be read, a member is
// damaged (not merely cut short at the end), the header is not ours, or a
// line does not parse.
SamplesFile read_samples(const std::string& path);

// For --resume: rewrites `path` atomically with only the rows of `kept` (the
// rows sweep.csv keeps), one line per row, the last written of a key winning,
// so rows measured again are not doubled and a torn member is gone. A
// missing file is left missing.
void keep_samples_of(const std::string& path, const std::vector<MeasurementRecord>& kept);

}  // namespace dotsweep
