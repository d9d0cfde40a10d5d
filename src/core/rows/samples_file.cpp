#include "core/rows/samples_file.hpp"

#include <zlib.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>
#include <tuple>

#include "core/io/csv.hpp"
#include "core/input_error.hpp"
#include "core/io/bounded_file.hpp"

namespace dotsweep {

namespace {

const std::vector<std::string>& samples_columns() {
  static const std::vector<std::string> names{"variant", "type", "n",            "mode",
                                              "launches", "us",  "sm_clock_mhz", "throttled"};
  return names;
}

std::string samples_why() { return errno ? std::strerror(errno) : "I/O error"; }

// One whole gzip stream holding `text`.
std::string gzip_member(const std::string& text) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&zs, text.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  zs.avail_in = static_cast<uInt>(text.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

// Shortest form that reads back equal.
std::string samples_number(double v) {
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

std::string samples_joined(const std::vector<RawSample>& samples, std::string (*field)(const RawSample&)) {
  std::string text;
  for (std::size_t i = 0; i < samples.size(); ++i) text += (i ? " " : "") + field(samples[i]);
  return text;
}

std::string row_line(const RowSamples& row) {
  return csv_line({row.variant, row.type, std::to_string(row.n), row.mode, std::to_string(row.launches),
                   samples_joined(row.samples, [](const RawSample& s) { return samples_number(s.us); }),
                   samples_joined(row.samples, [](const RawSample& s) { return samples_number(s.sm_clock_mhz); }),
                   samples_joined(row.samples, [](const RawSample& s) { return std::string(s.throttled ? "1" : "0"); })});
}

RowSamples samples_of(const MeasurementRecord& r) {
  return {r.variant, r.type, r.n, r.mode, r.launches, r.raw_samples};
}

void append_bytes(std::ofstream& out, const std::string& bytes, const std::string& path) {
  errno = 0;
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.flush();  // the point of appending: each finished row is on disk
  if (!out) throw InputError("cannot write to '" + path + "': " + samples_why());
}

std::vector<RawSample> parse_samples(const std::vector<std::string>& fields, const std::string& origin) {
  std::vector<std::vector<double>> lists;
  for (std::size_t column = 5; column < 8; ++column) {
    std::vector<double> values;
    std::istringstream in(fields[column]);
    std::string word;
    while (in >> word) {
      double v = 0;
      const auto res = std::from_chars(word.data(), word.data() + word.size(), v);
      if (res.ec != std::errc() || res.ptr != word.data() + word.size())
        throw InputError(origin + ": column '" + samples_columns()[column] + "' holds '" + word + "', not a number");
      values.push_back(v);
    }
    lists.push_back(std::move(values));
  }
  if (lists[1].size() != lists[0].size() || lists[2].size() != lists[0].size())
    throw InputError(origin + ": us, sm_clock_mhz and throttled list different numbers of samples");
  std::vector<RawSample> samples;
  for (std::size_t i = 0; i < lists[0].size(); ++i) samples.push_back({lists[0][i], lists[1][i], lists[2][i] != 0});
  return samples;
}

std::int64_t samples_parse_integer(const std::string& text, const std::string& origin, const char* column) {
  std::int64_t v = 0;
  const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
  if (res.ec != std::errc() || res.ptr != text.data() + text.size())
    throw InputError(origin + ": column '" + column + "' holds '" + text + "', not an integer");
  return v;
}

}  // namespace

SamplesWriter::SamplesWriter(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path_, ec);  // ec: no such file yet
  errno = 0;
  out_.open(path_, std::ios::binary | std::ios::app);
  if (!out_) throw InputError("cannot open '" + path_ + "' for writing: " + samples_why());
  if (ec || size == 0) append_bytes(out_, gzip_member(csv_line(samples_columns())), path_);
}

void SamplesWriter::append(const MeasurementRecord& row) {
  if (row.raw_samples.empty()) return;
  append_bytes(out_, gzip_member(row_line(samples_of(row))), path_);
}

SamplesFile read_samples(const std::string& path) {
  SamplesFile file;
  // The one bounded reader; a cut-short last member (a sweep killed while writing it) is dropped.
  const std::string members = inflate_gzip(read_file_bytes(path, kSamplesKind), path, kSamplesKind, &file.torn_tail);
  if (members.empty()) return file;  // cut inside the header member: nothing was recorded yet
  std::istringstream text(members);
  const CsvTable table = read_csv(text, path);
  if (table.header != samples_columns())
    throw InputError("'" + path + "' is not a samples file of this dotsweep: its header is not " +
                     csv_line(samples_columns()).substr(0, csv_line(samples_columns()).size() - 1));
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& f = table.rows[i];
    const std::string origin = path + ", row " + std::to_string(i + 1);
    RowSamples row;
    row.variant = f[0];
    row.type = f[1];
    row.n = samples_parse_integer(f[2], origin, "n");
    row.mode = f[3];
    row.launches = static_cast<std::size_t>(samples_parse_integer(f[4], origin, "launches"));
    row.samples = parse_samples(f, origin);
    file.rows.push_back(std::move(row));
  }
  return file;
}

void keep_samples_of(const std::string& path, const std::vector<MeasurementRecord>& kept) {
  if (!std::filesystem::exists(path)) return;
  using Key = std::tuple<std::string, std::string, std::int64_t, std::string>;
  std::map<Key, std::size_t> wanted;  // key -> its row in the rewritten file
  for (const auto& r : kept) wanted.emplace(Key{r.variant, r.type, r.n, r.mode}, wanted.size());
  std::vector<const RowSamples*> latest(wanted.size(), nullptr);
  const SamplesFile file = read_samples(path);
  for (const auto& row : file.rows) {
    const auto found = wanted.find(Key{row.variant, row.type, row.n, row.mode});
    if (found != wanted.end()) latest[found->second] = &row;
  }
  std::string text = csv_line(samples_columns());
  for (const auto* row : latest)
    if (row) text += row_line(*row);
  const std::string tmp = path + ".tmp";
  {
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError("cannot write '" + tmp + "': " + samples_why());
    append_bytes(out, gzip_member(text), tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw InputError("cannot replace '" + path + "' with '" + tmp + "': " + samples_why());
}

}  // namespace dotsweep
