// Space files: TOML axis lists expanded as a cartesian product, minus
// [[exclude]] matches, plus [[include]] configs (the CI-matrix model).
//
// Every axis value is handled as a canonical string ("256", "persistent:2",
// "warp_partials"): the same spelling the file uses and to_string/grid_name
// print, so exclude matching is plain string equality.
#include "core/space/space_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <unordered_set>

// toml++ (3.3, 3.4) asserts in parse_key a precondition that a malformed table
// header breaks ("[[ =", "[[[1]]]"; found by fuzzing, fixed upstream in
// marzer/tomlplusplus#301): a build without NDEBUG aborted where a release
// build reports the syntax error. Its internal asserts stay off in every build.
#ifndef TOML_ASSERT
#define TOML_ASSERT(expr) static_assert(true)
#endif
// toml++ 3.4 names its header toml.hpp; Debian 12's 3.3 ships only toml.h.
#if __has_include(<toml++/toml.hpp>)
#include <toml++/toml.hpp>
#else
#include <toml++/toml.h>
#endif

#include "core/input_error.hpp"
#include "core/io/file_bytes.hpp"

namespace dotsweep {

namespace {

// toml++ (3.3, 3.4) reaches __builtin_unreachable, undefined behaviour, when
// it asks whether some non-ASCII characters are whitespace (é, ×, µ, Greek,
// Cyrillic, kana: most of U+00A1..U+0499, U+2EEE..U+32E7 and U+FDE6..U+FEFE),
// which it does outside strings, while guessing a value's type and after a
// backslash in a """string""" (found by fuzzing; marzer/tomlplusplus#295,
// #190). Above U+FEFF it answers safely, so for parsing every such character
// is moved to private-use plane 15 (c + U+F0000), where TOML treats it alike,
// and moved back in what the parse yields (the name and the messages).
constexpr char32_t kTomlShift = 0xF0000;

bool unsafe_for_toml(char32_t c) {
  if (c < 0xA1 || c > 0xFEFE || (c >= 0xD800 && c <= 0xDFFF)) return false;
  // toml++'s own non-ASCII whitespace, which it recognises correctly.
  return !(c == 0x1680 || c == 0x180E || (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x2060 || c == 0x3000);
}

// Well-formed UTF-8 at text[i] of `length` bytes (2..4): its code point, else 0.
char32_t decode_utf8(const std::string& text, std::size_t i, std::size_t length) {
  static constexpr unsigned char kLead[] = {0, 0, 0xC0, 0xE0, 0xF0};
  static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  if (i + length > text.size() || (byte(0) & (0xFF << (7 - length))) != kLead[length]) return 0;
  char32_t c = byte(0) & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return 0;
    c = (c << 6) | (byte(k) & 0x3F);
  }
  return c >= kMin[length] && c <= 0x10FFFF ? c : 0;
}

std::string encode_utf8(char32_t c) {
  std::string out;
  if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  }
  return out + static_cast<char>(0x80 | (c & 0x3F));
}

// `to_toml` moves the unsafe characters up for parsing; otherwise back down.
// Anything else, malformed UTF-8 included, is copied for toml++ to judge.
std::string shift_for_toml(const std::string& text, bool to_toml) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = to_toml ? (text[i] & 0xF0) == 0xE0 ? 3 : 2 : 4;
    const char32_t c = decode_utf8(text, i, length);
    if (to_toml && unsafe_for_toml(c)) {
      out += encode_utf8(c + kTomlShift);
    } else if (!to_toml && c >= kTomlShift && unsafe_for_toml(c - kTomlShift)) {
      out += encode_utf8(c - kTomlShift);
    } else {
      out += text[i++];
      continue;
    }
    i += length;
  }
  return out;
}

enum class AxisKind { name, integer, grid };

// Axes in expansion order; the last varies fastest.
enum AxisIndex { kType, kBlock, kItems, kVec, kGrid, kLayout, kReduce, kFinish, kHint, kAcc, kAxes };

struct Axis {
  const char* key;
  AxisKind kind;
  std::vector<std::string> names;  // accepted values of a name axis
};

const std::vector<Axis>& axes() {
  static const std::vector<Axis> all = {
      // Name axes list the axis table's names (core/space/variant_axes.cpp), so the
      // file spelling and the CSV spelling cannot drift apart.
      {"type", AxisKind::name, axis_names<ElementType>()},
      {"block", AxisKind::integer, {}},
      {"items", AxisKind::integer, {}},
      {"vec", AxisKind::integer, {}},
      {"grid", AxisKind::grid, {}},
      {"layout", AxisKind::name, axis_names<SharedLayout>()},
      {"reduce", AxisKind::name, axis_names<BlockReduce>()},
      {"finish", AxisKind::name, axis_names<GridFinish>()},
      {"hint", AxisKind::name, axis_names<LoadHint>()},
      {"acc", AxisKind::name, axis_names<Accumulator>()},
  };
  return all;
}

