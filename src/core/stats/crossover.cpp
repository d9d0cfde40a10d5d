#include "core/stats/crossover.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/stats/tie_group.hpp"

namespace dotsweep {

namespace {

bool timed(const MeasurementRecord& r) {
  return r.kind == kHostPathKind && r.correct && r.median_us && median_interval_of(r);
}

enum class Side { gpu_faster, cpu_faster, tied };

Side compare(const MeasurementRecord& gpu, const MeasurementRecord& cpu) {
  const Interval g = *median_interval_of(gpu);
  const Interval c = *median_interval_of(cpu);
  if (g.hi < c.lo) return Side::gpu_faster;
  if (c.hi < g.lo) return Side::cpu_faster;
  return Side::tied;
}

}  // namespace

const std::vector<std::string>& gpu_path_names() {
  static const std::vector<std::string> names{kGpuFromPageableName, kGpuFromPinnedName, kGpuResidentName};
  return names;
}

const std::vector<std::string>& cpu_path_names() {
  static const std::vector<std::string> names{kCpuBlasName, kCpuLoopName};
  return names;
}

std::vector<Crossover> crossovers(const std::vector<MeasurementRecord>& records) {
  // (type, mode) -> n -> the fastest CPU row, and each GPU path's row.
  using Question = std::pair<std::string, std::string>;
  std::map<Question, std::map<long long, const MeasurementRecord*>> fastest_cpu;
  std::map<std::tuple<std::string, std::string, std::string>, std::map<long long, const MeasurementRecord*>> gpu;
  const auto& cpus = cpu_path_names();
  const auto& paths = gpu_path_names();
  for (const auto& r : records) {
    if (!timed(r)) continue;
    if (std::find(cpus.begin(), cpus.end(), r.variant) != cpus.end()) {
      const MeasurementRecord*& best = fastest_cpu[{r.type, r.mode}][r.n];
      if (!best || *r.median_us < *best->median_us) best = &r;
    } else if (std::find(paths.begin(), paths.end(), r.variant) != paths.end()) {
      gpu[{r.type, r.mode, r.variant}][r.n] = &r;
    }
  }
  std::vector<Crossover> out;
  for (const auto& [question, cpu_by_n] : fastest_cpu)
    for (const auto& path : paths) {
      const auto found = gpu.find({question.first, question.second, path});
      if (found == gpu.end()) continue;
      std::vector<std::pair<long long, Side>> sides;  // ascending n
      const MeasurementRecord* gpu_last = nullptr;
      const MeasurementRecord* cpu_last = nullptr;
      for (const auto& [n, g] : found->second) {
        const auto c = cpu_by_n.find(n);
        if (c == cpu_by_n.end()) continue;
        sides.emplace_back(n, compare(*g, *c->second));
        gpu_last = g;
        cpu_last = c->second;
      }
      if (sides.empty()) continue;
      Crossover x;
      x.type = question.first;
      x.mode = question.second;
      x.gpu_path = path;
      x.smallest_n = sides.front().first;
      x.largest_n = sides.back().first;
      for (auto it = sides.rbegin(); it != sides.rend() && it->second == Side::gpu_faster; ++it)
        x.gpu_faster_from = it->first;
      for (const auto& [n, side] : sides)
        if (side == Side::cpu_faster) x.cpu_faster_up_to = n;
      x.speedup_at_largest = *cpu_last->median_us / *gpu_last->median_us;
      x.cpu_at_largest = cpu_last->variant;
      out.push_back(std::move(x));
    }
  return out;
}

}  // namespace dotsweep
