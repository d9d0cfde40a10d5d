// Spells the tuned tables as C++: one DotTable<T> specialisation per element
// type, a switch on the compute capability, then one `if (n <= N)` per range.
// The policy types are the NVRTC name expressions the sweep compiled
// (policy_name_expression), so the program runs the kernels that were timed.
#include "core/export/dispatch_header.hpp"

#include <sstream>

#include "core/io/markdown_text.hpp"

namespace dotsweep {

namespace {

std::string microseconds(double us) { return fixed_number(us, 3); }

// `text` wrapped into "// " lines of at most `width` characters.
std::string comment_block(const std::string& text, std::size_t width = 100) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && 3 + line.size() + 1 + word.size() > width) {
      out += "// " + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += "// " + line + "\n";
  return out;
}

std::string range_text(const TableRange& r) {
  return "n " + std::to_string(r.n_min) + ".." + (r.n_max == kNoEnd ? std::string("") : std::to_string(r.n_max));
}

std::string tuned_kernel(const VariantConfig& c) {
  return "TunedKernel<" + policy_name_expression(c) + ", " + std::to_string(c.persistent_k) + ">{}";
}

const TunedType* find_type(const TunedDevice& device, ElementType type) {
  for (const auto& t : device.types)
    if (t.type == type) return &t;
  return nullptr;
}

void write_summary(std::ostringstream& out, const TunedDevice& device, const TunedType& t) {
  out << "//\n// cc " << device.cc << ", " << to_string(t.type) << ": " << t.gpu << ", " << t.report << " (sweep of "
      << t.timestamp << ", dotsweep " << t.dotsweep_version << ")\n";
  for (const auto& r : t.ranges) {
    out << "//   " << range_text(r) << ": " << r.config.id() << "\n//     measured";
    for (const auto& [n, us] : r.measured) out << " " << n << ": " << microseconds(us) << " us;";
    out << "\n";
  }
}

// One `case CC:` per device the type was tuned on, its body written by write_case.
template <class WriteCase>
void write_cc_cases(std::ostringstream& out, const TunedTables& tables, ElementType type, WriteCase write_case) {
  for (const auto& device : tables.devices) {
    const TunedType* t = find_type(device, type);
    if (!t) continue;
    out << "      case " << cc_number(device.cc) << ":\n";
    write_case(*t);
  }
}

void write_table(std::ostringstream& out, const TunedTables& tables, ElementType type) {
  out << "\ntemplate <>\nstruct DotTable<" << kernel_spelling(type) << "> {\n"
      << "  template <class Launch>\n"
      << "  static auto select(int cc, long long n, Launch&& launch) {\n"
      << "    (void)n;\n"
      << "    switch (cc) {\n";
  write_cc_cases(out, tables, type, [&](const TunedType& t) {
    for (const auto& r : t.ranges) {
      const std::string call = "return launch(" + tuned_kernel(r.config) + ", \"" + r.config.id() + "\");\n";
      out << (r.n_max == kNoEnd ? "        " + call : "        if (n <= " + std::to_string(r.n_max) + "LL) " + call);
    }
  });
  out << "      default:\n"
      << "        return launch(DefaultKernel<" << kernel_spelling(type) << ">{}, kDefaultVariant);\n"
      << "    }\n  }\n"
      << "  // The chosen variant's median in the report at a measured n; 0 elsewhere.\n"
      << "  static double reported_us(int cc, long long n) {\n"
      << "    (void)n;\n"
      << "    switch (cc) {\n";
  write_cc_cases(out, tables, type, [&](const TunedType& t) {
    for (const auto& r : t.ranges) {
      for (const auto& [n, us] : r.measured) out << "        if (n == " << n << "LL) return " << microseconds(us) << ";\n";
    }
    out << "        return 0;\n";
  });
  out << "      default:\n        return 0;\n    }\n  }\n};\n";
}

}  // namespace

std::string dispatch_header_text(const TunedTables& tables) {
  std::ostringstream out;
  out << "// The tuned dot kernels for include/dotsweep/dot.cuh, written by `dotsweep export`\n"
      << "// from " << tables.mode << " timings; export the report again rather than edit this file.\n//\n"
      << comment_block("The choice within each tie group: " + std::string(kChoiceRule) + ".");
  for (const auto& device : tables.devices)
    for (const auto& t : device.types) write_summary(out, device, t);
  for (const auto& t : tables.not_in_header)
    out << "//\n// cc " << t.cc << ", " << to_string(t.type) << ": " << t.gpu << ", " << t.report
        << ": in the Kernel Tuner files only (one table per compute capability here: the first report given)\n";
  out << "#pragma once\n\n#include \"dotsweep/dot.cuh\"\n\nnamespace dotsweep {\n";
  for (ElementType type : all_element_types()) {
    bool any = false;
    for (const auto& device : tables.devices) any = any || find_type(device, type);
    if (any) write_table(out, tables, type);
  }
  out << "\n}  // namespace dotsweep\n";
  return out.str();
}

}  // namespace dotsweep
