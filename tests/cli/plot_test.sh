#!/usr/bin/env bash
# tools/plot.py on the committed compare and plot fixtures: every subcommand
# writes its files (PNG and SVG), the report subcommand fills a report folder
# with every type and mode, the figures pass tests/cli/plot_checks.py, and bad
# input is one line with exit 2. Skips (77) when matplotlib is not importable.
# Usage: plot_test.sh SOURCE_ROOT [figures]   (figures: only the report of every
# type and mode and plot_checks.py, the slow part, a test of its own)
set -u
root=$1
python=$root/.venv/bin/python
[[ -x $python ]] || python=python3
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
  echo "skip: matplotlib is not importable by $python (tools/setup.sh installs it)"
  exit 77
fi
plot=$root/tools/plot.py
fixtures=$root/tests/fixtures/compare
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect_files() {  # expect_files FILE... -- ARGS...
  local files=()
  while [[ $1 != -- ]]; do files+=("$1"); shift; done
  shift
  if ! "$python" "$plot" "$@" >"$scratch/out" 2>"$scratch/err"; then
    fail "plot.py $* exited non-zero:"; cat "$scratch/err"; return
  fi
  for f in "${files[@]}"; do
    if [[ ! -s $f ]]; then fail "plot.py $*: $f missing or empty"; continue; fi
    case $f in
      *.png) [[ $(head -c 8 "$f" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || fail "$f is not a PNG" ;;
      *.svg) grep -q '<svg' "$f" || fail "$f is not an SVG" ;;
    esac
    grep -qxF -- "$f" "$scratch/out" || fail "plot.py $* did not print $f"
  done
  echo "ok: plot.py $1: ${files[*]##*/}"
}

cut=$root/tests/fixtures/plots/h200-cut.csv.gz
if [[ ${2:-} == figures ]]; then
  # report on every type and mode: one bandwidth plot and one heatmap each, the type in every name.
  mkdir "$scratch/full" && cp "$cut" "$scratch/full/sweep.csv.gz"
  want=()
  for mode in cold hot; do
    for type in f32 f64 f16 bf16; do
      want+=("$scratch/full/bandwidth_${type}_${mode}.png" "$scratch/full/heatmap_block_items_${type}_${mode}_n268435456.png")
    done
  done
  expect_files "${want[@]}" -- report "$scratch/full"
  [[ $(ls "$scratch/full"/*.png | wc -l) -eq 16 ]] || fail "report: want 16 PNGs, got $(ls "$scratch/full"/*.png | wc -l)"

  # What the files cannot show: bytes per element in the labels, no tick label
  # printed over another, every type and mode from each command, a gate plot of
  # a full report in one panel per type and mode (tests/cli/plot_checks.py).
  if "$python" "$root/tests/cli/plot_checks.py" "$root" "$cut" "$scratch/checks" >"$scratch/checks.log" 2>&1; then
    echo "ok: plot_checks.py ($(grep -c '^ok:' "$scratch/checks.log") checks)"
  else
    fail "plot_checks.py:"; grep -v '^ok:' "$scratch/checks.log"
  fi
  exit $((failures > 0))
fi

out=$scratch/plots
expect_files "$out/bandwidth_f32_cold.png" "$out/bandwidth_f32_cold.svg" -- \
  bandwidth "$fixtures/h200_run1.csv" --out "$out" --format png,svg
expect_files "$out/heatmap_block_items_f32_cold_n268435456.png" -- \
  heatmap "$fixtures/h200_run1.csv" --n '2^28' --out "$out"
expect_files "$out/heatmap_vec_finish_f32_cold_n1048576.svg" -- \
  heatmap "$fixtures/h200_run2.csv" --n 1048576 --x vec --y finish --out "$out" --format svg
expect_files "$out/compare_f32_cold.png" -- \
  compare "$fixtures/h200_run1.csv" "$fixtures/h200_run2.csv" "$fixtures/synthetic_h100.csv" --out "$out"
expect_files "$out/gate.png" -- gate "$fixtures/h200_run1.csv" "$fixtures/h200_run2.csv" --out "$out"

# report: what dotsweep runs after a sweep, into the report folder itself.
mkdir "$scratch/report" && gzip -c "$fixtures/h200_run1.csv" >"$scratch/report/sweep.csv.gz"
expect_files "$scratch/report/bandwidth_f32_cold.png" "$scratch/report/heatmap_block_items_f32_cold_n268435456.png" -- \
  report "$scratch/report"

expect_error() {  # expect_error PATTERN -- ARGS...
  local pattern=$1
  shift 2
  "$python" "$plot" "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$? lines
  lines=$(wc -l <"$scratch/err")
  if [[ $got -ne 2 ]] || ! grep -q -- "$pattern" "$scratch/err" || [[ $lines -ne 1 ]]; then
    fail "plot.py $* -> exit $got (want 2), stderr ($lines lines):"; cat "$scratch/err"
  else
    echo "ok: plot.py $* -> 2: $(cat "$scratch/err")"
  fi
}
head -n 1 "$fixtures/h200_run1.csv" >"$scratch/header_only.csv"
echo "a,b" >"$scratch/other.csv"
expect_error "missing.csv" -- bandwidth "$scratch/missing.csv" --out "$out"
expect_error "no rows" -- bandwidth "$scratch/header_only.csv" --out "$out"
expect_error "not a dotsweep report" -- compare "$scratch/other.csv" --out "$out"
expect_error "two or more reports" -- compare "$fixtures/h200_run1.csv" --out "$out"
expect_error "2^12" -- heatmap "$fixtures/h200_run1.csv" --n '2^13' --out "$out"
expect_error "--format" -- bandwidth "$fixtures/h200_run1.csv" --format pdf --out "$out"
expect_error "holds no sweep.csv" -- report "$scratch/missing"
exit $((failures > 0))
