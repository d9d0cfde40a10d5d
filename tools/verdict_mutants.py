#!/usr/bin/env python3
"""Mutants of the verdict code: each breaks one rule of which configurations
a device can run, the correctness checks, a row's interval, stopping rule
and throttle and capping checks, bandwidth, the ranks, tie groups and
margins the reports name, partial groups, rows whose samples split, where
the GPU pays off against the CPU, shards and their merge, what a resumed
sweep keeps, the tuned table export writes, the --sizes and --devices
lists, compare, the gate, its noise floor and input checks, ab or the
fleet (often at an edge: > for >=, one bound for the other), and the unit
tests must fail on it. A mutant that survives is a rule no test holds.

Each mutant is built apart from the tree: its broken source goes to a
temporary folder, is compiled with the build's own command for that file
(compile_commands.json), and the unit-test executable is linked again with
that object ahead of the static libraries (the linker then takes no member
of the original). The unit tests run until their first failure. A mutant
of the command line (src/cli) names the CLI tests that must catch it as a
fifth entry: dotsweep is linked the same way, and those tests run with it
(their command lines from meson-info) when the unit tests pass. Mutants of
a header are the exception: they go into the tree, ninja rebuilds what
includes it, and the source is put back (always, also when interrupted).
Mutants run side by side, one per core; the working tree is untouched but
for the header mutants, which run last, one at a time.

Prints one line per mutant and exits 1 when any survived or could not be
built, 2 when a mutant's line is no longer in its file (the code moved:
update the list below).

    tools/verdict_mutants.py [--build build] [--only SUBSTRING] [--list] [--jobs N]

Needs a configured and built BUILD (unit_tests and src/cli/dotsweep).
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (what the mutant breaks, file, the text as it is, the text broken[, CLI tests])
MUTANTS = [
    # The gate's rule (src/core/gate/gate.cpp).
    ("gate: a change exactly at the threshold counts as over it",
     "src/core/gate/gate.cpp",
     "f.over_threshold = std::abs(f.change) > rule.threshold_pct / 100.0;",
     "f.over_threshold = std::abs(f.change) >= rule.threshold_pct / 100.0;"),
    ("gate: intervals exactly one floor apart count as separated",
     "src/core/gate/gate.cpp",
     "f.separated = row.separation > row.floor_us;",
     "f.separated = row.separation >= row.floor_us;"),
    ("gate: separation measured between the wrong ends of the intervals",
     "src/core/gate/gate.cpp",
     "row.separation = slower ? cur.lo - base->hi : base->lo - cur.hi;",
     "row.separation = slower ? cur.hi - base->lo : base->hi - cur.lo;"),
    ("gate: a throttled slower row may regress",
     "src/core/gate/gate.cpp",
     "if (slower && f.separated && !row.throttled) return",
     "if (slower && f.separated) return"),
    ("gate: a kernel that broke is not BROKEN",
     "src/core/gate/gate.cpp",
     "if (f.incorrect > 0) return GateVerdict::broken;",
     "if (f.incorrect > 0 && false) return GateVerdict::broken;"),
    ("gate: a host-timed baseline may regress",
     "src/core/gate/gate.cpp",
     "!row.throttled && host_timed_row(baseline);",
     "!row.throttled && false;"),
    ("gate: a host-timed baseline may read IMPROVED",
     "src/core/gate/gate.cpp",
     "row.host_timed = f.over_threshold && f.separated",
     "row.host_timed = f.over_threshold && slower && f.separated"),
    ("gate: an SM clock exactly 5% down counts as throttled",
     "src/core/gate/gate.cpp",
     "*row_clock < *ref_clock * (1.0 - rule.clock_drop_pct / 100.0)",
     "*row_clock <= *ref_clock * (1.0 - rule.clock_drop_pct / 100.0)"),
    ("gate: capping excuses a slowdown when the baseline was capped too",
     "src/core/gate/gate.cpp",
     "if (is_capped(row) && !is_capped(reference))",
     "if (is_capped(row))"),
    ("gate: several current reports combine by the mean, not the median",
     "src/core/gate/gate.cpp",
     "out.median = k % 2 ? medians[k / 2] : (medians[k / 2 - 1] + medians[k / 2]) / 2;",
     "out.median = 0; for (double m : medians) out.median += m / static_cast<double>(k);"),
    ("gate: several current reports take the intersection of their intervals",
     "src/core/gate/gate.cpp",
     "out.lo = std::min(out.lo, e.lo);",
     "out.lo = std::max(out.lo, e.lo);"),
    ("gate: 0.2 reports get the 0.1 floor of 2 us",
     "src/core/gate/gate.cpp",
     "parsed && (major > 0 || minor >= 2);",
     "parsed && (major > 0 || minor > 2);"),
    ("gate: the default floor has no part proportional to the time",
     "src/core/gate/gate.cpp",
     "return min_gap_us_of(rule, dotsweep_version) + rule.min_gap_pct / 100.0 * baseline_median_us;",
     "return min_gap_us_of(rule, dotsweep_version);"),
    ("gate: a faster row is IMPROVED however close the intervals",
     "src/core/gate/gate.cpp",
     "return f.separated ? GateVerdict::improved : GateVerdict::inconclusive;",
     "return GateVerdict::improved;"),
    # Whether two reports swept alike (src/core/gate/sweep_extent.cpp), as the
    # gate and compare say it.
    ("sweep extent: reports that swept other variants of the same groups swept alike",
     "src/core/gate/sweep_extent.cpp",
     "return a.groups == b.groups && (!a.variants_known || !b.variants_known || a.variants == b.variants);",
     "return a.groups == b.groups;"),
    ("sweep extent: a first report's best.csv winners count as the variants it swept",
     "src/core/gate/sweep_extent.cpp",
     "(!a.variants_known || !b.variants_known || a.variants == b.variants)",
     "(!b.variants_known || a.variants == b.variants)"),
    ("sweep extent: a second report's best.csv winners count as the variants it swept",
     "src/core/gate/sweep_extent.cpp",
     "(!a.variants_known || !b.variants_known || a.variants == b.variants)",
     "(!a.variants_known || a.variants == b.variants)"),
    ("sweep extent: a best.csv's rows count as the variants it swept",
     "src/core/gate/sweep_extent.cpp",
     "if (best_rows_only) variants_known = false;",
     "if (false) variants_known = false;"),
    ("gate report: the note on different sweeps is said always",
     "src/core/gate/gate_report.cpp",
     'std::string note = swept_alike(result.baseline_swept, result.current_swept) ? "" : different_sweeps_note("The two sides");',
     'std::string note = different_sweeps_note("The two sides");'),
    ("sweep extent: sides swept by different numbers of processes are never told apart",
     "src/core/gate/sweep_extent.cpp",
     "return baseline.processes && current.processes && *baseline.processes != *current.processes;",
     "return false;"),
    ("gate: the current side's number of processes is the last current report's",
     "src/core/gate/gate.cpp",
     "if (report.processes && !swept_by_other_processes(result.baseline_swept, result.current_swept))",
     "if (report.processes)"),
    ("report context: a resumed sweep counts as one process",
     "src/core/report/report_context.cpp",
     "return (shards > 0 ? shards : 1) + array_size_at(context, context_key::resumes);",
     "return shards > 0 ? shards : 1;"),
    ("gate report: a best.csv's winners count as the variants it swept, in the one-sided rows",
     "src/core/gate/gate_report.cpp",
     "} else if (other_swept.variants_known && !other_swept.variants.count(r.variant)) {",
     "} else if (!other_swept.variants.count(r.variant)) {"),
    ("gate: a baseline best.csv's rows count as the variants it swept",
     "src/core/gate/gate.cpp",
     "result.baseline_swept.add(baseline.rows, baseline.declares_standing);",
     "result.baseline_swept.add(baseline.rows, false);"),
    ("gate: a current best.csv's rows count as the variants it swept",
     "src/core/gate/gate.cpp",
     "result.current_swept.add(report.rows, report.declares_standing);",
     "result.current_swept.add(report.rows, false);"),
    ("compare: a best.csv's rows count as the variants it swept",
     "src/core/gate/compare.cpp",
     "swept[i].add(rs[i].rows, best_rows_only);",
     "swept[i].add(rs[i].rows, false);"),
    ("compare: only the last two reports are asked whether they swept alike",
     "src/core/gate/compare.cpp",
     "out.swept_alike = out.swept_alike && swept_alike(swept[j], swept[i]);",
     "out.swept_alike = swept_alike(swept[j], swept[i]);"),
    ("compare: the note on different sweeps is never said",
     "src/core/gate/compare_markdown.cpp",
     'if (!c.swept_alike) md += "\\n" + different_sweeps_note("The reports") + "\\n";',
     'if (false) md += "\\n" + different_sweeps_note("The reports") + "\\n";'),
    ("gate: --only best takes every row of a best.csv, not its tie groups",
     "src/core/gate/gate.cpp",
     "if (r.tied_best.value_or(false)) tied.insert(key_of(r));",
     "tied.insert(key_of(r));"),
    # Rows whose samples split (src/core/stats/sample_spread.cpp,
    # src/core/gate/two_state_note.cpp): the gate's note and summary.md's line.
    ("two states: a spread exactly at the threshold counts as split",
     "src/core/stats/sample_spread.cpp",
     "return spread && *spread > kTwoStateSpreadPct && !host_timed_row(row);",
     "return spread && *spread >= kTwoStateSpreadPct && !host_timed_row(row);"),
    ("two states: a host-timed row (thrust) is named as split",
     "src/core/stats/sample_spread.cpp",
     "return spread && *spread > kTwoStateSpreadPct && !host_timed_row(row);",
     "return spread && *spread > kTwoStateSpreadPct;"),
    ("two states: the spread of an older report read from the median up, not p25 to p75",
     "src/core/stats/sample_spread.cpp",
     "return (*row.p75_us - *row.p25_us) / *row.median_us * 100.0;",
     "return (*row.p75_us - *row.median_us) / *row.median_us * 100.0;"),
    ("two states: the note gives the last split current report's spread, not the widest",
     "src/core/gate/two_state_note.cpp",
     "widest = std::max(widest, *sample_spread_pct(*c));",
     "widest = *sample_spread_pct(*c);"),
    ("summary.md: an incorrect row is named for its spread, not only as incorrect",
     "src/core/report/report_writer.cpp",
     "if (r->correct && ran_in_two_states(*r)) two_states.push_back(r);",
     "if (ran_in_two_states(*r)) two_states.push_back(r);"),
    # The measured noise floor (src/core/gate/gate_noise.cpp).
    ("noise: one pair of runs counts as the whole between-run spread (factor 1, not 2)",
     "src/core/gate/gate_noise.cpp",
     "return baseline_median * (std::exp(2.0 * spread) - 1.0);",
     "return baseline_median * (std::exp(spread) - 1.0);"),
    ("noise: a one-kernel row's own spread stands alone, without its class's 90th percentile",
     "src/core/gate/gate_noise.cpp",
     "return FloorSpread{std::max(own->second, cls->second.q90), true};",
     "return FloorSpread{own->second, true};"),
    ("noise: the class percentile is the median, not the 90th",
     "src/core/gate/gate_noise.cpp",
     "std::ceil(0.9 * static_cast<double>(m))",
     "std::ceil(0.5 * static_cast<double>(m))"),
    ("noise: a class of exactly the minimum rows counts as too few",
     "src/core/gate/gate_noise.cpp",
     "cls->second.rows < kMinClassRows",
     "cls->second.rows <= kMinClassRows"),
    ("noise: a row one repeat lacks is calibrated from the others",
     "src/core/gate/gate_noise.cpp",
     "if (sweeps < 2 || s.count != sweeps) continue;",
     "if (sweeps < 2 || s.count < 2) continue;"),
    ("noise: a repeat that did not sweep a row's group still counts against it",
     "src/core/gate/gate_noise.cpp",
     "if (sweeps < 2 || s.count != sweeps) continue;",
     "if (sweeps < 2 || s.count != repeats.size()) continue;"),
    ("noise: a row one repeat swept is calibrated with no spread",
     "src/core/gate/gate_noise.cpp",
     "if (sweeps < 2 || s.count != sweeps) continue;",
     "if (s.count != sweeps) continue;"),
    ("noise: two-kernel rows are one-kernel rows",
     "src/core/gate/gate_noise.cpp",
     'return finish == "two_pass" || finish == "2pass" ? KindClass::two_kernel : KindClass::one_kernel;',
     "return KindClass::one_kernel;"),
    # ab's rule (src/core/gate/ab_rule.cpp).
    ("ab: the microsecond part of the threshold is ignored",
     "src/core/gate/ab_rule.cpp",
     "return a_us > 0 ? std::max(pct, 100.0 * min_gap_us / a_us) : pct;",
     "return pct;"),
    ("ab: REGRESSED when only the median, not the whole interval, is over the threshold",
     "src/core/gate/ab_rule.cpp",
     "if (ratio->lo > upper) return GateVerdict::regressed;",
     "if (ratio->median > upper) return GateVerdict::regressed;"),
    ("ab: the lower bound of SAME is 1 - t instead of 1 / (1 + t)",
     "src/core/gate/ab_rule.cpp",
     "lower = 1.0 / upper;",
     "lower = 2.0 - upper;"),
    ("ab: an interval touching 1 + t counts as over it",
     "src/core/gate/ab_rule.cpp",
     "if (ratio->lo > upper) return GateVerdict::regressed;",
     "if (ratio->lo >= upper) return GateVerdict::regressed;"),
    ("ab: an interval touching 1 / (1 + t) counts as under it",
     "src/core/gate/ab_rule.cpp",
     "if (ratio->hi < lower) return GateVerdict::improved;",
     "if (ratio->hi <= lower) return GateVerdict::improved;"),
    ("ab: an interval touching 1 + t from inside is not SAME",
     "src/core/gate/ab_rule.cpp",
     "if (ratio->lo >= lower && ratio->hi <= upper) return GateVerdict::same;",
     "if (ratio->lo > lower && ratio->hi < upper) return GateVerdict::same;"),
    ("ab: a B that broke is not BROKEN",
     "src/core/gate/ab_rule.cpp",
     "if (a_correct && !b_correct) return GateVerdict::broken;",
     ""),
    ("ab: with copies, the interval is the copies' quartiles, not their 95% interval",
     "src/core/gate/ab_rule.cpp",
     "return {s.median, s.ci_lo, s.ci_hi, pairs, copy_medians.size()};",
     "return {s.median, s.p25, s.p75, pairs, copy_medians.size()};"),
    ("ab: with copies, each copy stands for its lowest ratio, not its median",
     "src/core/gate/ab_rule.cpp",
     "copy_medians.push_back(copy.median);",
     "copy_medians.push_back(copy.lo);"),
    ("ab: a copy whose every pair was throttled is not left out",
     "src/core/gate/ab_rule.cpp",
     "if (a[j].empty() && b[j].empty()) continue;",
     ""),
    ("ab: with copies, the pairs counted are the last copy's",
     "src/core/gate/ab_rule.cpp",
     "pairs += copy.pairs;",
     "pairs = copy.pairs;"),
    ("ab: five copies are taken for a 95% interval over copies",
     "src/core/gate/ab_rule.hpp",
     "inline constexpr std::size_t kMinAbCopies = 6;",
     "inline constexpr std::size_t kMinAbCopies = 5;"),
    ("ab: with copies, the gap floor stays at its default",
     "src/core/gate/ab_rule.cpp",
     "if (copies > 1 && !min_gap_given) given.min_gap_us = 0;",
     ""),
    ("ab: with one copy too, the gap floor defaults to 0",
     "src/core/gate/ab_rule.cpp",
     "if (copies > 1 && !min_gap_given) given.min_gap_us = 0;",
     "if (!min_gap_given) given.min_gap_us = 0;"),
    ("ab: the default threshold back at 2%, which placement crossed at 2^22-2^24",
     "src/core/gate/ab_rule.hpp",
     "inline constexpr double kDefaultAbThresholdPct = 3.0;",
     "inline constexpr double kDefaultAbThresholdPct = 2.0;"),
    # A row's interval, when sampling stops, which samples ran throttled
    # (src/core/stats/statistics.cpp).
    ("stats: the median's interval a rank narrower than 95% allows on top",
     "src/core/stats/statistics.cpp",
     "return {lower, n + 1 - lower, true, 1.0 - 2.0 * tail};",
     "return {lower, n - lower, true, 1.0 - 2.0 * tail};"),
    ("stats: the median's interval at 90%, not 95%",
     "src/core/stats/statistics.cpp",
     "if (wider_tail > tail_allowed) break;",
     "if (wider_tail > 2 * tail_allowed) break;"),
    ("stats: fewer than 6 samples claim 95% coverage",
     "src/core/stats/statistics.cpp",
     "return {1, n, false, 1.0 - 2.0 * tail};",
     "return {1, n, true, 1.0 - 2.0 * tail};"),
    ("stats: sampling stops on the narrower side of a skewed interval",
     "src/core/stats/statistics.cpp",
     "const double half_width = std::max(s.median - s.ci_lo, s.ci_hi - s.median);",
     "const double half_width = std::min(s.median - s.ci_lo, s.ci_hi - s.median);"),
    ("stats: the time budget stops a row before its minimum of samples",
     "src/core/stats/statistics.cpp",
     "if (samples.size() < min_samples || samples.empty()) return false;",
     "if (samples.empty()) return false;"),
    ("stats: the maximum of samples does not bound a higher minimum",
     "src/core/stats/statistics.cpp",
     "if (samples.size() >= max_samples) return true;",
     "if (samples.size() >= max_samples && samples.size() >= min_samples) return true;"),
    ("stats: the timer's resolution stops sampling a hair too late",
     "src/core/stats/statistics.cpp",
     "return resolution_us > 0 && half_width <= resolution_us;",
     "return resolution_us > 0 && half_width < resolution_us;"),
    ("stats: a sample exactly at the throttle fraction counts as throttled",
     "src/core/stats/statistics.cpp",
     "throttled[i] = clocks_mhz[i] > 0 && clocks_mhz[i] < threshold;",
     "throttled[i] = clocks_mhz[i] > 0 && clocks_mhz[i] <= threshold;"),
    ("stats: unknown clock readings drag the usual clock down",
     "src/core/stats/statistics.cpp",
     "if (c > 0) known.push_back(c);",
     "known.push_back(c);"),
    ("stats: noise_pct from the interval, not the quartiles",
     "src/core/stats/statistics.cpp",
     "s.noise_pct = s.median == 0 ? 0 : (s.p75 - s.p25) / s.median * 100.0;",
     "s.noise_pct = s.median == 0 ? 0 : (s.ci_hi - s.ci_lo) / s.median * 100.0;"),
    # Clock events and capping (src/core/stats/clock_events.cpp).
    ("stats: a capping event seen only before the row goes unreported",
     "src/core/stats/clock_events.cpp",
     "const unsigned long long reasons = (before ? before->reasons : 0) | (after ? after->reasons : 0);",
     "const unsigned long long reasons = after ? after->reasons : 0;"),
    ("stats: any clock event (idle, say) counts as capping",
     "src/core/stats/clock_events.cpp",
     "bool is_capping(unsigned long long reasons) { return (reasons & clock_event::kCappingMask) != 0; }",
     "bool is_capping(unsigned long long reasons) { return reasons != 0; }"),
    # Bandwidth on measured read ceilings (src/core/gate/bandwidth_footing.cpp).
    ("compare: one report with a read ceiling puts every report on ceilings",
     "src/core/gate/bandwidth_footing.cpp",
     "return !envs.empty() && std::all_of(envs.begin(), envs.end(), [](const Environment* e) { return has_read_ceiling(*e); });",
     "return !envs.empty() && std::any_of(envs.begin(), envs.end(), [](const Environment* e) { return has_read_ceiling(*e); });"),
    # Where the GPU pays off against the CPU (src/core/stats/crossover.cpp).
    ("crossover: overlapping intervals called a GPU win",
     "src/core/stats/crossover.cpp",
     "if (g.hi < c.lo) return Side::gpu_faster;",
     "if (g.lo < c.lo) return Side::gpu_faster;"),
    ("crossover: the GPU faster from its first win, not from where it stays faster",
     "src/core/stats/crossover.cpp",
     "for (auto it = sides.rbegin(); it != sides.rend() && it->second == Side::gpu_faster; ++it)",
     "for (auto it = sides.rbegin(); it != sides.rend(); ++it)\n        if (it->second == Side::gpu_faster)"),
    ("crossover: the slowest CPU row stands for the CPU",
     "src/core/stats/crossover.cpp",
     "if (!best || *r.median_us < *best->median_us) best = &r;",
     "if (!best || *r.median_us > *best->median_us) best = &r;"),
    # A group short of its planned candidates (src/core/stats/group_coverage.cpp).
    ("coverage: a group holding every planned candidate called partial",
     "src/core/stats/group_coverage.cpp",
     "if (measured < found->second) partial[key] = {measured, found->second};",
     "if (measured <= found->second) partial[key] = {measured, found->second};"),
    # Bandwidth (src/core/report/record.cpp).
    ("record: a dot reads one input, not two",
     "src/core/report/record.cpp",
     "return 2.0 * static_cast<double>(n) * element_bytes;",
     "return static_cast<double>(n) * element_bytes;"),
    # Tie groups (src/core/stats/tie_group.cpp).
    ("tie group: intervals that touch count as one wholly below the other",
     "src/core/stats/tie_group.cpp",
     "if (!(lowest_hi < intervals[k].lo)) kept.push_back(k);",
     "if (!(lowest_hi <= intervals[k].lo)) kept.push_back(k);"),
    ("tie group: anchored on the first row by median, as before the interval rule",
     "src/core/stats/tie_group.cpp",
     "for (const auto& i : intervals) lowest_hi = std::min(lowest_hi, i.hi);",
     ""),
    ("tie group: an incorrect row competes",
     "src/core/stats/tie_group.cpp",
     "if (r->correct && r->median_us && ranks_in_group(*r)) standing.by_median.push_back(r);",
     "if (r->median_us && ranks_in_group(*r)) standing.by_median.push_back(r);"),
    # What the reports name: ranks, best.csv's verdicts, summary.md's margins.
    ("ranking: a row tied with the best is ranked by its median",
     "src/core/stats/ranking.cpp",
     "at(r).rank = tied ? 1 : static_cast<int>(lower_medians + 1);",
     "at(r).rank = static_cast<int>(lower_medians + 1);"),
    ("ranking: rows of equal medians get different ranks",
     "src/core/stats/ranking.cpp",
     "if (i > 0 && *r->median_us != *standing.by_median[i - 1]->median_us) lower_medians = i;",
     "lower_medians = i;"),
    ("best.csv: a candidate a baseline leads without overlap is still the winner",
     "src/core/stats/ranking.cpp",
     "else if (!standing.tied(fastest_candidate))\n      row.verdict = Verdict::baseline;",
     "else if (false)\n      row.verdict = Verdict::baseline;"),
    ("summary: a margin exactly one floor wide is outside the noise",
     "src/core/report/what_to_use.cpp",
     "m.within_noise = m.separation_us <= m.floor_us;",
     "m.within_noise = m.separation_us < m.floor_us;"),
    ("summary: the margin over a baseline is measured between the wrong ends of the intervals",
     "src/core/report/what_to_use.cpp",
     "m.separation_us = *kernel.median_us <= *baseline.median_us ? b.lo - k.hi : k.lo - b.hi;",
     "m.separation_us = *kernel.median_us <= *baseline.median_us ? b.hi - k.lo : k.hi - b.lo;"),
    # compare (src/core/gate/compare.cpp).
    ("compare: across GPUs, the higher % of peak is not the better one",
     "src/core/gate/compare.cpp",
     "lower_better.push_back(by_time ? interval : Interval{-interval.hi, -interval.lo});",
     "lower_better.push_back(interval);"),
    ("compare: a report whose best is partial competes",
     "src/core/gate/compare.cpp",
     "    if (!sides[i].best || sides[i].verdict == Verdict::partial) continue;  // its best is not the group's",
     "    if (!sides[i].best) continue;"),
    ("compare: reports whose tie groups share no row still tie",
     "src/core/gate/compare.cpp",
     "size.agreement = same ? Agreement::same : !size.shared.empty() ? Agreement::tie : Agreement::differ;",
     "size.agreement = same ? Agreement::same : Agreement::tie;"),
    # The fleet (src/core/gate/fleet.cpp).
    ("fleet: with two GPUs the slower is named although the faster fails against it too",
     "src/core/gate/fleet.cpp",
     "if (reports.size() == 2 && p.current != g && !p.passed) others_agree = false;",
     ""),
    ("fleet: a GPU that passes against one other is still named slower",
     "src/core/gate/fleet.cpp",
     "if (p.current == g && p.passed) fails_against_all = false;",
     ""),
    # The correctness checks (src/core/check/): the bound and the verdict.
    ("check: the block tree's depth is one level short",
     "src/core/check/error_bound.cpp",
     "std::int64_t depth = 1 + ceil_log2(s.block);",
     "std::int64_t depth = ceil_log2(s.block);"),
    ("check: a tree over a power of two counts one level too many",
     "src/core/check/error_bound.cpp",
     "for (std::int64_t span = 1; span < count; span *= 2) ++levels;",
     "for (std::int64_t span = 1; span <= count; span *= 2) ++levels;"),
    ("check: a sequential finish adds a tree's depth, not a chain's",
     "src/core/check/error_bound.cpp",
     "depth += s.partials;  // atomicAdd",
     "depth += ceil_log2(s.partials);  // atomicAdd"),
    ("check: a long compensated chain is not capped by the plain chain",
     "src/core/check/error_bound.cpp",
     "chain = std::min(chain, 2.0 + h * h * s.unit_roundoff);",
     "chain = 2.0 + h * h * s.unit_roundoff;"),
    ("check: the bound has no safety margin",
     "src/core/check/error_bound.cpp",
     "return margin * gamma_bound(",
     "return gamma_bound("),
    ("check: a result rounded to f16 or bf16 gets no extra rounding in its bound",
     "src/core/check/correctness_verdict.cpp",
     "if (shape.rounded_output) verdict.err_bound += unit_roundoff(*shape.rounded_output) * (1 + verdict.err_bound);",
     ""),
    ("check: the random-integer sum need not be exact",
     "src/core/check/correctness_verdict.cpp",
     "} else if (!same_bits(observed.random_integers, random_exact)) {",
     "} else if (false) {"),
    ("check: the periodic sum need not be exact",
     "src/core/check/correctness_verdict.cpp",
     "} else if (!same_bits(observed.periodic_integers, periodic_exact)) {",
     "} else if (false) {"),
    ("check: an error exactly at the bound fails",
     "src/core/check/correctness_verdict.cpp",
     "} else if (!(first_err <= verdict.err_bound)) {",
     "} else if (!(first_err < verdict.err_bound)) {"),
    ("check: the second run's error is not checked",
     "src/core/check/correctness_verdict.cpp",
     "} else if (!(second_err <= verdict.err_bound)) {",
     "} else if (false) {"),
    ("check: a finish that promises the same bits may differ",
     "src/core/check/correctness_verdict.cpp",
     "} else if (promises_determinism && !verdict.deterministic) {",
     "} else if (false) {"),
    ("check: a timed launch of a deterministic finish is held to the bound, not to the checked bits",
     "src/core/check/correctness_verdict.cpp",
     "if (promises_determinism) {\n    if (same_bits(timed_result, checked.float_first)) return std::nullopt;",
     "if (false) {\n    if (same_bits(timed_result, checked.float_first)) return std::nullopt;"),
    ("check: only the first timed launch is judged",
     "src/core/check/correctness_verdict.cpp",
     "for (std::size_t i = 0; i < timed_results.size(); ++i) {",
     "for (std::size_t i = 0; i < 1; ++i) {"),
    # Which configurations are valid on a device (src/core/space/variant_config.cpp):
    # an invalid one admitted fails to load or computes wrong.
    ("space: hint pdl admitted on sm_89, which has no griddepcontrol",
     "src/core/space/arch_features.cpp",
     '{"hint pdl", 90, "programmatic dependent launch (griddepcontrol)",',
     '{"hint pdl", 89, "programmatic dependent launch (griddepcontrol)",'),
    ("space: hint pdl_l2 never checked against the arch",
     "src/core/space/arch_features.cpp",
     "[](const VariantConfig& c) { return c.hint == LoadHint::pdl_l2; }},",
     "[](const VariantConfig& c) { return false && c.hint == LoadHint::pdl_l2; }},"),
    ("space: a block past the device's limit admitted",
     "src/core/space/variant_config.cpp",
     "if (c.block > limits.max_threads_per_block)",
     "if (c.block > 2 * limits.max_threads_per_block)"),
    ("space: a tree reduction admitted on a block that is no power of two",
     "src/core/space/variant_config.cpp",
     "if (is_tree(c.reduce) && !is_power_of_two(c.block))",
     "if (false)"),
    ("space: the padded layout's extra slots left out of its shared memory",
     "src/core/space/variant_config.cpp",
     "const int slots = c.layout == SharedLayout::padded ? c.block + c.block / (128 / acc) : c.block;",
     "const int slots = c.block;"),
    ("space: acc f64 admitted with the atomic finish's float adds",
     "src/core/space/variant_config.cpp",
     "if (c.acc == Accumulator::f64 && c.finish == GridFinish::atomic)",
     "if (false)"),
    ("space: a shared memory need exactly at the device's limit refused",
     "src/core/space/variant_config.cpp",
     "if (shared_bytes(c) > limits.max_shared_bytes_per_block)",
     "if (shared_bytes(c) >= limits.max_shared_bytes_per_block)"),
    # Bad input refused before the GPU is looked for (src/core/space/size_list.cpp,
    # src/core/space/device_selection.cpp).
    ("sizes: 2^k-d read as 2^k+d",
     "src/core/space/size_list.cpp",
     "value = text[sign] == '+' ? value + offset : value - offset;",
     "value = value + offset;"),
    ("sizes: a range 2^i..2^j with i > j taken",
     "src/core/space/size_list.cpp",
     "if (from < 0 || to < 0 || from > to || item.find_first_of(\"+-\") != std::string::npos)",
     "if (from < 0 || to < 0 || item.find_first_of(\"+-\") != std::string::npos)"),
    ("sizes: a size past the largest the checks can judge taken",
     "src/core/space/size_list.cpp",
     "if (sizes.back() > kMaxCheckedN) too_large(item);",
     "if (sizes.back() > 2 * kMaxCheckedN) too_large(item);"),
    ("sizes: the same size listed twice measured twice",
     "src/core/space/size_list.cpp",
     "sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());",
     ";"),
    ("devices: --devices naming one GPU twice taken",
     "src/core/space/device_selection.cpp",
     "if (std::find(selection.indices.begin(), selection.indices.end(), index) != selection.indices.end())",
     "if (false)"),
    ("devices: --devices with an index the host lacks taken",
     "src/core/space/device_selection.cpp",
     "if (index >= device_count)",
     "if (index > device_count)"),
    # The tuned table `dotsweep export` writes (src/core/export/dispatch_table.cpp):
    # which variant a program runs at which n.
    ("export: a range runs its slowest common variant",
     "src/core/export/dispatch_table.cpp",
     "if (!best || sum < best_sum) {",
     "if (!best || sum > best_sum) {"),
    ("export: every measured n a range of its own",
     "src/core/export/dispatch_table.cpp",
     "while (last < sizes.size() && !common_ids(sizes, first, last + 1).empty()) ++last;",
     "if (false) ++last;"),
    ("export: the next range starts on the previous one's last n",
     "src/core/export/dispatch_table.cpp",
     "range.n_min = ranges.empty() ? 0 : ranges.back().n_max + 1;",
     "range.n_min = ranges.empty() ? 0 : ranges.back().n_max;"),
    ("export: neighbouring ranges meet at the arithmetic mean",
     "src/core/export/dispatch_table.cpp",
     "return std::max(below, std::min(root, above - 1));",
     "return std::max(below, std::min((below + above) / 2, above - 1));"),
    ("export: an untied size offers its fastest row even when a baseline",
     "src/core/export/dispatch_table.cpp",
     "[](const auto* r) { return r->kind == \"candidate\"; });",
     "[](const auto*) { return true; });"),
    # Shards and their merge (src/core/space/shard.cpp, src/core/report/report_merge.cpp).
    ("shard: the last shard, i = N, is refused",
     "src/core/space/shard.cpp",
     "if (shard.index < 1 || shard.index > shard.count)",
     "if (shard.index < 1 || shard.index >= shard.count)"),
    ("shard: units are dealt lightest first",
     "src/core/space/shard.cpp",
     "return weights[a] > weights[b]; });",
     "return weights[a] < weights[b]; });"),
    ("shard: a shard with no work is taken",
     "src/core/space/shard.cpp",
     "  if (slice.empty())\n    throw",
     "  if (false)\n    throw"),
    ("merge: a missing shard is not refused",
     "src/core/report/report_merge.cpp",
     "  if (!missing.empty())\n    refuse(",
     "  if (false)\n    refuse("),
    ("merge: one shard given twice is taken",
     "src/core/report/report_merge.cpp",
     "    if (!fresh)\n      refuse(",
     "    if (false)\n      refuse("),
    ("merge: a row outside its shard's slice is taken",
     "src/core/report/report_merge.cpp",
     "if (!type || !slice.count(WorkUnit{*type, row.n}))",
     "if (!type)"),
    ("merge: rows of two GPU models merge",
     "src/core/report/report_merge.cpp",
     "      if (row.env.gpu != gpu)\n        refuse(",
     "      if (false)\n        refuse("),
    ("merge: a shard that did not finish merges",
     "src/core/report/report_merge.cpp",
     "    if (!finished(r.context))\n      refuse(",
     "    if (false)\n      refuse("),
    ("merge: shards of two shardings merge",
     "src/core/report/report_merge.cpp",
     "    if (r.shard.count != first.shard.count)\n      refuse(",
     "    if (false)\n      refuse("),
    # What a resumed sweep keeps and measures again (src/core/report/resume_plan.cpp).
    ("resume: a torn last row is kept as if whole",
     "src/core/report/resume_plan.cpp",
     "if (last_newline + 1 != whole.size()) {",
     "if (false) {"),
    ("resume: a row measured in one of two modes counts as finished",
     "src/core/report/resume_plan.cpp",
     "for (const auto& mode : modes) all = all && seen.count(mode) > 0;",
     "for (const auto& mode : modes) all = all || seen.count(mode) > 0;"),
    ("resume: a (type, n) whose counter pass was cut is not measured again",
     "src/core/report/resume_plan.cpp",
     "bool all = uncounted.count({key.type, key.n}) == 0 || any_correct.count(key) == 0;",
     "bool all = true;"),
    ("resume: an incorrect row of a cut counter pass runs again",
     "src/core/report/resume_plan.cpp",
     "bool all = uncounted.count({key.type, key.n}) == 0 || any_correct.count(key) == 0;",
     "bool all = uncounted.count({key.type, key.n}) == 0;"),
    ("resume: a changed option that one side does not record goes unnoticed",
     "src/core/report/resume_plan.cpp",
     "if (a && b && *a == *b) continue;",
     "if (!a || !b || *a == *b) continue;"),
    # The gate's input checks (src/core/gate/gate_input.cpp).
    ("input: an interval whose low end is its median is refused",
     "src/core/gate/gate_input.cpp",
     "!(*r.ci_lo_us <= median && median <= *r.ci_hi_us)",
     "!(*r.ci_lo_us < median && median <= *r.ci_hi_us)"),
    ("row limits: a time under one timer tick per launch is taken",
     "src/core/report/row_limits.cpp",
     "if (us < shortest)",
     "if (us < 0)"),
    ("row limits: a time past the watchdog's deadline is taken",
     "src/core/report/row_limits.cpp",
     "if (us > longest_time_us())",
     "if (us > 2 * longest_time_us())"),
    ("input: one report given twice as --current is taken",
     "src/core/gate/gate_input.cpp",
     "      if (same_report(current[j], current[i]))\n        throw",
     "      if (same_report(current[j], current[i]) && false)\n        throw"),
    ("input: a copy of a report with one row changed is the same report",
     "src/core/gate/gate_input.cpp",
     "return sorted_rows(a) == sorted_rows(b);",
     "return true;"),
    # No output names an input or another output (src/core/io/command_paths.cpp),
    # and every command declares its paths (src/cli).
    ("outputs apart: a hard link to an input is another file",
     "src/core/io/command_paths.cpp",
     "if (a_exists && b_exists) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;",
     "if (a_exists && b_exists) return canonical_of(a) == canonical_of(b);"),
    ("outputs apart: new paths compared as typed, not through the links on their way",
     "src/core/io/command_paths.cpp",
     "fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);",
     "fs::path p = fs::absolute(path, ec).lexically_normal();"),
    ("outputs apart: a new folder named with a trailing / is another folder",
     "src/core/io/command_paths.cpp",
     "if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();",
     ";"),
    ("outputs apart: /dev/null named by two outputs is refused",
     "src/core/io/command_paths.cpp",
     "return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);",
     "return false;"),
    ("outputs apart: an output that is an input is written over",
     "src/core/io/command_paths.cpp",
     "if (in.role == Role::input && same_path(out.path, in.path))",
     "if (false)"),
    ("outputs apart: a new file inside a kernel tree is refused",
     "src/core/io/command_paths.cpp",
     "if (fs::is_regular_file(out.path, ec) && path_within(out.path, in.path))",
     "if (path_within(out.path, in.path))"),
    ("outputs apart: a folder beside the tree whose name starts with the tree's lies inside it",
     "src/core/io/command_paths.cpp",
     "if (i == in.end() || *i != *o) return false;",
     "if (i == in.end()) return false;"),
    ("outputs apart: two outputs naming one file are written",
     "src/core/io/command_paths.cpp",
     "if (earlier.role != Role::output || !same_path(out.path, earlier.path)) continue;",
     "continue;"),
    ("outputs apart: gate's --junit is not declared",
     "src/cli/gate_command.cpp",
     'paths.output_file("--junit", o.junit_path);',
     ";", ("outputs apart",)),
    ("outputs apart: the context.json beside a report is not an input",
     "src/cli/option_checks.cpp",
     'paths.input("the context.json of " + option, *context);',
     ";", ("outputs apart",)),
    ("outputs apart: export's --kernel-tuner files are not declared",
     "src/cli/export_command.cpp",
     'paths.output_folder("--kernel-tuner", options.kernel_tuner_dir, kt_names);',
     ";", ("outputs apart",)),
    ("outputs apart: a sweep's --out is not declared",
     "src/cli/main.cpp",
     'paths.output_folder("--out", sweep.out_dir, written);',
     ";", ("outputs apart",)),
    ("outputs apart: ab's kernel tree B is not declared",
     "src/cli/ab_command.cpp",
     'paths.input_tree("--kernels-b", o.kernels_b);',
     ";", ("outputs apart",)),
    # No reader blocks or grows without bound (src/core/io/file_bytes.hpp,
    # src/core/io/bounded_file.cpp and the readers built on them).
    ("reader limits: a gzip inflating exactly to the limit is refused",
     "src/core/io/bounded_file.cpp",
     "if (text.size() + member.size() + out > kind.max_bytes) {",
     "if (text.size() + member.size() + out >= kind.max_bytes) {"),
    ("reader limits: a later gzip member replaces the text before it",
     "src/core/io/bounded_file.cpp",
     "else text += member;",
     "else text = member;"),
    ("reader limits: a samples file cut short in its last member is refused",
     "src/core/report/samples_file.cpp",
     "path, kSamplesKind, &file.torn_tail);",
     "path, kSamplesKind, nullptr);"),
    ("reader limits: a kernel tree's inlined text is not limited",
     "src/core/space/kernel_tree.cpp",
     "if (out.size() > kMaxKernelTreeBytes)",
     "if (false)", ("reader limits",)),
    ("reader limits: report passes a FIFO sweep.csv in a folder by",
     "src/cli/report_command.cpp",
     "if (fs::exists(plain, ec)) return plain.string();",
     "if (fs::is_regular_file(plain, ec)) return plain.string();", ("reader limits",)),
    # An option's value is what was typed (src/cli/option_checks.cpp).
    ("option values: --opt= with nothing after it is passed to the option parser",
     "src/cli/option_checks.cpp",
     "if (argument.size() < 2 || argument[0] != '-' || equals != argument.size() - 1) continue;",
     "continue;", ("option values",)),
    ("option values: every --opt=VALUE is refused",
     "src/cli/option_checks.cpp",
     "if (argument.size() < 2 || argument[0] != '-' || equals != argument.size() - 1) continue;",
     "if (argument.size() < 2 || argument[0] != '-' || equals == std::string::npos) continue;", ("option values",)),
    ("option values: a positional --x= after a lone -- is refused as an empty option",
     "src/cli/option_checks.cpp",
     'if (argument == "--") break;  // what follows is positional',
     ";", ("option values",)),
    # Whole numbers and sizes as typed: one reader, the ends trimmed
    # (src/core/io/whole_number.cpp and its users).
    ("whole numbers: whitespace inside a number is read past",
     "src/core/io/whole_number.cpp",
     'if (item.find_first_of(kWhitespace) != std::string::npos) return "has whitespace inside";',
     ";"),
    ("whole numbers: 00 is taken for 0",
     "src/core/io/whole_number.cpp",
     "if (digits.size() > 1 && digits[0] == '0')",
     "if (digits.size() > 2 && digits[0] == '0')"),
    ("whole numbers: 2^64-1 is refused as past the largest",
     "src/core/io/whole_number.cpp",
     "if (number.magnitude > (kMost - d) / 10) return",
     "if (number.magnitude >= (kMost - d) / 10) return"),
    ("whole numbers: whitespace after a number is kept",
     "src/core/io/whole_number.cpp",
     "return text.substr(first, text.find_last_not_of(kWhitespace) - first + 1);",
     "return text.substr(first);"),
    ("whole numbers: --sizes with whitespace inside an item is called not a size",
     "src/core/space/size_list.cpp",
     'if (item.find_first_of(" \\t\\n\\r\\f\\v") != std::string::npos)',
     "if (false)"),
    ("whole numbers: --sizes keeps the whitespace around an item",
     "src/core/space/size_list.cpp",
     "const std::string item = trimmed(typed);",
     "const std::string item = typed;"),
    ("whole numbers: --sizes 010 is called not a size",
     "src/core/space/size_list.cpp",
     '  if (problem.rfind("has a leading zero", 0) == 0) bad_size(item, problem);\n  if (problem.rfind("is past", 0) == 0) too_large(item);',
     '  if (problem.rfind("is past", 0) == 0) too_large(item);'),
    ("whole numbers: --devices 01 is called no GPU index",
     "src/core/space/device_selection.cpp",
     'if (problem.rfind("has a leading zero", 0) == 0 || problem == "has whitespace inside")',
     'if (problem == "has whitespace inside")'),
    ("whole numbers: an option's trimmed value is checked but not the one converted",
     "src/cli/option_checks.cpp",
     "option->transform(CLI::Validator(",
     "option->check(CLI::Validator(", ("option values",)),
    # Standard output that cannot be written fails the command (src/cli/main.cpp).
    ("stdout full: a write that failed before the last flush goes unseen",
     "src/cli/main.cpp",
     "if (!flushed || std::ferror(stdout)) {",
     "if (!flushed) {", ("stdout full",)),
    ("stdout full: the lost output is said, but the command exits 0",
     "src/cli/main.cpp",
     "return status == 0 ? 5 : status;",
     "return status;", ("stdout full",)),
    # What a report row may hold (src/core/report/row_limits.cpp).
    ("row limits: n = 0 read as a size",
     "src/core/report/row_limits.cpp",
     'if (row.n >= 1 && row.n <= kMaxCheckedN) return "";',
     'if (row.n >= 0 && row.n <= kMaxCheckedN) return "";'),
    ("row limits: one past 2^29 read as a size",
     "src/core/report/row_limits.cpp",
     "row.n <= kMaxCheckedN)",
     "row.n <= kMaxCheckedN + 1)"),
    ("row limits: a hot time held to a whole tick, not one tick over its launches",
     "src/core/report/row_limits.cpp",
     "return kTimerTickUs / static_cast<double>(std::max<std::size_t>(launches, 1));",
     "return kTimerTickUs;"),
    ("row limits: a mode list 'cold,hot' read as a row's mode",
     "src/core/report/row_limits.cpp",
     'if (parse_timing_modes(row.mode).size() == 1) return "";',
     'if (!parse_timing_modes(row.mode).empty()) return "";'),
    ("cli errors: --isolate, no longer an option, is accepted again",
     "src/cli/main.cpp",
     'command.add_flag("!--no-isolate", o.isolate,',
     'command.add_flag("--isolate,!--no-isolate", o.isolate,',
     ("cli errors",)),
]


def first_failure(output):
    """The first doctest case that failed (a case may also print messages
    and pass), else a CLI test's first FAIL line, else the last line of the output."""
    for block in output.split("=" * 79):
        case = re.search(r"TEST CASE:\s+(.+)", block)
        if case and re.search(r"\b(ERROR|FATAL ERROR|TEST CASE FAILED)\b", block):
            return case.group(1).strip()
    for line in output.splitlines():
        if line.startswith("FAIL: "):
            return line.strip()
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def first_compile_error(output):
    """The compiler's first error line, else the last line of the output."""
    for line in output.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


