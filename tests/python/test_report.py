"""dotsweep.Report on committed reports: the C++'s own files read back
(sweep.csv, best.csv, summary.md's what to use, context.json), what is not
beside a report rendered by `dotsweep report`, samples one row per sample,
the plots through tools/plot.py, and the readers' refusals."""
import gzip
import math
import os
import pathlib
import shutil
import threading

import pandas
import pytest
from conftest import ROOT

import dotsweep
from dotsweep import report as report_module
from dotsweep.crossover import read_crossover
from dotsweep.what_to_use import read_what_to_use, size_value

BASELINES = ROOT / "results" / "baselines"
GATE = ROOT / "tests" / "fixtures" / "gate"


@pytest.fixture(scope="module")
def h200():
    return dotsweep.Report(BASELINES / "h200.csv.gz")


def test_rows_best_and_context_are_the_files(h200):
    with gzip.open(BASELINES / "h200.csv.gz", "rt") as f:
        lines = sum(1 for _ in f) - 1
    assert len(h200.rows) == lines
    assert h200.best.equals(pandas.read_csv(BASELINES / "h200.best.csv", keep_default_na=False, na_values=[""]))
    assert len(h200.best) == 4 * 12 * 2  # every (type, n, mode) group: four types, twelve sizes, cold and hot
    assert h200.context["device"]["name"] == "NVIDIA H200"
    assert h200.samples is None  # no samples.csv.gz is committed beside the baseline


def test_what_to_use_is_summary_md(h200):
    table = h200.what_to_use
    assert len(table) == 96
    assert set(zip(table.type, table.n, table["mode"])) == set(zip(h200.best.type, h200.best.n, h200.best["mode"]))
    # | f32 | 2^12 | cold | f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32 | 3.94 [3.94, 3.97] |
    #   1.62x [1.60, 1.62] | 1.02x [1.01, 1.02] within noise | tie of 2, export's pick |
    row = table[(table.type == "f32") & (table.n == 4096) & (table["mode"] == "cold")].iloc[0]
    assert row.use == "f32.b512.i8.v4.cover.warp.shfl.gather.plain.f32"
    assert (row.median_us, row.ci_lo_us, row.ci_hi_us) == (3.94, 3.94, 3.97)
    assert (row.vs_cublas, row.vs_cublas_lo, row.vs_cublas_hi, row.vs_cublas_within_noise) == (1.62, 1.60, 1.62,
                                                                                              False)
    assert (row.vs_cub, row.vs_cub_within_noise, row.basis) == (1.02, True, "tie of 2, export's pick")


def test_what_to_use_picks_from_the_tie_group(h200):
    # Three files the C++ wrote agree: a tie's size is best.csv's tie_size and sweep.csv's tied_best rows,
    # and its pick (summary.md) is one of those rows; a winner is the group's fastest candidate.
    ties, table = h200.tie_groups, h200.what_to_use
    size = ties.groupby(["type", "n", "mode"]).size()
    assert (h200.best.set_index(["type", "n", "mode"]).tie_size == size).all()
    for _, row in table.iterrows():
        members = ties[(ties.type == row.type) & (ties.n == row.n) & (ties["mode"] == row["mode"])]
        if row.basis.startswith("tie of"):
            assert int(row.basis.split()[2].rstrip(",")) == len(members) > 1
            assert row.use in set(members.variant)
        elif row.basis == "winner":
            assert len(members) == 1 and members.variant.iloc[0] == row.use and members.fastest.iloc[0]


def test_tie_groups_one_fastest_each(h200):
    # best.csv's candidate is in its tie group unless a library is faster (verdict "baseline": 2 groups).
    ties = h200.tie_groups
    marked = ties.groupby(["type", "n", "mode"]).fastest.sum()
    verdict = h200.best.set_index(["type", "n", "mode"]).verdict
    assert ((marked == 1) == (verdict != "baseline")).all() and (marked <= 1).all()
    assert (verdict == "baseline").sum() == 2
    first = h200.best.iloc[0]
    group = ties[(ties.type == first.type) & (ties.n == first.n) & (ties["mode"] == first["mode"])]
    assert set(group.variant) == set(first.tie_members.split())  # a tie of 5: best.csv lists all of them


def test_missing_files_are_rendered_by_dotsweep_report(tmp_path, real_binary, monkeypatch):
    monkeypatch.setenv("DOTSWEEP_BIN", str(real_binary))
    folder = tmp_path / "h100"
    folder.mkdir()
    shutil.copy(BASELINES / "h100.csv.gz", folder / "sweep.csv.gz")
    shutil.copy(BASELINES / "h100.context.json", folder / "context.json")
    rendered = dotsweep.Report(folder)
    committed = dotsweep.Report(BASELINES / "h100.csv.gz")
    assert rendered.best.equals(committed.best)
    assert rendered.what_to_use.equals(committed.what_to_use)
    assert sorted(p.name for p in folder.iterdir()) == ["context.json", "sweep.csv.gz"]  # nothing written beside it


def test_a_report_file_without_context(tmp_path):
    shutil.copy(GATE / "h200-run1.csv", tmp_path / "run.csv")
    report = dotsweep.Report(tmp_path / "run.csv")
    assert report.context is None and len(report.rows) == 43


