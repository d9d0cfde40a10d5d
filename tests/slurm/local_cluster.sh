# shellcheck shell=bash
# A one-node Slurm on this machine for tests: munged, slurmctld and slurmd
# with a generated slurm.conf in a private folder, on free ports, three fake
# GPUs (a gres without device files). Needs root and Debian's slurm-wlm and
# munge. Source it, then:
#   cluster_start DIR   start it (exports SLURM_CONF); returns 77 when it cannot run here
#                       (no root, no Slurm, or a daemon that will not start on this machine)
#   cluster_stop        stop the daemons started (by their pids) and show nothing
# The daemons' logs stay in DIR for a failing test to print.

cluster_pids=()

cluster_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

cluster_start() {
  local dir=$1 host key
  if [[ $(id -u) -ne 0 ]]; then echo "skip: a local Slurm needs root"; return 77; fi
  for tool in munged slurmctld slurmd sbatch scontrol squeue; do
    command -v "$tool" >/dev/null || { echo "skip: $tool not installed (apt-get install slurm-wlm munge)"; return 77; }
  done
  host=$(hostname -s)  # reached at 127.0.0.1: the name need not resolve
  mkdir -p "$dir"/{munge,state,spool,log}
  chmod 700 "$dir/munge"
  # A key of its own, so this cluster cannot talk to any other munged.
  key="$dir/munge/munge.key"
  head -c 128 /dev/urandom >"$key"
  chmod 400 "$key"
  munged --force --socket="$dir/munge/socket" --key-file="$key" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" || { echo "skip: munged did not start here"; return 77; }
  cluster_pids+=("$(cat "$dir/munge/munged.pid")")
  local node_line
  node_line=$(slurmd -C | head -n 1 | sed 's/ UpTime=.*//')
  cat >"$dir/slurm.conf" <<CONF
ClusterName=dotsweeptest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# cred_expire: a requeued job may start again one credential lifetime later (120 s by default)
AuthInfo=socket=$dir/munge/socket,cred_expire=10
CredType=cred/munge
SlurmctldPort=$(cluster_free_port)
SlurmdPort=$(cluster_free_port)
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
GresTypes=gpu
$node_line NodeAddr=127.0.0.1 Gres=gpu:3 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
  # Three nodes like /dev/null's stand for the GPUs' device files: Slurm counts them.
  local g
  for g in 0 1 2; do mknod "$dir/fakegpu$g" c 1 3 || { echo "skip: cannot make device nodes in $dir"; return 77; }; done
  echo "NodeName=$host Name=gpu File=$dir/fakegpu[0-2]" >"$dir/gres.conf"
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -i -f "$SLURM_CONF" || { echo "skip: slurmctld did not start here"; cat "$dir/log/slurmctld.log"; return 77; }
  sleep 1
  [[ -f $dir/slurmctld.pid ]] && cluster_pids+=("$(cat "$dir/slurmctld.pid")")
  slurmd -f "$SLURM_CONF" || { echo "skip: slurmd did not start here"; cat "$dir/log/slurmd.log"; return 77; }
  sleep 1
  [[ -f $dir/slurmd.pid ]] && cluster_pids+=("$(cat "$dir/slurmd.pid")")
  local waited
  for ((waited = 0; waited < 30; waited++)); do
    if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then return 0; fi
    sleep 1
  done
  echo "skip: the node did not come up here:"; sinfo -N -l; tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log"
  return 77
}

cluster_stop() {
  local pid
  for pid in "${cluster_pids[@]}"; do kill "$pid" 2>/dev/null; done
  sleep 1
  for pid in "${cluster_pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  cluster_pids=()
}
