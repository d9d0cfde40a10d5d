#!/usr/bin/env bash
# Bad input gets one clear line on stderr and a non-zero exit, never a crash.
# Usage: cli_errors.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

printf 'name = "bad"\n[axes]\nblock = [256, "x"]\n' >"$scratch/bad_type.toml"
printf 'name = "bad"\n[axes]\nblocks = [256]\n' >"$scratch/bad_key.toml"
printf 'name = "bad\n' >"$scratch/bad_syntax.toml"

expect 2 "cannot read space file" -- list --space "$scratch/missing.toml"
expect 2 "block" -- list --space "$scratch/bad_type.toml"
expect 2 "blocks" -- list --space "$scratch/bad_key.toml"
expect 2 "bad_syntax.toml" -- list --space "$scratch/bad_syntax.toml"
expect 2 "2^99" -- --sizes '2^99'
expect 2 "unknown mode" -- --mode warm
expect 2 "" -- --no-such-flag
# Counter options are checked before looking for a GPU.
expect 2 "counters" -- --counters some
expect 2 "empty metric name" -- --metrics 'dram__bytes_read.sum,,x'
expect 2 "names 'x' twice" -- sweep --metrics 'x,y,x'

# A folder that already holds a report is refused before looking for a GPU.
mkdir -p "$scratch/taken" && echo "rank,variant" >"$scratch/taken/sweep.csv"
expect 2 "already holds a report .*, or --resume it to continue that sweep$" -- --sizes 4096 --out "$scratch/taken"
# A folder with other files in it is fine; a name the file system refuses is
# the user's input, not a host error, for every command that writes a report.
long=$(printf 'n%.0s' {1..300})
expect 2 "cannot write a report there: File name too long" -- --sizes 4096 --out "$scratch/$long"
expect 2 "cannot write a report there: File name too long" -- report "$root/results/baselines/h200.csv.gz" -o "$scratch/$long"
expect 2 "2^29" -- --sizes '2^30'
# A kernel tree is read before looking for a GPU, and a bad one leaves no folder.
mkdir -p "$scratch/no_tree"
expect 2 "^dotsweep: --kernels '$scratch/missing_tree': no such folder$" -- --kernels "$scratch/missing_tree" \
  --sizes 4096 --out "$scratch/kernels_run"
expect 2 "^dotsweep: --kernels '$scratch/no_tree': not a kernel tree (it has no dot_kernel.cuh)$" -- \
  sweep --kernels "$scratch/no_tree" --sizes 4096 --out "$scratch/kernels_run"
[[ -e $scratch/kernels_run ]] && fail "a refused --kernels left $scratch/kernels_run behind"

# Without a usable GPU, a sweep says so in one line and exits 3; values at the
# ends of the accepted ranges pass the checks, and the unused --out folder is
# not left behind.
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect 3 "no usable CUDA device" -- --sizes 4096 --out "$scratch/run"
  expect 3 "no usable CUDA device" -- info
  expect 3 "no usable CUDA device" -- --sms 16 --sizes 4096 --out "$scratch/run"
  expect 3 "no usable CUDA device" -- info --sms 16
  expect 3 "no usable CUDA device" -- --seed 0 --top 0 --min-samples 1 --max-samples 1000000 --ci-target 100 \
    --time-budget 3600 --device 0 --max-configs 10000000 --mode hot,cold --sizes 1,2^29 --out "$scratch/new/deeper"
  [[ -e "$scratch/new" ]] && { echo "FAIL: the --out check left $scratch/new behind"; failures=$((failures + 1)); }
fi

