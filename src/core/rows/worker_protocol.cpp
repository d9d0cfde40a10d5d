#include "core/rows/worker_protocol.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/io/csv.hpp"
#include "core/input_error.hpp"

namespace dotsweep {

namespace {
std::string protocol_number(double v) {
  std::ostringstream text;
  text.precision(17);
  text << v;
  return text.str();
}

// One line per message: a row's CSV text may hold line ends and tabs inside
// quoted fields, so backslash, tab, CR and LF are escaped, and a raw tab
// separates rows.
std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else out += c;
  }
  return out;
}

std::string unescaped(const std::string& text, const std::string& line) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    const char next = i + 1 < text.size() ? text[++i] : '\0';
    if (next == '\\') out += '\\';
    else if (next == 't') out += '\t';
    else if (next == 'n') out += '\n';
    else if (next == 'r') out += '\r';
    else throw InputError("worker message '" + line.substr(0, 80) + "': a bad escape");
  }
  return out;
}

double parse_seconds(const std::string& text, const std::string& line) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || !std::isfinite(v) || v < 0)
    throw InputError("worker message '" + line.substr(0, 80) + "': '" + text + "' is not a number of seconds");
  return v;
}
}  // namespace

std::string ready_line(double seconds) { return "ready " + protocol_number(seconds); }
std::string folder_line(const std::string& path) { return "folder " + path; }
std::string into_line(const std::string& file_name) { return "into " + file_name; }
std::string done_line() { return "done"; }
std::string failed_line(const std::string& reason) {
  const std::string first = reason.substr(0, reason.find_first_of("\r\n"));
  return "failed " + (first.empty() ? std::string("an unnamed CUDA error") : first);
}

std::string start_line(double deadline_seconds, const std::vector<MeasurementRecord>& rows) {
  std::string line = "start " + protocol_number(deadline_seconds) + " ";
  for (std::size_t i = 0; i < rows.size(); ++i) line += (i ? "\t" : "") + escaped(csv_line(to_fields(rows[i])));
  return line;
}

WorkerMessage parse_worker_line(const std::string& line) {
  WorkerMessage m;
  const auto space = line.find(' ');
  const std::string word = line.substr(0, space);
  const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
  if (word == "done" && rest.empty()) {
    m.kind = WorkerMessage::Kind::done;
  } else if (word == "ready") {
    m.kind = WorkerMessage::Kind::ready;
    m.seconds = parse_seconds(rest, line);
  } else if (word == "folder" && !rest.empty()) {
    m.kind = WorkerMessage::Kind::folder;
    m.folder = rest;
  } else if (word == "into" && !rest.empty()) {
    // A name in the report folder, never a path: the supervisor writes there.
    if (rest.find('/') != std::string::npos || rest == "." || rest == "..")
      throw InputError("worker message '" + line.substr(0, 80) + "': '" + rest + "' is not a file name");
    m.kind = WorkerMessage::Kind::into;
    m.file = rest;
  } else if (word == "failed" && !rest.empty()) {
    m.kind = WorkerMessage::Kind::failed;
    m.reason = rest;
  } else if (word == "start") {
    m.kind = WorkerMessage::Kind::start;
    const auto gap = rest.find(' ');
    if (gap == std::string::npos) throw InputError("worker message '" + line.substr(0, 80) + "': no rows");
    m.seconds = parse_seconds(rest.substr(0, gap), line);
    std::string csv = csv_line(record_columns());
    const std::string rows = rest.substr(gap + 1);
    for (std::size_t from = 0; from <= rows.size();) {
      const std::size_t tab = std::min(rows.find('\t', from), rows.size());
      csv += unescaped(rows.substr(from, tab - from), line);
      from = tab + 1;
    }
    std::istringstream in(csv);
    m.rows = records_from_table(read_csv(in, "worker message"), "worker message");
    if (m.rows.empty()) throw InputError("worker message '" + line.substr(0, 80) + "': no rows");
  } else {
    throw InputError("worker message '" + line.substr(0, 80) + "' is not ready, folder, into, start, done or failed");
  }
  return m;
}

double watchdog_deadline(long long n, int element_bytes, double gbps, std::size_t launches, const StoppingRule& rule,
                         std::size_t modes) {
  const double read_seconds = gbps > 0 ? 2.0 * static_cast<double>(n) * element_bytes / (gbps * 1e9) : 0;
  const double expected = read_seconds * static_cast<double>(launches);
  return std::max(kWatchdogFloorSeconds, 100 * expected) + 2 * rule.budget_seconds * static_cast<double>(modes);
}

std::vector<MeasurementRecord> failed_rows(std::vector<MeasurementRecord> rows, const std::string& reason) {
  for (auto& row : rows) {
    row.correct = false;
    row.deterministic.reset();
    row.reason = reason.substr(0, reason.find('\n'));
    row.samples = 0;
    row.median_us.reset();
  }
  return rows;
}

}  // namespace dotsweep