UNIT = "tests/unit/unit_tests"
CLI = "src/cli/dotsweep"


class Build:
    """What the build folder says about how it compiles and links."""

    def __init__(self, build):
        self.dir = build
        entries = json.loads((build / "compile_commands.json").read_text())
        # source (absolute) -> (command words, output object), for the objects the two executables link
        self.compiles = {}
        for e in entries:
            source = (pathlib.Path(e["directory"]) / e["file"]).resolve()
            words = shlex.split(e["command"]) if "command" in e else e["arguments"]
            self.compiles.setdefault(str(source), []).append((words, e.get("output") or words[words.index("-o") + 1]))
        self.links = {target: self._link_words(target) for target in (UNIT, CLI)}

    def _link_words(self, target):
        commands = subprocess.run(["ninja", "-C", str(self.dir), "-t", "commands", target],
                                  capture_output=True, text=True, check=True).stdout.strip().splitlines()
        return shlex.split(commands[-1])

    def object_in(self, source, target):
        """The build's compile of `source` whose object `target` links: directly, or through one of its archives."""
        link = self.links[target]
        archives = [w for w in link if w.endswith(".a")]
        for words, output in self.compiles.get(str(source), []):
            if output in link or any(output.startswith(a + ".p/") for a in archives):
                return words, output
        return None

    def compile(self, words, output, mutated, original, obj):
        """The build's command for `original`, on the mutated copy, into obj (no dependency file)."""
        out = []
        skip = 0
        for i, w in enumerate(words):
            if skip:
                skip -= 1
                continue
            if w in ("-MD", "-MMD"):
                continue
            if w in ("-MQ", "-MT", "-MF"):
                skip = 1
                continue
            if w == "-o":
                out += ["-o", str(obj)]
                skip = 1
                continue
            if w == "-c":
                out += ["-c", str(mutated)]
                skip = 1
                continue
            out.append(w)
        # Quoted includes next to the original file still resolve.
        out[1:1] = ["-iquote", str(original.parent)]
        return subprocess.run(out, cwd=self.dir, capture_output=True, text=True)

    def link(self, target, output, obj, exe):
        """The build's link of `target` with obj in place of (or ahead of the archive holding) `output`."""
        words = list(self.links[target])
        words[words.index("-o") + 1] = str(exe)
        if output in words:
            words[words.index(output)] = str(obj)
        else:
            first_archive = next(i for i, w in enumerate(words) if w.endswith(".a"))
            words.insert(first_archive, str(obj))
        return subprocess.run(words, cwd=self.dir, capture_output=True, text=True)


