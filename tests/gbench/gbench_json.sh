#!/usr/bin/env bash
# dotsweep-gbench on a GPU: cuBLAS, thrust (host wall time), the floor
# (timed, not checked), the seed kernel as written (incorrect at n > one
# block, so an error) and one quick-space variant at 2^20, two
# repetitions, JSON; check_gbench_json.py checks the fields. Exit 77 without
# a usable device (1 under DOTSWEEP_REQUIRE_GPU=1: tests/cli/common.sh's
# skip). The JSON is left in $DOTSWEEP_GBENCH_JSON when set.
# Usage: gbench_json.sh DOTSWEEP_GBENCH SOURCE_ROOT PYTHON
set -u
gbench=$1
root=$2
python=$3
. "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"
n=1048576
variant=f32.b256.i2.v4.cover.warp.shfl.2pass.plain.f32
out=${DOTSWEEP_GBENCH_JSON:-$(mktemp)}
# The baselines are name.f32 once the quick space holds several types (docs/gbench.md).
suffix=
[[ -n $("$gbench" --space "$root/variants/quick.toml" --sizes "$n" --benchmark_list_tests \
  --benchmark_filter='^dot/cublas\.f32/' 2>/dev/null) ]] && suffix=.f32
"$gbench" --space "$root/variants/quick.toml" --sizes "$n" \
  --benchmark_filter="^dot/((cublas|thrust|floor|seed-as-written)${suffix//./\\.}|${variant//./\\.})/$n/" \
  --benchmark_repetitions=2 --benchmark_min_time=0.05 --benchmark_format=json >"$out"
status=$?
[[ $status -eq 3 ]] && skip "no usable GPU (dotsweep-gbench exit 3)"
[[ $status -eq 0 ]] || {
  echo "dotsweep-gbench failed (exit $status)"
  exit 1
}
"$python" "$root/tests/gbench/check_gbench_json.py" "$out" "$n" "$variant" "$suffix" || exit
# Benchmarks that all end in an error measure nothing: exit 1 and one line
# saying so (the seed kernel as written is incorrect at this n).
"$gbench" --space "$root/variants/quick.toml" --sizes "$n" --benchmark_filter="^dot/seed-as-written${suffix//./\\.}/$n/" \
  --benchmark_min_time=0.05 >/dev/null 2>"$out.err"
status=$?
if [[ $status -ne 1 ]] || ! grep -q '^dotsweep-gbench: nothing was measured: each of the 1 benchmarks run ended in an error$' "$out.err"; then
  echo "FAIL: only incorrect benchmarks -> exit $status (want 1 and the nothing-measured line): $(cat "$out.err")"
  exit 1
fi
echo "ok: only incorrect benchmarks -> 1: $(tail -n 1 "$out.err")"
