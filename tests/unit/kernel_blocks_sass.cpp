// The kernel building blocks keep their code paths through compilation:
// NVRTC compiles probes (kernel_blocks_source.hpp) for sm_90 with the sweep's
// options, nvdisasm disassembles them, and each check reads the kernel's SASS:
// - Kahan (kernels/accumulate.cuh): one add holds the rounded product (FMUL),
//   the four adds of the compensation (FADD) and no FFMA. The same steps with
//   plain operators fuse into an FFMA under NVRTC's default -fmad=true and
//   must fail the check (so the check can fail).
// - the warp-synchronous tail (block_reduce.cuh) really drops block barriers:
//   Block 256 has 9 BAR.SYNC as a plain tree, 3 with the tail.
// - each load hint (load.cuh) is its own instruction: LDG with .CONSTANT
//   (nc), .NA (no_allocate), .EF (streaming), .LTC256B (l2_prefetch) or none
//   of them (plain); every global-load hint of the axis table has its row.
// - the bulk ring (bulk_ring.cuh) issues bulk copies (UBLKCP) and waits on
//   mbarrier phases (SYNCS.PHASECHK).
// - the ticket of the last-block and atomic-ticket finishes (dot_kernel.cuh)
//   is one acquire-release atomic: one MEMBAR.ALL.GPU and no MEMBAR.SC.GPU
//   (the fence __threadfence is); the __threadfence mutant must fail.
// Usage: kernel_blocks_sass <nvdisasm>; exits 77 when the disassembler is
// absent (cuobjdump -sass would need nvdisasm too).
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/space/variant_axes.hpp"
#include "gpu/nvrtc_compiler.hpp"
#include "kernel_blocks_source.hpp"

namespace {

using dotsweep::NvrtcCompiler;

// The SASS of each kernel in `names`, compiled together (one NVRTC run) and
// disassembled once; each entry is that kernel's own code section ("" if
// nvdisasm printed none).
std::map<std::string, std::string> sass_of(const std::vector<std::string>& names, const std::string& nvdisasm) {
  const NvrtcCompiler compiler(dotsweep::testing::kKernelBlocksProbeSource, "kernel_blocks_probe.cu", 90, "",
                               dotsweep::testing::kernel_blocks_include_dirs());
  const dotsweep::CompiledKernels kernels = compiler.compile(names);
  char path[] = "/tmp/dotsweep_kernel_blocks_sass_XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  std::ofstream(path, std::ios::binary).write(kernels.cubin.data(), static_cast<std::streamsize>(kernels.cubin.size()));
  const std::string command = "'" + nvdisasm + "' '" + std::string(path) + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string text;
  std::array<char, 4096> buffer{};
  while (pipe && fgets(buffer.data(), buffer.size(), pipe.get())) text += buffer.data();
  pipe.reset();
  std::remove(path);
  std::map<std::string, std::string> sections;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string header = "//--------------------- .text." + kernels.lowered_names.at(i) + " ";
    const std::size_t begin = text.find(header);
    if (begin == std::string::npos) continue;
    const std::size_t end = text.find("//---------------------", begin + header.size());
    sections[names[i]] = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  }
  return sections;
}

// Instructions whose opcode matches `pattern` (a regex anchored at the opcode).
int count(const std::string& sass, const std::string& pattern) {
  const std::regex opcode("\\b" + pattern + "(?![.A-Z0-9_])");
  return static_cast<int>(std::distance(std::sregex_iterator(sass.begin(), sass.end(), opcode), std::sregex_iterator()));
}

std::string counts_text(const std::string& sass, const std::vector<std::string>& patterns) {
  std::string text;
  for (const auto& p : patterns) text += (text.empty() ? "" : ", ") + p + " " + std::to_string(count(sass, p));
  return text;
}

// "" when the Kahan compensation is intact, otherwise why not.
std::string kahan_problem(const std::string& sass) {
  if (count(sass, "FMUL") >= 1 && count(sass, "FADD") >= 4 && count(sass, "FFMA") == 0) return "";
  return counts_text(sass, {"FMUL", "FADD", "FFMA"}) + " (want FMUL >= 1, FADD >= 4, FFMA 0)";
}

