// The axis table is the only place a value is spelled: every value must have
// a row, every spelling must be unique within its axis (so a new value cannot
// take another's id or name), names must round-trip through the space file
// and the CSV spelling, and every name must be an enumerator of the kernel
// source's enum (kernels/variant_axes.h, inlined into the embedded source),
// since the NVRTC name expression spells the value by it.
#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <string>
#include <type_traits>

#include "core/space/space_file.hpp"
#include "core/space/variant_axes.hpp"
#include "core/space/variant_config.hpp"
#include "dot_kernel_source.hpp"

using namespace dotsweep;

namespace {

// The enumerator list of `enum class <name> : int { ... }` in the embedded kernel source.
std::set<std::string> kernel_enumerators(const std::string& enum_name) {
  const std::string source = kDotKernelSource;
  std::smatch m;
  const std::regex decl("enum class " + enum_name + " : int \\{([^}]*)\\}");
  std::set<std::string> out;
  if (!std::regex_search(source, m, decl)) return out;
  const std::string body = m[1];
  const std::regex word("[A-Za-z_][A-Za-z_0-9]*");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), word); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

// The position of `name` in `enum class <enum_name> : int { ... }`, or -1.
int kernel_enumerator_index(const std::string& enum_name, const std::string& name) {
  std::smatch m;
  const std::string source = kDotKernelSource;
  if (!std::regex_search(source, m, std::regex("enum class " + enum_name + " : int \\{([^}]*)\\}"))) return -1;
  const std::string body = m[1];
  const std::regex word("[A-Za-z_][A-Za-z_0-9]*");
  int index = 0;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), word); it != std::sregex_iterator(); ++it, ++index)
    if (it->str() == name) return index;
  return -1;
}

template <class E>
void check_axis(int enumerators) {
  const auto& rows = AxisTable<E>::values();
  CAPTURE(AxisTable<E>::key);
  // A row per enumerator (values distinct, as many as the enum has).
  std::set<int> values;
  std::set<std::string> names, ids, kernels;
  for (const auto& row : rows) {
    CAPTURE(row.name);
    values.insert(static_cast<int>(row.value));
    CHECK(names.insert(row.name).second);
    CHECK(ids.insert(row.id).second);
    CHECK(kernels.insert(kernel_spelling(row.value)).second);
    CHECK(&axis_row(row.value) == &row);
    CHECK(axis_value_from_name<E>(row.name) == row.value);
    // No dots in an id part: the id is dot-separated.
    CHECK(std::string(row.id).find('.') == std::string::npos);
    if constexpr (!std::is_same_v<E, ElementType>) {
      const std::string prefix = std::string(AxisTable<E>::kernel_enum) + "::";
      const std::string kernel = kernel_spelling(row.value);
      REQUIRE(kernel.substr(0, prefix.size()) == prefix);
      CHECK(kernel_enumerators(AxisTable<E>::kernel_enum).count(kernel.substr(prefix.size())) == 1);
      // The enumerator the name spells is the value itself: its position in
      // the kernel's declaration is the value's int.
      CHECK(kernel_enumerator_index(AxisTable<E>::kernel_enum, row.name) == static_cast<int>(row.value));
    }
  }
  CHECK(values.size() == rows.size());
  CHECK(static_cast<int>(rows.size()) == enumerators);
  CHECK_FALSE(axis_value_from_name<E>("no_such_value").has_value());
}

}  // namespace

TEST_CASE("every axis value has one row, unique spellings and a kernel enumerator that exists") {
  check_axis<GridKind>(static_cast<int>(GridKind::single) + 1);
  check_axis<SharedLayout>(static_cast<int>(SharedLayout::library) + 1);
  check_axis<BlockReduce>(static_cast<int>(BlockReduce::cub_raking_commutative) + 1);
  check_axis<GridFinish>(static_cast<int>(GridFinish::gather) + 1);
  check_axis<LoadHint>(static_cast<int>(LoadHint::pdl_l2) + 1);
  check_axis<Accumulator>(static_cast<int>(Accumulator::f64) + 1);
  check_axis<ElementType>(static_cast<int>(ElementType::bf16) + 1);  // C++ type names
  for (const auto& row : AxisTable<ElementType>::values())
    CHECK(to_string(row.value) == row.name);  // the same names as core/element_type
}

TEST_CASE("the kernel source check finds enumerators and misses absent ones") {
  CHECK(kernel_enumerators("Finish").count("last_block") == 1);
  CHECK(kernel_enumerators("Finish").count("cluster") == 1);
  CHECK(kernel_enumerators("Finish").count("atomic_ticket") == 1);
  CHECK(kernel_enumerators("Finish").count("ring") == 0);
  CHECK(kernel_enumerators("NoSuchEnum").empty());
}

// Each value written in a space file comes back as that value, and the
// config prints it (CSV column) and ids it with its own row's spellings.
template <class E, class Field>
void check_round_trip(const char* key, Field field) {
  for (const auto& row : AxisTable<E>::values()) {
    CAPTURE(row.name);
    const SearchSpace s = parse_space_text(std::string("[axes]\n") + key + " = [\"" + row.name + "\"]\n", "t.toml");
    REQUIRE(s.configs.size() == 1);
    const VariantConfig& c = s.configs[0];
    CHECK(field(c) == row.value);
    CHECK(to_string(field(c)) == row.name);
    CHECK(c.id().find(std::string(".") + row.id + ".") != std::string::npos);
    CHECK(kernel_name_expression(c).find(std::string(kKernelNamespace) + kernel_spelling(row.value)) != std::string::npos);
  }
}

