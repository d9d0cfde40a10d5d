// The host paths' CPU rows (measure/cpu_dot.hpp): compute() runs on the host
// alone, so these need no GPU.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "gpu/cuda_error.hpp"
#include "measure/cpu_dot.hpp"

using namespace dotsweep;

namespace {

template <class T>
DotInputs host_inputs(const std::vector<T>& a, const std::vector<T>& b, ElementType type) {
  DotInputs in;
  in.host_a = a.data();
  in.host_b = b.data();
  in.n = static_cast<long long>(a.size());
  in.type = type;
  return in;
}

}  // namespace

TEST_CASE("cpu-loop: one sequential sum in the input type, in index order") {
  // 2^24 + 1 is not a float: summed in order, each +1 is lost against 2^24;
  // any other order (pairs, lanes) keeps some of them.
  std::vector<float> a{16777216.0f, 1.0f, 1.0f, 1.0f, 1.0f}, b(5, 1.0f);
  auto loop = make_cpu_loop_dot(ElementType::f32);
  loop->prepare(5);
  CHECK(loop->compute(host_inputs(a, b, ElementType::f32)) == 16777216.0);
  std::vector<double> c{16777216.0, 1, 1, 1, 1}, d(5, 1.0);
  auto loop64 = make_cpu_loop_dot(ElementType::f64);
  CHECK(loop64->compute(host_inputs(c, d, ElementType::f64)) == 16777220.0);
  CHECK(loop->promises_determinism());
  CHECK(loop->summation_shape().per_thread_terms == 5);
}

TEST_CASE("cpu-loop and cpu-blas take f32 and f64 only, and need the host copy") {
  CHECK_THROWS_AS(make_cpu_loop_dot(ElementType::f16), GpuError);
  CHECK_THROWS_AS(make_cpu_blas_dot(ElementType::bf16), GpuError);
  auto loop = make_cpu_loop_dot(ElementType::f32);
  DotInputs no_host;
  no_host.n = 4;
  CHECK_THROWS_WITH_AS(loop->compute(no_host), doctest::Contains("no host copy"), GpuError);
}

TEST_CASE("cpu-blas: OpenBLAS's sdot and ddot, and what it says it is") {
  std::vector<float> a(1000), b(1000);
  std::vector<double> c(1000), d(1000);
  double expected = 0;
  for (int i = 0; i < 1000; ++i) {
    a[i] = static_cast<float>(i % 7);
    b[i] = static_cast<float>(i % 5);
    c[i] = a[i];
    d[i] = b[i];
    expected += (i % 7) * (i % 5);  // small integers: exact in any order
  }
  auto blas = make_cpu_blas_dot(ElementType::f32, {"libopenblas.so.0"});
  CHECK(blas->compute(host_inputs(a, b, ElementType::f32)) == expected);
  auto blas64 = make_cpu_blas_dot(ElementType::f64, {"libopenblas.so.0"});
  CHECK(blas64->compute(host_inputs(c, d, ElementType::f64)) == expected);
  CHECK_FALSE(blas->promises_determinism());
  const std::string identity = cpu_blas_identity({"libopenblas.so.0"});
  CHECK(identity.find("OpenBLAS") != std::string::npos);
  CHECK(identity.find("threads") != std::string::npos);
}

TEST_CASE("cpu-blas: a library that does not load, or has no CBLAS dot, is named in the row's failure") {
  CHECK_THROWS_WITH_AS(make_cpu_blas_dot(ElementType::f32, {"/nonexistent/libnoblas.so"}),
                       doctest::Contains("/nonexistent/libnoblas.so"), GpuError);
  CHECK_THROWS_WITH_AS(make_cpu_blas_dot(ElementType::f32, {"/nonexistent/libnoblas.so"}),
                       doctest::Contains("libopenblas0"), GpuError);
  // libc loads, but has no cblas_sdot.
  CHECK_THROWS_WITH_AS(make_cpu_blas_dot(ElementType::f64, {"libc.so.6"}), doctest::Contains("no cblas_sdot"),
                       GpuError);
  CHECK(cpu_blas_candidates("/opt/mkl/libmkl_rt.so") == std::vector<std::string>{"/opt/mkl/libmkl_rt.so"});
  CHECK(cpu_blas_candidates("").front() == "libopenblas.so.0");
  CHECK(cpu_blas_candidates(nullptr).front() == "libopenblas.so.0");
}
