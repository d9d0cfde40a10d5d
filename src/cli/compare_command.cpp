// `dotsweep compare A.csv B.csv [C.csv ...]`: reads the reports (plain or
// gzipped, concatenated or not), compares them (core/gate/compare.hpp) and prints
// the Markdown; --markdown FILE writes the same text to a file.
#include <cstdio>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "core/gate/compare.hpp"
#include "core/gate/compare_markdown.hpp"
#include "core/io/csv.hpp"
#include "core/report/report_writer.hpp"
#include "core/io/text_file.hpp"

namespace dotsweep {

namespace {

// Every row of a sweep.csv / best.csv, plain or gzipped. Rows are read one by
// one rather than through read_records: one file may hold two reports of the
// same GPU (a before/after pair concatenated), whose rows share (gpu, variant,
// type, n, mode) and differ only in timestamp. split_reports refuses a row
// repeated within one report. A best.csv's tie columns come along: its lone
// row per group cannot show the group's tie group.
CompareInput read_input(const std::string& path) {
  std::istringstream in(read_text_file(path));
  const CsvTable table = read_csv(in, path);
  CompareInput input{path, {}, {}};
  input.rows.reserve(table.rows.size());
  const int tie_size = table.column("tie_size"), tie_members = table.column("tie_members"),
            verdict = table.column("verdict");
  const bool best_csv = tie_size >= 0 && tie_members >= 0 && verdict >= 0;
  const RecordHeader header(table.header);
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::string where = path + ", row " + std::to_string(i + 1);
    const auto& fields = table.rows[i];
    input.rows.push_back(from_fields(header, fields, where));
    if (best_csv)
      input.declared.push_back(parse_declared_standing(fields.at(tie_size), fields.at(tie_members),
                                                       fields.at(verdict), where));
  }
  return input;
}

}  // namespace

int run_compare(const CompareOptions& options) {
  CommandPaths paths;  // before anything is read or written
  for (const auto& path : options.inputs) add_report_input(paths, "report", path);
  paths.output_file("--markdown", options.markdown_path);
  paths.require_apart();
  std::vector<CompareInput> inputs;
  for (const auto& path : options.inputs) inputs.push_back(read_input(path));
  const std::string md = compare_markdown(compare_reports(split_reports(inputs)));
  if (!options.markdown_path.empty()) write_text_file(options.markdown_path, md);
  std::fputs(md.c_str(), stdout);
  return 0;
}

}  // namespace dotsweep