# ---- Space files: a regular file of at most 1 MiB that declares at least one
# configuration; anything else is refused before it is read, by list and sweep.
: >"$scratch/empty.toml"
printf '# nothing but a comment\nname = "nothing"\n' >"$scratch/comments.toml"
{ printf '[axes]\nblock = [256]\n#'; head -c 1048576 /dev/zero | tr '\0' x; echo; } >"$scratch/large.toml"
for command in list sweep; do
  out=()
  [[ $command == sweep ]] && out=(--sizes 4096 --out "$scratch/space-run")
  expect 2 "^dotsweep: space file '/dev/zero' is not a regular file (a device, pipe or socket); give a .toml file$" -- \
    "$command" --space /dev/zero "${out[@]}"
  expect 2 "^dotsweep: space file '/dev/null' is not a regular file" -- "$command" --space /dev/null "${out[@]}"
  expect 2 "^dotsweep: space file '$scratch' is a folder; give a .toml file$" -- "$command" --space "$scratch" "${out[@]}"
  expect 2 "^dotsweep: $scratch/empty.toml: the space declares no configuration: give at least one \[axes\] value" -- \
    "$command" --space "$scratch/empty.toml" "${out[@]}"
  expect 2 "^dotsweep: $scratch/comments.toml: the space declares no configuration" -- \
    "$command" --space "$scratch/comments.toml" "${out[@]}"
  expect 2 "^dotsweep: space file '$scratch/large.toml' is 1048599 bytes; the limit for a space file is 1048576 bytes (1 MiB)$" -- \
    "$command" --space "$scratch/large.toml" "${out[@]}"
done
[[ -e "$scratch/space-run" ]] && fail "a refused space file left $scratch/space-run behind"

# ---- Options before a named subcommand are refused, never dropped unread:
# the top level takes the sweep's options only for the sweep with no subcommand.
expect 2 "^dotsweep: --space comes before the subcommand 'list'; put options after it (dotsweep list --help" -- \
  --space "$root/variants/quick.toml" list
expect 2 "^dotsweep: --sizes comes before the subcommand 'sweep'; put options after it" -- \
  --sizes '2^99' sweep --sizes 4096 --out "$scratch/before"
expect 2 "^dotsweep: --sizes comes before the subcommand 'sweep'" -- --sizes=4096 sweep --out "$scratch/before"
expect 2 "^dotsweep: --no-isolate comes before the subcommand 'info'" -- --no-isolate info
expect 2 "^dotsweep: --device comes before the subcommand 'info'" -- --device 0 info
[[ -e "$scratch/before" ]] && fail "a refused option before the subcommand left $scratch/before behind"

# ---- --mode: each mode once, no empty item; --sizes merges repeats (ranges may overlap).
expect 2 "^dotsweep: --mode 'cold,cold' names cold twice; accepted: cold, hot, cold,hot or hot,cold$" -- \
  --mode cold,cold --sizes 4096 --out "$scratch/modes"
expect 2 "^dotsweep: --mode 'hot,cold,hot' names hot twice" -- sweep --mode hot,cold,hot --sizes 4096 --out "$scratch/modes"
expect 2 "^dotsweep: --mode 'cold,' has an empty item" -- --mode cold, --sizes 4096 --out "$scratch/modes"
expect 2 "^dotsweep: --mode ',hot' has an empty item" -- --mode ,hot --sizes 4096 --out "$scratch/modes"
[[ -e "$scratch/modes" ]] && fail "a refused --mode left $scratch/modes behind"

