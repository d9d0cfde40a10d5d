// Compiled by tests/cli/dot_header_plain_nvcc.sh with nvcc's own defaults
// (no --expt-relaxed-constexpr, which dotsweep's build passes): a program
// that includes include/dotsweep/dot.cuh and instantiates a launch of each
// kind of kernel an exported table can name must compile as users build it.
#include "dotsweep/dot.cuh"

namespace dk = dotsweep_kernels;
template <dk::Grid G, dk::Finish F, dk::Hint H>
using Entry = dotsweep::TunedKernel<dk::DotPolicy<float, 256, 1, 4, G, dk::Layout::warp_partials, dk::Reduce::shuffle, F,
                                                  H, dk::Accum::own>, 1>;

template <class E>
cudaError_t run(const float* a, const float* b, float* r, dotsweep::DotWorkspace& w) {
  return dotsweep::detail::launch_tuned<E>(a, b, 1000, r, w, nullptr, 0, 132);
}

cudaError_t every_kind(const float* a, const float* b, float* r, dotsweep::DotWorkspace& w) {
  cudaError_t e = run<Entry<dk::Grid::cover, dk::Finish::gather, dk::Hint::plain>>(a, b, r, w);
  if (e == cudaSuccess) e = run<Entry<dk::Grid::cover, dk::Finish::gather, dk::Hint::pdl_l2>>(a, b, r, w);
  if (e == cudaSuccess) e = run<Entry<dk::Grid::single, dk::Finish::last_block, dk::Hint::pdl>>(a, b, r, w);
  if (e == cudaSuccess) e = run<Entry<dk::Grid::cover, dk::Finish::cluster, dk::Hint::pdl_l2>>(a, b, r, w);
  if (e == cudaSuccess) e = run<Entry<dk::Grid::persistent, dk::Finish::atomic_ticket, dk::Hint::bulk>>(a, b, r, w);
  return e;
}
