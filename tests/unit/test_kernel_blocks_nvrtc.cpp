// NVRTC compiles every valid instantiation of the kernel building blocks
// (kernels/block_reduce.cuh, accumulate.cuh, load.cuh, bulk_ring.cuh) for
// sm_90, the way the sweep compiles kernels, and rejects the invalid ones
// with their static_assert message. Needs no GPU.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/space/variant_axes.hpp"
#include "gpu/nvrtc_compiler.hpp"
#include "kernel_blocks_source.hpp"

namespace dotsweep {
namespace {

constexpr int kArch = 90;

NvrtcCompiler probe_compiler(int arch = kArch) {
  return NvrtcCompiler(testing::kKernelBlocksProbeSource, "kernel_blocks_probe.cu", arch, "",
                       testing::kernel_blocks_include_dirs());
}

// Compiles `names`; returns the NVRTC log on failure, "" on success.
std::string compile_error(const std::vector<std::string>& names, int arch = kArch) {
  try {
    const CompiledKernels kernels = probe_compiler(arch).compile(names);
    if (kernels.lowered_names.size() != names.size() || kernels.cubin.empty()) return "no cubin or lowered names";
    return "";
  } catch (const CompileError& e) {
    return e.what();
  }
}

std::string block_sum_name(const std::string& acc, int block, const std::string& layout, const std::string& reduce) {
  return "block_sum_probe<" + acc + ", " + std::to_string(block) + ", dk::Layout::" + layout + ", dk::Reduce::" +
         reduce + ">";
}

struct Pair {
  std::string layout, reduce;
};

// The valid (Layout, Reduce) pairs the header documents.
const std::vector<Pair> kTreePairs = {
    {"interleaved_divergent", "tree"}, {"interleaved_strided", "tree"},         {"sequential", "tree"},
    {"padded", "tree"},                {"interleaved_strided", "tree_warp_tail"}, {"sequential", "tree_warp_tail"},
    {"padded", "tree_warp_tail"},
};
const std::vector<Pair> kWarpPairs = {
    {"warp_partials", "shuffle"},           {"warp_partials", "cg_reduce"}, {"library", "cub_warp_reductions"},
    {"library", "cub_raking"},              {"library", "cub_raking_commutative"},
};
const std::vector<int> kPowerOfTwoBlocks = {32, 64, 128, 256, 512, 1024};
// Multiples of 32 that are not powers of two, for the reductions that allow them.
const std::vector<int> kWarpMultipleBlocks = {32, 64, 96, 128, 256, 352, 512, 992, 1024};

TEST_CASE("kernel blocks: NVRTC compiles every tree block_sum (float, double; Block 32..1024)") {
  std::vector<std::string> names;
  for (const char* acc : {"float", "double"})
    for (const Pair& p : kTreePairs)
      for (const int block : kPowerOfTwoBlocks) names.push_back(block_sum_name(acc, block, p.layout, p.reduce));
  CHECK(names.size() == 84);
  CHECK(compile_error(names) == "");
}

TEST_CASE("kernel blocks: NVRTC compiles every shuffle, cg and cub block_sum (float, double; Block multiples of 32)") {
  std::vector<std::string> names;
  for (const char* acc : {"float", "double"})
    for (const Pair& p : kWarpPairs)
      for (const int block : kWarpMultipleBlocks) names.push_back(block_sum_name(acc, block, p.layout, p.reduce));
  CHECK(names.size() == 90);
  CHECK(compile_error(names) == "");
}

TEST_CASE("kernel blocks: invalid block_sum instantiations fail with their reason") {
  struct Bad {
    std::string name, reason;
  };
  const std::vector<Bad> bad = {
      {block_sum_name("float", 256, "warp_partials", "tree"), "the reduction is not written for this layout"},
      {block_sum_name("float", 96, "sequential", "tree"), "tree reductions need a power-of-two Block"},
      {block_sum_name("float", 256, "interleaved_divergent", "tree_warp_tail"),
       "the reduction is not written for this layout"},
      {block_sum_name("double", 256, "sequential", "shuffle"), "the reduction is not written for this layout"},
      {block_sum_name("float", 256, "padded", "cub_raking"), "the reduction is not written for this layout"},
      {block_sum_name("float", 2048, "library", "cub_raking"), "Block must be a multiple of 32 in 32..1024"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.name);
    const std::string error = compile_error({b.name});
    CHECK(error.find(b.reason) != std::string::npos);
  }
}

struct TypeWidths {
  std::string type;
  std::vector<int> widths;
  bool kahan;
};
const std::vector<TypeWidths> kTypes = {
    {"float", {1, 2, 4}, true},
    {"double", {1, 2, 4}, false},
    {"__half", {1, 2, 4, 8}, true},
    {"__nv_bfloat16", {1, 2, 4, 8}, true},
};

TEST_CASE("kernel blocks: NVRTC compiles every accumulator x element type x vector width") {
  std::vector<std::string> names;
  for (const TypeWidths& t : kTypes)
    for (const char* accum : {"own", "kahan", "f64"}) {
      if (std::string(accum) == "kahan" && !t.kahan) continue;
      for (const int vec : t.widths)
        names.push_back("accumulate_probe<" + t.type + ", dk::Accum::" + accum + ", " + std::to_string(vec) + ">");
    }
  CHECK(names.size() == 39);
  CHECK(compile_error(names) == "");
  CHECK(compile_error({"accumulate_probe<double, dk::Accum::kahan, 1>"}).find("Kahan is an f32 accumulator") !=
        std::string::npos);
}

TEST_CASE("kernel blocks: NVRTC compiles every load hint x vector type, and refuses other widths") {
  std::vector<std::string> names;
  for (const TypeWidths& t : kTypes)
    for (const int vec : t.widths)
      for (const auto& hint : AxisTable<LoadHint>::values())
        if (hint.value != LoadHint::bulk)  // not a load instruction: the ring has its own test below
          names.push_back("load_probe<" + t.type + ", " + std::to_string(vec) + ", dk::" + kernel_spelling(hint.value) + ">");
  CHECK(names.size() == 98);  // 14 type x width pairs x 7 load hints
  CHECK(compile_error(names) == "");
  CHECK(compile_error({"load_probe<float, 8, dk::Hint::plain>"}).find("widths are 1, 2, 4") != std::string::npos);
}

TEST_CASE("kernel blocks: NVRTC compiles the bulk-copy ring for sm_90 and refuses it below") {
  std::vector<std::string> names;
  for (const TypeWidths& t : kTypes)
    for (const char* shape : {"256, 2, 1024", "256, 3, 4096", "1024, 4, 2048", "128, 1, 64"})
      names.push_back("bulk_ring_probe<" + t.type + ", dk::Accum::own, " + shape + ">");
  names.push_back("bulk_ring_probe<float, dk::Accum::kahan, 256, 4, 2048>");
  names.push_back("bulk_ring_probe<__half, dk::Accum::f64, 512, 4, 4096>");
  CHECK(compile_error(names) == "");

  CHECK(compile_error({"bulk_ring_probe<float, dk::Accum::own, 256, 2, 1022>"}).find("multiple of 16 bytes") !=
        std::string::npos);
  CHECK(compile_error({"bulk_ring_probe<float, dk::Accum::own, 256, 8, 8192>"}).find("227 KiB") !=
        std::string::npos);
  CHECK(compile_error({"bulk_ring_probe<float, dk::Accum::own, 256, 2, 1024>"}, 80).find("needs sm_90") !=
        std::string::npos);
}

}  // namespace
}  // namespace dotsweep
