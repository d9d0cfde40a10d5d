#include "cli/help_text.hpp"

#include "dotsweep_version.hpp"
#include "core/space/arch_features.hpp"
#include "core/space/variant_axes.hpp"
#include "gpu/nvrtc_compiler.hpp"

namespace dotsweep {

std::string version_text() { return std::string("dotsweep ") + DOTSWEEP_VERSION + ", NVRTC " + nvrtc_version(); }

namespace {

// Appends `item` to `text`, starting a new indented line past 79 columns.
void wrap_onto(std::string& text, const std::string& item) {
  const std::size_t line_start = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  if (text.size() - line_start + item.size() > 79) text += "\n   ";
  text += item;
}

// "  layout: idiv = interleaved_divergent, ..., warp = warp_partials, ..." per
// named axis, from the axis table, so the legend cannot fall behind the space.
template <class E>
std::string legend_line() {
  std::string line = std::string("  ") + AxisTable<E>::key + ":";
  const auto& rows = AxisTable<E>::values();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string item = std::string(" ") + rows[i].id;
    if (std::string(rows[i].id) != rows[i].name) item += std::string(" = ") + rows[i].name;
    if (i + 1 < rows.size()) item += ",";
    wrap_onto(line, item);
  }
  return line + "\n";
}

std::string arch_legend();

std::string axis_legend() {
  return "Every value's id (= its name in space files and CSV columns):\n" + legend_line<GridKind>() +
         legend_line<SharedLayout>() + legend_line<BlockReduce>() + legend_line<GridFinish>() +
         legend_line<LoadHint>() + legend_line<Accumulator>() + arch_legend();
}

// "Left out of a plan on an older GPU: finish cluster (sm_90), ..." from the
// planner's own table.
std::string arch_legend() {
  std::string text = "Left out of the plan on an older GPU (`dotsweep list --arch NN` says why):";
  const auto& requirements = arch_requirements();
  for (std::size_t i = 0; i < requirements.size(); ++i)
    wrap_onto(text, " " + requirements[i].value + " (sm_" + std::to_string(requirements[i].min_arch) + ")" +
                        (i + 1 < requirements.size() ? "," : "."));
  return text + "\n";
}

}  // namespace

namespace {

std::string size_syntax() {
  return R"(Sizes (--sizes, comma separated): 4096, 2^20, 2^20+3, 2^20-1, or a range of
powers of two: 2^12..2^28 is every doubling from 2^12 to 2^28, and
2^12..2^28:2 steps the exponent by 2 (2^12, 2^14, ..., 2^28; the step is
1..29). Every n must be in 1..2^29 (536870912), the largest whose exact checks
stay exact in float32. Numbers here and in every option are plain decimal: no
leading zero, no space inside an item (spaces around one are dropped).

)";
}

std::string variant_ids() {
  return R"(Variant ids (docs/space_files.md): type.b<block>.i<items>.v<vec>.grid.layout.reduce.finish.hint.acc,
e.g. f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32 = float32 data, 256 threads
per block, 4 vector loads per thread, float4 loads (v1/v2/v4), a persistent
grid of 2 x SMs x occupancy blocks (p<k>; cover = one tile per block; single =
one block), per-warp shared partials (seq = sequential), warp-shuffle block
reduction (tree = shared-memory tree), atomic grid finish (2pass = a second
kernel; last = one launch, the last block sums the partials; cluster = sm_90
clusters then the last block; atick = one launch, no memset: atomicAdd into a
scratch sum that the last block takes and zeroes; gather = one launch, no
atomics: block 0 waits for every block's total in its own slot), plain loads
(pdl = plain loads after waiting for the stream's previous kernel, launched as
its programmatic dependent; pdlpf = the same after an L2 prefetch),
float32 accumulator (own on f32; f64/f16/bf16 ids spell it "own"; kahan;
f64).

)" + axis_legend();
}

// The footer of a command that reads report files and writes what it renders.
std::string file_command_footer(const std::string& interrupted) {
  return "Exit status: 0 done; 2 bad input (one line naming it, nothing written); 5 a host-side failure (a file\n"
         "system error, standard output that cannot be written, an internal error)" + interrupted + ".\n";
}

}  // namespace

std::string help_footer() {
  return size_syntax() + variant_ids() + R"(
Exit status: 0 done; 2 bad input (one line naming it); 3 no usable GPU;
4 the GPU failed during the run (rows measured so far stay in sweep.csv);
5 a host-side failure (out of host memory, a file system error, standard
output that cannot be written, an internal error); 130 interrupted by Ctrl-C
or SIGTERM (the report is written; the command that resumes it is printed).
)";
}

std::string subcommand_footer(const std::string& name) {
  if (name == "sweep") return help_footer();
  if (name == "list")
    return size_syntax() + variant_ids() + R"(
Exit status: 0 done; 1 a variant failed to compile (--compile); 2 bad input
(one line naming it); 5 a host-side failure (a file system error, standard
output that cannot be written, an internal error).
)";
  if (name == "info")
    return "Exit status: 0 done; 2 bad input (one line naming it); 3 no usable GPU (the line says why); 5 a\n"
           "host-side failure.\n";
  if (name == "report" || name == "merge")
    return file_command_footer(
        "; Ctrl-C, SIGTERM or\nSIGHUP end it with nothing under OUT (it is written beside OUT under a temporary "
        "name\nand moved into place when whole)");
  return file_command_footer("");
}

void describe_program(CLI::App& app) {
  app.set_version_flag("--version", [] { return version_text(); }, "print the dotsweep and NVRTC versions and exit");
  app.footer(help_footer());
  for (CLI::App* sub : app.get_subcommands({})) sub->footer(subcommand_footer(sub->get_name()));
}

}  // namespace dotsweep