def cli_test_commands(build, names, dotsweep):
    """meson's command lines of the named tests, with dotsweep in place of the build's."""
    tests = {t["name"]: t for t in json.loads((build / "meson-info" / "intro-tests.json").read_text())}
    built = str((build / CLI).resolve())
    runs = []
    for name in names:
        t = tests[name]
        cmd = [str(dotsweep) if (w == CLI or os.path.normpath(os.path.join(build, w)) == built) else w
               for w in t["cmd"]]
        env = dict(os.environ, **(t.get("env") or {}))
        runs.append((name, cmd, t.get("workdir") or str(build), env, t.get("timeout") or 30))
    return runs


def run_unit(exe):
    # The first failed check kills the mutant: the rest of the suite adds nothing.
    return subprocess.run([str(exe), "--abort-after=1"], capture_output=True, text=True, cwd=ROOT)


def apart(build, mutant, work):
    """Builds and runs one mutant outside the tree; (verdict, detail)."""
    what, path, before, after, *cli = mutant
    cli_tests = cli[0] if cli else ()
    source = (ROOT / path).resolve()
    mutated = work / source.name
    mutated.write_text(source.read_text().replace(before, after))
    # The unit tests when they link the file; dotsweep too when CLI tests are named.
    targets = [t for t in (UNIT, CLI) if (t == UNIT or cli_tests) and build.object_in(source, t)]
    if not targets:
        return "NOT BUILT", f"neither {UNIT} nor {CLI} links {path} (compile_commands.json)"
    words, output = build.object_in(source, targets[0])
    obj = work / (source.name + ".o")
    done = build.compile(words, output, mutated, source, obj)
    if done.returncode != 0:
        return "NOT BUILT", first_compile_error(done.stdout + done.stderr)
    exes = {}
    for target in targets:
        exes[target] = work / pathlib.Path(target).name
        done = build.link(target, build.object_in(source, target)[1], obj, exes[target])
        if done.returncode != 0:
            return "NOT BUILT", first_compile_error(done.stdout + done.stderr)
    if UNIT in exes:
        run = run_unit(exes[UNIT])
        if run.returncode != 0:
            return "killed", first_failure(run.stdout + run.stderr)
    if CLI not in exes:
        return "SURVIVED", ""
    for name, cmd, cwd, env, timeout in cli_test_commands(build.dir, cli_tests, exes[CLI]):
        try:
            run = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout * 4)
        except subprocess.TimeoutExpired:
            return "killed", f"FAIL: {name} (timed out)"
        if run.returncode not in (0, 77):
            return "killed", f"FAIL: {name}"
    return "SURVIVED", ""


