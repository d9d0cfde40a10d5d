// Choosing the tuned table. A tie group is a set of variants this sweep could
// not tell apart; any of them is a correct choice, so the choice among them
// is spent on a short table: fewer ranges mean fewer kernels compiled into a
// program and fewer switches between them.
#include "core/export/dispatch_table.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "core/input_error.hpp"
#include "core/stats/tie_group.hpp"

namespace dotsweep {

const char* const kChoiceRule =
    "at each measured n the candidates are the variants tied with the fastest row (95% intervals of the median "
    "overlap; the fastest variant alone when none is tied); sizes are grouped in ascending n into the fewest "
    "ranges, each as long as one variant is a candidate at every n in it, and a range runs that variant with the "
    "least sum of medians over its n (then the smaller id); neighbouring ranges meet at the geometric mean of "
    "the measured n either side, the first starts at 0 and the last has no end";

namespace {

// One size's candidates by id, spelled once: an id is built from the config,
// and looking candidates up by it is what grouping sizes into ranges does.
using CandidatesById = std::map<std::string, const SizeCandidate*>;

std::vector<CandidatesById> index_by_id(const std::vector<SizeChoices>& sizes) {
  std::vector<CandidatesById> index(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i)
    for (const auto& c : sizes[i].candidates) index[i].emplace(c.config.id(), &c);
  return index;
}

// The ids of `common` that are candidates in `size` too.
std::set<std::string> kept_in(const std::set<std::string>& common, const CandidatesById& size) {
  std::set<std::string> kept;
  for (const auto& id : common)
    if (size.count(id) != 0) kept.insert(kept.end(), id);
  return kept;
}

// `ids`: the candidates at every size of [first, last).
TableRange range_over(const std::vector<SizeChoices>& sizes, const std::vector<CandidatesById>& index,
                      const std::set<std::string>& ids, std::size_t first, std::size_t last) {
  const std::string* best = nullptr;
  double best_sum = 0;
  for (const auto& id : ids) {  // ascending ids: an equal sum keeps the smaller
    double sum = 0;
    for (std::size_t i = first; i < last; ++i) sum += index[i].at(id)->median_us;
    if (!best || sum < best_sum) {
      best = &id;
      best_sum = sum;
    }
  }
  TableRange range;
  range.config = index[first].at(*best)->config;
  for (std::size_t i = first; i < last; ++i) range.measured.emplace_back(sizes[i].n, index[i].at(*best)->median_us);
  return range;
}

}  // namespace

std::int64_t range_boundary(std::int64_t below, std::int64_t above) {
  if (below < 0 || below >= above) throw std::invalid_argument("range_boundary needs 0 <= below < above");
  // Sizes stay below 2^31 in practice; long double keeps the product exact
  // to 2^64, and the two loops correct any rounding of the root.
  const long double product = static_cast<long double>(below) * static_cast<long double>(above);
  auto root = static_cast<std::int64_t>(std::sqrt(product));
  while (root > below && static_cast<long double>(root) * root > product) --root;
  while (root + 1 < above && static_cast<long double>(root + 1) * (root + 1) <= product) ++root;
  return std::max(below, std::min(root, above - 1));
}

std::vector<TableRange> choose_ranges(std::vector<SizeChoices> sizes) {
  if (sizes.empty()) throw std::invalid_argument("choose_ranges: no sizes");
  std::sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.n < b.n; });
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i].candidates.empty())
      throw std::invalid_argument("choose_ranges: n=" + std::to_string(sizes[i].n) + " has no candidate");
    if (i > 0 && sizes[i].n == sizes[i - 1].n)
      throw std::invalid_argument("choose_ranges: n=" + std::to_string(sizes[i].n) + " twice");
  }
  const std::vector<CandidatesById> index = index_by_id(sizes);
  std::vector<TableRange> ranges;
  std::size_t first = 0;
  while (first < sizes.size()) {
    // A range is feasible while its sizes share a candidate, and every part
    // of a feasible range is feasible: growing each range as far as it goes
    // gives the fewest ranges. The shared ids are narrowed one size at a
    // time, so the time grows with the rows, not with the square of a
    // range's sizes (found again from `first` per size: 4,000 sizes, 14 s).
    std::set<std::string> common;
    for (const auto& entry : index[first]) common.insert(common.end(), entry.first);
    std::size_t last = first + 1;
    for (; last < sizes.size(); ++last) {
      std::set<std::string> kept = kept_in(common, index[last]);
      if (kept.empty()) break;
      common = std::move(kept);
    }
    TableRange range = range_over(sizes, index, common, first, last);
    range.n_min = ranges.empty() ? 0 : ranges.back().n_max + 1;
    range.n_max = last < sizes.size() ? range_boundary(sizes[last - 1].n, sizes[last].n) : kNoEnd;
    ranges.push_back(range);
    first = last;
  }
  return ranges;
}

