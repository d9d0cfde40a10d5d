// Compiles the kernel template with nvcc in the test build, for every
// policy enum value, so a template that NVRTC would reject fails the build
// here too (and so the SASS can be inspected with cuobjdump).
#include "dot_kernel.cuh"

namespace dk = dotsweep_kernels;
template <class P>
using Kernel = void (*)(const typename P::Element*, const typename P::Element*, long long, typename P::Acc*,
                        unsigned int*, typename P::Result*);

using TreeTwoPass = dk::DotPolicy<float, 256, 4, 4, dk::Grid::cover, dk::Layout::sequential, dk::Reduce::tree,
                                  dk::Finish::two_pass, dk::Hint::plain, dk::Accum::own>;
using ShuffleAtomic = dk::DotPolicy<float, 128, 1, 1, dk::Grid::persistent, dk::Layout::warp_partials,
                                    dk::Reduce::shuffle, dk::Finish::atomic, dk::Hint::plain, dk::Accum::own>;
using TreeLastBlock = dk::DotPolicy<float, 1024, 8, 2, dk::Grid::persistent, dk::Layout::sequential, dk::Reduce::tree,
                                    dk::Finish::last_block, dk::Hint::plain, dk::Accum::own>;
using SingleBlock = dk::DotPolicy<float, 1024, 1, 4, dk::Grid::single, dk::Layout::warp_partials, dk::Reduce::shuffle,
                                  dk::Finish::last_block, dk::Hint::plain, dk::Accum::own>;
using TreeCluster = dk::DotPolicy<float, 256, 4, 4, dk::Grid::cover, dk::Layout::sequential, dk::Reduce::tree,
                                  dk::Finish::cluster, dk::Hint::plain, dk::Accum::own>;
// atomic_ticket with a float and a double running sum (double has no atomicExch of its own).
using ShuffleAtomicTicket = dk::DotPolicy<float, 256, 2, 4, dk::Grid::cover, dk::Layout::warp_partials,
                                          dk::Reduce::shuffle, dk::Finish::atomic_ticket, dk::Hint::plain, dk::Accum::own>;
using HalfAtomicTicketF64 = dk::DotPolicy<__half, 256, 2, 8, dk::Grid::persistent, dk::Layout::sequential,
                                          dk::Reduce::tree, dk::Finish::atomic_ticket, dk::Hint::plain, dk::Accum::f64>;

// Taking the addresses instantiates the kernels.
Kernel<TreeTwoPass> kernel_nvcc_build_0 = dk::dot_kernel<TreeTwoPass>;
Kernel<ShuffleAtomic> kernel_nvcc_build_1 = dk::dot_kernel<ShuffleAtomic>;
Kernel<TreeLastBlock> kernel_nvcc_build_2 = dk::dot_kernel<TreeLastBlock>;
Kernel<SingleBlock> kernel_nvcc_build_3 = dk::dot_kernel<SingleBlock>;
Kernel<TreeCluster> kernel_nvcc_build_4 = dk::dot_kernel<TreeCluster>;
Kernel<ShuffleAtomicTicket> kernel_nvcc_build_5 = dk::dot_kernel<ShuffleAtomicTicket>;
Kernel<HalfAtomicTicketF64> kernel_nvcc_build_6 = dk::dot_kernel<HalfAtomicTicketF64>;