def in_tree(build, mutant, meson):
    """A header's mutant: edit, rebuild with ninja, run, put the source back."""
    what, path, before, after, *cli = mutant
    cli_tests = cli[0] if cli else ()
    targets = ["unit_tests"] + (["src/cli/dotsweep"] if cli_tests else [])
    source = ROOT / path
    original = source.read_text()
    try:
        source.write_text(original.replace(before, after))
        built = subprocess.run([meson, "compile", "-C", str(build.dir), *targets], capture_output=True, text=True)
        if built.returncode != 0:
            return "NOT BUILT", first_compile_error(built.stdout + built.stderr)
        run = run_unit(build.dir / UNIT)
        if run.returncode == 0 and cli_tests:
            run = subprocess.run([meson, "test", "-C", str(build.dir), "--no-rebuild", "--print-errorlogs", *cli_tests],
                                 capture_output=True, text=True)
    finally:
        source.write_text(original)
    if run.returncode == 0:
        return "SURVIVED", ""
    return "killed", first_failure(run.stdout + run.stderr)


def report(what, verdict, detail):
    if verdict == "killed":
        print(f"killed     {what}\n           by: {detail}")
    elif verdict == "NOT BUILT":
        print(f"NOT BUILT  {what}\n           {detail}")
    else:
        print(f"SURVIVED   {what}")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build")
    parser.add_argument("--only", default="", help="run the mutants whose description holds this text")
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants built and run at once")
    args = parser.parse_args()
    build_dir = (ROOT / args.build).resolve()  # an absolute --build stays as given
    meson = ROOT / ".venv" / "bin" / "meson"
    meson = str(meson) if meson.exists() else "meson"
    chosen = [m for m in MUTANTS if args.only in m[0]]
    if not chosen:
        print(f"verdict_mutants: no mutant's description holds '{args.only}' (--list shows them)", file=sys.stderr)
        return 2
    if args.list:
        for what, path, *_ in chosen:
            print(f"{path}: {what}")
        return 0
    for what, path, before, *_ in chosen:
        if (ROOT / path).read_text().count(before) != 1:
            print(f"verdict_mutants: '{before}' is not in {path} exactly once ({what}): update the list",
                  file=sys.stderr)
            return 2
    if args.jobs < 1:
        print("verdict_mutants: --jobs must be at least 1", file=sys.stderr)
        return 2
    # A CI job stopped by its time limit gets SIGTERM: unwind, so a header's source is put back.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # The tree's build first: the mutants link against its libraries.
    built = subprocess.run([meson, "compile", "-C", str(build_dir), "unit_tests", "src/cli/dotsweep"],
                           capture_output=True, text=True)
    if built.returncode != 0:
        print(f"verdict_mutants: the build in {build_dir} fails before any mutant:\n{built.stdout}{built.stderr}",
              file=sys.stderr)
        return 1
    build = Build(build_dir)
    headers = [m for m in chosen if not m[1].endswith((".cpp", ".cc"))]
    sources = [m for m in chosen if m[1].endswith((".cpp", ".cc"))]
    survived = 0
    work_root = pathlib.Path(tempfile.mkdtemp(prefix="dotsweep-mutants-"))
    try:
        def one(index_mutant):
            index, mutant = index_mutant
            work = work_root / str(index)
            work.mkdir()
            try:
                return apart(build, mutant, work)
            finally:
                shutil.rmtree(work, ignore_errors=True)

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            # In list order, each as soon as it and every one before it are done.
            for mutant, (verdict, detail) in zip(sources, pool.map(one, enumerate(sources))):
                report(mutant[0], verdict, detail)
                survived += verdict != "killed"
        for mutant in headers:
            verdict, detail = in_tree(build, mutant, meson)
            report(mutant[0], verdict, detail)
            survived += verdict != "killed"
    finally:
        shutil.rmtree(work_root, ignore_errors=True)
        if headers:  # leave the build as the source is
            subprocess.run([meson, "compile", "-C", str(build_dir), "unit_tests", "src/cli/dotsweep"],
                           capture_output=True)
    print(f"verdict_mutants: {len(chosen) - survived} of {len(chosen)} killed")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
