#include "core/check/element_array.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace dotsweep {

namespace {

// Significand digits and the smallest normal exponent (x = m 2^e, 1 <= m < 2)
// of the narrow types; f32 and f64 round through the host's own types.
struct NarrowFormat {
  int digits;
  int min_exponent;
  double max_finite;
};
constexpr NarrowFormat kHalf{11, -14, 65504.0};
constexpr NarrowFormat kBfloat{8, -126, 3.3895313892515355e38};  // (2 - 2^-7) 2^127

double round_narrow(const NarrowFormat& f, double x) {
  if (x == 0 || !std::isfinite(x)) return x;
  int e = 0;
  std::frexp(x, &e);  // x = m 2^e, 0.5 <= |m| < 1: the leading bit has weight 2^(e-1)
  // The quantum: 2^(e-digits) for normals, the subnormal spacing below the normal range.
  const int quantum = std::max(e - 1, f.min_exponent) - (f.digits - 1);
  const double r = std::ldexp(std::nearbyint(std::ldexp(x, -quantum)), quantum);  // nearbyint: ties to even
  if (std::fabs(r) > f.max_finite) return std::copysign(std::numeric_limits<double>::infinity(), x);
  return r;
}

std::uint16_t half_bits(double r) {  // r already a binary16 value
  std::uint16_t sign = std::signbit(r) ? 0x8000 : 0;
  const double m = std::fabs(r);
  if (std::isnan(r)) return 0x7e00;
  if (std::isinf(r)) return sign | 0x7c00;
  if (m < 0x1p-14) return sign | static_cast<std::uint16_t>(m * 0x1p24);  // subnormal (and zero)
  int e = 0;
  const double f = std::frexp(m, &e);  // m = f 2^e, f in [0.5, 1)
  const auto exponent = static_cast<std::uint16_t>(e - 1 + 15);
  const auto mantissa = static_cast<std::uint16_t>((f * 2 - 1) * 1024);
  return sign | static_cast<std::uint16_t>(exponent << 10) | mantissa;
}

double half_value(std::uint16_t bits) {
  const double sign = bits & 0x8000 ? -1.0 : 1.0;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return mantissa ? std::numeric_limits<double>::quiet_NaN() : sign * std::numeric_limits<double>::infinity();
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

// bfloat16 is the top half of a float32: a bf16 value converts to float exactly.
std::uint16_t bfloat_bits(double r) {
  if (std::isnan(r)) return 0x7fc0;
  const float f = static_cast<float>(r);
  std::uint32_t bits = 0;
  std::memcpy(&bits, &f, sizeof bits);
  return static_cast<std::uint16_t>(bits >> 16);
}

double bfloat_value(std::uint16_t bits) {
  const std::uint32_t wide = static_cast<std::uint32_t>(bits) << 16;
  float f = 0;
  std::memcpy(&f, &wide, sizeof f);
  return f;
}

void encode(ElementType type, double value, unsigned char* out) {
  const double r = round_to_element(type, value);
  switch (type) {
    case ElementType::f32: {
      const float f = static_cast<float>(r);
      std::memcpy(out, &f, sizeof f);
      return;
    }
    case ElementType::f64: std::memcpy(out, &r, sizeof r); return;
    case ElementType::f16: {
      const std::uint16_t bits = half_bits(r);
      std::memcpy(out, &bits, sizeof bits);
      return;
    }
    case ElementType::bf16: {
      const std::uint16_t bits = bfloat_bits(r);
      std::memcpy(out, &bits, sizeof bits);
      return;
    }
  }
}

double decode(ElementType type, const unsigned char* in) {
  switch (type) {
    case ElementType::f32: {
      float f = 0;
      std::memcpy(&f, in, sizeof f);
      return f;
    }
    case ElementType::f64: {
      double d = 0;
      std::memcpy(&d, in, sizeof d);
      return d;
    }
    case ElementType::f16:
    case ElementType::bf16: {
      std::uint16_t bits = 0;
      std::memcpy(&bits, in, sizeof bits);
      return type == ElementType::f16 ? half_value(bits) : bfloat_value(bits);
    }
  }
  return 0;
}

}  // namespace

double round_to_element(ElementType type, double x) {
  switch (type) {
    case ElementType::f32: return static_cast<float>(x);
    case ElementType::f64: return x;
    case ElementType::f16: return round_narrow(kHalf, x);
    case ElementType::bf16: return round_narrow(kBfloat, x);
  }
  return x;
}

double unit_roundoff(ElementType type) {
  switch (type) {
    case ElementType::f32: return 0x1p-24;
    case ElementType::f64: return 0x1p-53;
    case ElementType::f16: return 0x1p-11;
    case ElementType::bf16: return 0x1p-8;
  }
  return 0x1p-24;
}

ElementArray::ElementArray(ElementType type, std::size_t count)
    : type_(type), count_(count), width_(element_bytes(type)), bytes_(count * static_cast<std::size_t>(width_)) {}

void ElementArray::set(std::size_t i, double value) { encode(type_, value, bytes_.data() + i * width_); }

double ElementArray::at(std::size_t i) const { return decode(type_, bytes_.data() + i * width_); }

std::vector<unsigned char> repeated_element_bytes(ElementType type, double value, std::size_t count) {
  ElementArray one(type, 1);
  one.set(0, value);
  std::vector<unsigned char> out;
  out.reserve(count * one.bytes());
  for (std::size_t i = 0; i < count; ++i) out.insert(out.end(), one.data(), one.data() + one.bytes());
  return out;
}

}  // namespace dotsweep