# ---- Bad numbers: one line naming the option, the value and the range; exit 2
# before looking for a GPU (the same runs without the bad option reach exit 3).
run=(--sizes 4096 --out "$scratch/run")
expect 2 "max-samples: 0 is out of range; accepted: 1..1000000" -- --max-samples 0 "${run[@]}"
expect 2 "min-samples 50 is more than --max-samples 5" -- --min-samples 50 --max-samples 5 "${run[@]}"
expect 2 "min-samples: 0 is out of range" -- --min-samples 0 "${run[@]}"
expect 2 "ci-target: 0 is out of range; accepted: more than 0 and at most 100" -- --ci-target 0 "${run[@]}"
expect 2 "ci-target: -1 is out of range" -- --ci-target -1 "${run[@]}"
expect 2 "ci-target: 1e9 is out of range" -- --ci-target 1e9 "${run[@]}"
expect 2 "ci-target: 'nan' is not a decimal number" -- --ci-target nan "${run[@]}"
expect 2 "time-budget: -5 is out of range; accepted: more than 0 and at most 3600" -- --time-budget -5 "${run[@]}"
expect 2 "time-budget: 0 is out of range" -- sweep --time-budget 0 "${run[@]}"
expect 2 "seed: -1 is out of range; accepted: 0 or more" -- --seed -1 "${run[@]}"
expect 2 "seed: 18446744073709551616 is out of range" -- --seed 18446744073709551616 "${run[@]}"
expect 2 "top: '010' has a leading zero" -- --top 010 "${run[@]}"
expect 2 "max-samples: '0x10' is not a whole decimal number" -- sweep --max-samples 0x10 "${run[@]}"
expect 2 "device: -1 is out of range; accepted: 0 or more" -- --device -1 "${run[@]}"
expect 2 "device: -1 is out of range" -- info --device -1
expect 2 "max-configs: 0 is out of range; accepted: 1..10000000" -- --max-configs 0 "${run[@]}"
# --sms: checked before the GPU; more SMs than the GPU has needs the GPU (sm_partition_gpu.sh).
expect 2 "sms: 0 is out of range; accepted: 1..1000000" -- --sms 0 "${run[@]}"
expect 2 "sms: -8 is out of range" -- sweep --sms -8 "${run[@]}"
expect 2 "sms: '1.5' is not a whole decimal number" -- --sms 1.5 "${run[@]}"
expect 2 "sms: 'all' is not a whole decimal number" -- --sms all "${run[@]}"
expect 2 "sms: 0 is out of range" -- info --sms 0
expect 2 "counters top with --sms" -- --counters top --sms 16 "${run[@]}"

# ---- list: --arch is checked against NVRTC's own list, with or without --compile.
for arch in 10 0 -1 999; do
  expect 2 "arch $arch: NVRTC .* compiles for sm_" -- list --compile --arch "$arch"
  expect 2 "arch $arch: NVRTC .* compiles for sm_" -- list --arch "$arch"
done
# Without --compile, --arch plans for that GPU: what it lacks is listed as
# rejected with the reason (the unit tests check which, per arch).
if ! "$dotsweep" list --arch 80 >"$scratch/list80" 2>"$scratch/err"; then
  fail "dotsweep list --arch 80 exited non-zero: $(cat "$scratch/err")"
elif ! grep -q $'\trejected: finish cluster needs .*(sm_90 or newer); this is sm_80$' "$scratch/list80"; then
  fail "dotsweep list --arch 80 rejects no cluster finish for sm_80"
elif ! grep -q '^# space .default.: [0-9]* configs, planned for sm_80$' "$scratch/list80"; then
  fail "dotsweep list --arch 80 does not say which arch it planned for: $(head -1 "$scratch/list80")"
elif "$dotsweep" list --arch 90 | grep -q 'rejected:'; then
  fail "dotsweep list --arch 90 rejects part of the default space"
else
  echo "ok: dotsweep list --arch 80 rejects the cluster finish, --arch 90 nothing"
fi
expect 2 "use-cache only applies with --compile" -- list --use-cache

# ---- An empty string is refused, never read as "the default".
expect 2 "sizes: the value is empty" -- --sizes "" --out "$scratch/run"
expect 2 "space: the value is empty" -- --space "" "${run[@]}"
expect 2 "out: the value is empty" -- --sizes 4096 --out ""
expect 2 "cache-dir: the value is empty" -- --cache-dir "" "${run[@]}"
expect 2 "mode: the value is empty" -- --mode "" "${run[@]}"
expect 2 "space: the value is empty" -- list --space ""

# ---- Size ranges that once overflowed into other sizes or steps.
expect 2 "'2^34..2^34:2147483647' has step 2147483647; the step of the exponent must be 1..29" -- \
  --sizes '2^34..2^34:2147483647' --out "$scratch/run"
