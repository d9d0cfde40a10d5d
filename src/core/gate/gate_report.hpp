// What `dotsweep gate` prints and writes: a table of the rows that are not
// SAME and one verdict line (stdout), JUnit XML (--junit) and a Markdown job
// summary (--markdown).
#pragma once

#include <string>
#include <vector>

#include "core/gate/gate.hpp"
#include "core/gate/gate_input.hpp"

namespace dotsweep {

// One line, e.g. "gate: PASS, 398 SAME, 3 IMPROVED, 11 INCONCLUSIVE (2
// throttled) of 412 rows compared (--only best,baselines)" or "gate: FAIL,
// 1 REGRESSED: <variant> f32 n=2^28 cold +10.0%; ...". Failing rows are
// named first (up to 5, then "+K more").
std::string gate_verdict_line(const GateResult& result);

// The reports compared, the rule, a table of every row that is not SAME
// (failures first), the rows on one side only grouped by (type, n, mode),
// and the verdict line last.
std::string gate_text(const GateResult& result, const GateReport& baseline, const std::vector<GateReport>& current);

// JUnit XML: one testsuite per (type, n, mode), one testcase per compared or
// one-sided row; REGRESSED and BROKEN rows (and one-sided rows under
// --require-all) are failures, INCONCLUSIVE, UNTIMED and one-sided rows skipped.
std::string gate_junit(const GateResult& result);

// A CI job summary: the verdict, the reports, the rule, the counts, the rows
// that are not SAME and the one-sided rows.
std::string gate_markdown(const GateResult& result, const GateReport& baseline,
                          const std::vector<GateReport>& current);

}  // namespace dotsweep
