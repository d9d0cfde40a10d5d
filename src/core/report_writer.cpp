// The files of a report folder. sweep.csv is appended row by row while the
// sweep runs (a crash loses nothing measured) and rewritten ranked at the end.
#include "core/report_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>
#include <tuple>

#include "core/csv.hpp"
#include "core/input_error.hpp"
#include "core/ranking.hpp"

namespace dotsweep {

namespace {

std::string why() { return errno ? std::strerror(errno) : "I/O error"; }

std::string read_whole(const std::string& path) {
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "': " + why());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string header_line() {
  std::string line = csv_line(record_columns());
  line.pop_back();  // the "\n"
  return line;
}

// Checks a non-empty sweep.csv can take more rows of ours. Returns false
// when it holds no complete line (nothing was measured: start it afresh).
bool prepare_resume(const std::string& path) {
  const std::string text = read_whole(path);
  const auto last_newline = text.rfind('\n');
  if (last_newline == std::string::npos) {
    std::filesystem::resize_file(path, 0);
    return false;
  }
  std::string first = text.substr(0, text.find('\n'));
  if (!first.empty() && first.back() == '\r') first.pop_back();
  if (first != header_line())
    throw InputError("cannot resume '" + path +
                     "': its header differs from this dotsweep's sweep.csv columns; "
                     "write to a new output folder");
  // A row cut short by a crash would make the whole file unreadable; its
  // variant is measured again on resume, so drop the fragment.
  if (last_newline + 1 != text.size()) std::filesystem::resize_file(path, last_newline + 1);
  return true;
}

// ---- summary.md ----

std::string fixed(const std::optional<double>& v, int decimals, const char* suffix = "") {
  if (!v) return "—";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f%s", decimals, *v, suffix);
  return buf;
}

// A '|' in free text would split a table cell.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

std::string n_label(std::int64_t n) {
  std::string label = std::to_string(n);
  if (n > 0 && (n & (n - 1)) == 0) {
    int k = 0;
    while ((std::int64_t{1} << k) != n) ++k;
    label += " (2^" + std::to_string(k) + ")";
  }
  return label;
}

std::string table_row(const MeasurementRecord& r) {
  return "| " + (r.rank ? std::to_string(*r.rank) : std::string("—")) + " | " + cell(r.variant) +
         " | " + fixed(r.median_us, 2) + " | " + fixed(r.gbps, 1) + " | " + fixed(r.pct_peak, 1) +
         " | " + fixed(r.speedup_vs_cublas, 2, "x") + " | " + fixed(r.speedup_vs_cub, 2, "x") +
         " | " + fixed(r.noise_pct, 2) + " |\n";
}

std::string incorrect_line(const std::vector<const MeasurementRecord*>& wrong) {
  constexpr std::size_t kShown = 5;  // a CI summary should stay readable
  std::string line = std::to_string(wrong.size()) +
                     (wrong.size() == 1 ? " variant incorrect: " : " variants incorrect: ");
  for (std::size_t i = 0; i < wrong.size() && i < kShown; ++i) {
    if (i) line += ", ";
    line += wrong[i]->variant;
    if (!wrong[i]->reason.empty()) line += " (" + cell(wrong[i]->reason) + ")";
  }
  if (wrong.size() > kShown) line += ", and " + std::to_string(wrong.size() - kShown) + " more";
  return line + "\n";
}

}  // namespace

SweepCsvWriter::SweepCsvWriter(const std::string& path) : path_(path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);  // ec: no such file yet
  const bool resume = !ec && size > 0 && prepare_resume(path);
  errno = 0;
  out_.open(path, std::ios::binary | std::ios::app);
  if (!out_) throw InputError("cannot open '" + path + "' for writing: " + why());
  if (!resume) {
    out_ << csv_line(record_columns());
    out_.flush();
    if (!out_) throw InputError("cannot write to '" + path_ + "': " + why());
  }
}

void SweepCsvWriter::append(const MeasurementRecord& record) {
  errno = 0;
  out_ << csv_line(to_fields(record));
  out_.flush();  // the point of appending: each finished row is on disk
  if (!out_) throw InputError("cannot write to '" + path_ + "': " + why());
}

std::vector<MeasurementRecord> read_records(const std::string& csv_path) {
  std::istringstream in(read_whole(csv_path));
  const CsvTable table = read_csv(in, csv_path);
  std::vector<MeasurementRecord> records;
  records.reserve(table.rows.size());
  for (std::size_t i = 0; i < table.rows.size(); ++i)
    records.push_back(
        from_fields(table.header, table.rows[i], csv_path + ", row " + std::to_string(i + 1)));
  return records;
}

void write_records(const std::string& path, const std::vector<MeasurementRecord>& records) {
  std::string text = csv_line(record_columns());
  for (const auto& r : records) text += csv_line(to_fields(r));
  // Readers (and a crash mid-write) see the old file or the new one, never half.
  const std::string tmp = path + ".tmp";
  write_text_file(tmp, text);
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw InputError("cannot replace '" + path + "' with '" + tmp + "': " + why());
}

// best.csv uses the full sweep.csv columns rather than a narrower table: the
// margins over cuBLAS and CUB are already there (speedup_vs_cublas/_cub), and
// the same reader, compare and gate then work on it unchanged.
void write_best_csv(const std::string& path, const std::vector<MeasurementRecord>& best) {
  write_records(path, best);
}

std::string summary_markdown(const std::vector<MeasurementRecord>& ranked, int top) {
  std::map<std::tuple<std::string, std::int64_t, std::string>, std::vector<const MeasurementRecord*>>
      groups;
  for (const auto& r : ranked) groups[{r.type, r.n, r.mode}].push_back(&r);

  std::string md;
  for (const auto& [key, rows] : groups) {
    const auto& [type, n, mode] = key;
    if (!md.empty()) md += "\n";
    md += "### " + type + ", n = " + n_label(n) + ", " + mode + "\n\n";
    md += "| rank | variant | median µs | GB/s | % peak | vs cuBLAS | vs CUB | noise % |\n";
    md += "|---:|:---|---:|---:|---:|---:|---:|---:|\n";

    std::vector<const MeasurementRecord*> leaders, baselines, wrong;
    for (const auto* r : rows) {
      if (r->kind == "candidate" && r->rank) leaders.push_back(r);
      if (r->variant == kCublasName || r->variant == kCubName) baselines.push_back(r);
      if (!r->correct) wrong.push_back(r);
    }
    std::stable_sort(leaders.begin(), leaders.end(),
                     [](const auto* a, const auto* b) { return *a->rank < *b->rank; });
    if (top >= 0 && leaders.size() > static_cast<std::size_t>(top)) leaders.resize(top);
    // cuBLAS first, then CUB, whatever order they were measured in.
    std::stable_sort(baselines.begin(), baselines.end(), [](const auto* a, const auto* b) {
      return a->variant == kCublasName && b->variant != kCublasName;
    });
    for (const auto* r : leaders) md += table_row(*r);
    for (const auto* r : baselines) md += table_row(*r);
    if (!wrong.empty()) md += "\n" + incorrect_line(wrong);
  }
  return md;
}

void write_text_file(const std::string& path, const std::string& text) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError("cannot write '" + path + "': " + why());
  out << text;
  out.close();
  if (!out) throw InputError("cannot write '" + path + "': " + why());
}

}  // namespace dotsweep