expect 2 "'2^12..2^28:4294967297' has step 4294967297" -- --sizes '2^12..2^28:4294967297' --out "$scratch/run"
expect 2 "'2^28..2^34' is above 2^29" -- --sizes '2^28..2^34' --out "$scratch/run"

# ---- --out that cannot hold a report, refused before looking for a GPU.
: >"$scratch/a_file"
expect 2 "out '$scratch/a_file' is an existing file, not a folder" -- --sizes 4096 --out "$scratch/a_file"
expect 2 "cannot write a report there: '$scratch/a_file' is a file" -- --sizes 4096 --out "$scratch/a_file/sub"
expect 2 "out '/proc/dotsweep-test/run': cannot write a report there" -- --sizes 4096 --out /proc/dotsweep-test/run

# ---- A space with no valid configuration: `list` shows why (exit 0), a sweep refuses (exit 2).
printf 'name = "none"\n[axes]\nblock = [2000, 48]\n' >"$scratch/none.toml"
expect 2 "none of its 2 configurations is valid" -- --space "$scratch/none.toml" "${run[@]}"
if ! "$dotsweep" list --space "$scratch/none.toml" >"$scratch/list" 2>&1 || ! grep -q "^# 0 valid, 2 rejected" "$scratch/list"; then
  echo "FAIL: list of a space with no valid configuration"; cat "$scratch/list"; failures=$((failures + 1))
fi

# ---- Huge spaces are refused before they are built, with the count and the limit.
values() { seq -s, "$@"; }
printf '[axes]\nblock = [%s]\nitems = [%s]\nvec = [%s]\n' "$(values 1 1600)" "$(values 1 1600)" "$(values 1 1600)" \
  >"$scratch/huge.toml"
expect 2 "expands to 4096000000 configurations (1600 block x 1600 items x 1600 vec .*over the limit of 10000" -- \
  list --space "$scratch/huge.toml"
expect 2 "expands to 4096000000 configurations" -- --space "$scratch/huge.toml" "${run[@]}"
grids=$(for k in $(seq 1 23); do printf ', "persistent:%d"' "$k"; done)
printf '[axes]\nblock = [%s]\nitems = [%s]\nvec = [1, 2, 4]\ngrid = ["cover"%s]\nreduce = ["shuffle"]\nfinish = ["two_pass", "atomic"]\n' \
  "$(values 32 32 1024)" "$(values 1 16)" "$grids" >"$scratch/wide.toml"
expect 2 "expands to 73728 configurations .*over the limit of 10000; .*--max-configs" -- list --space "$scratch/wide.toml"
if ! "$dotsweep" list --space "$scratch/wide.toml" --max-configs 100000 >"$scratch/list" 2>&1 ||
  ! grep -q "^# 73728 valid, 0 rejected" "$scratch/list"; then
  echo "FAIL: list --max-configs 100000 of the 73728-config space"; tail -3 "$scratch/list"; failures=$((failures + 1))
fi

# ---- A newcomer's first five minutes.
if ! "$dotsweep" --version >"$scratch/out" 2>"$scratch/err" || ! grep -q "^dotsweep [0-9.]*, NVRTC [0-9]*\.[0-9]*$" "$scratch/out" ||
  [[ -s "$scratch/err" ]]; then
  echo "FAIL: --version"; cat "$scratch/out" "$scratch/err"; failures=$((failures + 1))
fi
"$dotsweep" --help >"$scratch/out" 2>&1
for part in "Exit status: 0 done; 2 bad input" "3 no usable GPU" "4 the GPU failed" \
  "5 a host-side failure" "2^12..2^28:2 steps the exponent by 2" "1..2^29" "f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32" \
  "--version" "--max-configs" "atick = one launch" "gather = one launch" \
  "cubrakec = cub_raking_commutative" "pf256 = l2_prefetch," "hint l2_prefetch (sm_80)," "hint bulk (sm_90)," "hint pdl_l2 (sm_90)."; do
  grep -qF -- "$part" "$scratch/out" || { echo "FAIL: --help does not say '$part'"; failures=$((failures + 1)); }
