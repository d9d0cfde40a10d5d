// Vector types and global loads with cache hints, for the dot kernel's load
// path. Self-contained for NVRTC: only toolkit headers.
//
// INTERFACE (clarifies the contract, no change to it):
// - vector_of<T, Vec>::type is vec<T, Vec>: Vec elements of T in `v[]`,
//   aligned to its size, so one vector is one load instruction of 2..16 bytes.
//   Widths: float 1/2/4, __half and __nv_bfloat16 1/2/4/8 (4 and 8 are the
//   8- and 16-byte loads), double 1/2/4 (4 is 32 bytes: two 16-byte loads,
//   since sm_90 has no 32-byte ld.global).
// - load<H>(p) reads *p; p must point to global memory that no thread writes
//   during the kernel (nc and the non-volatile asm below rely on it).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

// Hint (variant_axes.h): bulk is no load instruction (ld<Hint::bulk> does
// not exist); it selects the dot kernel's cp.async.bulk ring (bulk_ring.cuh).
#include "variant_axes.h"

namespace dotsweep_kernels {

template <typename T, int N>
struct alignas(sizeof(T) * N) vec {
  T v[N];
};

template <typename T, int Vec> struct vector_of {
  static_assert(Vec == 1 || Vec == 2 || Vec == 4 || (Vec == 8 && sizeof(T) == 2),
                "vector_of: widths are 1, 2, 4 (and 8 for the 2-byte types)");
  static_assert(sizeof(T) * Vec <= 32, "vector_of: at most 32 bytes per vector");
  using type = vec<T, Vec>;
};

// One PTX load per access width. The qualifier strings:
//   plain        ld.global                    ordinary load, default caching
//   nc           ld.global.nc                 read-only (texture) data path
//   no_allocate  ld.global.L1::no_allocate    do not allocate the line in L1
//   streaming    ld.global.cs                 "cache streaming, likely accessed
//                once": evict-first in L1 *and* L2 (PTX ISA, cache operators).
//                Chosen over ld.global.L1::evict_first, which changes only the
//                L1 policy: a dot reads each byte once and its large inputs
//                dwarf the L2 (60 MiB on the H200), so the L2 hint is the one
//                that matters. Needs sm_80 (core/space/arch_features.cpp).
//   l2_prefetch  ld.global.L2::256B (sm_80+)  a plain load whose L2 miss fetches
//                the aligned 256 bytes around it (SASS .LTC256B; plain loads
//                carry no prefetch size): fewer, larger DRAM requests for a
//                stream that will read the neighbouring lines anyway.
//   pdl, pdl_l2  ld.global, volatile     plain loads kept after the dependency
//                wait (dot_kernel.cuh, wait_for_previous_grid).
// The asm is not volatile: the loads have no side effects and the compiler
// may schedule them like ordinary loads (the data is read-only, see above).
namespace detail {
template <Hint H> struct ld;

#define DOTSWEEP_DEFINE_LD(HINT, OP)                                                                    \
  template <> struct ld<HINT> {                                                                      \
    __device__ __forceinline__ static unsigned short b16(const void* p) {                            \
      unsigned short r;                                                                              \
      asm(OP ".b16 %0, [%1];" : "=h"(r) : "l"(p));                                                   \
      return r;                                                                                      \
    }                                                                                                \
    __device__ __forceinline__ static unsigned b32(const void* p) {                                  \
      unsigned r;                                                                                    \
      asm(OP ".b32 %0, [%1];" : "=r"(r) : "l"(p));                                                   \
      return r;                                                                                      \
    }                                                                                                \
    __device__ __forceinline__ static uint2 v2b32(const void* p) {                                   \
      uint2 r;                                                                                       \
      asm(OP ".v2.b32 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "l"(p));                             \
      return r;                                                                                      \
    }                                                                                                \
    __device__ __forceinline__ static uint4 v4b32(const void* p) {                                   \
      uint4 r;                                                                                       \
      asm(OP ".v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p)); \
      return r;                                                                                      \
    }                                                                                                \
  };

DOTSWEEP_DEFINE_LD(Hint::plain, "ld.global")
DOTSWEEP_DEFINE_LD(Hint::nc, "ld.global.nc")
DOTSWEEP_DEFINE_LD(Hint::no_allocate, "ld.global.L1::no_allocate")
DOTSWEEP_DEFINE_LD(Hint::streaming, "ld.global.cs")
DOTSWEEP_DEFINE_LD(Hint::l2_prefetch, "ld.global.L2::256B")
#undef DOTSWEEP_DEFINE_LD
// pdl, pdl_l2: plain loads that must stay after the kernel's
// griddepcontrol.wait (the previous kernel may have written the inputs), so
// they are volatile: the compiler keeps volatile asm in program order, and
// the non-volatile loads above could be hoisted over the wait.
#define DOTSWEEP_DEFINE_ORDERED_LD(HINT)                                                                   \
  template <> struct ld<HINT> {                                                                          \
    __device__ __forceinline__ static unsigned short b16(const void* p) {                                \
      unsigned short r;                                                                                  \
      asm volatile("ld.global.b16 %0, [%1];" : "=h"(r) : "l"(p));                                        \
      return r;                                                                                          \
    }                                                                                                    \
    __device__ __forceinline__ static unsigned b32(const void* p) {                                      \
      unsigned r;                                                                                        \
      asm volatile("ld.global.b32 %0, [%1];" : "=r"(r) : "l"(p));                                        \
      return r;                                                                                          \
    }                                                                                                    \
    __device__ __forceinline__ static uint2 v2b32(const void* p) {                                       \
      uint2 r;                                                                                           \
      asm volatile("ld.global.v2.b32 {%0, %1}, [%2];" : "=r"(r.x), "=r"(r.y) : "l"(p));                  \
      return r;                                                                                          \
    }                                                                                                    \
    __device__ __forceinline__ static uint4 v4b32(const void* p) {                                       \
      uint4 r;                                                                                           \
      asm volatile("ld.global.v4.b32 {%0, %1, %2, %3}, [%4];"                                            \
                   : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)                                          \
                   : "l"(p));                                                                            \
      return r;                                                                                          \
    }                                                                                                    \
  };
