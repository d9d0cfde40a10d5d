#!/usr/bin/env bash
# `dotsweep gate` and `dotsweep compare` on the committed
# default sweeps of three H100s (results/2026-12-05-h100s): the lines its
# README quotes. Within one GPU the gate passes every row; between
# the GPUs it fails on exactly the atomic-bound rows the README names (cover
# grids of 128 or 256 threads, atomic finish, 2^24-2^28), and the default
# scope passes. The committed H100 baseline gated from each other sweep passes
# with the rest as --noise, and from a third H100's on the default rows.
# Against the H200's baseline, compare judges by each report's measured read
# ceiling. Usage: h100_reports.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1 root=$2
data=$root/tests/fixtures/sweeps/2026-12-05-h100s
failed=0
fail() { echo "FAIL: $*"; failed=1; }

gate() { "$dotsweep" gate --baseline "$data/$1.csv.gz" --current "$data/$2.csv.gz" "${@:3}"; }
for pair in "p1 p2" "q1 q2"; do
  set -- $pair
  out=$(gate "$1" "$2" --only all) || fail "$1 -> $2 --only all: exit $? ($(tail -1 <<<"$out"))"
  grep -q "^gate: PASS, .* 67 UNTIMED of 14232 rows" <<<"$out" || fail "$1 -> $2: $(tail -1 <<<"$out")"
done
grep -q "^gate: PASS, 14115 SAME, 50 INCONCLUSIVE, 67 UNTIMED of 14232" <<<"$out" || fail "q1 -> q2: $(tail -1 <<<"$out")"

out=$(gate p1 q1 --only all); rc=$?
[[ $rc -eq 1 ]] || fail "p1 -> q1 --only all: exit $rc, want 1"
grep -q "^gate: FAIL, 16 REGRESSED: .* 13934 SAME, 1 IMPROVED, 214 INCONCLUSIVE" <<<"$out" || fail "p1 -> q1: $(tail -1 <<<"$out")"
regressed=$(grep "^REGRESSED" <<<"$out")
count=$(grep -c "^REGRESSED" <<<"$out")
[[ $count -eq 16 ]] || fail "p1 -> q1 lists $count REGRESSED rows"
other=$(awk '$2 !~ /\.b(128|256)\.i[124]\.v[1248]\.cover\.warp\.shfl\.atomic\./ || $4 !~ /^2\^2[468]$/' <<<"$regressed")
[[ -z $other ]] || fail "a REGRESSED row that is not an atomic-bound cover row at 2^24-2^28: $other"
grep -q "^REGRESSED .*f64.b128.i1.v2.cover.warp.shfl.atomic.plain.own .* 2^28 .*2079\.42 .*2263\.87 " <<<"$out" ||
  fail "the f64 b128 row at 2^28 the README quotes"

out=$(gate p1 q1) || fail "p1 -> q1, default scope: exit $?"
grep -q "^gate: PASS, 638 SAME, 37 INCONCLUSIVE, 19 UNTIMED" <<<"$out" || fail "p1 -> q1 default: $(tail -1 <<<"$out")"

# results/baselines/h100.csv.gz (q1's full sweep) with the other three as
# --noise, each left out in turn (results/baselines/README.md).
h100=$root/results/baselines/h100.csv.gz
for cur in p1 p2 q2; do
  noise=("$h100"); for f in p1 p2 q2; do [[ $f == "$cur" ]] || noise+=("$data/$f.csv.gz"); done
  for scope in "--only all" "--only best,baselines"; do
    out=$("$dotsweep" gate --baseline "$h100" --current "$data/$cur.csv.gz" --noise "${noise[@]}" $scope) ||
      fail "h100 baseline <- $cur with the others as --noise ($scope): $(tail -1 <<<"$out")"
  done