TEST_CASE("every name round-trips through the space file, the CSV name, the id and the kernel name") {
  check_round_trip<SharedLayout>("layout", [](const VariantConfig& c) { return c.layout; });
  check_round_trip<BlockReduce>("reduce", [](const VariantConfig& c) { return c.reduce; });
  check_round_trip<GridFinish>("finish", [](const VariantConfig& c) { return c.finish; });
  check_round_trip<LoadHint>("hint", [](const VariantConfig& c) { return c.hint; });
  // acc on f16 input, where every value keeps its own id (f32 input spells own "f32").
  for (const auto& row : AxisTable<Accumulator>::values()) {
    CAPTURE(row.name);
    const SearchSpace s =
        parse_space_text(std::string("[axes]\ntype = [\"f16\"]\nacc = [\"") + row.name + "\"]\n", "t.toml");
    REQUIRE(s.configs.size() == 1);
    CHECK(s.configs[0].acc == row.value);
    CHECK(to_string(s.configs[0].acc) == row.name);
    CHECK(s.configs[0].id().size() > std::string(row.id).size());
    CHECK(s.configs[0].id().substr(s.configs[0].id().size() - std::string(row.id).size() - 1) ==
          std::string(".") + row.id);
    CHECK(kernel_name_expression(s.configs[0]).find(std::string(kKernelNamespace) + kernel_spelling(row.value)) != std::string::npos);
  }
  for (const auto& row : AxisTable<ElementType>::values()) {
    const SearchSpace s = parse_space_text(std::string("[axes]\ntype = [\"") + row.name + "\"]\n", "t.toml");
    REQUIRE(s.configs.size() == 1);
    CHECK(s.configs[0].type == row.value);
    CHECK(s.configs[0].id().rfind(std::string(row.id) + ".", 0) == 0);
    CHECK(kernel_name_expression(s.configs[0]).find(std::string("DotPolicy<") + kernel_spelling(row.value) + ",") != std::string::npos);
  }
  for (const char* grid : {"cover", "single", "persistent:3"}) {
    const SearchSpace s = parse_space_text(std::string("[axes]\ngrid = [\"") + grid + "\"]\n", "t.toml");
    REQUIRE(s.configs.size() == 1);
    CHECK(grid_name(s.configs[0]) == grid);
  }
}

// Ids in results/ must keep matching: a finish's id never changes, and a new
// finish gets its own.
TEST_CASE("finish spellings: the old ids are unchanged and atomic_ticket has its own") {
  CHECK(std::string(axis_row(GridFinish::two_pass).id) == "2pass");
  CHECK(std::string(axis_row(GridFinish::atomic).id) == "atomic");
  CHECK(std::string(axis_row(GridFinish::last_block).id) == "last");
  CHECK(std::string(axis_row(GridFinish::cluster).id) == "cluster");
  const auto& ticket = axis_row(GridFinish::atomic_ticket);
  CHECK(ticket.value == GridFinish::atomic_ticket);
  CHECK(std::string(ticket.name) == "atomic_ticket");
  CHECK(std::string(ticket.id) == "atick");
  CHECK(kernel_spelling(ticket.value) == "Finish::atomic_ticket");
  VariantConfig c;
  c.block = 256;
  c.items = 2;
  c.vec = 4;
  c.layout = SharedLayout::warp_partials;
  c.reduce = BlockReduce::shuffle;
  c.finish = GridFinish::atomic_ticket;
  CHECK(c.id() == "f32.b256.i2.v4.cover.warp.shfl.atick.plain.f32");
  CHECK(kernel_name_expression(c).find("dotsweep_kernels::Finish::atomic_ticket, ") != std::string::npos);
}

TEST_CASE("the kernel name expression spells one DotPolicy from the table") {
  VariantConfig c;
  c.block = 256;
  c.items = 4;
  c.vec = 4;
  c.grid = GridKind::persistent;
  c.persistent_k = 2;
  c.layout = SharedLayout::warp_partials;
  c.reduce = BlockReduce::shuffle;
  c.finish = GridFinish::last_block;
  CHECK(kernel_name_expression(c) ==
        "dotsweep_kernels::dot_kernel<dotsweep_kernels::DotPolicy<float, 256, 4, 4, dotsweep_kernels::Grid::persistent, "
        "dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, "
        "dotsweep_kernels::Finish::last_block, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>>");
  CHECK(c.id() == "f32.b256.i4.v4.p2.warp.shfl.last.plain.f32");
  // The two-pass finish kernel is instantiated over the same policy.
  CHECK(kernel_name_expression(c) == "dotsweep_kernels::dot_kernel<" + policy_name_expression(c) + ">");
  c.grid = GridKind::single;
  CHECK(c.id() == "f32.b256.i4.v4.single.warp.shfl.last.plain.f32");
  CHECK(kernel_name_expression(c).find("Grid::single") != std::string::npos);
}
