// Compiles the kernel template with nvcc in the test build, for every
// policy enum value, so a template that NVRTC would reject fails the build
// here too (and so the SASS can be inspected with cuobjdump).
#include "dot_kernel.cuh"

namespace dk = dotsweep_kernels;
template __global__ void dk::dot_kernel<float, 256, 4, 4, dk::Grid::cover, dk::Reduce::tree, dk::Finish::two_pass>(
    const float*, const float*, long long, float*, float*);
template __global__ void dk::dot_kernel<float, 128, 1, 1, dk::Grid::persistent, dk::Reduce::shuffle, dk::Finish::atomic>(
    const float*, const float*, long long, float*, float*);
template __global__ void dk::dot_kernel<float, 1024, 8, 2, dk::Grid::persistent, dk::Reduce::tree, dk::Finish::atomic>(
    const float*, const float*, long long, float*, float*);