done
# r1, from a third H100 in none of the baseline's files: the default rows
# pass; every row fails on exactly the split n = 1 row and the f64 cluster row.
all_noise=("$h100" "$data"/{p1,p2,q2}.csv.gz)
out=$("$dotsweep" gate --baseline "$h100" --current "$data/r1.csv.gz" --noise "${all_noise[@]}") ||
  fail "h100 <- r1, default rows: $(tail -1 <<<"$out")"
out=$("$dotsweep" gate --baseline "$h100" --current "$data/r1.csv.gz" --noise "${all_noise[@]}" --only all) &&
  fail "h100 <- r1 --only all passed"
regressed=$(grep "^REGRESSED" <<<"$out" | awk '{print $2, $4}' | tr '\n' ';')
[[ $regressed == "f16.b512.i4.v4.p2.warp.shfl.atomic.plain.own 1;f64.b512.i8.v2.p2.warp.shfl.cluster.plain.own 2^28;" ]] ||
  fail "h100 <- r1 --only all: $(grep '^REGRESSED' <<<"$out")"
# The n = 1 row's samples split on r (IQR 81% of its median); the f64 row's did not.
grep -q "^REGRESSED .*f16.b512.i4.v4.p2.warp.shfl.atomic.plain.own .*; samples in two states in the current report (IQR 81% of the median): re-run to confirm$" <<<"$out" ||
  fail "h100 <- r1: the split row carries no two-state note: $(grep '^REGRESSED .*f16' <<<"$out")"
[[ $(grep -c "two states" <<<"$out") -eq 1 ]] || fail "h100 <- r1: $(grep -c "two states" <<<"$out") rows carry the two-state note, want 1"

out=$("$dotsweep" gate --baseline "$h100" --current "$data/p1.csv.gz" --only all) && fail "h100 <- p1 without --noise passed"
[[ $(grep "^REGRESSED" <<<"$out" | awk '{print $2}' | sort -u | tr '\n' ' ') == "f32.b1024.i8.v4.cover.warp.shfl.atomic.plain.f32 f32.b1024.i8.v4.cover.warp.shfl.gather.plain.f32 " ]] ||
  fail "h100 <- p1 without --noise: $(grep '^REGRESSED' <<<"$out")"

out=$("$dotsweep" compare "$root/results/baselines/h200.csv.gz" "$data/p1.csv.gz") || fail "compare: exit $?"
grep -q "^| B | NVIDIA H100 80GB HBM3 | 2026-12-05T15:27:56Z | 3352 | 3195 | 14232 |" <<<"$out" ||
  fail "compare: the H100's row of the reports table: $(grep '^| B |' <<<"$out")"
grep -q "by % of each report's own measured read ceiling" <<<"$out" || fail "compare: not on the measured ceilings"
# f32: the H200 runs every size faster; the H100's best reads more of its
# own ceiling at the bandwidth-bound sizes (2^22 up); neither is "ahead".
grep -q "^- B/A time of the best candidate: median 1.121 over 12 sizes (1.036 to 1.455); B faster at 0, A faster at 12, intervals overlap at 0" <<<"$out" ||
  fail "compare, f32 by time: $(grep '^- B/A time' <<<"$out" | sed -n 3p)"
grep -q "^- B/A % of its own ceiling of the best candidate at the bandwidth-bound sizes (each best at 50% of its own or more): median 1.041 over 4 sizes (1.007 to 1.176); B closer to its ceiling at 4, A closer to its ceiling at 0, intervals overlap at 0" <<<"$out" ||
  fail "compare, f32 by ceiling: $(grep '^- B/A % of its own' <<<"$out" | sed -n 3p)"
! grep -q " ahead" <<<"$out" || fail "compare says ahead: $(grep ' ahead' <<<"$out" | head -1)"
grep -q "^- B (H100 80GB HBM3)'s best candidate runs on A (H200) at 92.4-100.0% of A's own best (median 95.1%)" <<<"$out" ||
  fail "compare, f16 portability: $(grep "^- B (H100" <<<"$out" | sed -n 2p)"

((failed)) && exit 1
echo "H100 reports: all checks passed"
