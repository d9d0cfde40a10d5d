// The host side of one size's input sets for one element type: generates each
// set in that type's values (seeded by seed + n, so a row can be reproduced
// alone), uploads it into the size's device buffers, and keeps what a correct
// operation must return on it (computed from the values as stored).
#pragma once

#include <cstdint>

#include "core/check/correctness_verdict.hpp"
#include "core/check/element_array.hpp"
#include "core/check/input_data.hpp"
#include "gpu/size_buffers.hpp"

namespace dotsweep {

class SizeInputs {
 public:
  SizeInputs(long long n, ElementType type, std::uint64_t seed, unsigned threads);
  // Generates `kind`, uploads it and records its expected result.
  void load(InputKind kind, SizeBuffers& buffers, cudaStream_t stream);
  const ExpectedResults& expected() const { return expected_; }

 private:
  std::uint64_t seed_;
  unsigned threads_;
  ElementArray a_, b_;
  ExpectedResults expected_;
};

}  // namespace dotsweep
