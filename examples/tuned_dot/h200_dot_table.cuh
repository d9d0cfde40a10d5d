// The tuned dot kernels for include/dotsweep/dot.cuh, written by `dotsweep export`
// from cold timings; export the report again rather than edit this file.
//
// The choice within each tie group: at each measured n the candidates are the variants tied with
// the fastest row (95% intervals of the median overlap; the fastest variant alone when none is
// tied); sizes are grouped in ascending n into the fewest ranges, each as long as one variant is a
// candidate at every n in it, and a range runs that variant with the least sum of medians over its
// n (then the smaller id); neighbouring ranges meet at the geometric mean of the measured n either
// side, the first starts at 0 and the last has no end.
//
// cc 9.0, f32: NVIDIA H200, h200.csv.gz (sweep of 2026-12-02T06:13:04Z, dotsweep 0.2.0)
//   n 0..64: f32.b128.i2.v4.cover.warp.shfl.gather.plain.f32
//     measured 1: 3.424 us;
//   n 65..8192: f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32
//     measured 4096: 3.936 us;
//   n 8193..32768: f32.b128.i4.v4.cover.warp.shfl.atick.plain.f32
//     measured 16384: 4.448 us;
//   n 32769..131072: f32.b128.i1.v4.cover.warp.shfl.atick.plain.f32
//     measured 65536: 4.704 us;
//   n 131073..1024001: f32.b512.i1.v4.p2.warp.shfl.atomic.plain.f32
//     measured 262144: 5.152 us; 1000003: 6.496 us;
//   n 1024002..2097154: f32.b512.i2.v4.cover.warp.shfl.gather.plain.f32
//     measured 1048576: 6.976 us; 1048579: 6.816 us;
//   n 2097155..: f32.b1024.i8.v1.cover.warp.shfl.atomic.plain.f32
//     measured 4194304: 12.416 us; 16777216: 33.424 us; 67108864: 118.720 us; 268435456: 459.776 us;
//
// cc 9.0, f64: NVIDIA H200, h200.csv.gz (sweep of 2026-12-02T06:13:04Z, dotsweep 0.2.0)
//   n 0..64: f64.b128.i1.v2.cover.warp.shfl.gather.plain.own
//     measured 1: 3.424 us;
//   n 65..8192: f64.b1024.i2.v2.cover.warp.shfl.gather.plain.own
//     measured 4096: 4.128 us;
//   n 8193..32768: f64.b256.i1.v2.p2.warp.shfl.atomic.plain.own
//     measured 16384: 4.640 us;
//   n 32769..512000: f64.b128.i8.v1.cover.warp.shfl.atomic.plain.own
//     measured 65536: 4.864 us; 262144: 5.696 us;
//   n 512001..2097154: f64.b512.i4.v2.cover.warp.shfl.atomic.plain.own
//     measured 1000003: 8.576 us; 1048576: 8.880 us; 1048579: 8.880 us;
//   n 2097155..: f64.b512.i8.v1.cover.warp.shfl.atomic.plain.own
//     measured 4194304: 19.328 us; 16777216: 62.720 us; 67108864: 232.144 us; 268435456: 914.848 us;
//
// cc 9.0, f16: NVIDIA H200, h200.csv.gz (sweep of 2026-12-02T06:13:04Z, dotsweep 0.2.0)
//   n 0..64: f16.b128.i4.v8.cover.warp.shfl.gather.plain.own
//     measured 1: 3.424 us;
//   n 65..8192: f16.b1024.i1.v8.cover.warp.shfl.gather.plain.own
//     measured 4096: 3.776 us;
//   n 8193..32768: f16.b1024.i2.v8.cover.warp.shfl.gather.plain.own
//     measured 16384: 4.192 us;
//   n 32769..512000: f16.b256.i1.v8.cover.warp.shfl.gather.plain.own
//     measured 65536: 4.512 us; 262144: 4.736 us;
//   n 512001..1048577: f16.b256.i4.v4.cover.warp.shfl.atomic.plain.own
//     measured 1000003: 6.016 us; 1048576: 6.000 us;
//   n 1048578..2097154: f16.b256.i2.v8.cover.warp.shfl.gather.plain.own
//     measured 1048579: 5.968 us;
//   n 2097155..33554432: f16.b256.i8.v4.cover.warp.shfl.atomic.plain.own
//     measured 4194304: 8.832 us; 16777216: 19.520 us;
//   n 33554433..: f16.b512.i4.v8.cover.warp.shfl.atomic.plain.own
//     measured 67108864: 62.592 us; 268435456: 232.352 us;
//
// cc 9.0, bf16: NVIDIA H200, h200.csv.gz (sweep of 2026-12-02T06:13:04Z, dotsweep 0.2.0)
//   n 0..64: bf16.b1024.i1.v8.cover.warp.shfl.gather.plain.own
//     measured 1: 3.424 us;
//   n 65..8192: bf16.b1024.i2.v8.cover.warp.shfl.gather.plain.own
//     measured 4096: 3.776 us;
//   n 8193..32768: bf16.b512.i1.v8.cover.warp.shfl.atick.plain.own
//     measured 16384: 4.448 us;
//   n 32769..131072: bf16.b512.i1.v8.p2.warp.shfl.atomic.plain.own
//     measured 65536: 4.656 us;
//   n 131073..512000: bf16.b512.i1.v8.cover.warp.shfl.gather.plain.own
//     measured 262144: 4.704 us;
//   n 512001..1024001: bf16.b512.i1.v8.cover.warp.shfl.atomic.plain.own
//     measured 1000003: 6.016 us;
//   n 1024002..1048577: bf16.b512.i1.v8.p2.warp.shfl.atomic.plain.own
//     measured 1048576: 5.952 us;
//   n 1048578..2097154: bf16.b512.i1.v8.cover.warp.shfl.gather.plain.own
//     measured 1048579: 5.952 us;
//   n 2097155..8388608: bf16.b512.i4.v8.cover.warp.shfl.gather.plain.own
//     measured 4194304: 8.720 us;
//   n 8388609..: bf16.b256.i8.v8.cover.warp.shfl.atomic.plain.own
//     measured 16777216: 19.648 us; 67108864: 63.232 us; 268435456: 233.232 us;
#pragma once

