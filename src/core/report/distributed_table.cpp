#include "core/report/distributed_table.hpp"

#include <algorithm>
#include <set>

#include "core/io/csv.hpp"
#include "core/io/markdown_text.hpp"
#include "core/space/size_list.hpp"

namespace dotsweep {

namespace {

bool distributed_timed(const DistributedRow& r) { return r.correct && r.median_us && r.ci_lo_us && r.ci_hi_us && *r.median_us > 0; }

std::string distributed_number(const std::optional<double>& v) { return v ? csv_number(*v) : std::string(); }

// "12.3 [12.1, 12.6]" or why there is no time.
std::string time_cell(const DistributedRow& r) {
  if (!r.correct) return "wrong: " + markdown_cell(r.reason);
  if (!distributed_timed(r)) return "-";
  return fixed_or_dash(r.median_us, 1) + " [" + fixed_or_dash(r.ci_lo_us, 1) + ", " + fixed_or_dash(r.ci_hi_us, 1) + "]";
}

}  // namespace

std::optional<Scaling> scaling_of(const std::vector<DistributedRow>& rows, const DistributedRow& row) {
  if (!distributed_timed(row)) return std::nullopt;
  const auto one = std::find_if(rows.begin(), rows.end(), [&](const DistributedRow& r) {
    return r.gpus == 1 && r.local == row.local && r.type == row.type && r.n == row.n;
  });
  if (one == rows.end() || !distributed_timed(*one)) return std::nullopt;
  Scaling s;
  s.speedup = *one->median_us / *row.median_us;
  s.lo = *one->ci_lo_us / *row.ci_hi_us;
  s.hi = *one->ci_hi_us / *row.ci_lo_us;
  s.efficiency = s.speedup / row.gpus;
  return s;
}

std::string distributed_csv(const std::vector<DistributedRow>& rows, const std::string& gpu, const std::string& nccl) {
  std::string csv = csv_line({"local", "type", "gpus", "n", "samples", "median_us", "ci_lo_us", "ci_hi_us",
                              "speedup_vs_1gpu", "speedup_lo", "speedup_hi", "rel_err", "err_bound", "correct",
                              "reason", "gpu", "nccl"});
  for (const DistributedRow& r : rows) {
    const std::optional<Scaling> s = scaling_of(rows, r);
    csv += csv_line({r.local, to_string(r.type), std::to_string(r.gpus), std::to_string(r.n), std::to_string(r.samples),
                     distributed_number(r.median_us), distributed_number(r.ci_lo_us), distributed_number(r.ci_hi_us),
                     s ? csv_number(s->speedup) : "", s ? csv_number(s->lo) : "", s ? csv_number(s->hi) : "",
                     distributed_number(r.rel_err), distributed_number(r.err_bound), r.correct ? "1" : "0", r.reason, gpu, nccl});
  }
  return csv;
}

std::string distributed_markdown(const std::vector<DistributedRow>& rows, const std::string& context) {
  std::string md = "# The dot product split across GPUs\n\n" + context + "\n";
  md += "Each GPU computes the dot of its slice (the local method), then one ncclAllReduce sums the scalars. "
        "Times are the slowest GPU's median from the launch of its local dot to the reduced result, with the 95% "
        "interval; \"x\" is one GPU's time over this one's (interval in brackets), \"eff\" that over the GPU count. "
        "Intervals that overlap 1 are a tie (docs/scaling.md).\n";
  std::set<ElementType> types;
  std::set<std::string> locals;
  std::set<int> counts;
  std::set<std::int64_t> sizes;
  for (const DistributedRow& r : rows) {
    types.insert(r.type);
    locals.insert(r.local);
    counts.insert(r.gpus);
    sizes.insert(r.n);
  }
  for (ElementType type : types)
    for (const std::string& local : locals) {
      md += "\n## " + to_string(type) + ", local dot: " + local + "\n\n";
      std::vector<MarkdownColumn> columns{{"n", Align::right}};
      for (int g : counts) columns.push_back({std::to_string(g) + " GPU" + (g > 1 ? "s" : "") + " (µs)", Align::right});
      for (int g : counts)
        if (g > 1) columns.push_back({"x, eff (" + std::to_string(g) + ")", Align::right});
      MarkdownTable table(columns);
      for (std::int64_t n : sizes) {
        std::vector<std::string> cells{size_label(n)};
        std::vector<std::string> scaling_cells;
        for (int g : counts) {
          const auto row = std::find_if(rows.begin(), rows.end(), [&](const DistributedRow& r) {
            return r.type == type && r.local == local && r.gpus == g && r.n == n;
          });
          cells.push_back(row == rows.end() ? "" : time_cell(*row));
          if (g == 1) continue;
          const std::optional<Scaling> s = row == rows.end() ? std::nullopt : scaling_of(rows, *row);
          scaling_cells.push_back(s ? fixed_or_dash(s->speedup, 2) + "x [" + fixed_or_dash(s->lo, 2) + ", " +
                                          fixed_or_dash(s->hi, 2) + "], " + fixed_or_dash(100 * s->efficiency, 0) + "%"
                                    : "-");
        }
        cells.insert(cells.end(), scaling_cells.begin(), scaling_cells.end());
        table.add_row(cells);
      }
      md += table.text();
    }
  return md;
}

}  // namespace dotsweep
