#!/usr/bin/env bash
# The gate from another H200, the committed cold+hot baseline against a
# cold-only one, on committed sweeps only (no GPU): each GPU's cold
# default-space sweeps held out in turn and gated against a cold sweep of
# another GPU, calibrated (--noise) on the cold sweeps of the GPUs not held
# out; and the same currents against results/baselines/h200.csv.gz with the
# CI recipe's calibration. One line per gate: verdict, REGRESSED, INCONCLUSIVE.
# Usage (from the repository root): results/2026-12-05-cold-only-baseline/held_out.sh build/src/cli/dotsweep
set -u
G=${1:?dotsweep binary}
R=results RP=results/baselines/repeats D=results/2026-12-05-default-space-ci X=results/2026-12-03-gate-real-slowdown
declare -A S=([h]="$RP/h200-a74af475-cold1.csv.gz $RP/h200-a74af475-cold2.csv.gz" [i]="$RP/h200-8c505222-cold1.csv.gz $RP/h200-8c505222-cold2.csv.gz"
              [l]="$D/l-default1.csv.gz" [x]="$X/default1.csv.gz $X/default2.csv.gz")
summary() {
  python3 -c '
import re, sys
text = sys.stdin.read().strip().splitlines()[-1]
reg = re.search(r"FAIL, (\d+) REGRESSED", text)
inc = re.search(r"(\d+) INCONCLUSIVE", text)
rows = int(re.search(r"of (\d+) rows compared", text).group(1))
inconclusive = int(inc.group(1)) if inc else 0
print(("FAIL" if reg else "PASS"), reg.group(1) if reg else 0, f"{inconclusive} of {rows} ({100 * inconclusive / rows:.1f}%)", sep="\t")'
}
printf 'held out\tcurrent\trows\tbaseline\tverdict\tREGRESSED\tINCONCLUSIVE\n'
for out in h i l x; do
  noise=() base=""
  for g in h i l x; do
    [[ $g == "$out" ]] && continue
    for f in ${S[$g]}; do noise+=("$f"); [[ -z $base && $g != x ]] && base=$f; done
  done
  for cur in ${S[$out]}; do
    for only in all default; do
      o=(); [[ $only == all ]] && o=(--only all)
      printf '%s\t%s\t%s\t%s\t%s\n' "$out" "$(basename "$cur")" "$only" "$(basename "$base")" \
        "$("$G" gate --baseline "$base" --current "$cur" --noise "${noise[@]}" "${o[@]}" 2>&1 | summary)"
      printf '%s\t%s\t%s\t%s\t%s\n' "$out" "$(basename "$cur")" "$only" "h200.csv.gz" \
        "$("$G" gate --baseline $R/baselines/h200.csv.gz --current "$cur" --noise $R/baselines/h200.csv.gz $RP/*.csv.gz "${o[@]}" 2>&1 | summary)"
    done
  done
done
