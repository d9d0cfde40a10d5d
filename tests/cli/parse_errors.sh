#!/usr/bin/env bash
# What the option parser finds wrong reaches the user as one line in our
# words, naming the option or word and what is accepted, exit 2, with
# nothing written: an unknown option or subcommand, a missing value or
# required argument, a value of the wrong type or out of range (nan too), an
# option given twice, a switch given a value. Each command's --help ends with its own exit codes.
# No GPU needed.
# Usage: parse_errors.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$(realpath "$1")  # absolute: the test runs inside its work folder
root=$(realpath "$2")
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
expect_fixed=1
export DOTSWEEP_NO_PLOTS=1

work=$scratch/work
mkdir -p "$work" && cd "$work" || exit 1
cp "$root/tests/fixtures/gate/h200-run1.csv" B.csv
cp "$root/tests/fixtures/gate/h200-run2.csv" C.csv
gate=(--baseline B.csv --current C.csv)

# common.sh's refusal, and none of the option parser's own words
refused_in_our_words() {
  refused "$@"
  grep -qiE "not expected|is required|required but|could not convert|not in range|not in \{|see dotsweep --help" "$scratch/err" &&
    fail "dotsweep ${*:3}: the option parser's own words reached the user"
}
accepted() {  # accepted ARGS...: the parser takes the values (the gate then passes or fails: 0 or 1)
  "$dotsweep" "$@" >/dev/null 2>"$scratch/err"
  local got=$?
  if [[ $got -ne 0 && $got -ne 1 ]]; then fail "dotsweep $* -> exit $got: $(cat "$scratch/err")"; else echo "ok: dotsweep $* -> $got"; fi
}

# ---- an unknown option or word, on the top level and in every subcommand
refused_in_our_words "dotsweep has no option --bogus; \`dotsweep --help\` lists what it takes" -- --bogus
refused_in_our_words "'bogus' is not a subcommand (sweep, list, info, compare, export, merge, gate, fleet, ab, distributed, report)" -- bogus
for command in sweep list info compare export merge gate fleet ab distributed report; do
  refused_in_our_words "dotsweep $command has no option --bogus; \`dotsweep $command --help\` lists what it takes" -- $command --bogus
done
# Named before a required option that is missing too (the parser checks those first).
refused_in_our_words "dotsweep gate has no option --bogus" -- gate --bogus --current C.csv
refused_in_our_words "dotsweep gate has no option --thresold" -- gate --thresold=3 "${gate[@]}"
refused_in_our_words "dotsweep list takes no argument 'extra' here" -- list extra
refused_in_our_words "dotsweep report takes no argument 'C.csv' here" -- report B.csv C.csv -o out

# ---- a required option or argument left out: named with what it is
refused_in_our_words "dotsweep gate needs --baseline (the reference report: sweep.csv or best.csv (.csv.gz too))" -- gate --current C.csv
refused_in_our_words "dotsweep gate needs --current" -- gate --baseline B.csv
refused_in_our_words "dotsweep report needs INPUT (a report folder, or a sweep.csv / .csv.gz)" -- report -o out
refused_in_our_words "dotsweep report needs --out" -- report B.csv
refused_in_our_words "dotsweep merge needs OUT" -- merge
refused_in_our_words "dotsweep merge needs REPORTS" -- merge out
refused_in_our_words "dotsweep compare needs REPORTS" -- compare
refused_in_our_words "dotsweep export needs REPORTS" -- export --header h.cuh
refused_in_our_words "dotsweep ab needs --kernels-b" -- ab

# ---- an option with no value after it
refused_in_our_words "--baseline needs a value (the reference report" -- gate --current C.csv --baseline
refused_in_our_words "--mode needs a value (the timings to choose from)" -- export B.csv --header h.cuh --mode
refused_in_our_words "--top needs a value" -- report B.csv -o out --top

# ---- a switch given a value: refused, whatever the value (the parser read
# --compile=yes as on and --compile=no as off, so a typo changed what ran)
space=$root/tests/fixtures/ab/space.toml
for value in yes no true false 1 0 bogus; do
  refused_in_our_words "--compile is a switch and takes no value; give --compile alone" -- \
    list --space "$space" --compile="$value"
done
refused_in_our_words "--use-cache is a switch and takes no value; give --use-cache alone" -- \
  list --space "$space" --compile --use-cache=1
refused_in_our_words "--require-all is a switch and takes no value; give --require-all alone" -- \
  gate "${gate[@]}" --require-all=false
refused_in_our_words "--print-summary is a switch and takes no value; give --print-summary alone" -- \
  merge out B.csv --print-summary=yes
refused_in_our_words "--no-progress is a switch and takes no value; give --no-progress alone" -- \
  --no-progress=0 --sizes 4096 --out out
refused_in_our_words "--no-isolate is a switch and takes no value; give --no-isolate alone" -- \
  sweep --sizes 4096 --out out --no-isolate=true
# The other side: each alone is taken, and an option's own value after '=' too.
accepted gate "${gate[@]}" --require-all
accepted gate "${gate[@]}" --threshold=2
"$dotsweep" list --space "$space" --compile >"$scratch/out" 2>"$scratch/err" ||
  fail "list --compile -> exit $?: $(cat "$scratch/err")"
grep -q "compiled sm_90" "$scratch/out" || fail "list --compile compiled nothing: $(tail -n 1 "$scratch/out")"
"$dotsweep" list --space="$space" >"$scratch/out" 2>"$scratch/err" || fail "list --space=: $(cat "$scratch/err")"
grep -q "compiled" "$scratch/out" && fail "list without --compile compiled"

