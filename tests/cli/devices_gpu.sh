#!/usr/bin/env bash
# --devices: one sweep per GPU of the host, at once, each into its own report
# folder, listed in devices.csv and devices.md. On every GPU the runtime sees
# (one is enough): each GPU's rows carry its device index and UUID (those
# nvidia-smi lists), its report is whole, a GPU that is not there is refused
# before anything is written, a GPU's failed sweep is the whole command's
# exit status, and a Ctrl-C stops every GPU's sweep with a report that
# `--resume INDEX` finishes to the rows of an uninterrupted one. With two or
# more GPUs, fleet.md gates them against each other. Needs a GPU (exit 77
# without one).
# Usage: devices_gpu.sh DOTSWEEP SOURCE_ROOT
set -u
dotsweep=$1
root=$2
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gpu

args=(--space "$root/variants/quick.toml" --sizes 4096,2^20 --mode cold --max-samples 30 --time-budget 0.05)
expect 2 "--devices: this host has no GPU 999" -- --devices 0,999 --out "$scratch/none" "${args[@]}"
[[ -e "$scratch/none" ]] && fail "a refused --devices left its --out folder behind"

"$dotsweep" --devices all "${args[@]}" --out "$scratch/all" >"$scratch/all.out" 2>"$scratch/all.err" ||
  { fail "--devices all: exit $?"; cat "$scratch/all.err"; }

# Every GPU's sweep fails (its folder already holds a report): the command
# exits with their status and says so in the index.
mkdir -p "$scratch/taken/gpu0" && cp "$scratch/all/gpu0/sweep.csv" "$scratch/taken/gpu0/"
"$dotsweep" --devices 0 "${args[@]}" --out "$scratch/taken" >/dev/null 2>"$scratch/taken.err"
status=$?
[[ $status -eq 2 ]] || { fail "--devices 0 into a taken gpu0 folder: exit $status, want 2"; cat "$scratch/taken.err"; }
grep -q "already holds a report" "$scratch/taken/gpu0.log" || fail "the taken folder's log does not say why"

# A Ctrl-C once GPU 0 has measured a row, then the resume from the index alone.
"$dotsweep" --devices 0 "${args[@]}" --out "$scratch/cut" >"$scratch/cut.out" 2>"$scratch/cut.err" &
pid=$!
for _ in $(seq 600); do
  [[ -s "$scratch/cut/gpu0/sweep.csv" && $(wc -l <"$scratch/cut/gpu0/sweep.csv") -ge 3 ]] && break
  sleep 0.1
done
kill -INT "$pid"
wait "$pid"
status=$?
[[ $status -eq 130 ]] || { fail "--devices 0 after a Ctrl-C: exit $status, want 130"; cat "$scratch/cut.err"; }
grep -q -- "--resume $scratch/cut" "$scratch/cut/devices.md" || fail "devices.md of the cut sweep gives no resume command"
"$dotsweep" --resume "$scratch/cut" >"$scratch/resume.out" 2>"$scratch/resume.err" ||
  { fail "--resume of the index: exit $?"; cat "$scratch/resume.err"; }

python3 - "$scratch" <<'PY' || fail "the checks above"
import csv, json, subprocess, sys
d = sys.argv[1]
ok = True
def check(cond, what):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
smi = subprocess.run(["nvidia-smi", "--query-gpu=uuid", "--format=csv,noheader"], capture_output=True, text=True)
uuids = {u.strip() for u in smi.stdout.splitlines() if u.strip()}
index = list(csv.DictReader(open(f"{d}/all/devices.csv")))
check(len(index) >= 1 and [int(r["device"]) for r in index] == list(range(len(index))),
      f"devices.csv lists devices 0..{len(index) - 1}")
check(len(index) <= len(uuids), f"no more GPUs than nvidia-smi lists ({len(index)} of {len(uuids)})")
keys = lambda rows: sorted((r["variant"], r["type"], r["n"], r["mode"]) for r in rows)
for r in index:
    folder = f"{d}/all/{r['folder']}"
    rows = list(csv.DictReader(open(folder + "/sweep.csv")))
    ctx = json.load(open(folder + "/context.json"))
    check(r["exit_status"] == "0" and r["folder"] == "gpu" + r["device"], f"GPU {r['device']}: exit 0 into {r['folder']}")
    check(r["gpu_uuid"] in uuids, f"GPU {r['device']}'s UUID {r['gpu_uuid']} is one nvidia-smi lists")
    check(rows and all(x["device"] == r["device"] and x["gpu_uuid"] == r["gpu_uuid"] for x in rows),
          f"every row of GPU {r['device']} carries device {r['device']} and its UUID")
    check(ctx["device"]["index"] == int(r["device"]) and ctx["device"]["uuid"] == r["gpu_uuid"] and
          ctx["run"]["completed"], f"GPU {r['device']}'s context.json: index, UUID, completed")
    check("--devices" not in ctx["command"] and ctx["command"][-5:-1] == ["--device", r["device"], "--out", folder],
          f"GPU {r['device']} ran the user's command with --device {r['device']} --out {r['folder']}")
md = open(f"{d}/all/devices.md").read()
check(all(f"`{r['folder']}/`" in md for r in index), "devices.md lists every GPU's folder")
if len(index) >= 2:
    check(("`fleet.md`: PASS" in md or "`fleet.md`: FAIL" in md) and open(f"{d}/all/fleet.md").read().startswith("# Fleet"),
          "devices.md gives the fleet's verdict and fleet.md is written")
else:
    check("No fleet: it needs the finished reports of two or more GPUs (1 here)." in md,
          "with one GPU, devices.md says why there is no fleet")
taken = list(csv.DictReader(open(f"{d}/taken/devices.csv")))
check([r["exit_status"] for r in taken] == ["2"], "the taken folder's GPU is recorded with exit 2")
cut = list(csv.DictReader(open(f"{d}/cut/devices.csv")))
check([r["exit_status"] for r in cut] == ["0"], "after the resume the index records exit 0")
whole = list(csv.DictReader(open(f"{d}/all/gpu0/sweep.csv")))
resumed = list(csv.DictReader(open(f"{d}/cut/gpu0/sweep.csv")))
check(keys(resumed) == keys(whole), f"the resumed GPU 0 holds the uninterrupted rows ({len(resumed)} of {len(whole)})")
sys.exit(0 if ok else 1)
PY

if [[ $failures -ne 0 ]]; then
  echo "$failures devices check(s) failed"
  exit 1
fi
echo "all devices checks passed"
