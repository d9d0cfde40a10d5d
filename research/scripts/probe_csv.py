"""Reading a probe's CSV (research/probes/), plain or gzipped, for the scripts
that read them: a file that cannot be read, or lacks a column the script
needs, ends the script with one line naming it."""
import csv
import gzip
import sys


def read_probe_csv(path, needed, script):
    """The rows of PATH as dicts; exits with one line when it cannot be read
    or lacks a column of NEEDED. SCRIPT names the reader in that line."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", newline="") as f:
            reader = csv.DictReader(f)
            missing = set(needed) - set(reader.fieldnames or [])
            if missing:
                sys.exit(f"{script}: {path} is not the probe's CSV (no {', '.join(sorted(missing))} column)")
            return list(reader)
    except OSError as e:
        sys.exit(f"{script}: cannot read {path}: {e.strerror or e}")