int axis_index(const std::string& key) {
  for (int i = 0; i < kAxes; ++i)
    if (key == axes()[i].key) return i;
  return -1;
}

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string axis_keys() {
  std::vector<std::string> keys;
  for (const auto& a : axes()) keys.push_back(a.key);
  return join(keys);
}

// "<origin>:<line>: <where>: <what>", always one line.
[[noreturn]] void fail(const std::string& origin, const toml::node* node, const std::string& where,
                       const std::string& what) {
  std::string at = origin;
  if (node && node->source().begin.line > 0) at += ":" + std::to_string(node->source().begin.line);
  throw InputError(shift_for_toml(at + ": " + where + ": " + what, false));
}

std::string describe(const toml::node& node) {
  if (auto s = node.as_string()) return "string \"" + s->get() + "\"";
  if (auto i = node.as_integer()) return "integer " + std::to_string(i->get());
  if (node.is_floating_point()) return "a float";
  if (node.is_boolean()) return "a boolean";
  if (node.is_array()) return "an array";
  if (node.is_table()) return "a table";
  return "a date/time";
}

std::string expected_form(const Axis& axis) {
  switch (axis.kind) {
    case AxisKind::integer: return "an integer";
    case AxisKind::grid: {
      std::string kinds;
      for (const auto& row : AxisTable<GridKind>::values())
        kinds += std::string(kinds.empty() ? "" : ", ") + "\"" + row.name +
                 (row.value == GridKind::persistent ? ":<k>\" with an integer k" : "\"");
      return "one of " + kinds;
    }
    case AxisKind::name: break;
  }
  std::vector<std::string> quoted;
  for (const auto& n : axis.names) quoted.push_back("\"" + n + "\"");
  return "one of " + join(quoted);
}

