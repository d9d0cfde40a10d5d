#!/usr/bin/env python3
"""Checks of tools/plot.py that need the figures, not only the files: every
figure it saves is inspected before it is written.

  plot_checks.py SOURCE_ROOT FIXTURE.csv.gz OUT_DIR

Exit 0 when every check holds, 1 naming each that fails.
"""
import csv
import gzip
import importlib.util
import itertools
import os
import sys

root, fixture, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
spec = importlib.util.spec_from_file_location("plot", os.path.join(root, "tools", "plot.py"))
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)

failures = []
saved = {}  # stem -> what the checks need of its figure


def overprinted(fig):
    """Pairs of visible tick labels of one axis whose boxes overlap (checked
    here, not by plot.py's own function, so a broken one cannot hide it)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    pairs = []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            labels = [t for t in axis.get_ticklabels() if t.get_visible() and t.get_text()]
            for a, b in itertools.combinations(labels, 2):
                if a.get_window_extent(renderer).overlaps(b.get_window_extent(renderer)):
                    pairs.append((a.get_text(), b.get_text()))
    return pairs


import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as pyplot  # noqa: E402

original_save, original_close = plot.Output.save, pyplot.close
saving = []  # the stem being saved: Output.save closes its figure last, and the checks run then


def inspecting_save(self, fig, stem):
    saving.append(stem)
    try:
        original_save(self, fig, stem)
    finally:
        saving.pop()


def inspecting_close(fig=None):
    if saving and fig is not None:
        saved[saving[-1]] = {
            "ylabels": [ax.get_ylabel() for ax in fig.axes],
            "overprinted": overprinted(fig),
            "panels": [ax for ax in fig.axes if ax.axison and ax.has_data()],
            "visible_x": [[t.get_text() for t in ax.get_xticklabels() if t.get_visible() and t.get_text()]
                          for ax in fig.axes if ax.axison and ax.has_data()],
        }
    original_close(fig)


plot.Output.save = inspecting_save
pyplot.close = inspecting_close


every_figure = {}


def run(*args):
    saved.clear()
    code = plot.main([str(a) for a in args])
    if code != 0:
        failures.append(f"plot.py {' '.join(map(str, args))} exited {code}")
    every_figure.update(saved)
    return dict(saved)


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


types, modes = ["f32", "f64", "f16", "bf16"], ["cold", "hot"]

# bandwidth: every type and mode, the type in the file name, bytes per element right.
figs = run("bandwidth", fixture, "--out", out)
want = {f"bandwidth_{t}_{m}" for t in types for m in modes}
check(set(figs) == want, f"bandwidth writes one file per type and mode: {sorted(figs)}")
for t, size in (("f32", 4), ("f64", 8), ("f16", 2), ("bf16", 2)):
    label = figs.get(f"bandwidth_{t}_cold", {}).get("ylabels", [""])[0]
    check(f"2 n x {size} bytes" in label, f"bandwidth {t}: the GB/s label counts {size} bytes: '{label}'")
files = {f for f in os.listdir(out) if f.startswith("bandwidth_")}
check(len(files) == len(want), f"bandwidth: {len(want)} distinct files, none overwritten: {sorted(files)}")

# --type picks one type, still named.
figs = run("bandwidth", fixture, "--type", "bf16", "--mode", "hot", "--out", out)
check(set(figs) == {"bandwidth_bf16_hot"}, f"bandwidth --type bf16 --mode hot: {sorted(figs)}")

# heatmap and compare: every type and mode, named.
figs = run("heatmap", fixture, "--out", out)
check(set(figs) == {f"heatmap_block_items_{t}_{m}_n268435456" for t in types for m in modes},
      f"heatmap writes one file per type and mode: {sorted(figs)}")
# A second report for compare: the fixture's rows under another timestamp (not committed).
second = os.path.join(out, "second-report.csv")
with gzip.open(fixture, "rt", newline="") as f:
    reader = csv.DictReader(f)
    with open(second, "w", newline="") as g:
        writer = csv.DictWriter(g, fieldnames=reader.fieldnames)
        writer.writeheader()
        for row in reader:
            writer.writerow({**row, "timestamp": "2026-12-01T00:00:00Z"})
figs = run("compare", fixture, second, "--out", out)
check({f"compare_{t}_{m}" for t in types for m in modes} <= set(figs), f"compare per type and mode: {sorted(figs)}")


# gate on a full report: one panel per type and mode, every size labelled, nothing printed over.
figs = run("gate", fixture, fixture, "--only", "all", "--out", out)
gate = figs.get("gate", {})
check(len(gate.get("panels", [])) == len(types) * len(modes),
      f"gate: one panel per type and mode ({len(gate.get('panels', []))} panels)")
check(all(len(labels) == 5 for labels in gate.get("visible_x", [])),
      f"gate: each panel labels its 5 sizes: {gate.get('visible_x')}")

# No figure prints a tick label over another.
for stem, fig in sorted(every_figure.items()):
    check(not fig["overprinted"], f"{stem}: no tick label printed over another {fig['overprinted'][:3]}")

sys.exit(1 if failures else 0)
