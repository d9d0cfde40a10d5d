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
// cc 9.0, f32: NVIDIA H200, h200.csv.gz (sweep of 2026-11-30T19:12:39Z, dotsweep 0.1.0)
//   n 0..32768: f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32
//     measured 1: 3.808 us; 4096: 4.032 us; 16384: 4.528 us;
//   n 32769..512000: f32.b256.i2.v4.cover.warp.shfl.gather.plain.f32
//     measured 65536: 4.704 us; 262144: 5.120 us;
//   n 512001..8388608: f32.b256.i4.v4.cover.warp.shfl.atomic.plain.f32
//     measured 1000003: 6.544 us; 1048576: 6.752 us; 1048579: 6.784 us; 4194304: 12.144 us;
//   n 8388609..: f32.b512.i4.v4.cover.warp.shfl.atomic.plain.f32
//     measured 16777216: 33.248 us; 67108864: 118.976 us; 134217728: 232.272 us; 268435456: 459.552 us;
//
// cc 9.0, f64: NVIDIA H200, h200.csv.gz (sweep of 2026-11-30T19:12:39Z, dotsweep 0.1.0)
//   n 0..64: f64.b256.i1.v2.single.warp.shfl.last.plain.own
//     measured 1: 3.648 us;
//   n 65..8192: f64.b1024.i2.v2.single.warp.shfl.last.plain.own
//     measured 4096: 4.192 us;
//   n 8193..131072: f64.b128.i2.v2.cover.warp.shfl.atick.plain.own
//     measured 16384: 4.704 us; 65536: 4.896 us;
//   n 131073..: f64.b1024.i4.v1.cover.warp.shfl.atomic.plain.own
//     measured 262144: 5.792 us; 1000003: 8.608 us; 1048576: 8.672 us; 1048579: 8.656 us; 4194304: 19.120 us; 16777216: 62.400 us; 67108864: 231.936 us; 134217728: 459.888 us; 268435456: 914.672 us;
//
// cc 9.0, f16: NVIDIA H200, h200.csv.gz (sweep of 2026-11-30T19:12:39Z, dotsweep 0.1.0)
//   n 0..8192: f16.b256.i2.v8.cover.warp.shfl.gather.plain.own
//     measured 1: 3.648 us; 4096: 3.840 us;
//   n 8193..32768: f16.b1024.i2.v8.cover.warp.shfl.gather.plain.own
//     measured 16384: 4.192 us;
//   n 32769..1048577: f16.b512.i2.v8.cover.warp.shfl.atick.plain.own
//     measured 65536: 4.704 us; 262144: 4.896 us; 1000003: 5.792 us; 1048576: 5.824 us;
//   n 1048578..8388608: f16.b256.i2.v8.cover.warp.shfl.atomic.plain.own
//     measured 1048579: 5.888 us; 4194304: 8.640 us;
//   n 8388609..: f16.b1024.i2.v8.cover.warp.shfl.atomic.plain.own
//     measured 16777216: 19.168 us; 67108864: 62.400 us; 134217728: 118.528 us; 268435456: 232.288 us;
//
// cc 9.0, bf16: NVIDIA H200, h200.csv.gz (sweep of 2026-11-30T19:12:39Z, dotsweep 0.1.0)
//   n 0..8192: bf16.b1024.i1.v8.single.warp.shfl.last.plain.own
//     measured 1: 3.648 us; 4096: 3.840 us;
//   n 8193..32768: bf16.b256.i8.v8.cover.warp.shfl.gather.plain.own
//     measured 16384: 4.352 us;
//   n 32769..8388608: bf16.b512.i1.v8.cover.warp.shfl.atomic.plain.own
//     measured 65536: 4.704 us; 262144: 4.896 us; 1000003: 5.808 us; 1048576: 5.872 us; 1048579: 5.856 us; 4194304: 8.720 us;
//   n 8388609..: bf16.b256.i8.v8.cover.warp.shfl.atomic.plain.own
//     measured 16777216: 19.568 us; 67108864: 62.912 us; 134217728: 119.088 us; 268435456: 232.720 us;
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
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 512, 8, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32");
        if (n <= 512000LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 256, 2, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b256.i2.v4.cover.warp.shfl.gather.plain.f32");
        if (n <= 8388608LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 256, 4, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b256.i4.v4.cover.warp.shfl.atomic.plain.f32");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<float, 512, 4, 4, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f32.b512.i4.v4.cover.warp.shfl.atomic.plain.f32");
      default:
        return launch(DefaultKernel<float>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.808;
        if (n == 4096LL) return 4.032;
        if (n == 16384LL) return 4.528;
        if (n == 65536LL) return 4.704;
        if (n == 262144LL) return 5.120;
        if (n == 1000003LL) return 6.544;
        if (n == 1048576LL) return 6.752;
        if (n == 1048579LL) return 6.784;
        if (n == 4194304LL) return 12.144;
        if (n == 16777216LL) return 33.248;
        if (n == 67108864LL) return 118.976;
        if (n == 134217728LL) return 232.272;
        if (n == 268435456LL) return 459.552;
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
        if (n <= 64LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 256, 1, 2, dotsweep_kernels::Grid::single, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::last_block, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b256.i1.v2.single.warp.shfl.last.plain.own");
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 1024, 2, 2, dotsweep_kernels::Grid::single, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::last_block, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b1024.i2.v2.single.warp.shfl.last.plain.own");
        if (n <= 131072LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 128, 2, 2, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic_ticket, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b128.i2.v2.cover.warp.shfl.atick.plain.own");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<double, 1024, 4, 1, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f64.b1024.i4.v1.cover.warp.shfl.atomic.plain.own");
      default:
        return launch(DefaultKernel<double>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.648;
        if (n == 4096LL) return 4.192;
        if (n == 16384LL) return 4.704;
        if (n == 65536LL) return 4.896;
        if (n == 262144LL) return 5.792;
        if (n == 1000003LL) return 8.608;
        if (n == 1048576LL) return 8.672;
        if (n == 1048579LL) return 8.656;
        if (n == 4194304LL) return 19.120;
        if (n == 16777216LL) return 62.400;
        if (n == 67108864LL) return 231.936;
        if (n == 134217728LL) return 459.888;
        if (n == 268435456LL) return 914.672;
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
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i2.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 1024, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b1024.i2.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 1048577LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 512, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic_ticket, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b512.i2.v8.cover.warp.shfl.atick.plain.own");
        if (n <= 8388608LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 256, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b256.i2.v8.cover.warp.shfl.atomic.plain.own");
        return launch(TunedKernel<dotsweep_kernels::DotPolicy<__half, 1024, 2, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "f16.b1024.i2.v8.cover.warp.shfl.atomic.plain.own");
      default:
        return launch(DefaultKernel<__half>{}, kDefaultVariant);
    }
  }
  // The chosen variant's median in the report at a measured n; 0 elsewhere.
  static double reported_us(int cc, long long n) {
    (void)n;
    switch (cc) {
      case 90:
        if (n == 1LL) return 3.648;
        if (n == 4096LL) return 3.840;
        if (n == 16384LL) return 4.192;
        if (n == 65536LL) return 4.704;
        if (n == 262144LL) return 4.896;
        if (n == 1000003LL) return 5.792;
        if (n == 1048576LL) return 5.824;
        if (n == 1048579LL) return 5.888;
        if (n == 4194304LL) return 8.640;
        if (n == 16777216LL) return 19.168;
        if (n == 67108864LL) return 62.400;
        if (n == 134217728LL) return 118.528;
        if (n == 268435456LL) return 232.288;
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
        if (n <= 8192LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 1024, 1, 8, dotsweep_kernels::Grid::single, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::last_block, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b1024.i1.v8.single.warp.shfl.last.plain.own");
        if (n <= 32768LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 256, 8, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::gather, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b256.i8.v8.cover.warp.shfl.gather.plain.own");
        if (n <= 8388608LL) return launch(TunedKernel<dotsweep_kernels::DotPolicy<__nv_bfloat16, 512, 1, 8, dotsweep_kernels::Grid::cover, dotsweep_kernels::Layout::warp_partials, dotsweep_kernels::Reduce::shuffle, dotsweep_kernels::Finish::atomic, dotsweep_kernels::Hint::plain, dotsweep_kernels::Accum::own>, 0>{}, "bf16.b512.i1.v8.cover.warp.shfl.atomic.plain.own");
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
        if (n == 1LL) return 3.648;
        if (n == 4096LL) return 3.840;
        if (n == 16384LL) return 4.352;
        if (n == 65536LL) return 4.704;
        if (n == 262144LL) return 4.896;
        if (n == 1000003LL) return 5.808;
        if (n == 1048576LL) return 5.872;
        if (n == 1048579LL) return 5.856;
        if (n == 4194304LL) return 8.720;
        if (n == 16777216LL) return 19.568;
        if (n == 67108864LL) return 62.912;
        if (n == 134217728LL) return 119.088;
        if (n == 268435456LL) return 232.720;
        return 0;
      default:
        return 0;
    }
  }
};

}  // namespace dotsweep
