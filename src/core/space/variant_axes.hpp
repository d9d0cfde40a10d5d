// The one table of the variant space's named axes. The enums themselves are
// kernels/variant_axes.h, shared with the kernel source; here each value gets
// its other spellings, on the value's own row:
//   name   - space files and CSV columns ("warp_partials", "last_block"), and
//            the enumerator's own name, so the NVRTC name expression spells
//            it "<kernel_enum>::<name>" ("Layout::warp_partials")
//   id     - the variant id ("warp", "last"); ids never change, so reports
//            in results/ keep matching
// The space parser, VariantConfig::id(), the CSV writer (through to_string)
// and the NVRTC name expression all read these rows and nothing else.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/space/element_type.hpp"
#include "variant_axes.h"

namespace dotsweep {

// The host's names for the kernel's axis enums (one definition, two names:
// the host's say what the axis is, the kernel's are short for its templates).
using GridKind = dotsweep_kernels::Grid;
using SharedLayout = dotsweep_kernels::Layout;
using BlockReduce = dotsweep_kernels::Reduce;
using GridFinish = dotsweep_kernels::Finish;
using LoadHint = dotsweep_kernels::Hint;
using Accumulator = dotsweep_kernels::Accum;

template <class E>
struct AxisValue {
  E value;
  const char* name;
  const char* id;
};

// AxisTable<E>::key is the space-file key, ::kernel_enum the kernel's enum
// (none for the type axis, whose values are C++ types); ::values lists every
// value in the order a space file's error message names them.
template <class E> struct AxisTable;

template <> struct AxisTable<ElementType> {
  static constexpr const char* key = "type";
  static const std::vector<AxisValue<ElementType>>& values();
};
template <> struct AxisTable<GridKind> {
  static constexpr const char* kernel_enum = "Grid";
  static constexpr const char* key = "grid";
  static const std::vector<AxisValue<GridKind>>& values();
};
template <> struct AxisTable<SharedLayout> {
  static constexpr const char* kernel_enum = "Layout";
  static constexpr const char* key = "layout";
  static const std::vector<AxisValue<SharedLayout>>& values();
};
template <> struct AxisTable<BlockReduce> {
  static constexpr const char* kernel_enum = "Reduce";
  static constexpr const char* key = "reduce";
  static const std::vector<AxisValue<BlockReduce>>& values();
};
template <> struct AxisTable<GridFinish> {
  static constexpr const char* kernel_enum = "Finish";
  static constexpr const char* key = "finish";
  static const std::vector<AxisValue<GridFinish>>& values();
};
template <> struct AxisTable<LoadHint> {
  static constexpr const char* kernel_enum = "Hint";
  static constexpr const char* key = "hint";
  static const std::vector<AxisValue<LoadHint>>& values();
};
template <> struct AxisTable<Accumulator> {
  static constexpr const char* kernel_enum = "Accum";
  static constexpr const char* key = "acc";
  static const std::vector<AxisValue<Accumulator>>& values();
};

// The row of a value. Every enumerator has one (a unit test walks them all).
template <class E>
const AxisValue<E>& axis_row(E value) {
  for (const auto& row : AxisTable<E>::values())
    if (row.value == value) return row;
  return AxisTable<E>::values().front();  // unreachable while the test holds
}

template <class E>
std::optional<E> axis_value_from_name(std::string_view name) {
  for (const auto& row : AxisTable<E>::values())
    if (name == row.name) return row.value;
  return std::nullopt;
}

template <class E>
std::vector<std::string> axis_names() {
  std::vector<std::string> out;
  for (const auto& row : AxisTable<E>::values()) out.push_back(row.name);
  return out;
}

// The kernel spellings are enumerators and types of this namespace.
inline constexpr const char* kKernelNamespace = "dotsweep_kernels::";

// How the kernel source spells a value: "Layout::warp_partials", or for the
// type axis the device type ("float", "__half").
template <class E>
std::string kernel_spelling(E value) {
  return std::string(AxisTable<E>::kernel_enum) + "::" + axis_row(value).name;
}
std::string kernel_spelling(ElementType type);

}  // namespace dotsweep