def write_samples(path, rows, torn=False):
    """samples.csv.gz as the sweep writes it: one gzip member for the header, one per row."""
    with open(path, "wb") as f:
        f.write(gzip.compress(b"variant,type,n,mode,launches,us,sm_clock_mhz,throttled\n"))
        for row in rows:
            f.write(gzip.compress((",".join(row) + "\n").encode()))
        if torn:
            f.write(gzip.compress(b"cub,f32,4096,cold,1,9 9 9,1980 1980 1980,0 0 0\n")[:-9])


def test_samples_one_row_per_sample(tmp_path):
    folder = tmp_path / "r"
    folder.mkdir()
    shutil.copy(GATE / "h200-run1.csv", folder / "sweep.csv")
    write_samples(folder / "samples.csv.gz", [("cublas", "f32", "4096", "cold", "1", "6.0 6.5 7.25", "1980 1975 1980",
                                               "0 1 0"),
                                              ("cub", "f32", "4096", "hot", "512", "3.5", "1980", "0")], torn=True)
    samples = dotsweep.Report(folder).samples
    assert list(samples.columns) == report_module.SAMPLE_COLUMNS
    assert samples.values.tolist() == [["cublas", "f32", 4096, "cold", 1, 0, 6.0, 1980.0, 0],
                                       ["cublas", "f32", 4096, "cold", 1, 1, 6.5, 1975.0, 1],
                                       ["cublas", "f32", 4096, "cold", 1, 2, 7.25, 1980.0, 0],
                                       ["cub", "f32", 4096, "hot", 512, 0, 3.5, 1980.0, 0]]  # torn member dropped


def test_samples_lists_of_unequal_length_are_refused(tmp_path):
    shutil.copy(GATE / "h200-run1.csv", tmp_path / "sweep.csv")
    write_samples(tmp_path / "samples.csv.gz", [("cub", "f32", "4096", "hot", "512", "3.5 3.6", "1980", "0 0")])
    with pytest.raises(dotsweep.InputError, match="row 1: us, sm_clock_mhz and throttled differ"):
        dotsweep.Report(tmp_path).samples


def test_not_a_report_is_refused(tmp_path):
    (tmp_path / "other.csv").write_text("a,b\n1,2\n")
    with pytest.raises(dotsweep.InputError, match="not a dotsweep report: no column variant, kind"):
        dotsweep.Report(tmp_path / "other.csv")
    with pytest.raises(dotsweep.InputError, match="holds no sweep.csv"):
        dotsweep.Report(tmp_path)
    with pytest.raises(dotsweep.InputError, match="neither a report folder nor"):
        dotsweep.Report(tmp_path / "notes.txt")
    (tmp_path / "broken.csv.gz").write_bytes(b"not gzip")
    with pytest.raises(dotsweep.InputError, match="not valid gzip"):
        dotsweep.Report(tmp_path / "broken.csv.gz")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "sweep.csv"
    os.mkfifo(fifo)
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(_refusal(fifo)), daemon=True)
    reader.start()
    reader.join(10)
    assert outcome and "not a regular file" in outcome[0]


def test_a_fifo_beside_a_report_is_refused_without_blocking(tmp_path):
    shutil.copy(GATE / "h200-run1.csv", tmp_path / "sweep.csv")
    os.mkfifo(tmp_path / "context.json")
    outcome = []
    reader = threading.Thread(target=lambda: outcome.append(_refusal(tmp_path, "context")), daemon=True)
    reader.start()
    reader.join(10)
    assert outcome and "not a regular file" in outcome[0]


def _refusal(path, attribute="rows"):
    try:
        getattr(dotsweep.Report(path), attribute)
    except dotsweep.InputError as e:
        return str(e)
    return "read"


def test_cells_are_read_as_written(tmp_path):
    # pandas would read "NA", "None" or "null" as missing; a report's text is kept as the C++ wrote it.
    text = (GATE / "h200-run1.csv").read_text().splitlines()
    header = text[0].split(",")
    row = text[1].split(",")
    row[header.index("reason")] = "NA"
    (tmp_path / "run.csv").write_text("\n".join([text[0], ",".join(row)]) + "\n")
    assert dotsweep.Report(tmp_path / "run.csv").rows["reason"].tolist() == ["NA"]


def test_the_size_limit_both_sides(tmp_path, monkeypatch):
    text = (GATE / "h200-run1.csv").read_bytes()
    (tmp_path / "plain.csv").write_bytes(text)
    (tmp_path / "packed.csv.gz").write_bytes(gzip.compress(text))
    monkeypatch.setattr(report_module, "MAX_TEXT_BYTES", len(text))
    assert len(dotsweep.Report(tmp_path / "plain.csv").rows) == 43
    assert len(dotsweep.Report(tmp_path / "packed.csv.gz").rows) == 43
    monkeypatch.setattr(report_module, "MAX_TEXT_BYTES", len(text) - 1)
    with pytest.raises(dotsweep.InputError, match="is over"):
        dotsweep.Report(tmp_path / "plain.csv")
    with pytest.raises(dotsweep.InputError, match="inflates past"):
        dotsweep.Report(tmp_path / "packed.csv.gz")


