#include "core/space/shard.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "core/input_error.hpp"
#include "core/io/whole_number.hpp"

namespace dotsweep {

namespace {
// A plain decimal count (core/io/whole_number.hpp): "010", "+1", "1e2",
// whitespace and anything over 6 digits are not.
bool plain_count(const std::string& text, int& value) {
  WholeNumber number;
  if (text != trimmed(text) || !read_whole_number(text, number).empty() || number.magnitude > 999999) return false;
  value = static_cast<int>(number.magnitude);
  return true;
}
}  // namespace

Shard parse_shard(const std::string& text, const std::string& option) {
  const std::string where = option + " '" + text + "'";
  const std::string typed = trimmed(text);  // only the ends: "1 /4" is refused
  const auto slash = typed.find('/');
  Shard shard;
  if (slash == std::string::npos || !plain_count(typed.substr(0, slash), shard.index) ||
      !plain_count(typed.substr(slash + 1), shard.count))
    throw InputError(where + ": expected i/N, shard i of N counted from 1 (e.g. 1/4)");
  if (shard.count < 1) throw InputError(where + ": N must be at least 1");
  if (shard.index < 1 || shard.index > shard.count)
    throw InputError(where + ": i must be 1.." + std::to_string(shard.count) + " (shards are counted from 1)");
  return shard;
}

std::vector<ElementType> measured_types(const std::vector<VariantConfig>& configs) {
  std::vector<ElementType> types;
  for (const ElementType type : all_element_types())
    if (std::any_of(configs.begin(), configs.end(), [&](const VariantConfig& c) { return c.type == type; }))
      types.push_back(type);
  if (types.empty()) types.push_back(ElementType::f32);
  return types;
}

std::vector<WorkUnit> plan_units(const std::vector<ElementType>& types, const std::vector<std::int64_t>& sizes) {
  std::vector<WorkUnit> units;
  for (const std::int64_t n : sizes)
    for (const ElementType type : types) units.push_back({type, n});
  return units;
}

std::vector<int> assign_shards(const std::vector<double>& weights, int count) {
  std::vector<std::size_t> order(weights.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return weights[a] > weights[b]; });
  std::vector<int> shard_of(weights.size());
  std::vector<double> load(static_cast<std::size_t>(count), 0.0);  // sums of whole numbers: exact, so the same everywhere
  for (const std::size_t unit : order) {
    const auto least = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    shard_of[unit] = static_cast<int>(least) + 1;
    load[least] += weights[unit];
  }
  return shard_of;
}

std::set<WorkUnit> shard_slice(const std::vector<VariantConfig>& configs, const std::vector<std::int64_t>& sizes,
                               const Shard& shard) {
  std::map<ElementType, std::size_t> configs_of;
  for (const VariantConfig& c : configs) ++configs_of[c.type];
  const std::vector<WorkUnit> units = plan_units(measured_types(configs), sizes);
  // Bytes the unit's candidates read: what a large-n unit's time follows.
  // Small units are launch-bound, but they are cheap whatever their order.
  std::vector<double> weights;
  for (const WorkUnit& u : units)
    weights.push_back(static_cast<double>(u.n) * element_bytes(u.type) *
                      static_cast<double>(std::max<std::size_t>(1, configs_of[u.type])));
  const std::vector<int> shard_of = assign_shards(weights, shard.count);
  std::set<WorkUnit> slice;
  for (std::size_t i = 0; i < units.size(); ++i)
    if (shard_of[i] == shard.index) slice.insert(units[i]);
  return slice;
}

std::set<WorkUnit> require_shard_slice(const std::vector<VariantConfig>& configs,
                                       const std::vector<std::int64_t>& sizes, const Shard& shard) {
  std::set<WorkUnit> slice = shard_slice(configs, sizes, shard);
  if (slice.empty())
    throw InputError("--shard " + shard.label() + ": the plan has only " +
                     std::to_string(measured_types(configs).size() * sizes.size()) +
                     " (type, n) units, fewer than " + std::to_string(shard.count) +
                     " shards; use fewer shards (each gets whole units)");
  return slice;
}

}  // namespace dotsweep
