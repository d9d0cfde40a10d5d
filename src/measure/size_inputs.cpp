#include "measure/size_inputs.hpp"

namespace dotsweep {

SizeInputs::SizeInputs(long long n, ElementType type, std::uint64_t seed, unsigned threads)
    : seed_(seed + static_cast<std::uint64_t>(n)), threads_(threads), a_(type, static_cast<std::size_t>(n)),
      b_(type, static_cast<std::size_t>(n)) {
  expected_.type = type;
}

void SizeInputs::load(InputKind kind, SizeBuffers& buffers, cudaStream_t stream) {
  fill_input_pair(a_, b_, kind, seed_, threads_);
  buffers.upload(a_, b_, stream);
  switch (kind) {
    case InputKind::random_integers: expected_.random_integers = exact_integer_dot(a_, b_, threads_); break;
    case InputKind::periodic_integers: expected_.periodic_integers = exact_integer_dot(a_, b_, threads_); break;
    case InputKind::positive_uniform: expected_.floats = reference_dot(a_, b_, threads_); break;
  }
}

}  // namespace dotsweep
