#!/usr/bin/env bash
# tools/sanitizer_logs.py, which decides whether tools/sanitize.sh passes: a
# report fails, a process that could not start under ASan does not, and a
# crash of the leak checker's tracer asks for a second run (exit 3) without
# hiding a report beside it.
#   sanitizer_logs.sh SOURCE_ROOT
set -euo pipefail
root=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
# expect NAME STATUS FILE... : the folder holding FILEs is judged STATUS.
expect() {
  local name=$1 want=$2; shift 2
  rm -rf "$work/logs" && mkdir "$work/logs"
  for file in "$@"; do cp "$work/$file" "$work/logs/$file.$RANDOM"; done
  local got=0
  python3 "$root/tools/sanitizer_logs.py" "$work/logs" >"$work/out" 2>&1 || got=$?
  if [[ $got -ne $want ]]; then
    echo "FAIL: $name: exit $got, expected $want"; cat "$work/out"; failures=$((failures + 1))
  else
    echo "ok: $name (exit $got)"
  fi
}
cat >"$work/shadow" <<'LOG'
==123==ERROR: AddressSanitizer failed to allocate 0x10000000000 (1099511627776) bytes at address 7fff8000 (errno: 12)
==123==ReserveShadowMemoryRange failed while trying to map 0xdfff0001000 bytes. Perhaps you're using ulimit -v
LOG
cat >"$work/tracer" <<'LOG'
Tracer caught signal 11: addr=0xab48 pc=0x7f8de70e80f0 sp=0x7f8de3246d10
==24062==LeakSanitizer has encountered a fatal error.
==24062==HINT: For debugging, try setting environment variable LSAN_OPTIONS=verbosity=1:log_threads=1
==24062==HINT: LeakSanitizer does not work under ptrace (strace, gdb, etc)
LOG
cat >"$work/overflow" <<'LOG'
==77==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014 at pc 0x55d4 bp 0x7ffd sp 0x7ffd
READ of size 4 at 0x602000000014 thread T0
    #0 0x55d4 in parse_sizes src/core/space/size_list.cpp:42
LOG
cat >"$work/leak" <<'LOG'
==88==ERROR: LeakSanitizer: detected memory leaks
Direct leak of 16 byte(s) in 1 object(s) allocated from:
    #0 0x7f in operator new(unsigned long)
SUMMARY: AddressSanitizer: 16 byte(s) leaked in 1 allocation(s).
LOG
cat >"$work/ubsan" <<'LOG'
src/core/stats.cpp:17:12: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'
LOG
cat "$work/leak" "$work/tracer" >"$work/leak_then_crash"
grep -v 'fatal error' "$work/tracer" >"$work/hints_only"

expect "no logs" 0
expect "only processes that could not start" 0 shadow shadow
expect "a tracer crash asks for a second run" 3 tracer
expect "a tracer crash beside a shadow failure" 3 tracer shadow
expect "an ASan report" 1 overflow
expect "an ASan report beside a tracer crash" 1 overflow tracer
expect "a leak report" 1 leak
expect "a leak report, then the tracer crashed" 1 leak_then_crash
expect "a UBSan report" 1 ubsan
expect "crash hints without the crash" 1 hints_only
if python3 "$root/tools/sanitizer_logs.py" "$work/missing" >/dev/null 2>&1; then
  echo "FAIL: a missing folder was accepted"; failures=$((failures + 1))
fi
((failures == 0)) || { echo "FAIL: $failures cases"; exit 1; }
echo "PASS: sanitizer log classification"
