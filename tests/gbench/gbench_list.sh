#!/usr/bin/env bash
# dotsweep-gbench without a GPU: --benchmark_list_tests names every baseline
# and every variant `dotsweep list` gives, at every size, in the documented
# form dot/<operation>/<n>/manual_time; filters select by that name; its own
# flags reject bad input with one line and exit 2.
# Usage: gbench_list.sh DOTSWEEP_GBENCH DOTSWEEP SOURCE_ROOT
set -u
gbench=$1
dotsweep=$2
root=$3
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The operations a sweep measures: the four baselines, then the space's valid variants.
expected_operations() {  # expected_operations [--space FILE]
  printf '%s\n' cublas cub seed-as-written seed-two-pass
  "$dotsweep" list "$@" | grep -v '^#'
}

# check_listing SIZES_FLAG N1,N2,... [--space FILE]
check_listing() {
  local sizes_text=$1 sizes=$2
  shift 2
  if ! "$gbench" --benchmark_list_tests --sizes "$sizes_text" "$@" >"$scratch/list" 2>"$scratch/err"; then
    fail "dotsweep-gbench --benchmark_list_tests --sizes $sizes_text $* failed: $(cat "$scratch/err")"
    return
  fi
  expected_operations "$@" >"$scratch/ops"
  : >"$scratch/want"
  local n
  for n in ${sizes//,/ }; do
    sed "s|.*|dot/&/$n/manual_time|" "$scratch/ops" >>"$scratch/want"
  done
  if ! diff -q "$scratch/want" "$scratch/list" >/dev/null; then
    fail "listing for --sizes $sizes_text $* differs from the expected names:"
    diff "$scratch/want" "$scratch/list" | head -n 10
  else
    echo "ok: --sizes $sizes_text $*: $(wc -l <"$scratch/list") benchmarks, e.g. $(sed -n 5p "$scratch/list")"
  fi
}

check_listing '2^28,4096' 4096,268435456
check_listing '2^20+3' 1048579 --space "$root/variants/quick.toml"
# The default sizes are the sweep's: 1, 2^12..2^28:2, 1000003, 2^20+3.
check_listing '1,2^12..2^28:2,1000003,2^20+3' 1,4096,16384,65536,262144,1000003,1048576,1048579,4194304,16777216,67108864,268435456
"$gbench" --benchmark_list_tests >"$scratch/default" 2>/dev/null
"$gbench" --benchmark_list_tests --sizes '1,2^12..2^28:2,1000003,2^20+3' >"$scratch/explicit" 2>/dev/null
cmp -s "$scratch/default" "$scratch/explicit" || fail "without --sizes the listing is not the default sizes'"
# Its flags also take the --flag=value form.
"$gbench" --benchmark_list_tests --sizes=2^20+3 --space="$root/variants/quick.toml" >"$scratch/equals" 2>/dev/null
"$gbench" --benchmark_list_tests --sizes 2^20+3 --space "$root/variants/quick.toml" >"$scratch/spaced" 2>/dev/null
[[ -s $scratch/equals ]] && cmp -s "$scratch/equals" "$scratch/spaced" || fail "--sizes=V --space=V differ from --sizes V --space V"

# Google Benchmark's filter selects by these names.
"$gbench" --benchmark_list_tests --sizes 4096,2^28 --benchmark_filter='^dot/cublas/268435456' >"$scratch/one"
[[ $(cat "$scratch/one") == dot/cublas/268435456/manual_time ]] || fail "filter on cublas at 2^28 gave: $(cat "$scratch/one")"
"$gbench" --benchmark_list_tests --sizes 2^28 --benchmark_filter='dot/f32\.b256\.i4\.v4\.p2\.warp\.shfl\.atomic\.plain\.f32/' >"$scratch/one"
[[ $(cat "$scratch/one") == dot/f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32/268435456/manual_time ]] ||
  fail "filter on one variant gave: $(cat "$scratch/one")"

# Bad input: exit 2, one line on stderr naming the problem, nothing run.
expect_error() {  # expect_error PATTERN ARGS...
  local pattern=$1
  shift
  "$gbench" "$@" >"$scratch/out" 2>"$scratch/err"
  local got=$?
  if [[ $got -ne 2 ]] || [[ $(wc -l <"$scratch/err") -ne 1 ]] || ! grep -q -- "$pattern" "$scratch/err"; then
    fail "dotsweep-gbench $* -> exit $got (want 2, one stderr line matching '$pattern'): $(cat "$scratch/err")"
  else
    echo "ok: dotsweep-gbench $* -> 2: $(cat "$scratch/err")"
  fi
}
expect_error '^dotsweep: --sizes: ' --sizes 0 --benchmark_list_tests
expect_error '^dotsweep: --sizes: ' --sizes '2^30' --benchmark_list_tests
expect_error '^dotsweep: .*needs a value' --benchmark_list_tests --sizes
expect_error '^dotsweep: cannot read space file' --space "$scratch/none.toml" --benchmark_list_tests
expect_error "^dotsweep: --device: 'x'" --device x --benchmark_list_tests
expect_error "^dotsweep: unknown argument '--bogus'" --bogus --benchmark_list_tests
printf '[space]\nname = "broken"\nblock = [\n' >"$scratch/broken.toml"
expect_error '^dotsweep: ' --space "$scratch/broken.toml" --benchmark_list_tests

echo "$failures failure(s)"
[[ $failures -eq 0 ]]