done
# An unusable cache folder is warned about once, and the run goes on without it.
printf '[axes]\nblock = [256]\nitems = [4]\nvec = [4]\n' >"$scratch/one.toml"
DOTSWEEP_CACHE_DIR=/proc/dotsweep-cache expect 0 "warning: cubin cache '/proc/dotsweep-cache' is not usable" -- \
  list --space "$scratch/one.toml" --compile --use-cache
DOTSWEEP_CACHE_DIR="$scratch/a_file" expect 0 "warning: cubin cache '$scratch/a_file' is not usable" -- \
  list --space "$scratch/one.toml" --compile --use-cache

# Running out of host memory is a host error (exit 5, one line), not "the GPU
# failed": a space of 215^3 (just under 10^7) configs listed under an
# address-space limit 60 MB above what the binary needs to start (the CUDA
# libraries map most of it); building the space needs about 1.5 GB.
printf '[axes]\nblock = [%s]\nitems = [%s]\nvec = [%s]\n' "$(values 1 215)" "$(values 1 215)" "$(values 1 215)" \
  >"$scratch/big.toml"
# Under ASan (tools/sanitize.sh) a process under an address-space limit may
# stop in the sanitizer itself (its shadow memory or its own allocator); those
# logs go to this test's scratch folder, not to the logs that fail the step.
limited_asan="${ASAN_OPTIONS:-}:log_path=$scratch/asan-under-limit"
start_kb=0
for kb in $(seq 400000 100000 6000000); do
  # (a segfault in the loader at too low a limit is expected: silenced by the subshell)
  if (ulimit -v "$kb" && ASAN_OPTIONS=$limited_asan "$dotsweep" list --space "$scratch/one.toml" >/dev/null 2>&1) 2>/dev/null; then
    start_kb=$kb
    break
  fi
done
if ((start_kb > 0)); then
  (ulimit -v $((start_kb + 60000)) && ASAN_OPTIONS=$limited_asan exec "$dotsweep" list --space "$scratch/big.toml" --max-configs 10000000) \
    >/dev/null 2>"$scratch/err"
  got=$?
  if [[ $got -ne 5 ]] || ! grep -q "^dotsweep: host error: out of host memory" "$scratch/err" || [[ $(wc -l <"$scratch/err") -ne 1 ]]; then
    echo "FAIL: out of host memory -> exit $got (want 5):"; cat "$scratch/err"; failures=$((failures + 1))
  else
    echo "ok: list of 215^3 configs under ulimit -v $((start_kb + 60000)) -> 5: $(cat "$scratch/err")"
  fi
else
  echo "skipped: no address-space limit up to 6 GB lets dotsweep start"
fi

# NVRTC needs the toolkit headers: a directory without them is refused in one
# line naming it and the fix, before any GPU is looked for.
DOTSWEEP_CUDA_INCLUDE="$scratch" expect 2 "cuda_fp16.h, which is not in '$scratch' (DOTSWEEP_CUDA_INCLUDE)" -- \
  list --space "$root/variants/quick.toml" --compile
DOTSWEEP_CUDA_INCLUDE="$scratch" expect 2 "set DOTSWEEP_CUDA_INCLUDE to the toolkit's include directory" -- \
  sweep --space "$root/variants/quick.toml" --out "$scratch/run-inc"

# The blocker's wait (docs/measuring.md): a bad value is refused before the GPU,
# for a sweep and for ab, and leaves no report folder behind.
DOTSWEEP_BLOCKER_TIMEOUT_S=0 expect 2 "DOTSWEEP_BLOCKER_TIMEOUT_S '0' is not whole seconds in 1..86400" -- \
  sweep --space "$root/variants/quick.toml" --out "$scratch/run-blocker"