struct Checker {
  std::map<std::string, std::string> sections;
  int failures = 0;

  std::string sass(const std::string& name) {
    const auto found = sections.find(name);
    if (found != sections.end()) return found->second;
    fail(name, "nvdisasm printed no code section");
    return "";
  }
  void fail(const std::string& what, const std::string& why) {
    std::printf("FAIL: %s: %s\n", what.c_str(), why.c_str());
    ++failures;
  }
  void pass(const std::string& what) { std::printf("ok: %s\n", what.c_str()); }
};

const std::string kTree = "block_sum_probe<float, 256, dk::Layout::sequential, dk::Reduce::tree>";
const std::string kTail = "block_sum_probe<float, 256, dk::Layout::sequential, dk::Reduce::tree_warp_tail>";
const std::string kRing = "bulk_ring_probe<float, dk::Accum::own, 256, 4, 1024>";
// Each global-load hint and the SASS qualifier its LDG carries ("" for plain,
// which must carry none of the others).
struct HintSass {
  const char* name;
  const char* qualifier;
};
const HintSass kHints[] = {
    {"plain", ""}, {"nc", "CONSTANT"}, {"no_allocate", "NA"}, {"streaming", "EF"}, {"l2_prefetch", "LTC256B"},
    {"pdl", ""}, {"pdl_l2", ""}};
std::string load_probe_name(const std::string& hint) { return "load_probe<float, 4, dk::Hint::" + hint + ">"; }

void check_kahan(Checker& c) {
  const std::string kahan = c.sass("kahan_sass_probe");
  const std::string plain = c.sass("kahan_plain_ops_probe");
  if (const std::string why = kahan_problem(kahan); !why.empty()) c.fail("Kahan lost its compensation", why);
  else if (kahan_problem(plain).empty()) c.fail("Kahan check", "the plain-operator mutant passed (the check cannot fail)");
  else c.pass("Kahan keeps FMUL + 4 FADD and no FFMA; the plain-operator mutant fuses");
}

void check_warp_tail(Checker& c) {
  const std::string tree = c.sass(kTree);
  const std::string tail = c.sass(kTail);
  const int tree_bars = count(tree, "BAR\\.SYNC(\\.DEFER_BLOCKING)?"), tail_bars = count(tail, "BAR\\.SYNC(\\.DEFER_BLOCKING)?");
  // 1 after the stores + one per step: 8 steps block-wide, or 2 before warp 0 takes over.
  if (tree_bars != 9 || tail_bars != 3)
    c.fail("warp tail", "BAR.SYNC: tree " + std::to_string(tree_bars) + " (want 9), tree_warp_tail " +
                            std::to_string(tail_bars) + " (want 3)");
  else c.pass("tree_warp_tail at Block 256: 3 block barriers against the tree's 9");
}

void check_load_hints(Checker& c) {
  // The table above against the axis table: a new hint needs its row here.
  std::vector<std::string> table, axis;
  for (const HintSass& h : kHints) table.push_back(h.name);
  for (const auto& v : dotsweep::AxisTable<dotsweep::LoadHint>::values())
    if (v.value != dotsweep::LoadHint::bulk) axis.push_back(v.name);  // bulk is no load instruction
  if (table != axis) c.fail("load hints", "the SASS table's hints differ from the axis table's");
  for (const HintSass& h : kHints) {
    const std::string sass = c.sass(load_probe_name(h.name));
    std::smatch m;
    const std::regex ldg("\\bLDG\\.E[.A-Z0-9_]*");
    const std::string opcode = std::regex_search(sass, m, ldg) ? m.str() : "";
    const auto has = [&](const char* q) { return opcode.find(std::string(".") + q) != std::string::npos; };
    bool right = *h.qualifier ? has(h.qualifier) : true;
    if (!*h.qualifier)
      for (const HintSass& other : kHints) right = right && (!*other.qualifier || !has(other.qualifier));
    if (!has("128") || !right) c.fail(std::string("load hint ") + h.name, "first load is '" + opcode + "'");
    else c.pass(std::string("load<") + h.name + "> of a float4 is " + opcode);
  }
}

