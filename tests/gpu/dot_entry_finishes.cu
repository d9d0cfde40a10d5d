// include/dotsweep/dot.cuh launches every finish, grid shape and the bulk
// ring the way the sweep does: each policy below runs through the header's
// launcher on one shared workspace, in an order that would expose state one
// finish leaves for another (gather slots, the ticket, the running sum), at
// awkward sizes whose integer dot products are exact. Also checks that a
// program without an exported table runs the stated default.
// Exit 0 pass, 1 a wrong result or CUDA error, 77 no GPU.
#include <cstdio>
#include <vector>

#include "dotsweep/dot.cuh"
#include "gpu_skip.hpp"

namespace {

namespace dk = dotsweep_kernels;
using dk::Accum;
using dk::Finish;
using dk::Grid;
using dk::Hint;
using dk::Layout;
using dk::Reduce;

template <class T, int Block, int Items, int Vec, Grid G, Layout L, Reduce R, Finish F, Hint H, Accum A, int K = 0>
using Entry = dotsweep::TunedKernel<dk::DotPolicy<T, Block, Items, Vec, G, L, R, F, H, A>, K>;

constexpr long long kLargest = (1LL << 22) + 5;

int value_a(long long i) { return static_cast<int>(i % 5) - 2; }
int value_b(long long i) { return static_cast<int>((i * 7) % 3) - 1; }

template <class T>
struct Inputs {
  T* a = nullptr;
  T* b = nullptr;
  dotsweep::dot_result_t<T>* result = nullptr;
  Inputs() {
    std::vector<T> ha(kLargest), hb(kLargest);
    for (long long i = 0; i < kLargest; ++i) {
      ha[i] = T(static_cast<float>(value_a(i)));
      hb[i] = T(static_cast<float>(value_b(i)));
    }
    cudaMalloc(&a, kLargest * sizeof(T));
    cudaMalloc(&b, kLargest * sizeof(T));
    cudaMalloc(&result, sizeof(*result));
    cudaMemcpy(a, ha.data(), kLargest * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb.data(), kLargest * sizeof(T), cudaMemcpyHostToDevice);
  }
};

long long exact(long long n) {
  long long sum = 0;
  for (long long i = 0; i < n; ++i) sum += value_a(i) * value_b(i);
  return sum;
}

int failures = 0;

template <class E, class T>
void check(const char* name, Inputs<T>& in, dotsweep::DotWorkspace& workspace, cudaStream_t stream, int device,
           int sms) {
  for (long long n : {1LL, 3LL, 1000LL, 4097LL, 1000003LL, kLargest}) {
    cudaMemsetAsync(in.result, 0x7f, sizeof(*in.result), stream);
    cudaError_t e = dotsweep::detail::launch_tuned<E>(in.a, in.b, n, in.result, workspace, stream, device, sms);
    dotsweep::dot_result_t<T> got{};
    if (e == cudaSuccess) e = cudaMemcpyAsync(&got, in.result, sizeof(got), cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    const long long want = exact(n);
    if (e != cudaSuccess || static_cast<double>(got) != static_cast<double>(want)) {
      std::printf("FAIL %s n=%lld: got %.17g want %lld (%s)\n", name, n, static_cast<double>(got), want,
                  cudaGetErrorString(e));
      ++failures;
    }
  }
  std::printf("checked %s\n", name);
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    return dotsweep::test::skip_or_fail("no usable CUDA device (dot_entry_finishes)");
  }
  int device = 0, sms = 0, major = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  dotsweep::DotWorkspace workspace;
  Inputs<float> f32;
  Inputs<double> f64;
  Inputs<__half> f16;
  Inputs<__nv_bfloat16> bf16;
  using L = Layout;
  using R = Reduce;
  check<Entry<float, 256, 4, 4, Grid::cover, L::warp_partials, R::shuffle, Finish::gather, Hint::plain, Accum::own>>(
      "f32 gather cover (warp gather to 1000003, block gather at 2^22+5)", f32, workspace, stream, device, sms);
  check<Entry<float, 256, 4, 4, Grid::cover, L::sequential, R::tree, Finish::two_pass, Hint::plain, Accum::own>>(
      "f32 two_pass cover", f32, workspace, stream, device, sms);
  check<Entry<float, 128, 1, 1, Grid::persistent, L::warp_partials, R::shuffle, Finish::atomic, Hint::plain, Accum::own, 2>>(
      "f32 atomic persistent:2", f32, workspace, stream, device, sms);
  check<Entry<float, 1024, 8, 2, Grid::persistent, L::sequential, R::tree, Finish::last_block, Hint::plain, Accum::own, 1>>(
      "f32 last_block persistent:1", f32, workspace, stream, device, sms);
  check<Entry<float, 256, 2, 4, Grid::persistent, L::warp_partials, R::shuffle, Finish::gather, Hint::plain, Accum::own, 1>>(
      "f32 gather persistent:1", f32, workspace, stream, device, sms);
  check<Entry<float, 1024, 1, 4, Grid::single, L::warp_partials, R::shuffle, Finish::last_block, Hint::plain, Accum::own>>(
      "f32 single", f32, workspace, stream, device, sms);
  check<Entry<float, 256, 2, 4, Grid::cover, L::warp_partials, R::shuffle, Finish::atomic_ticket, Hint::plain, Accum::own>>(
      "f32 atomic_ticket cover", f32, workspace, stream, device, sms);
  check<Entry<double, 256, 2, 2, Grid::cover, L::warp_partials, R::shuffle, Finish::atomic_ticket, Hint::plain, Accum::own>>(
      "f64 atomic_ticket cover", f64, workspace, stream, device, sms);
  check<Entry<double, 512, 2, 2, Grid::cover, L::warp_partials, R::shuffle, Finish::gather, Hint::plain, Accum::own>>(
      "f64 gather cover", f64, workspace, stream, device, sms);
  check<Entry<__half, 256, 2, 8, Grid::persistent, L::sequential, R::tree, Finish::atomic_ticket, Hint::plain, Accum::f64, 2>>(
      "f16 atomic_ticket acc f64", f16, workspace, stream, device, sms);
  check<Entry<__nv_bfloat16, 256, 4, 8, Grid::cover, L::warp_partials, R::shuffle, Finish::last_block, Hint::plain, Accum::kahan>>(
      "bf16 last_block kahan", bf16, workspace, stream, device, sms);
  if (major >= 9) {
    check<Entry<float, 256, 4, 4, Grid::cover, L::sequential, R::tree, Finish::cluster, Hint::plain, Accum::own>>(
        "f32 cluster cover", f32, workspace, stream, device, sms);
    check<Entry<float, 256, 1, 4, Grid::persistent, L::warp_partials, R::shuffle, Finish::gather, Hint::bulk, Accum::own, 1>>(
        "f32 bulk ring gather persistent:1", f32, workspace, stream, device, sms);
    // Launched as programmatic dependents of the previous check's kernels.
    check<Entry<float, 256, 1, 4, Grid::cover, L::warp_partials, R::shuffle, Finish::gather, Hint::pdl_l2, Accum::own>>(
        "f32 gather cover pdl_l2", f32, workspace, stream, device, sms);
    check<Entry<float, 256, 4, 4, Grid::cover, L::sequential, R::tree, Finish::cluster, Hint::pdl, Accum::own>>(
        "f32 cluster cover pdl", f32, workspace, stream, device, sms);
    check<Entry<double, 512, 2, 2, Grid::cover, L::warp_partials, R::shuffle, Finish::atomic, Hint::pdl, Accum::own>>(
        "f64 atomic cover pdl", f64, workspace, stream, device, sms);
  }
  // Again after the others: the gather slots must still read empty.
  check<Entry<float, 256, 4, 4, Grid::cover, L::warp_partials, R::shuffle, Finish::gather, Hint::plain, Accum::own>>(
      "f32 gather cover, after every other finish", f32, workspace, stream, device, sms);

  // No exported table is included here: dot() runs the default policy.
  const char* variant = dotsweep::tuned_variant<float>(4096);
  if (variant != dotsweep::kDefaultVariant) {
    std::printf("FAIL: without a table, dot<float> runs %s, not the default\n", variant ? variant : "(error)");
    ++failures;
  }
  for (long long n : {5LL, kLargest}) {
    float got = 0;
    cudaError_t e = dotsweep::dot(f32.a, f32.b, n, f32.result, stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(&got, f32.result, sizeof(got), cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess || got != static_cast<float>(exact(n))) {
      std::printf("FAIL default dot<float> n=%lld: got %.9g want %lld (%s)\n", n, got, exact(n), cudaGetErrorString(e));
      ++failures;
    }
  }
  // Misaligned inputs are refused, not read.
  if (dotsweep::dot(f32.a + 1, f32.b, 100, f32.result, stream) != cudaErrorMisalignedAddress) {
    std::printf("FAIL: a misaligned input was not refused\n");
    ++failures;
  }
  if (dotsweep::dot(f32.a, f32.b, -1, f32.result, stream) != cudaErrorInvalidValue) {
    std::printf("FAIL: n = -1 was not refused\n");
    ++failures;
  }
  std::printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