// One scalar from the file -> canonical string, or InputError.
std::string read_value(const toml::node& node, const Axis& axis, const std::string& origin,
                       const std::string& where) {
  const std::string bad = "expected " + expected_form(axis) + ", got " + describe(node);
  if (axis.kind == AxisKind::integer) {
    auto i = node.as_integer();
    if (!i) fail(origin, &node, where, bad);
    // Out-of-range values are kept (the planner records why they are invalid)
    // as long as they fit the config's int.
    if (i->get() < std::numeric_limits<int>::min() || i->get() > std::numeric_limits<int>::max())
      fail(origin, &node, where, "integer " + std::to_string(i->get()) + " is out of range");
    return std::to_string(i->get());
  }
  auto s = node.as_string();
  if (!s) fail(origin, &node, where, bad);
  const std::string& v = s->get();
  if (axis.kind == AxisKind::grid) {
    // Every grid kind but persistent is its bare name; persistent carries k.
    if (auto kind = axis_value_from_name<GridKind>(v); kind && *kind != GridKind::persistent) return v;
    const std::string prefix = to_string(GridKind::persistent) + ":";
    const std::string digits = v.substr(0, prefix.size()) == prefix ? v.substr(prefix.size()) : "";
    // k's range is the planner's business; the form is ours. Four digits keep stoi safe.
    if (digits.empty() || digits.size() > 4 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      fail(origin, &node, where, bad);
    return prefix + std::to_string(std::stoi(digits));
  }
  for (const auto& n : axis.names)
    if (v == n) return v;
  fail(origin, &node, where, "unknown " + std::string(axis.key) + " \"" + v + "\"; accepted: " +
                                 join(axis.names));
}

template <class E>
void set_enum(E& field, const std::string& v) {
  if (auto e = axis_value_from_name<E>(v)) field = *e;
}

// Canonical value -> config field. Values were validated by read_value.
void apply(VariantConfig& c, int axis, const std::string& v) {
  switch (axis) {
    case kType: set_enum(c.type, v); break;
    case kBlock: c.block = std::stoi(v); break;
    case kItems: c.items = std::stoi(v); break;
    case kVec: c.vec = std::stoi(v); break;
    case kGrid:
      if (auto kind = axis_value_from_name<GridKind>(v)) {
        c.grid = *kind;
        c.persistent_k = 0;
      } else {
        c.grid = GridKind::persistent;
        c.persistent_k = std::stoi(v.substr(v.find(':') + 1));
      }
      break;
    case kLayout: set_enum(c.layout, v); break;
    case kReduce: set_enum(c.reduce, v); break;
    case kFinish: set_enum(c.finish, v); break;
    case kHint: set_enum(c.hint, v); break;
    case kAcc: set_enum(c.acc, v); break;
  }
}

std::string value_of(const VariantConfig& c, int axis) {
  switch (axis) {
    case kType: return to_string(c.type);
    case kBlock: return std::to_string(c.block);
    case kItems: return std::to_string(c.items);
    case kVec: return std::to_string(c.vec);
    case kGrid: return grid_name(c);
    case kLayout: return to_string(c.layout);
    case kReduce: return to_string(c.reduce);
    case kFinish: return to_string(c.finish);
    case kHint: return to_string(c.hint);
    case kAcc: return to_string(c.acc);
  }
  return "";
}

// When the file leaves layout open, each config takes its reduction's
// natural layout (the trees: sequential, the conflict-free one; the warp
// reductions: warp_partials; cub: library), so a plain
// reduce = ["tree", "shuffle", "cub_raking"] needs no excludes.
void follow_reduce(VariantConfig& c) {
  switch (c.reduce) {
    case BlockReduce::tree:
    case BlockReduce::tree_warp_tail: c.layout = SharedLayout::sequential; break;
    case BlockReduce::shuffle:
    case BlockReduce::cg_reduce: c.layout = SharedLayout::warp_partials; break;
    case BlockReduce::cub_warp_reductions:
    case BlockReduce::cub_raking:
    case BlockReduce::cub_raking_commutative: c.layout = SharedLayout::library; break;
  }
}

using Match = std::vector<std::pair<int, std::string>>;  // (axis, canonical value)

// One [[exclude]] or [[include]] entry: scalar axis values.
Match read_entry(const toml::node& entry, const std::string& origin, const std::string& what) {
  auto table = entry.as_table();
  if (!table) fail(origin, &entry, what, "expected a table of axis = value, got " + describe(entry));
  Match out;
  for (auto&& [key, node] : *table) {
    const std::string k(key.str());
    const std::string where = what + ", key '" + k + "'";
    const int axis = axis_index(k);
    if (axis < 0) fail(origin, &node, where, "not an axis; axes are: " + axis_keys());
    if (node.is_array())
      fail(origin, &node, where, "expected a single value, not an array (write one table per value)");
    out.emplace_back(axis, read_value(node, axes()[axis], origin, where));
  }
  return out;
}

std::vector<Match> read_entries(const toml::node& node, const std::string& origin,
                                const std::string& key) {
  auto array = node.as_array();
  if (!array)
    fail(origin, &node, "key '" + key + "'", "expected an array of tables ([[" + key + "]]), got " +
                                                  describe(node));
  std::vector<Match> out;
  for (std::size_t i = 0; i < array->size(); ++i)
    out.push_back(read_entry((*array)[i], origin, "[[" + key + "]] #" + std::to_string(i + 1)));
  return out;
}

bool matches(const VariantConfig& c, const Match& m) {
  for (const auto& [axis, value] : m)
    if (value_of(c, axis) != value) return false;
  return true;
}

// The expansion's size from the axis sizes alone (saturating, so 10 long
// axes cannot wrap into a small number), refused before anything is built:
// a 4.1e9-combination file once ran out of memory after a minute.
void require_expansion_within(const std::vector<std::vector<std::string>>& values, std::size_t includes,
                              std::size_t max_configs, const std::string& origin) {
  constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t count = 1;
  std::string factors;
  for (int a = 0; a < kAxes; ++a) {
    const std::uint64_t size = values[a].size();
    count = count > kSaturated / size ? kSaturated : count * size;
    if (size > 1) factors += (factors.empty() ? "" : " x ") + std::to_string(size) + " " + axes()[a].key;
  }
  count = count > kSaturated - includes ? kSaturated : count + includes;
  if (count <= max_configs) return;
  const std::string how = factors.empty() ? std::string() : " (" + factors + " before [[exclude]]" +
                                                               (includes ? ", plus " + std::to_string(includes) +
                                                                               " [[include]]" : std::string()) + ")";
  throw InputError(origin + ": the space expands to " + (count == kSaturated ? "more than 1.8e19" : std::to_string(count)) +
                   " configurations" + how + ", over the limit of " + std::to_string(max_configs) +
                   "; narrow the axes or raise the limit with --max-configs N");
}

// An axis value listed twice adds nothing (configs are de-duplicated by id),
// so it does not count towards the expansion either.
void drop_repeated_values(std::vector<std::string>& values) {
  std::unordered_set<std::string> seen;
  std::vector<std::string> unique;
  for (auto& v : values)
    if (seen.insert(v).second) unique.push_back(std::move(v));
  values = std::move(unique);
}

}  // namespace