void check_bulk_ring(Checker& c) {
  const std::string sass = c.sass(kRing);
  if (count(sass, "UBLKCP[.A-Z0-9]*") < 2 || count(sass, "SYNCS\\.PHASECHK[.A-Z0-9]*") < 1)
    c.fail("bulk ring", counts_text(sass, {"UBLKCP[.A-Z0-9]*", "SYNCS\\.PHASECHK[.A-Z0-9]*"}));
  else c.pass("bulk ring issues UBLKCP and waits with SYNCS.PHASECHK");
}

std::string finish_probe_name(const std::string& finish) {
  return "dk::dot_kernel<dk::DotPolicy<float, 256, 4, 4, dk::Grid::cover, dk::Layout::warp_partials, "
         "dk::Reduce::shuffle, dk::Finish::" +
         finish + ", dk::Hint::plain, dk::Accum::own>>";
}
const char* const kTicketFinishes[] = {"last_block", "atomic_ticket"};

// "" when the ticket is the one acquire-release atomic, otherwise why not.
std::string ticket_problem(const std::string& sass) {
  if (count(sass, "MEMBAR\\.SC\\.GPU") == 0 && count(sass, "MEMBAR\\.ALL\\.GPU") == 1 &&
      count(sass, "ATOMG\\.E\\.INC[.A-Z0-9]*") == 1)
    return "";
  return counts_text(sass, {"MEMBAR\\.SC\\.GPU", "MEMBAR\\.ALL\\.GPU", "ATOMG\\.E\\.INC[.A-Z0-9]*"}) +
         " (want 0, 1, 1)";
}

void check_ticket_fences(Checker& c) {
  for (const char* finish : kTicketFinishes) {
    if (const std::string why = ticket_problem(c.sass(finish_probe_name(finish))); !why.empty())
      c.fail(std::string("ticket of finish ") + finish, why);
    else c.pass(std::string("finish ") + finish + ": one MEMBAR.ALL.GPU before its ticket, no MEMBAR.SC.GPU");
  }
  if (ticket_problem(c.sass("fenced_ticket_probe")).empty())
    c.fail("ticket check", "the __threadfence mutant passed (the check cannot fail)");
  else c.pass("the __threadfence mutant is rejected");
}

// "" when the kernel synchronises through plain words only: no fence and no
// atomic of any kind (the gather finish), otherwise what it has.
std::string fence_free_problem(const std::string& sass) {
  const std::vector<std::string> patterns = {"\\bMEMBAR[.A-Z0-9]*", "\\bATOMG?\\.[.A-Z0-9]*", "\\bREDG?\\.[.A-Z0-9]*"};
  for (const std::string& p : patterns)
    if (count(sass, p) != 0) return counts_text(sass, patterns) + " (want none)";
  return "";
}

void check_gather_is_fence_free(Checker& c) {
  if (const std::string why = fence_free_problem(c.sass(finish_probe_name("gather"))); !why.empty())
    c.fail("finish gather", why);
  else c.pass("finish gather: no MEMBAR, no ATOM, no RED");
  if (fence_free_problem(c.sass("fenced_ticket_probe")).empty())
    c.fail("fence-free check", "the fenced ticket probe passed (the check cannot fail)");
  else c.pass("the fence-free check rejects the fenced ticket probe");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string nvdisasm = argc > 1 ? argv[1] : "";
  if (nvdisasm.empty() || access(nvdisasm.c_str(), X_OK) != 0) {
    std::printf("SKIP: nvdisasm not found, cannot disassemble\n");
    return 77;
  }
  std::vector<std::string> names = {"kahan_sass_probe", "kahan_plain_ops_probe", kTree, kTail, kRing};
  for (const HintSass& h : kHints) names.push_back(load_probe_name(h.name));
  for (const char* finish : kTicketFinishes) names.push_back(finish_probe_name(finish));
  names.push_back(finish_probe_name("gather"));
  names.push_back("fenced_ticket_probe");
  Checker c{sass_of(names, nvdisasm)};
  check_kahan(c);
  check_warp_tail(c);
  check_load_hints(c);
  check_bulk_ring(c);
  check_ticket_fences(c);
  check_gather_is_fence_free(c);
  return c.failures == 0 ? 0 : 1;
}
