// Reports compared question by question. A report's standing at a size is
// read the way best.csv reads it (tie_group.hpp: rows that no row's 95%
// interval lies wholly below tie), recomputed from the rows rather than taken
// from the tied_best column, so a sweep.csv cut short by a crash (appended,
// never ranked) compares too.
#include "core/gate/compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "core/gate/bandwidth_footing.hpp"
#include "core/gate/sweep_extent.hpp"
#include "core/input_error.hpp"

namespace dotsweep {

namespace {

std::string short_gpu(const std::string& gpu) {
  const std::string vendor = "NVIDIA ";
  return gpu.rfind(vendor, 0) == 0 ? gpu.substr(vendor.size()) : gpu;
}

bool contains(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// ---- the comparison ----

using Group = std::vector<const MeasurementRecord*>;

const MeasurementRecord* find_row(const Group& group, const std::string& variant) {
  const MeasurementRecord* found = nullptr;
  for (const auto* r : group)
    if (r->variant == variant && (!found || (!found->median_us && r->median_us))) found = r;
  return found;
}

ReportSide side_of(const Group& group, const GroupStanding& standing, const Report& report) {
  ReportSide side;
  side.present = true;
  for (const auto* r : standing.tie_group) side.tie_members.push_back(r->variant);
  side.tie_size = side.tie_members.size();
  for (const auto* r : standing.by_median) {
    if (r->kind != "candidate") continue;
    side.best = *r;
    side.verdict = !standing.tied(r) ? Verdict::baseline
                   : standing.tie_group.size() == 1 ? Verdict::winner
                                                    : Verdict::tie;
    // A best.csv row carries its group's standing; its lone row cannot show it.
    if (const auto& declared = report.declared.at(static_cast<std::size_t>(r - report.rows.data()))) {
      side.verdict = declared->verdict;
      side.tie_members = declared->tie_members;
      side.tie_size = declared->tie_size;
    }
    break;
  }
  if (const auto* r = find_row(group, kCublasName)) side.cublas = *r;
  if (const auto* r = find_row(group, kCubName)) side.cub = *r;
  return side;
}

Portability portability_of(const ReportSide& from, const ReportSide& on, const Group& on_group) {
  Portability p;
  p.variant = from.best->variant;
  if (on.best && on.best->variant == p.variant) {
    p.status = Portability::Status::same_variant;
    p.pct_peak = on.best->pct_peak;
    p.fraction_of_best = 1.0;
    p.tied = true;
    return p;
  }
  const MeasurementRecord* row = find_row(on_group, p.variant);
  if (!row) return p;  // not_measured
  if (!row->correct) {
    p.status = Portability::Status::incorrect;
    p.reason = row->reason;
    return p;
  }
  if (!row->median_us || !(*row->median_us > 0)) return p;
  p.status = Portability::Status::measured;
  p.pct_peak = row->pct_peak;
  if (on.best && on.best->median_us) p.fraction_of_best = *on.best->median_us / *row->median_us;
  // In on's tie group: no row of that group is wholly below it (tie_group.hpp).
  p.tied = contains(on.tie_members, p.variant);
  return p;
}

// Which reports lead: by time on one kind of GPU; by fraction of each GPU's
// own peak across GPUs, since a faster memory system is not a better kernel.
std::vector<std::size_t> ahead_of(const std::vector<ReportSide>& sides, bool by_time) {
  std::vector<std::pair<std::size_t, Interval>> scored;
  std::vector<double> points;
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (!sides[i].best || sides[i].verdict == Verdict::partial) continue;  // its best is not the group's
    const auto& b = *sides[i].best;
    const auto interval = by_time ? median_interval_of(b) : pct_peak_interval(b);
    if (!interval) continue;
    scored.emplace_back(i, *interval);
    points.push_back(by_time ? *b.median_us : *b.pct_peak);
  }
  if (scored.size() < 2) return {};
  std::size_t lead = 0;
  for (std::size_t k = 1; k < scored.size(); ++k)
    if (by_time ? points[k] < points[lead] : points[k] > points[lead]) lead = k;
  // The reports no other report's best is wholly ahead of (tie_group.hpp's
  // rule); pct_peak is higher-better, so its intervals are mirrored.
  std::vector<Interval> lower_better;
  for (const auto& [index, interval] : scored)
    lower_better.push_back(by_time ? interval : Interval{-interval.hi, -interval.lo});
  std::vector<std::size_t> ahead{scored[lead].first};
  for (const auto k : not_shown_slower(lower_better))
    if (k != lead) ahead.push_back(scored[k].first);
  return ahead;
}

}  // namespace

bool is_bandwidth_bound(const std::vector<ReportSide>& sides) {
  std::size_t with_best = 0;
  for (const auto& side : sides) {
    if (!side.best) continue;
    if (!side.best->pct_peak || *side.best->pct_peak < kBandwidthBoundPct) return false;
    ++with_best;
  }
  return with_best >= 2;
}

namespace {

void judge_agreement(SizeComparison& size) {
  std::vector<const ReportSide*> with_best;
  for (const auto& s : size.sides)
    if (s.best && s.verdict != Verdict::partial) with_best.push_back(&s);
  if (with_best.size() < 2) {
    size.agreement = Agreement::incomplete;
    return;
  }
  // Rows in every report's tie group, in the first report's median order.
  for (const auto& id : with_best.front()->tie_members) {
    bool everywhere = true;
    for (const auto* s : with_best) everywhere = everywhere && contains(s->tie_members, id);
    if (everywhere) size.shared.push_back(id);
  }
  const std::string& first = with_best.front()->best->variant;
  bool same = true;
  for (const auto* s : with_best) same = same && s->best->variant == first;
  size.agreement = same ? Agreement::same : !size.shared.empty() ? Agreement::tie : Agreement::differ;
}

}  // namespace

DeclaredStanding parse_declared_standing(const std::string& tie_size, const std::string& tie_members,
                                         const std::string& verdict, const std::string& origin) {
  DeclaredStanding d;
  char* end = nullptr;
  const unsigned long long size = std::strtoull(tie_size.c_str(), &end, 10);
  if (tie_size.empty() || *end != '\0' || size == 0)
    throw InputError(origin + ": column 'tie_size' value '" + tie_size + "' is not a positive integer");
  d.tie_size = static_cast<std::size_t>(size);
  std::istringstream words(tie_members);
  for (std::string id; words >> id;) {
    if (id[0] == '+') break;  // "+K more": the list was cut at 8
    d.tie_members.push_back(id);
  }
  if (verdict == "winner") d.verdict = Verdict::winner;
  else if (verdict == "tie") d.verdict = Verdict::tie;
  else if (verdict == "baseline") d.verdict = Verdict::baseline;
  else if (verdict == "partial") d.verdict = Verdict::partial;
  else
    throw InputError(origin + ": column 'verdict' value '" + verdict + "' is not winner, tie, baseline or partial");
  return d;
}

std::string Report::name() const { return label + " (" + short_gpu(gpu) + ")"; }

std::vector<Report> split_reports(const std::vector<CompareInput>& inputs) {
  std::vector<Report> reports;
  std::set<std::tuple<std::size_t, std::string, std::string, std::int64_t, std::string>> seen;
  std::vector<std::set<std::string>> origins;  // per report
  for (const auto& input : inputs) {
    if (input.rows.empty())
      throw InputError(input.origin + ": no rows; compare reads a sweep.csv (or .csv.gz) with measurements");
    for (const auto& row : input.rows) {
      auto it = std::find_if(reports.begin(), reports.end(), [&](const Report& r) {
        return r.gpu == row.env.gpu && r.timestamp == row.env.timestamp && r.gpu_uuid == row.env.gpu_uuid;
      });
      if (it == reports.end()) {
        if (reports.size() == 26)
          throw InputError(input.origin + ": more than 26 reports (gpu, timestamp) in the inputs; compare at most 26");
        Report report;
        report.label = std::string(1, static_cast<char>('A' + reports.size()));
        report.gpu = row.env.gpu;
        report.timestamp = row.env.timestamp;
        report.gpu_uuid = row.env.gpu_uuid;
        report.peak_gbps = row.env.peak_gbps;
        reports.push_back(std::move(report));
        origins.emplace_back();
        it = reports.end() - 1;
      }
      Report& report = *it;
      const std::size_t index = static_cast<std::size_t>(it - reports.begin());
      if (origins[index].insert(input.origin).second)
        report.origins += (report.origins.empty() ? "" : ", ") + input.origin;
      if (!report.measured_peak_gbps && row.env.measured_peak_gbps) report.measured_peak_gbps = row.env.measured_peak_gbps;
      if (!seen.emplace(index, row.variant, row.type, row.n, row.mode).second)
        throw InputError(input.origin + ": the report of " + row.env.gpu + " at " + row.env.timestamp + " holds " +
                         row.variant + " " + row.type + " n=" + std::to_string(row.n) + " " + row.mode +
                         " twice (the same report given twice?); pass each report once");
      report.rows.push_back(row);
      const std::size_t at = static_cast<std::size_t>(&row - input.rows.data());
      report.declared.push_back(at < input.declared.size() ? input.declared[at] : std::nullopt);
    }
  }
  if (reports.size() < 2) {
    const auto& only = reports.front();
    throw InputError("compare needs two or more reports (rows of one gpu and timestamp each); the inputs hold only " +
                     only.gpu + " at " + only.timestamp + " (" + only.origins + "); pass another sweep.csv");
  }
  return reports;
}

std::optional<Ratio> time_ratio(const MeasurementRecord& a, const MeasurementRecord& b) {
  if (!a.median_us || !b.median_us || !(*b.median_us > 0)) return std::nullopt;
  Ratio r;
  r.value = *a.median_us / *b.median_us;
  if (a.ci_lo_us && a.ci_hi_us && b.ci_lo_us && b.ci_hi_us && *b.ci_lo_us > 0)
    r.interval = Interval{*a.ci_lo_us / *b.ci_hi_us, *a.ci_hi_us / *b.ci_lo_us};
  return r;
}

std::optional<Interval> pct_peak_interval(const MeasurementRecord& row) {
  if (!row.pct_peak || !row.median_us) return std::nullopt;
  if (!row.ci_lo_us || !row.ci_hi_us || !(*row.ci_lo_us > 0)) return Interval{*row.pct_peak, *row.pct_peak};
  const double scale = *row.pct_peak * *row.median_us;  // pct_peak x time is constant for a row
  return Interval{scale / *row.ci_hi_us, scale / *row.ci_lo_us};
}

std::optional<Ratio> pct_peak_ratio(const MeasurementRecord& a, const MeasurementRecord& b) {
  if (!a.pct_peak || !b.pct_peak || !(*b.pct_peak > 0)) return std::nullopt;
  Ratio r;
  r.value = *a.pct_peak / *b.pct_peak;
  const bool intervals = a.ci_lo_us && a.ci_hi_us && b.ci_lo_us && b.ci_hi_us;
  const auto ia = pct_peak_interval(a);
  const auto ib = pct_peak_interval(b);
  if (intervals && ia && ib && ib->lo > 0) r.interval = Interval{ia->lo / ib->hi, ia->hi / ib->lo};
  return r;
}

ReportComparison compare_reports(std::vector<Report> reports) {
  ReportComparison out;
  out.reports = std::move(reports);
  const auto& rs = out.reports;
  for (const auto& r : rs)
    if (std::fabs(r.peak_gbps - rs.front().peak_gbps) > 1e-6 * std::max(1.0, rs.front().peak_gbps))
      out.same_peak = false;
  if (!out.same_peak) {
    std::vector<const Environment*> envs;
    for (const auto& r : rs)
      for (const auto& row : r.rows) envs.push_back(&row.env);
    out.by_measured_ceiling = on_read_ceilings(envs);
    if (out.by_measured_ceiling)
      for (Report& r : out.reports)
        for (MeasurementRecord& row : r.rows)
          if (row.pct_peak) row.pct_peak = pct_of_footing(*row.pct_peak, row.env, true);
  }

  std::vector<SweepExtent> swept(rs.size());
  for (std::size_t i = 0; i < rs.size(); ++i) {
    const bool best_rows_only = std::any_of(rs[i].declared.begin(), rs[i].declared.end(),
                                            [](const auto& d) { return d.has_value(); });
    swept[i].add(rs[i].rows, best_rows_only);
    for (std::size_t j = 0; j < i; ++j) out.swept_alike = out.swept_alike && swept_alike(swept[j], swept[i]);
  }

  std::vector<std::map<GroupKey, Group>> groups;
  std::map<std::pair<std::string, std::string>, std::set<std::int64_t>> questions;  // (type, mode) -> sizes
  for (const auto& r : rs) {
    groups.push_back(group_by_question(r.rows));
    for (const auto& [key, rows] : groups.back()) questions[{std::get<0>(key), std::get<2>(key)}].insert(std::get<1>(key));
  }

  for (const auto& [type_mode, sizes] : questions) {
    QuestionComparison q;
    q.type = type_mode.first;
    q.mode = type_mode.second;
    for (const auto& g : groups) {
      bool any = false;
      for (const auto& [key, rows] : g) any = any || (std::get<0>(key) == q.type && std::get<2>(key) == q.mode);
      q.present.push_back(any);
    }
    for (const std::int64_t n : sizes) {
      SizeComparison size;
      size.n = n;
      const GroupKey key{q.type, n, q.mode};
      std::vector<const Group*> at(rs.size(), nullptr);
      for (std::size_t i = 0; i < rs.size(); ++i) {
        const auto it = groups[i].find(key);
        if (it == groups[i].end()) {
          size.sides.emplace_back();
          continue;
        }
        at[i] = &it->second;
        size.sides.push_back(side_of(it->second, standing_of(it->second), rs[i]));
      }
      size.ahead = ahead_of(size.sides, out.same_peak);
      size.faster = ahead_of(size.sides, true);
      size.bandwidth_bound = is_bandwidth_bound(size.sides);
      judge_agreement(size);
      size.portability.assign(rs.size(), std::vector<std::optional<Portability>>(rs.size()));
      for (std::size_t r = 0; r < rs.size(); ++r)
        for (std::size_t s = 0; s < rs.size(); ++s)
          if (r != s && size.sides[r].best && size.sides[r].verdict != Verdict::partial && at[s])
            size.portability[r][s] = portability_of(size.sides[r], size.sides[s], *at[s]);
      q.sizes.push_back(std::move(size));
    }
    out.questions.push_back(std::move(q));
  }
  return out;
}

}  // namespace dotsweep