[[ -e $scratch/run-blocker ]] && fail "a refused DOTSWEEP_BLOCKER_TIMEOUT_S left $scratch/run-blocker behind"
DOTSWEEP_BLOCKER_TIMEOUT_S=10s expect 2 "DOTSWEEP_BLOCKER_TIMEOUT_S '10s' is not whole seconds" -- \
  ab --kernels-b "$root/kernels" --space "$root/variants/quick.toml"

# ---- Search strategies: the names and their options' relations, before the GPU.
expect 2 "unknown strategy 'greedy'; accepted: exhaustive, random, halving" -- --strategy greedy "${run[@]}"
expect 2 "--strategy random needs --budget N" -- --strategy random "${run[@]}"
expect 2 "--budget: 0 is out of range; accepted: 1 or more" -- --strategy random --budget 0 "${run[@]}"
expect 2 "--budget only applies with --strategy random" -- --budget 5 "${run[@]}"
expect 2 "--keep: 0 is out of range" -- --strategy halving --keep 0 "${run[@]}"
expect 2 "--keep: 1.5 is out of range" -- sweep --strategy halving --keep 1.5 "${run[@]}"
expect 2 "--keep only applies with --strategy halving" -- --keep 0.5 "${run[@]}"
expect 2 "--strategy: the value is empty" -- --strategy "" "${run[@]}"
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect 3 "no usable CUDA device" -- --strategy random --budget 3 "${run[@]}"
  expect 3 "no usable CUDA device" -- sweep --strategy halving --keep 1 "${run[@]}"
fi

