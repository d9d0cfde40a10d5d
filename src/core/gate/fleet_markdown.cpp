#include "core/gate/fleet_markdown.hpp"

#include "core/io/markdown_text.hpp"

namespace dotsweep {

namespace {

std::string cell(const FleetPair& p) {
  std::string verdict = p.passed ? "PASS" : "FAIL";
  if (p.regressed) verdict += ", " + std::to_string(p.regressed) + " REGRESSED";
  if (p.broken) verdict += ", " + std::to_string(p.broken) + " BROKEN";
  return verdict + "; median ratio " + fixed_or_dash(p.median_ratio, 3) + " over " + std::to_string(p.compared) + " rows";
}

std::string gpu_name(const FleetResult& result, std::size_t i) {
  return "GPU " + std::to_string(i + 1) + " (`" + markdown_cell(result.labels[i]) + "`)";
}

}  // namespace

std::string fleet_markdown(const FleetResult& result) {
  std::string md = "# Fleet: each GPU's report gated against each other's\n\n";
  md += "Row: the GPU as the gate's current report; column: the one it is gated against (the baseline). "
        "The median ratio is current / baseline over the rows both timed.\n\n";
  std::vector<MarkdownColumn> columns{{"GPU", Align::left}};
  for (std::size_t h = 0; h < result.labels.size(); ++h) columns.push_back({"against GPU " + std::to_string(h + 1), Align::left});
  MarkdownTable table(columns);
  for (std::size_t g = 0; g < result.labels.size(); ++g) {
    std::vector<std::string> cells{gpu_name(result, g)};
    for (std::size_t h = 0; h < result.labels.size(); ++h) cells.push_back(g == h ? "—" : cell(result.pair(g, h)));
    table.add_row(cells);
  }
  md += table.text() + "\n";
  if (result.all_passed()) return md + "fleet: PASS, every GPU within the others' noise\n";
  for (const std::size_t g : result.slower)
    md += "slower: " + gpu_name(result, g) + " fails the gate against every other GPU, which agree among themselves\n";
  if (result.slower.empty())
    md += "differ: some GPUs fail the gate against others, but no one GPU alone is slower than all the rest\n";
  return md + "fleet: FAIL\n";
}

}  // namespace dotsweep
