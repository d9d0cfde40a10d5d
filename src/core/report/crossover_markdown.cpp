#include "core/report/crossover_markdown.hpp"

#include <map>
#include <set>

#include "core/io/markdown_text.hpp"
#include "core/space/element_type.hpp"
#include "core/space/size_list.hpp"
#include "core/stats/crossover.hpp"

namespace dotsweep {

namespace {

const char* where_data_starts(const std::string& path) {
  if (path == kGpuFromPageableName) return "pageable host memory";
  if (path == kGpuFromPinnedName) return "pinned host memory";
  return "the GPU";
}

std::string optional_size(const std::optional<long long>& n, const char* none) { return n ? size_label(*n) : none; }

// Per (type, mode): n -> path -> row, for the table of times.
using TimesByN = std::map<long long, std::map<std::string, const MeasurementRecord*>>;

std::string times_table(const TimesByN& by_n) {
  std::vector<std::string> paths = gpu_path_names();
  for (const auto& name : cpu_path_names()) paths.push_back(name);
  std::vector<MarkdownColumn> columns{{"n", Align::right}};
  for (const auto& path : paths) columns.push_back({path + " µs", Align::right});
  MarkdownTable table(columns);
  for (const auto& [n, rows] : by_n) {
    std::vector<std::string> cells{size_label(n)};
    for (const auto& path : paths) {
      const auto found = rows.find(path);
      const MeasurementRecord* r = found == rows.end() ? nullptr : found->second;
      cells.push_back(r && r->correct && r->median_us ? general_number(*r->median_us) : r ? "incorrect" : "—");
    }
    table.add_row(cells);
  }
  return table.text();
}

}  // namespace

std::string crossover_markdown(const std::vector<MeasurementRecord>& records) {
  std::map<std::pair<int, std::string>, TimesByN> times;  // (report order of the type, mode)
  std::map<std::pair<int, std::string>, std::string> type_of;
  for (const auto& r : records)
    if (r.kind == kHostPathKind) {
      const auto key = std::make_pair(report_order(r.type), r.mode);
      times[key][r.n][r.variant] = &r;
      type_of[key] = r.type;
    }
  if (times.empty()) return "";

  std::string md = "## When the GPU pays off\n\n";
  md += "The dot product with its data starting on the host (copied to the GPU, the result copied back) or "
        "already on the GPU (the result copied back), against the faster of the two CPU rows at each n; all "
        "timed by the host clock. Faster means 95% intervals apart; sizes between are ties.\n\n";
  MarkdownTable table({{"type", Align::left},
                       {"mode", Align::left},
                       {"data starts in", Align::left},
                       {"GPU faster from n", Align::right},
                       {"CPU faster up to n", Align::right},
                       {"CPU / GPU at the largest n", Align::right}});
  for (const auto& x : crossovers(records))
    table.add_row({x.type, x.mode, where_data_starts(x.gpu_path),
                   x.gpu_faster_from ? size_label(*x.gpu_faster_from) : "not up to " + size_label(x.largest_n),
                   optional_size(x.cpu_faster_up_to, "never"),
                   general_number(x.speedup_at_largest) + "x at " + size_label(x.largest_n) + " (" + x.cpu_at_largest +
                       ")"});
  md += table.text();
  for (const auto& [key, by_n] : times) md += "\n### " + type_of[key] + ", " + key.second + "\n\n" + times_table(by_n);
  return md;
}

}  // namespace dotsweep
