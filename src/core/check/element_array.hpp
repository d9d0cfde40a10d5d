// Host arrays of one element type, stored bit for bit as the device holds
// them (float, double, IEEE binary16, bfloat16), so an upload is one memcpy
// and the references are computed from the values as stored. Core has no
// CUDA, so f16 and bf16 are encoded and rounded here in software.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/space/element_type.hpp"

namespace dotsweep {

// x rounded to the nearest value of `type` (ties to even, subnormals kept,
// overflow to infinity): what storing x in that type keeps.
double round_to_element(ElementType type, double x);

// Unit roundoff of `type` as an accumulator: 2^-24 f32, 2^-53 f64, 2^-11 f16, 2^-8 bf16.
double unit_roundoff(ElementType type);

class ElementArray {
 public:
  ElementArray() = default;
  ElementArray(ElementType type, std::size_t count);

  ElementType type() const { return type_; }
  std::size_t size() const { return count_; }
  // Stores round_to_element(type, value) at i.
  void set(std::size_t i, double value);
  // The stored value, exactly.
  double at(std::size_t i) const;

  const unsigned char* data() const { return bytes_.data(); }
  std::size_t bytes() const { return bytes_.size(); }

 private:
  ElementType type_ = ElementType::f32;
  std::size_t count_ = 0;
  int width_ = 4;  // element_bytes(type_)
  std::vector<unsigned char> bytes_;
};

// `count` copies of `value` (rounded to the type), as bytes: the padding canary.
std::vector<unsigned char> repeated_element_bytes(ElementType type, double value, std::size_t count);

}  // namespace dotsweep