SearchSpace parse_space_text(const std::string& text, const std::string& origin, std::size_t max_configs) {
  toml::table root;
  try {
    root = toml::parse(shift_for_toml(text, true), origin);
  } catch (const toml::parse_error& e) {
    std::string desc = shift_for_toml(std::string(e.description()), false);
    for (char& ch : desc)
      if (ch == '\n' || ch == '\r') ch = ' ';
    throw InputError(origin + ":" + std::to_string(e.source().begin.line) + ":" +
                     std::to_string(e.source().begin.column) + ": TOML syntax error: " + desc);
  }

  SearchSpace space;
  space.source_text = text;
  space.name = std::filesystem::path(origin).stem().string();

  std::vector<std::vector<std::string>> values(kAxes);
  std::vector<Match> excludes, includes;
  for (auto&& [key, node] : root) {
    const std::string k(key.str());
    if (k == "name" || k == "description") {
      auto s = node.as_string();
      if (!s) fail(origin, &node, "key '" + k + "'", "expected a string, got " + describe(node));
      if (k == "name") space.name = shift_for_toml(s->get(), false);
    } else if (k == "axes") {
      auto table = node.as_table();
      if (!table) fail(origin, &node, "key 'axes'", "expected a table [axes], got " + describe(node));
      for (auto&& [axis_key, axis_node] : *table) {
        const std::string ak(axis_key.str());
        const std::string where = "key 'axes." + ak + "'";
        const int axis = axis_index(ak);
        if (axis < 0) fail(origin, &axis_node, where, "unknown axis; axes are: " + axis_keys());
        const Axis& spec = axes()[axis];
        auto array = axis_node.as_array();
        if (!array)
          fail(origin, &axis_node, where,
               "expected an array of " + expected_form(spec) + ", got " + describe(axis_node));
        if (array->empty())
          fail(origin, &axis_node, where, "empty array; list at least one value or drop the key");
        for (auto&& item : *array) values[axis].push_back(read_value(item, spec, origin, where));
      }
    } else if (k == "exclude" || k == "include") {
      auto entries = read_entries(node, origin, k);
      if (k == "exclude") {
        for (std::size_t i = 0; i < entries.size(); ++i)
          if (entries[i].empty())
            fail(origin, node.as_array()->get(i), "[[exclude]] #" + std::to_string(i + 1),
                 "empty table would drop every config; give at least one axis = value");
        excludes = std::move(entries);
      } else {
        includes = std::move(entries);
      }
    } else {
      fail(origin, &node, "key '" + k + "'",
           "unknown top-level key; expected name, description, [axes], [[exclude]], [[include]]");
    }
  }

  // An empty file (or /dev/null, or only comments) would expand to the one
  // all-default config: more likely a wrong path than a plan.
  bool declares_any = !includes.empty();
  for (const auto& axis_values : values) declares_any = declares_any || !axis_values.empty();
  if (!declares_any)
    throw InputError(origin + ": the space declares no configuration: give at least one [axes] value or "
                     "[[include]] (docs/space_files.md)");

  const bool layout_given = !values[kLayout].empty();
  const VariantConfig defaults;
  for (int a = 0; a < kAxes; ++a) {
    if (values[a].empty()) values[a].push_back(value_of(defaults, a));
    drop_repeated_values(values[a]);
  }
  require_expansion_within(values, includes.size(), max_configs, origin);

  std::unordered_set<std::string> seen;
  auto add = [&](const VariantConfig& c) {
    if (seen.insert(c.id()).second) space.configs.push_back(c);
  };

  // Odometer over the axes, last axis fastest.
  std::vector<std::size_t> at(kAxes, 0);
  for (bool done = false; !done;) {
    VariantConfig c;
    for (int a = 0; a < kAxes; ++a) apply(c, a, values[a][at[a]]);
    if (!layout_given) follow_reduce(c);
    bool excluded = false;
    for (const auto& ex : excludes) excluded = excluded || matches(c, ex);
    if (!excluded) add(c);
    int a = kAxes - 1;
    while (a >= 0 && ++at[a] == values[a].size()) at[a--] = 0;
    done = a < 0;
  }

  // Includes start from the first listed value of every axis, like a CI matrix row.
  for (const auto& inc : includes) {
    VariantConfig c;
    for (int a = 0; a < kAxes; ++a) apply(c, a, values[a][0]);
    bool layout_set = layout_given;
    for (const auto& [axis, value] : inc) {
      apply(c, axis, value);
      layout_set = layout_set || axis == kLayout;
    }
    if (!layout_set) follow_reduce(c);
    add(c);
  }
  return space;
}

SearchSpace load_space_file(const std::string& path, std::size_t max_configs) {
  // The one bounded reader: a FIFO is refused unopened, /dev/zero unread.
  return parse_space_text(read_file_bytes(path, kSpaceKind), path, max_configs);
}

}  // namespace dotsweep
