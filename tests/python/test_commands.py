"""The wrappers: keyword arguments become the CLI's long options, the CLI
decides, and its exit status becomes a typed exception with its message."""
import csv
import io
import pathlib
import subprocess

import pytest
from conftest import write_stand_in

import dotsweep
from dotsweep.commands import option_args, report_folders

GATE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "gate"


@pytest.fixture
def binary(real_binary, monkeypatch):
    monkeypatch.setenv("DOTSWEEP_BIN", str(real_binary))
    return real_binary


def cli_line(binary, *args):
    """What the binary itself says on stderr, and its status, for the same command."""
    done = subprocess.run([str(binary), *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr.strip()


def test_option_args():
    assert option_args({"min_samples": 10, "no_progress": True, "resume": None, "host_paths": False,
                        "sizes": ["2^12", 4096], "mode": ("cold", "hot"), "out": pathlib.Path("/x y"),
                        "threshold": -1, "top": 1, "seed": 0}) == [
        "--min-samples=10", "--no-progress", "--sizes=2^12,4096", "--mode=cold,hot", "--out=/x y", "--threshold=-1",
        "--top=1", "--seed=0"]


def test_report_folders_from_stdout():
    out = ("the fastest rows of every (type, n, mode) group: results/h200/2026/summary.md\n"
           "sweep took 2 min 11 s; NVRTC compiled for 40.1 s over 2 threads (0 of 85 cubins from cache), of which "
           "the sweep waited 3.0 s; reports in results/h200/2026\n"
           "sweep took 3 s; NVRTC compiled for 1.0 s over 2 threads (85 of 85 cubins from cache), of which the "
           "sweep waited 0.0 s; reports in /o/gpu 1\n")
    assert report_folders(out) == [pathlib.Path("results/h200/2026"), pathlib.Path("/o/gpu 1")]
    assert report_folders("sweep took 3 s\nreports in x\n") == []


def test_sweep_bad_option_is_the_clis_refusal(binary, tmp_path):
    out = tmp_path / "report"
    with pytest.raises(dotsweep.InputError) as refused:
        dotsweep.sweep(sizes="0", out=out, echo=False)
    assert (refused.value.status, refused.value.message) == cli_line(binary, "sweep", "--sizes=0", f"--out={out}")
    assert "--sizes: '0' is not a positive size" in refused.value.message
    assert not out.exists()


def test_unknown_keyword_is_refused_by_the_cli(binary, tmp_path):
    with pytest.raises(dotsweep.InputError, match="--no-such-option") as refused:
        dotsweep.sweep(no_such_option=3, out=tmp_path / "r", echo=False)
    assert refused.value.command[1:3] == ["sweep", "--no-such-option=3"]
    assert (refused.value.status, refused.value.message) == cli_line(binary, *refused.value.command[1:])
    assert not (tmp_path / "r").exists()


def test_gate_refusal_writes_nothing(binary, tmp_path):
    junit, markdown = tmp_path / "gate.xml", tmp_path / "gate.md"
    with pytest.raises(dotsweep.InputError) as refused:
        dotsweep.gate(GATE / "h200-committed.csv", GATE / "h200-run1.csv", threshold=2000, junit=junit,
                      markdown=markdown)
    assert refused.value.message.startswith("dotsweep: --threshold: ")
    assert (refused.value.status, refused.value.message) == cli_line(binary, *refused.value.command[1:])
    assert list(tmp_path.iterdir()) == []
    # The edge itself passes.
    assert dotsweep.gate(GATE / "h200-committed.csv", GATE / "h200-run1.csv", threshold=1000).passed


def test_gate_pass(binary):
    result = dotsweep.gate(GATE / "h200-committed.csv", GATE / "h200-run1.csv")
    assert result.passed and result.status == 0 and bool(result)
    direct = subprocess.run([str(binary), "gate", "--baseline", str(GATE / "h200-committed.csv"), "--current",
                             str(GATE / "h200-run1.csv")], capture_output=True, text=True)
    assert result.text == direct.stdout and result.summary == direct.stdout.splitlines()[-1]
    assert result.summary.startswith("gate: PASS, ")
    assert result.summary.endswith(" of 30 rows compared (--only best,baselines)")
    # One row per row compared, each with the verdict the summary counts.
    assert len(result.rows) == 30 and "REGRESSED" not in set(result.rows["verdict"])
    for verdict, count in result.rows["verdict"].value_counts().items():
        assert f"{count} {verdict}" in result.summary


def test_gate_fail_is_a_verdict_not_an_exception(binary, tmp_path):
    # h200-run2 with one row 10% slower (as tests/cli/gate_cli.sh plants it).
    slow = "f32.b1024.i2.v4.cover.warp.shfl.atomic.plain.f32"
    rows = list(csv.DictReader(io.StringIO((GATE / "h200-run2.csv").read_text())))
    planted = 0
    for row in rows:
        if row["variant"] == slow and row["n"] == "268435456":
            for column in ("median_us", "min_us", "p25_us", "p75_us", "ci_lo_us", "ci_hi_us"):
                row[column] = repr(float(row[column]) * 1.10)
            planted += 1
    assert planted == 1
    with open(tmp_path / "slow.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    result = dotsweep.gate(GATE / "h200-run1.csv", [tmp_path / "slow.csv"], only="all")
    assert not result.passed and result.status == 1
    assert result.summary.startswith(f"gate: FAIL, 1 REGRESSED: {slow} f32 n=2^28 cold")
    regressed = result.rows[result.rows["verdict"] == "REGRESSED"]
    assert regressed[["variant", "n", "mode"]].values.tolist() == [[slow, 268435456, "cold"]]


def test_compare(binary, tmp_path):
    markdown = tmp_path / "compare.md"
    text = dotsweep.compare(GATE / "h200-run1.csv", GATE / "h200-run2.csv", markdown=markdown)
    assert text.startswith("# dotsweep compare: 2 reports")
    assert markdown.read_text().startswith("# dotsweep compare")
    with pytest.raises(dotsweep.InputError, match="cannot read report") as refused:
        dotsweep.compare(tmp_path / "missing.csv", GATE / "h200-run2.csv")
    assert refused.value.status == 2


def test_export_refusal_writes_nothing(binary, tmp_path):
    header = tmp_path / "tuned.h"
    with pytest.raises(dotsweep.InputError) as refused:
        dotsweep.export(tmp_path / "missing.csv.gz", header=header)
    assert refused.value.message == cli_line(binary, "export", str(tmp_path / "missing.csv.gz"),
                                             f"--header={header}")[1]
    assert not header.exists()


@pytest.mark.parametrize("status, error", [(1, dotsweep.CheckFailed), (2, dotsweep.InputError),
                                           (3, dotsweep.NoGpuError), (4, dotsweep.GpuFailed),
                                           (5, dotsweep.HostError), (130, dotsweep.Interrupted),
                                           (7, dotsweep.DotsweepError)])
def test_each_exit_status_has_its_exception(tmp_path, monkeypatch, status, error):
    monkeypatch.setenv("DOTSWEEP_BIN", str(write_stand_in(tmp_path / "dotsweep", status)))
    with pytest.raises(error) as raised:
        dotsweep.compare("a.csv")
    assert type(raised.value) is error and isinstance(raised.value, dotsweep.DotsweepError)
    assert (raised.value.status, raised.value.message) == (status, "dotsweep: planted message")
    assert "progress 2/2" in raised.value.stderr


def test_success_raises_nothing_and_gate_status_1_is_not_raised(tmp_path, monkeypatch):
    monkeypatch.setenv("DOTSWEEP_BIN", str(write_stand_in(tmp_path / "dotsweep", 0, message="")))
    assert dotsweep.compare("a.csv") == ""
    assert (tmp_path / "dotsweep.args").read_text().split() == ["compare", "--", "a.csv"]
    monkeypatch.setenv("DOTSWEEP_BIN", str(write_stand_in(tmp_path / "gate1", 1)))
    with pytest.raises(dotsweep.CheckFailed):  # exit 1 of another command is raised
        dotsweep.compare("a.csv")


def test_a_crash_is_a_dotsweep_error_with_the_signal(tmp_path, monkeypatch):
    monkeypatch.setenv("DOTSWEEP_BIN", str(write_stand_in(tmp_path / "dotsweep", 0, signal=9)))
    with pytest.raises(dotsweep.DotsweepError) as raised:
        dotsweep.compare("a.csv")
    assert type(raised.value) is dotsweep.DotsweepError and raised.value.status == -9


def test_a_binary_that_cannot_run(tmp_path, monkeypatch):
    not_a_program = tmp_path / "dotsweep"
    not_a_program.write_bytes(b"\x7fELF broken")
    not_a_program.chmod(0o755)
    monkeypatch.setenv("DOTSWEEP_BIN", str(not_a_program))
    with pytest.raises(dotsweep.BinaryNotFound, match="cannot run .*dotsweep'"):
        dotsweep.compare("a.csv")


def test_sweep_without_a_gpu_is_no_gpu_error(binary, tmp_path, root):
    if subprocess.run([str(binary), "info"], capture_output=True).returncode != 3:
        pytest.skip("a GPU is here: this test checks the sweep's answer without one")
    with pytest.raises(dotsweep.NoGpuError) as raised:
        dotsweep.sweep(space=root / "variants" / "quick.toml", sizes=["2^12"], out=tmp_path / "r", echo=False)
    assert raised.value.status == 3 and raised.value.message.startswith("dotsweep: ")
    assert (raised.value.status, raised.value.message) == cli_line(binary, *raised.value.command[1:])