def test_size_labels_read_back():
    assert [size_value(s) for s in ("1", "1000003", "2^12", "2^20+3")] == [1, 1000003, 4096, 1048579]
    for bad in ("2^", "0x10", "-1", "2^20-1"):
        with pytest.raises(ValueError):
            size_value(bad)


def test_what_to_use_cells():
    summary = "\n".join([
        "## What to use", "", "intro", "",
        "| type | n | mode | use | median µs [95% CI] | vs cuBLAS | vs CUB | basis |",
        "|:---|---:|:---|:---|---:|---:|---:|:---|",
        "| f64 | 2^28 | hot | — | — | — | — | no recommendation: the sweep stopped inside the group |",
        "| f16 | 2^20+3 | cold | f16.x | 5.00 [4.90, 5.10] | 0.97x [0.95, 0.99] | 1.20x within noise | "
        "cub is faster; the fastest kernel |", "", "**tie**: ..."])
    table = read_what_to_use(summary, "summary.md")
    none, slower = table.iloc[0], table.iloc[1]
    assert pandas.isna(none.use) and math.isnan(none.median_us) and math.isnan(none.vs_cub)
    assert not none.vs_cublas_within_noise
    assert (slower.n, slower.median_us, slower.vs_cublas_hi, slower.vs_cub, slower.vs_cub_within_noise) == (
        1048579, 5.0, 0.99, 1.2, True)
    assert math.isnan(slower.vs_cub_lo)
    with pytest.raises(dotsweep.InputError, match="row 2: speedup '1.2' is not"):
        read_what_to_use(summary.replace("0.97x [0.95, 0.99]", "1.2"), "summary.md")
    with pytest.raises(dotsweep.InputError, match="no \"## What to use\" section"):
        read_what_to_use("# a report\n", "summary.md")


def test_crossover_of_the_committed_host_paths_sweep(real_binary, monkeypatch):
    """results/2026-12-02-host-paths (no summary.md beside it: `dotsweep report` renders it), as its README
    states it; a report without host paths has none."""
    monkeypatch.setenv("DOTSWEEP_BIN", str(real_binary))
    table = dotsweep.Report(ROOT / "results" / "2026-12-02-host-paths").crossover
    rows = {(r.type, r.data_starts_in): r for r in table.itertuples()}
    assert len(rows) == 6 and set(table["mode"]) == {"cold"}
    pageable, pinned = rows[("f32", "pageable host memory")], rows[("f32", "pinned host memory")]
    assert pandas.isna(pageable.gpu_faster_from) and pageable.cpu_faster_up_to == 1 << 28
    assert (pinned.gpu_faster_from, pinned.cpu_faster_up_to, pinned.cpu_over_gpu, pinned.largest_n,
            pinned.cpu_row) == (1 << 18, 1 << 16, 4.008, 1 << 28, "cpu-blas")
    assert rows[("f64", "the GPU")].gpu_faster_from == 1 << 19
    assert dotsweep.Report(BASELINES / "h200.csv.gz").crossover is None


def test_crossover_cells():
    summary = "\n".join([
        "## When the GPU pays off", "", "intro", "",
        "| type | mode | data starts in | GPU faster from n | CPU faster up to n | CPU / GPU at the largest n |",
        "|:---|:---|:---|---:|---:|---:|",
        "| f32 | hot | the GPU | 2^20+3 | never | 1.5e+03x at 2^24 (cpu-loop) |", "", "### f32, hot"])
    row = read_crossover(summary, "summary.md").iloc[0]
    assert (row.gpu_faster_from, row.cpu_over_gpu, row.largest_n, row.cpu_row) == (1048579, 1500.0, 1 << 24,
                                                                                    "cpu-loop")
    assert pandas.isna(row.cpu_faster_up_to)
    with pytest.raises(dotsweep.InputError, match="crossover row 1: '1.5x' is not 'RATIOx at N"):
        read_crossover(summary.replace("1.5e+03x at 2^24 (cpu-loop)", "1.5x"), "summary.md")
    with pytest.raises(dotsweep.InputError, match="crossover row 1: '2\\^x' is not a size"):
        read_crossover(summary.replace("| 2^20+3 |", "| 2^x |"), "summary.md")
    with pytest.raises(dotsweep.InputError, match="holds no crossover table"):
        read_crossover("## When the GPU pays off\n\nno table\n", "summary.md")


def test_plot_through_tools_plot_py(tmp_path):
    assert pathlib.Path(report_module.plot_module().__file__) == ROOT / "tools" / "plot.py"
    written = dotsweep.Report(GATE / "h200-run1.csv").plot(tmp_path / "plots", type="f32", mode="cold")
    assert [p.name for p in written] == ["bandwidth_f32_cold.png", "heatmap_block_items_f32_cold_n268435456.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in written)
    with pytest.raises(dotsweep.InputError, match="--format"):
        dotsweep.Report(GATE / "h200-run1.csv").plot(tmp_path / "plots", format="gif")