# ---- an option given twice: refused, neither value taken
refused_in_our_words "--threshold is given more than once; give it once" -- gate "${gate[@]}" --threshold 1 --threshold 2
refused_in_our_words "--top is given more than once; give it once" -- report B.csv -o out --top 1 --top 2
refused_in_our_words "--device is given more than once; give it once" -- info --device 0 --device 1

# ---- a value of the wrong kind, or out of range: the range shown is the one checked
refused_in_our_words "--threshold: 'abc' is not a decimal number; accepted: more than 0 and at most 1000 (percent)" -- \
  gate "${gate[@]}" --threshold abc
refused_in_our_words "--threshold: 'nan' is not a decimal number; accepted: more than 0 and at most 1000 (percent)" -- \
  gate "${gate[@]}" --threshold nan
refused_in_our_words "--threshold: 'inf' is not a decimal number" -- fleet B.csv C.csv --threshold inf
refused_in_our_words "--threshold: '0x10' is not a decimal number" -- gate "${gate[@]}" --threshold 0x10
refused_in_our_words "--threshold: 0 is out of range; accepted: more than 0 and at most 1000 (percent)" -- gate "${gate[@]}" --threshold 0
refused_in_our_words "--threshold: 1000.001 is out of range" -- gate "${gate[@]}" --threshold 1000.001
refused_in_our_words "--threshold: 1e999 is out of range" -- gate "${gate[@]}" --threshold 1e999
accepted gate "${gate[@]}" --threshold 0.001
accepted gate "${gate[@]}" --threshold 1000
accepted gate "${gate[@]}" --threshold " 5 "
refused_in_our_words "--threshold: 0 is out of range; accepted: more than 0" -- fleet B.csv C.csv --threshold 0
refused_in_our_words "--threshold: -1 is out of range; accepted: more than 0" -- ab --kernels-b "$root/kernels" --threshold -1
refused_in_our_words "--min-gap-us: -0.5 is out of range; accepted: 0 or more and at most 1e+09 (microseconds)" -- \
  gate "${gate[@]}" --min-gap-us -0.5
accepted gate "${gate[@]}" --min-gap-us 0
refused_in_our_words "--min-gap-pct: 1001 is out of range; accepted: 0 or more and at most 1000" -- gate "${gate[@]}" --min-gap-pct 1001
accepted gate "${gate[@]}" --min-gap-pct 0
refused_in_our_words "--keep: 'nan' is not a decimal number; accepted: more than 0 and at most 1 (the fraction measured fully)" -- \
  --strategy halving --keep nan
refused_in_our_words "--keep: 1.5 is out of range" -- --strategy halving --keep 1.5
refused_in_our_words "--ci-target: 'abc' is not a decimal number; accepted: more than 0 and at most 100" -- --ci-target abc
refused_in_our_words "--time-budget: 3601 is out of range; accepted: more than 0 and at most 3600 (seconds)" -- --time-budget 3601
refused_in_our_words "--mode: 'warm' is not a timing mode; accepted: cold or hot" -- export B.csv --header h.cuh --mode warm
refused_in_our_words "--counters: 'bad' is not a counter scope; accepted: off, top or all" -- --counters bad
refused_in_our_words "--device: 'x' is not a whole decimal number; accepted: 0 or more" -- info --device x
"$dotsweep" gate --help >"$scratch/help"
grep -qF -- "--threshold FLOAT:more than 0 and at most 1000 (percent)" "$scratch/help" ||
  fail "gate --help does not show the range --threshold accepts: $(grep -- --threshold "$scratch/help")"
grep -qF -- "[0 - 1000]" "$scratch/help" && fail "gate --help shows [0 - 1000], which refuses 0"

# ---- each command's --help ends with its own exit codes, the sweep's syntax only where it applies
help_has() {  # help_has COMMAND TEXT...: `dotsweep COMMAND --help` says each TEXT
  local command=$1 text
  shift
  "$dotsweep" $command --help >"$scratch/help" 2>&1 || fail "dotsweep $command --help exited $?"
  for text in "$@"; do
    grep -qF -- "$text" "$scratch/help" || fail "dotsweep $command --help does not say '$text'"
  done
}
help_lacks() {  # help_lacks COMMAND TEXT...
  local command=$1 text
  shift
  "$dotsweep" $command --help >"$scratch/help" 2>&1
  for text in "$@"; do
    grep -qF -- "$text" "$scratch/help" && fail "dotsweep $command --help says '$text', which is not its own"
  done
}
sweep_only=("4 the" "130 interrupted" "2^12..2^28:2 steps")
help_has "" "Exit status: 0 done; 2 bad input" "3 no usable GPU" "4 the" "130 interrupted" "2^12..2^28:2 steps"
help_has sweep "Exit status: 0 done; 2 bad input" "4 the" "130 interrupted"
help_has list "Exit status: 0 done; 1 a variant failed to compile (--compile)" "2^12..2^28:2 steps" "Variant ids"
help_lacks list "3 no usable GPU" "4 the" "130 interrupted"
help_has info "Exit status: 0 done; 2 bad input" "3 no usable GPU"
help_lacks info "${sweep_only[@]}" "Variant ids"
for command in compare export merge report; do
  help_has $command "Exit status: 0 done; 2 bad input" "5 a host-side failure"
  help_lacks $command "${sweep_only[@]}" "3 no usable GPU" "Variant ids"
done
for command in gate fleet ab distributed; do help_lacks $command "130 interrupted" "2^12..2^28:2 steps" "Variant ids"; done

echo "$failures failures"
[[ $failures -eq 0 ]]