VariantConfig config_of_row(const MeasurementRecord& row, const std::string& origin) {
  const std::string where = origin + ", variant " + row.variant;
  auto fail = [&](const std::string& what) -> void { throw InputError(where + ": " + what); };
  VariantConfig c;
  if (auto t = element_type_from_string(row.type)) c.type = *t;
  else fail("unknown type '" + row.type + "'");
  if (!row.block || !row.items || !row.vec) fail("empty block, items or vec column");
  c.block = *row.block;
  c.items = *row.items;
  c.vec = *row.vec;
  const std::string persistent = to_string(GridKind::persistent) + ":";
  if (row.grid.rfind(persistent, 0) == 0) {
    const std::string k = row.grid.substr(persistent.size());
    if (k.empty() || k.size() > 4 || k.find_first_not_of("0123456789") != std::string::npos)
      fail("grid '" + row.grid + "' is not persistent:<k>");
    c.grid = GridKind::persistent;
    c.persistent_k = std::stoi(k);
  } else if (auto g = axis_value_from_name<GridKind>(row.grid); g && *g != GridKind::persistent) {
    c.grid = *g;
  } else {
    fail("unknown grid '" + row.grid + "'");
  }
  auto read_axis = [&](auto& field, const std::string& value) {
    using E = std::decay_t<decltype(field)>;
    if (auto v = axis_value_from_name<E>(value)) field = *v;
    else fail("unknown " + std::string(AxisTable<E>::key) + " '" + value + "'");
  };
  read_axis(c.layout, row.layout);
  read_axis(c.reduce, row.reduce);
  read_axis(c.finish, row.finish);
  read_axis(c.hint, row.hint);
  // Reports written before the acc axis named the accumulator by its type
  // ("f32" on f32 input): the type's own.
  if (row.acc == row.type) c.acc = Accumulator::own;
  else read_axis(c.acc, row.acc);
  if (c.id() != row.variant) fail("its axis columns spell the variant " + c.id());
  return c;
}

std::vector<SizeChoices> size_choices_of(const std::vector<MeasurementRecord>& rows, const std::string& type,
                                         const std::string& mode, const std::string& origin) {
  std::vector<SizeChoices> sizes;
  for (const auto& [key, group] : group_by_question(rows)) {
    if (std::get<0>(key) != type || std::get<2>(key) != mode) continue;
    const GroupStanding standing = standing_of(group);
    SizeChoices size{std::get<1>(key), {}};
    auto add = [&](const MeasurementRecord* r) { size.candidates.push_back({config_of_row(*r, origin), *r->median_us}); };
    for (const auto* r : standing.tie_group)
      if (r->kind == "candidate") add(r);
    if (size.candidates.empty()) {
      const auto fastest = std::find_if(standing.by_median.begin(), standing.by_median.end(),
                                        [](const auto* r) { return r->kind == "candidate"; });
      if (fastest == standing.by_median.end()) continue;
      add(*fastest);
    }
    sizes.push_back(std::move(size));
  }
  return sizes;
}

}  // namespace dotsweep
