// Host encoding of every element type: values round as the device type
// would store them, and what is stored reads back exactly.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/check/element_array.hpp"

using namespace dotsweep;

namespace {
std::uint16_t bits16(const ElementArray& array, std::size_t i) {
  std::uint16_t bits = 0;
  std::memcpy(&bits, array.data() + 2 * i, sizeof bits);
  return bits;
}
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("round_to_element: f32 and f64 round as the host types do") {
  CHECK(round_to_element(ElementType::f64, 0.1) == 0.1);
  CHECK(round_to_element(ElementType::f32, 0.1) == static_cast<double>(0.1f));
  CHECK(round_to_element(ElementType::f32, 1.0 + 0x1p-30) == 1.0);
}

TEST_CASE("round_to_element: f16 keeps 11 digits, ties to even, subnormals, overflow") {
  const ElementType h = ElementType::f16;
  CHECK(round_to_element(h, 2048.0) == 2048.0);
  CHECK(round_to_element(h, 2049.0) == 2048.0);  // a tie between 2048 and 2050: to even
  CHECK(round_to_element(h, 2051.0) == 2052.0);  // a tie between 2050 and 2052: to even
  CHECK(round_to_element(h, 1.0 + 0x1p-10) == 1.0 + 0x1p-10);
  CHECK(round_to_element(h, 1.0 + 0x1p-11) == 1.0);
  CHECK(round_to_element(h, 1.0 + 0x1p-11 + 0x1p-20) == 1.0 + 0x1p-10);
  CHECK(round_to_element(h, 0x1p-24) == 0x1p-24);       // the smallest subnormal
  CHECK(round_to_element(h, 0x1p-26) == 0.0);           // below half of it
  CHECK(round_to_element(h, 3 * 0x1p-25) == 0x1p-23);   // a tie in the subnormals: to even
  CHECK(round_to_element(h, 65504.0) == 65504.0);
  CHECK(round_to_element(h, 65520.0) == kInf);          // rounds past the largest finite
  CHECK(round_to_element(h, -1e6) == -kInf);
}

TEST_CASE("round_to_element: bf16 keeps 8 digits and float's range") {
  const ElementType b = ElementType::bf16;
  CHECK(round_to_element(b, 256.0) == 256.0);
  CHECK(round_to_element(b, 257.0) == 256.0);  // tie to even
  CHECK(round_to_element(b, 259.0) == 260.0);  // tie to even
  CHECK(round_to_element(b, 1e30) == doctest::Approx(1e30).epsilon(1.0 / 256));
  CHECK(round_to_element(b, 0x1p-133) == 0x1p-133);  // a float subnormal bf16 holds
}

TEST_CASE("ElementArray stores the IEEE bit patterns the device reads") {
  ElementArray h(ElementType::f16, 6);
  for (auto [i, v] : {std::pair{0, 1.0}, {1, -2.0}, {2, 65504.0}, {3, 0x1p-24}, {4, 64.0}, {5, 0.0}}) h.set(i, v);
  CHECK(h.bytes() == 12);
  CHECK(bits16(h, 0) == 0x3c00);
  CHECK(bits16(h, 1) == 0xc000);
  CHECK(bits16(h, 2) == 0x7bff);
  CHECK(bits16(h, 3) == 0x0001);
  CHECK(bits16(h, 4) == 0x5400);
  CHECK(bits16(h, 5) == 0x0000);

  ElementArray b(ElementType::bf16, 3);
  b.set(0, 1.0);
  b.set(1, -30.0);
  b.set(2, 64.0);
  CHECK(bits16(b, 0) == 0x3f80);
  CHECK(bits16(b, 1) == 0xc1f0);
  CHECK(bits16(b, 2) == 0x4280);

  ElementArray d(ElementType::f64, 1);
  d.set(0, 0.1);
  double stored = 0;
  std::memcpy(&stored, d.data(), sizeof stored);
  CHECK(stored == 0.1);
  CHECK(d.bytes() == 8);
}

TEST_CASE("every value a type holds reads back exactly, and set() rounds what it does not") {
  for (const ElementType type : all_element_types()) {
    CAPTURE(to_string(type));
    ElementArray array(type, 1);
    for (const double v : {1.0, -1.0, 2.0, -30.0, 15.0, 64.0, 0.5, 0x1p-8, 255.0 / 256.0, 0.1, 1.0 / 3.0}) {
      CAPTURE(v);
      array.set(0, v);
      CHECK(array.at(0) == round_to_element(type, v));
      // A rounded value is a fixed point: storing it again changes nothing.
      CHECK(round_to_element(type, array.at(0)) == array.at(0));
    }
  }
  // Every one of the 2^16 f16 and bf16 patterns (NaNs aside) survives decode, round and encode.
  for (const ElementType type : {ElementType::f16, ElementType::bf16}) {
    ElementArray array(type, 1);
    for (std::uint32_t bits = 0; bits < 0x10000; ++bits) {
      std::uint16_t pattern = static_cast<std::uint16_t>(bits);
      std::memcpy(const_cast<unsigned char*>(array.data()), &pattern, sizeof pattern);
      const double value = array.at(0);
      if (std::isnan(value)) continue;
      ElementArray again(type, 1);
      again.set(0, value);
      if (bits16(again, 0) != pattern) {
        CAPTURE(bits);
        CHECK(bits16(again, 0) == pattern);
        break;
      }
    }
  }
}

TEST_CASE("unit roundoff per type, and the canary 64 is exact in every type") {
  CHECK(unit_roundoff(ElementType::f32) == 0x1p-24);
  CHECK(unit_roundoff(ElementType::f64) == 0x1p-53);
  CHECK(unit_roundoff(ElementType::f16) == 0x1p-11);
  CHECK(unit_roundoff(ElementType::bf16) == 0x1p-8);
  for (const ElementType type : all_element_types()) {
    CHECK(round_to_element(type, 64.0) == 64.0);
    const std::vector<unsigned char> canaries = repeated_element_bytes(type, 64.0, 3);
    CHECK(canaries.size() == 3 * static_cast<std::size_t>(element_bytes(type)));
  }
}