DOTSWEEP_DEFINE_ORDERED_LD(Hint::pdl)
DOTSWEEP_DEFINE_ORDERED_LD(Hint::pdl_l2)
#undef DOTSWEEP_DEFINE_ORDERED_LD

// Copies the loaded bits into the vector; the memcpy-free union-less form
// keeps NVRTC away from any std header.
template <typename V, typename W> __device__ __forceinline__ V bits_as(const W& w) {
  static_assert(sizeof(V) == sizeof(W), "bits_as: sizes differ");
  return *reinterpret_cast<const V*>(&w);
}
}  // namespace detail

// The width decides the instruction; the element type only reinterprets bits.
template <Hint H, typename V> __device__ __forceinline__ V load(const V* p) {
  using L = detail::ld<H>;
  if constexpr (sizeof(V) == 2) {
    const unsigned short w = L::b16(p);
    return detail::bits_as<V>(w);
  } else if constexpr (sizeof(V) == 4) {
    const unsigned w = L::b32(p);
    return detail::bits_as<V>(w);
  } else if constexpr (sizeof(V) == 8) {
    return detail::bits_as<V>(L::v2b32(p));
  } else if constexpr (sizeof(V) == 16) {
    return detail::bits_as<V>(L::v4b32(p));
  } else {
    static_assert(sizeof(V) == 32, "load: vectors are 2, 4, 8, 16 or 32 bytes");
    struct alignas(32) two { uint4 lo, hi; } w;
    w.lo = L::v4b32(p);
    w.hi = L::v4b32(reinterpret_cast<const char*>(p) + 16);
    return detail::bits_as<V>(w);
  }
}

}  // namespace dotsweep_kernels
