"""Which binary the package runs: the one installed with it, else
$DOTSWEEP_BIN, else `dotsweep` on PATH, else one error naming all three."""
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT, write_stand_in

import dotsweep
from dotsweep.binary import find_binary


def test_dotsweep_bin_is_used(tmp_path, monkeypatch):
    fake = write_stand_in(tmp_path / "mine", 0)
    monkeypatch.setenv("DOTSWEEP_BIN", str(fake))
    assert find_binary() == fake


def test_dotsweep_bin_before_path(tmp_path, monkeypatch):
    on_path = write_stand_in(tmp_path / "dotsweep", 0)
    chosen = write_stand_in(tmp_path / "chosen", 0)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("DOTSWEEP_BIN", str(chosen))
    assert find_binary() == chosen
    monkeypatch.delenv("DOTSWEEP_BIN")
    assert find_binary() == on_path


def test_dotsweep_bin_not_executable_is_refused(tmp_path, monkeypatch):
    plain = tmp_path / "dotsweep"
    plain.write_text("not a program")
    monkeypatch.setenv("DOTSWEEP_BIN", str(plain))
    with pytest.raises(dotsweep.BinaryNotFound, match="not an executable file"):
        find_binary()


def test_none_found_names_all_three(tmp_path, monkeypatch):
    monkeypatch.delenv("DOTSWEEP_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(dotsweep.BinaryNotFound) as refused:
        dotsweep.compare("a.csv", "b.csv")
    message = str(refused.value)
    for named in ("pip install .", "$DOTSWEEP_BIN", "PATH"):
        assert named in message
    assert isinstance(refused.value, dotsweep.DotsweepError)


def _fake_install(tmp_path, record_package_files):
    """A site folder holding a copy of the package and a dist-info whose RECORD
    names a bin/dotsweep beside it, as the wheel installs them."""
    site, bin_dir = tmp_path / "lib" / "site-packages", tmp_path / "bin"
    shutil.copytree(ROOT / "python" / "dotsweep", site / "dotsweep",
                    ignore=shutil.ignore_patterns("__pycache__"))
    bin_dir.mkdir()
    installed = write_stand_in(bin_dir / "dotsweep", 0)
    info = site / "dotsweep-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dotsweep\nVersion: 0.0\n")
    files = [f"dotsweep/{p.name},," for p in (site / "dotsweep").glob("*.py")] if record_package_files else []
    (info / "RECORD").write_text("\n".join(files + ["../../bin/dotsweep,,", "dotsweep-0.0.dist-info/RECORD,,"]) + "\n")
    return site, installed


def _chosen_in(site, tmp_path, **env):
    other = write_stand_in(tmp_path / "other", 0)
    environment = dict(os.environ, PYTHONPATH=str(site), DOTSWEEP_BIN=str(other), **env)
    code = "import dotsweep; print(dotsweep.find_binary())"
    return subprocess.run([sys.executable, "-c", code], env=environment, cwd=tmp_path, capture_output=True,
                          text=True, check=True).stdout.strip(), other


def test_installed_binary_comes_first(tmp_path):
    site, installed = _fake_install(tmp_path, record_package_files=True)
    chosen, _ = _chosen_in(site, tmp_path)
    assert chosen == str(installed.resolve())


def test_a_distribution_that_is_not_this_package_is_not_taken(tmp_path):
    # RECORD does not name the package files being run (a source checkout next to another install).
    site, _ = _fake_install(tmp_path, record_package_files=False)
    chosen, other = _chosen_in(site, tmp_path)
    assert chosen == str(other)