# ---- Fault isolation (the default): --worker is for the supervisor only; the
# worker reports bad input and a missing GPU as an in-process sweep
# (--no-isolate) does, in one line. --isolate, once the default spelled out,
# is no option: it is refused like any unknown one, before the GPU is looked for.
expect 2 "--worker: this run was not started by a dotsweep supervisor" -- --worker "${run[@]}"
expect 2 "max-samples: 0 is out of range" -- --max-samples 0 "${run[@]}"
expect 2 "max-samples: 0 is out of range" -- --no-isolate --max-samples 0 "${run[@]}"
expect 2 "unknown strategy" -- --no-isolate --strategy x "${run[@]}"
expect 2 "dotsweep has no option --isolate" -- --isolate "${run[@]}"
expect 2 "--resume '$scratch/none': no such folder" -- --resume "$scratch/none" --sizes 4096
expect 2 "--resume '$scratch/none': no such folder" -- --no-isolate --resume "$scratch/none" --sizes 4096
# --devices: its value and the options it cannot share a command with are
# refused before any GPU is looked for, leaving no --out folder behind.
expect 2 "--devices 'x': 'x' is not a GPU index; accepted: all, or distinct" -- --devices x --out "$scratch/dev" --sizes 4096
expect 2 "--devices '0,0': GPU 0 is named twice" -- --devices 0,0 --out "$scratch/dev" --sizes 4096
expect 2 "--devices '0,,1': an empty entry" -- sweep --devices 0,,1 --out "$scratch/dev" --sizes 4096
expect 2 "--devices '1,all': 'all' stands alone" -- --devices 1,all --out "$scratch/dev" --sizes 4096
expect 2 "--devices '': no GPU named" -- --devices "" --out "$scratch/dev" --sizes 4096
expect 2 "--device and --devices together" -- --devices all --device 1 --out "$scratch/dev" --sizes 4096
expect 2 "--shard with --devices" -- --devices all --shard 1/2 --out "$scratch/dev" --sizes 4096
expect 2 "--devices with --resume" -- --devices all --resume "$scratch/none"
expect 2 "--sizes: " -- --devices all --sizes 2^99 --out "$scratch/dev"
[[ -e "$scratch/dev" ]] && fail "a refused --devices sweep left its --out folder behind"
# Its --out is checked as a sweep's is, before the GPUs are looked for.
echo text >"$scratch/dev-file"
mkdir -p "$scratch/dev-report" "$scratch/dev-index"
cp "$root/tests/fixtures/gate/h200-run1.csv" "$scratch/dev-report/sweep.csv"
echo "device,folder" >"$scratch/dev-index/devices.csv"
expect 2 "--out '$scratch/dev-file' is an existing file, not a folder" -- --devices all --sizes 4096 --out "$scratch/dev-file"
expect 2 "already holds a report (sweep.csv)" -- --devices all --sizes 4096 --out "$scratch/dev-report"
expect 2 "already holds a --devices sweep (devices.csv)" -- --devices all --sizes 4096 --out "$scratch/dev-index"
expect 2 "cannot write a report there" -- --devices all --sizes 4096 --out /proc/dotsweep-devices
expect 2 "cannot write a report there: File name too long" -- --devices all --sizes 4096 --out "$scratch/$(printf 'd%.0s' {1..300})"
# dotsweep distributed: bad input before any GPU (or NCCL) is looked for.
expect 2 "--types 'f16': 'f16' is not one the distributed dot takes; accepted: f32, f64" -- distributed --types f16 --out "$scratch/dist"
expect 2 "--types 'f32,f32': f32 is named twice" -- distributed --types f32,f32 --out "$scratch/dist"
expect 2 "--gpus '1,0': '0' is not a new GPU count" -- distributed --gpus 1,0 --out "$scratch/dist"
expect 2 "--gpus '2,2': '2' is not a new GPU count" -- distributed --gpus 2,2 --out "$scratch/dist"
expect 2 "--sizes: n = 1 cannot be split across 2 GPUs" -- distributed --gpus 1,2 --sizes 1,4096 --out "$scratch/dist"
expect 2 "--devices 'x': 'x' is not a GPU index" -- distributed --devices x --out "$scratch/dist"
expect 2 "--min-samples 5 is more than --max-samples 2" -- distributed --min-samples 5 --max-samples 2 --out "$scratch/dist"
expect 2 "--ci-target: 0 is out of range" -- distributed --ci-target 0 --out "$scratch/dist"
mkdir -p "$scratch/dist-taken" && : >"$scratch/dist-taken/distributed.csv"
expect 2 "already holds distributed.csv" -- distributed --out "$scratch/dist-taken"
[[ -e "$scratch/dist" ]] && fail "a refused distributed run left its --out folder behind"
# A --devices index resumes from the folder alone.
mkdir -p "$scratch/index"
printf 'device,gpu,gpu_uuid,folder,exit_status,seconds\n0,NVIDIA H200,GPU-0,gpu0,130,1.0\n' >"$scratch/index/devices.csv"
expect 2 "--resume of a --devices sweep takes the folder alone .*; drop --sizes" -- --resume "$scratch/index" --sizes 4096
expect 2 "--resume of a --devices sweep takes the folder alone .*; drop --mode" -- sweep --resume "$scratch/index" --mode hot
printf 'device,gpu,folder\n0,NVIDIA H200,gpu0\n' >"$scratch/index/devices.csv"
expect 2 "not the index of a --devices sweep" -- --resume "$scratch/index"
if ! nvidia-smi -L >/dev/null 2>&1; then
  expect 3 "no usable CUDA device" -- "${run[@]}"
  expect 3 "no usable CUDA device" -- --no-isolate "${run[@]}"
fi

# The quick space lists without a GPU.
if ! "$dotsweep" list --space "$root/variants/quick.toml" >"$scratch/list" 2>&1; then
  echo "FAIL: list quick.toml"; cat "$scratch/list"; failures=$((failures + 1))
elif ! grep -q "^# 87 valid, 0 rejected" "$scratch/list"; then
  echo "FAIL: list quick.toml did not report 87 valid variants"; cat "$scratch/list"; failures=$((failures + 1))
fi
exit $((failures > 0))