#include "dotsweep/dot.cuh"

namespace dotsweep {

template <>
struct DotTable<float> {
  template <class Launch>
  static auto select(int cc, long long n, Launch&& launch) {
    (void)n;
    switch (cc) {
      case 90:
        if (n <= 64LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 128, 2, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b128.i2.v4.cover.warp.shfl.gather.plain.f32");
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 512, 8, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 128, 4, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic_ticket, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b128.i4.v4.cover.warp.shfl.atick.plain.f32");
        if (n <= 131072LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 128, 1, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic_ticket, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b128.i1.v4.cover.warp.shfl.atick.plain.f32");
        if (n <= 1024001LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 512, 1, 4, dotsweep_kernels::Grid::persistent, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 2>{}, "f32.b512.i1.v4.p2.warp.shfl.atomic.plain.f32");
        if (n <= 2097154LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 512, 2, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b512.i2.v4.cover.warp.shfl.gather.plain.f32");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 1024, 8, 1, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b1024.i8.v1.cover.warp.shfl.atomic.plain.f32");
      default:
        return launch(DefaultKernel<float>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.424;
        if (n == 4096LL) return 3.936;
        if (n == 16384LL) return 4.448;
        if (n == 65536LL) return 4.704;
        if (n == 262144LL) return 5.152;
        if (n == 1000003LL) return 6.496;
        if (n == 1048576LL) return 6.976;
        if (n == 1048579LL) return 6.816;
        if (n == 4194304LL) return 12.416;
        if (n == 16777216LL) return 33.424;
        if (n == 67108864LL) return 118.720;
        if (n == 268435456LL) return 459.776;
        return 0;
      default:
        return 0;
    }
  }
};

template <>
struct DotTable<double> {
  template <class Launch>
  static auto select(int cc, long long n, Launch&& launch) {
    (void)n;
    switch (cc) {
      case 90:
        if (n <= 64LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 128, 1, 2, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b128.i1.v2.cover.warp.shfl.gather.plain.own");
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 1024, 2, 2, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b1024.i2.v2.cover.warp.shfl.gather.plain.own");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 256, 1, 2, dotsweep_kernels::Grid::persistent, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 2>{}, "f64.b256.i1.v2.p2.warp.shfl.atomic.plain.own");
        if (n <= 512000LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 128, 8, 1, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b128.i8.v1.cover.warp.shfl.atomic.plain.own");
        if (n <= 2097154LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 512, 4, 2, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b512.i4.v2.cover.warp.shfl.atomic.plain.own");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 512, 8, 1, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b512.i8.v1.cover.warp.shfl.atomic.plain.own");
      default:
        return launch(DefaultKernel<double>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.424;
        if (n == 4096LL) return 4.128;
        if (n == 16384LL) return 4.640;
        if (n == 65536LL) return 4.864;
        if (n == 262144LL) return 5.696;
        if (n == 1000003LL) return 8.576;
        if (n == 1048576LL) return 8.880;
        if (n == 1048579LL) return 8.880;
        if (n == 4194304LL) return 19.328;
        if (n == 16777216LL) return 62.720;
        if (n == 67108864LL) return 232.144;
        if (n == 268435456LL) return 914.848;
        return 0;
      default:
        return 0;
    }
  }
};

template <>
struct DotTable<__half> {
  template <class Launch>
  static auto select(int cc, long long n, Launch&& launch) {
    (void)n;
    switch (cc) {
      case 90:
        if (n <= 64LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 128, 4, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b128.i4.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 1024, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b1024.i1.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 1024, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b1024.i2.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 512000LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i1.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 1048577LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 4, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i4.v4.cover.warp.shfl.atomic.plain.own");
        if (n <= 2097154LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i2.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 33554432LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 8, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i8.v4.cover.warp.shfl.atomic.plain.own");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 512, 4, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b512.i4.v8.cover.warp.shfl.atomic.plain.own");
      default:
        return launch(DefaultKernel<__half>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.424;
        if (n == 4096LL) return 3.776;
        if (n == 16384LL) return 4.192;
        if (n == 65536LL) return 4.512;
        if (n == 262144LL) return 4.736;
        if (n == 1000003LL) return 6.016;
        if (n == 1048576LL) return 6.000;
        if (n == 1048579LL) return 5.968;
        if (n == 4194304LL) return 8.832;
        if (n == 16777216LL) return 19.520;
        if (n == 67108864LL) return 62.592;
        if (n == 268435456LL) return 232.352;
        return 0;
      default:
        return 0;
    }
  }
};

template <>
struct DotTable<__nv_bfloat16> {
  template <class Launch>
  static auto select(int cc, long long n, Launch&& launch) {
    (void)n;
    switch (cc) {
      case 90:
        if (n <= 64LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 1024, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b1024.i1.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 1024, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b1024.i2.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic_ticket, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i1.v8.cover.warp.shfl.atick.plain.own");
        if (n <= 131072LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::persistent, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 2>{}, "bf16.b512.i1.v8.p2.warp.shfl.atomic.plain.own");
        if (n <= 512000LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i1.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 1024001LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i1.v8.cover.warp.shfl.atomic.plain.own");
        if (n <= 1048577LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::persistent, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 2>{}, "bf16.b512.i1.v8.p2.warp.shfl.atomic.plain.own");
        if (n <= 2097154LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i1.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 8388608LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 4, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i4.v8.cover.warp.shfl.gather.plain.own");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 256, 8, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b256.i8.v8.cover.warp.shfl.atomic.plain.own");
      default:
        return launch(DefaultKernel<__nv_bfloat16>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.424;
        if (n == 4096LL) return 3.776;
        if (n == 16384LL) return 4.448;
        if (n == 65536LL) return 4.656;
        if (n == 262144LL) return 4.704;
        if (n == 1000003LL) return 6.016;
        if (n == 1048576LL) return 5.952;
        if (n == 1048579LL) return 5.952;
        if (n == 4194304LL) return 8.720;
        if (n == 16777216LL) return 19.648;
        if (n == 67108864LL) return 63.232;
        if (n == 268435456LL) return 233.232;
        return 0;
      default:
        return 0;
    }
  }
};

}  // namespace dotsweep
