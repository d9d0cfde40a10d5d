#!/usr/bin/env python3
"""Plots of dotsweep reports: matplotlib, plus the standard library's csv and gzip.

  plot.py bandwidth CSV...          GB/s against n per variant family, with cuBLAS, CUB,
                                    the theoretical peak and the measured read ceiling
  plot.py heatmap CSV               one axis pair (e.g. block x items) at one n;
                                    each cell the best median of that pair, annotated
  plot.py compare CSV...            bars per report of the best candidate's % of peak per
                                    size, and each report relative to the first
  plot.py gate BASELINE CURRENT...  current / baseline median per row with its 95% interval,
                                    and the threshold lines: one panel per type and mode
  plot.py report DIR                the standard plots of a report folder (bandwidth and
                                    the block x items heatmap at the largest n, per type
                                    and mode), written into DIR: what `dotsweep` runs
                                    after a sweep

bandwidth, heatmap and compare plot every element type and timing mode the input
holds, one file each, unless --type or --mode picks one; each file name holds the
type and mode (bandwidth_f32_cold.png).

Inputs are sweep.csv or best.csv files, plain or gzipped (.csv.gz); one file may
hold several reports (rows of one gpu and timestamp each). Every command takes
--out DIR (default .) and --format png,svg (default png), and prints the files
it wrote. Exit status: 0 done, 2 bad input (one line), 3 matplotlib missing.
"""
import argparse
import csv
import gzip
import io
import math
import os
import re
import sys

AXES = ["block", "items", "vec", "grid", "reduce", "finish"]
# Bytes per element of each type: GB/s counts 2 n of them (both inputs, read once).
ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}
TYPE_ORDER = ["f32", "f64", "f16", "bf16"]
LIBRARIES = {"cublas": "cuBLAS", "cub": "CUB"}


class InputError(Exception):
    """Bad input: reported as one line, exit 2."""


# ---- reading ----


def read_rows(path):
    """Every row of a sweep.csv / best.csv (plain or .gz) as a dict of strings."""
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rt", newline="", encoding="utf-8") as f:
                text = f.read()
        else:
            with open(path, newline="", encoding="utf-8") as f:
                text = f.read()
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read '{path}': {e}")
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("variant", "kind", "type", "n", "mode", "median_us", "correct") if c not in (reader.fieldnames or [])]
    if missing:
        raise InputError(f"'{path}' is not a dotsweep report: no column {', '.join(missing)}")
    rows = []
    for i, row in enumerate(reader, start=1):
        if None in row or any(v is None for v in row.values()):
            raise InputError(f"'{path}', row {i}: field count differs from the header (truncated?)")
        row["_origin"] = path
        rows.append(row)
    if not rows:
        raise InputError(f"'{path}' has no rows")
    return rows


def num(row, column):
    """The column as a float, or None when empty or absent."""
    value = row.get(column, "")
    if value in ("", None):
        return None
    try:
        return float(value)
    except ValueError:
        raise InputError(f"'{row['_origin']}': column {column} value '{value}' is not a number")


def timed(row):
    """A correct row with a median: the rows that rank."""
    return row.get("correct") == "1" and num(row, "median_us") is not None


class Report:
    def __init__(self, label, gpu, timestamp):
        self.label, self.gpu, self.timestamp = label, gpu, timestamp
        self.rows = []

    @property
    def name(self):
        gpu = self.gpu[len("NVIDIA "):] if self.gpu.startswith("NVIDIA ") else self.gpu
        return f"{self.label}: {gpu} {self.timestamp}".strip()

    @property
    def slug(self):
        return re.sub(r"[^a-z0-9]+", "-", f"{self.gpu} {self.timestamp}".lower()).strip("-") or self.label

    def first(self, column):
        for row in self.rows:
            value = num(row, column)
            if value is not None:
                return value
        return None


def split_reports(rows):
    """Rows grouped by (gpu, timestamp), labelled A, B, ... in order of appearance."""
    reports = {}
    for row in rows:
        key = (row.get("gpu", ""), row.get("timestamp", ""))
        if key not in reports:
            reports[key] = Report(chr(ord("A") + len(reports)) if len(reports) < 26 else str(len(reports)), *key)
        reports[key].rows.append(row)
    return list(reports.values())


def load_reports(paths):
    rows = []
    for path in paths:
        rows.extend(read_rows(path))
    return split_reports(rows)


def size_label(n):
    n = int(n)
    if n < 1024:
        return str(n)
    k = n.bit_length() - 1
    if n == 1 << k:
        return f"2^{k}"
    if n - (1 << k) <= 16:
        return f"2^{k}+{n - (1 << k)}"
    return str(n)


def parse_size(text):
    m = re.fullmatch(r"\s*2\^(\d+)(?:\+(\d+))?\s*", text)
    if m:
        return (1 << int(m.group(1))) + int(m.group(2) or 0)
    try:
        return int(text)
    except ValueError:
        raise InputError(f"--n '{text}': expected a size such as 268435456, 2^28 or 2^20+3")


def select(rows, mode, type_):
    return [r for r in rows if r["mode"] == mode and r["type"] == type_]


def type_key(type_):
    return (TYPE_ORDER.index(type_) if type_ in TYPE_ORDER else len(TYPE_ORDER), type_)


def modes_and_types(rows, mode, type_):
    """The (mode, type) pairs the rows hold, cold before hot and f32, f64, f16,
    bf16 first; only `mode` / `type_` when given (refused when absent)."""
    modes = sorted({r["mode"] for r in rows})
    types = sorted({r["type"] for r in rows}, key=type_key)
    if mode is not None and mode not in modes:
        raise InputError(f"--mode {mode}: the input has only {', '.join(modes)}")
    if type_ is not None and type_ not in types:
        raise InputError(f"--type {type_}: the input has only {', '.join(types)}")
    held = {(r["mode"], r["type"]) for r in rows}
    return [(m, t) for m in modes for t in types if (m, t) in held and mode in (None, m) and type_ in (None, t)]


def bytes_label(type_):
    size = ELEMENT_BYTES.get(type_)
    return f"2 n x {size} bytes" if size else "2 n x element bytes"


def best_by(rows, key):
    """The fastest correct row per key(row)."""
    best = {}
    for r in rows:
        if not timed(r):
            continue
        k = key(r)
        if k not in best or num(r, "median_us") < num(best[k], "median_us"):
            best[k] = r
    return best


def pct_interval(row):
    """The row's % of peak with the interval its median's interval implies."""
    pct, median = num(row, "pct_peak"), num(row, "median_us")
    lo, hi = num(row, "ci_lo_us"), num(row, "ci_hi_us")
    if pct is None:
        return None
    if lo is None or hi is None or lo <= 0:
        return pct, pct, pct
    return pct, pct * median / hi, pct * median / lo


# ---- output ----


class Output:
    def __init__(self, args):
        self.dir = args.out
        self.formats = [f.strip().lower() for f in args.format.split(",") if f.strip()]
        bad = [f for f in self.formats if f not in ("png", "svg")]
        if bad or not self.formats:
            raise InputError(f"--format {args.format}: use png, svg or png,svg")
        self.written = []

    def save(self, fig, stem):
        declutter_tick_labels(fig)
        os.makedirs(self.dir, exist_ok=True)
        for fmt in self.formats:
            path = os.path.join(self.dir, f"{stem}.{fmt}")
            fig.savefig(path, dpi=100, bbox_inches="tight")
            self.written.append(path)
        plt.close(fig)


def label_boxes(axis, renderer):
    """The visible, non-empty tick labels of an axis with their boxes on the canvas."""
    return [(t, t.get_window_extent(renderer)) for t in axis.get_ticklabels()
            if t.get_visible() and t.get_text()]


def overlapping_tick_labels(fig):
    """Pairs of tick labels of one axis whose boxes overlap: text printed over text."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    found = []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            boxes = label_boxes(axis, renderer)
            for i, (a, box_a) in enumerate(boxes):
                for b, box_b in boxes[i + 1:]:
                    if box_a.overlaps(box_b):
                        found.append((a.get_text(), b.get_text()))
    return found


def declutter_tick_labels(fig, pad=2.0):
    """Hides tick labels that would print over their neighbour, keeping the
    largest values (the right / top end) first: log-2 size axes crowd at their
    ends, and any fixed choice of ticks breaks at some figure width."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        for axis, lo, hi in ((ax.xaxis, "x0", "x1"), (ax.yaxis, "y0", "y1")):
            kept = None
            for text, box in sorted(label_boxes(axis, renderer), key=lambda tb: -getattr(tb[1], hi)):
                if kept is not None and getattr(box, hi) + pad > getattr(kept, lo):
                    text.set_visible(False)
                else:
                    kept = box


def import_matplotlib():
    global plt, ticker
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: F811
        import matplotlib.ticker as ticker  # noqa: F811
    except ImportError:
        print("plot.py: matplotlib is not installed: .venv/bin/pip install matplotlib "
              "(tools/setup.sh installs it), then run .venv/bin/python tools/plot.py", file=sys.stderr)
        sys.exit(3)


def pow2_axis(ax, sizes):
    ax.set_xscale("log", base=2)
    shown = [n for n in sorted(sizes) if n == 1 or (n & (n - 1)) == 0]
    if len(shown) > 8:  # keep the labels apart: the smallest, then every other one down from the largest
        shown = sorted(set(shown[:1] + shown[::-2]))
    ax.set_xticks(shown)
    ax.set_xticklabels([size_label(n) for n in shown], rotation=0)
    ax.xaxis.set_minor_locator(ticker.NullLocator())


# ---- bandwidth ----


def family_of(row, axes):
    return " ".join(f"{a}={row.get(a, '')}" for a in axes)


def plot_bandwidth(report, mode, type_, axes, out, stem, linear):
    """Two panels: every size on log-log axes, and the bandwidth-bound sizes
    (n >= 2^20) on a linear axis where a few percent is visible."""
    rows = select(report.rows, mode, type_)
    if not rows:
        return
    candidates = [r for r in rows if r["kind"] == "candidate"]
    families = sorted({family_of(r, axes) for r in candidates})
    sizes = sorted({int(r["n"]) for r in rows})
    big = [n for n in sizes if n >= 1 << 20]
    panels = 2 if len(big) >= 2 and not linear else 1
    fig, axs = plt.subplots(1, panels, figsize=(13 if panels == 2 else 9, 5.5), squeeze=False)
    markers = "osD^v<>ph*"
    series = []
    for i, fam in enumerate(families):
        best = best_by([r for r in candidates if family_of(r, axes) == fam], lambda r: int(r["n"]))
        series.append((best, dict(marker=markers[i % len(markers)], ms=4, lw=1.2), f"best of {fam}"))
    for name, label, style in (("cublas", "cuBLAS", "--"), ("cub", "CUB", ":")):
        best = best_by([r for r in rows if r["variant"] == name], lambda r: int(r["n"]))
        if best:
            series.append((best, dict(ls=style, color="k", lw=1.8, marker="x", ms=5), label))
    peak, ceiling = report.first("peak_gbps"), report.first("measured_peak_gbps")
    for p, ax in enumerate(axs[0]):
        shown = sizes if p == 0 else big
        for best, style, label in series:
            ns = [n for n in sorted(best) if n in shown]
            ax.plot(ns, [num(best[n], "gbps") for n in ns], label=label, **style)
        if peak:
            ax.axhline(peak, color="tab:red", lw=1, ls="-.", label=f"theoretical peak {peak:.0f} GB/s")
        if ceiling:
            ax.axhline(ceiling, color="tab:orange", lw=1, ls="--", label=f"measured read ceiling {ceiling:.0f} GB/s")
        pow2_axis(ax, shown)
        ax.set_xlabel("n (elements per input)")
        ax.grid(True, which="major", alpha=0.3)
        if p == 0 and not linear:
            ax.set_yscale("log")
        if p == 1:
            ax.set_ylim(0, (peak or ceiling or ax.get_ylim()[1]) * 1.05)
            ax.set_title("n >= 2^20, linear", fontsize=9)
    axs[0][0].set_ylabel(f"GB/s ({bytes_label(type_)} / median)")
    axs[0][0].legend(fontsize=7, loc="upper left")
    fig.suptitle(f"{report.name}: best GB/s per family ({', '.join(axes)}), {type_} {mode}", fontsize=10)
    out.save(fig, stem)


def cmd_bandwidth(args, out):
    reports = load_reports(args.csv)
    axes = [a.strip() for a in args.family.split(",") if a.strip()]
    bad = [a for a in axes if a not in AXES]
    if bad:
        raise InputError(f"--family {args.family}: axes are {', '.join(AXES)}")
    for report in reports:
        for mode, type_ in modes_and_types(report.rows, args.mode, args.type):
            stem = f"bandwidth_{type_}_{mode}" + (f"_{report.slug}" if len(reports) > 1 else "")
            plot_bandwidth(report, mode, type_, axes, out, stem, args.linear)


# ---- heatmap ----


def axis_sort_key(value):
    try:
        return (0, float(value), value)
    except ValueError:
        return (1, 0.0, value)


def plot_heatmap(report, mode, type_, n, x, y, out, stem):
    rows = [r for r in select(report.rows, mode, type_) if r["kind"] == "candidate"]
    sizes = sorted({int(r["n"]) for r in rows})
    if n is None:
        n = sizes[-1] if sizes else 0
    rows = [r for r in rows if int(r["n"]) == n]
    if not rows:
        raise InputError(f"no {type_} {mode} candidate rows at n = {size_label(n)} in {report.name}"
                         f" (sizes: {', '.join(size_label(s) for s in sizes)})")
    best = best_by(rows, lambda r: (r[x], r[y]))
    if not best:
        raise InputError(f"no correct timed rows at n = {size_label(n)} in {report.name}")
    xs = sorted({r[x] for r in rows}, key=axis_sort_key)
    ys = sorted({r[y] for r in rows}, key=axis_sort_key)
    fastest = min(num(b, "median_us") for b in best.values())

    his = [num(b, "ci_hi_us") for b in best.values()]
    lowest_hi = min(his) if None not in his else None

    def tied_with_fastest(row):  # no cell's 95% interval lies wholly below its own (src/core/stats/tie_group.hpp)
        lo = num(row, "ci_lo_us")
        return None not in (lo, lowest_hi) and lo <= lowest_hi
    grid = [[(num(best[(xv, yv)], "median_us") / fastest if (xv, yv) in best else math.nan) for xv in xs] for yv in ys]
    fig, ax = plt.subplots(figsize=(1.2 * len(xs) + 3, 0.7 * len(ys) + 2.2))
    image = ax.imshow(grid, cmap="viridis_r", aspect="auto", origin="lower")
    known = [v for line in grid for v in line if not math.isnan(v)]
    span = (max(known) - min(known)) or 1.0
    for j, yv in enumerate(ys):
        for i, xv in enumerate(xs):
            if (xv, yv) not in best:
                ax.text(i, j, "—", ha="center", va="center", fontsize=8, color="gray")
                continue
            row = best[(xv, yv)]
            median, ratio = num(row, "median_us"), grid[j][i]
            text = (f"{median:.1f}" if median >= 10 else f"{median:.2f}") + " µs"
            if ratio == 1.0:
                text += "\nfastest"
            elif tied_with_fastest(row):
                text += "\ntied"
            dark = (ratio - min(known)) / span > 0.55  # the dark end of viridis_r
            ax.text(i, j, text, ha="center", va="center", fontsize=8, color="white" if dark else "black")
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels(xs)
    ax.set_yticks(range(len(ys)))
    ax.set_yticklabels(ys)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    ax.set_title(f"{report.name}\nbest median per ({x}, {y}) over the other axes, n = {size_label(n)}, {type_} {mode}"
                 "\n(tied: no cell's 95% interval lies wholly below its own)", fontsize=9)
    fig.colorbar(image, ax=ax, label="time / fastest cell")
    out.save(fig, stem)


def cmd_heatmap(args, out):
    for a in (args.x, args.y):
        if a not in AXES:
            raise InputError(f"--x/--y {a}: axes are {', '.join(AXES)}")
    if args.x == args.y:
        raise InputError("--x and --y name the same axis")
    reports = load_reports(args.csv)
    n = parse_size(args.n) if args.n else None
    for report in reports:
        pairs = modes_and_types(report.rows, args.mode, args.type)
        if n is not None and (args.mode is None or args.type is None):
            # Every type and mode holding candidates at n; the error names the sizes when none does.
            held = [(m, t) for m, t in pairs if any(int(r["n"]) == n and r["kind"] == "candidate"
                                                    for r in select(report.rows, m, t))]
            pairs = held or pairs[:1]
        for mode, type_ in pairs:
            sizes = sorted({int(r["n"]) for r in select(report.rows, mode, type_)})
            at = n if n is not None else sizes[-1]
            stem = f"heatmap_{args.x}_{args.y}_{type_}_{mode}_n{at}" + (f"_{report.slug}" if len(reports) > 1 else "")
            plot_heatmap(report, mode, type_, at, args.x, args.y, out, stem)


# ---- compare ----


def cmd_compare(args, out):
    reports = load_reports(args.csv)
    if len(reports) < 2:
        raise InputError("compare needs two or more reports (rows of one gpu and timestamp each); "
                         f"the inputs hold only {reports[0].name}")
    for mode, type_ in modes_and_types([r for rep in reports for r in rep.rows], args.mode, args.type):
        plot_compare(reports, mode, type_, out)


def footing_scales(reports):
    """Per report, the factor that turns its pct_peak into the share compare
    judges by, and whether that share is of the measured read ceilings: when
    the peaks differ and every report has a ceiling (a partition's peak is its
    ceiling already), peak / ceiling; else 1 (src/core/gate/bandwidth_footing.hpp)."""
    peaks = [rep.first("peak_gbps") for rep in reports]
    ceilings = [rep.first("measured_peak_gbps") for rep in reports]
    if None in peaks or all(abs(p - peaks[0]) <= 1e-6 * max(1.0, peaks[0]) for p in peaks):
        return [1.0] * len(reports), False
    if any(c is None or c <= 0 for c in ceilings):
        return [1.0] * len(reports), False
    return [p / c for p, c in zip(peaks, ceilings)], True


def plot_compare(reports, mode, type_, out):
    scales, on_ceilings = footing_scales(reports)
    share = "own measured read ceiling" if on_ceilings else "own theoretical peak"
    best = []
    for rep in reports:
        rows = [r for r in select(rep.rows, mode, type_) if r["kind"] == "candidate"]
        best.append(best_by(rows, lambda r: int(r["n"])))
    sizes = sorted(set().union(*[set(b) for b in best]))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(max(9, 0.75 * len(sizes) * len(reports) / 2 + 4), 7.5),
                                      sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    width = 0.8 / len(reports)
    for k, (rep, b) in enumerate(zip(reports, best)):
        xs, heights, err, rel, rel_err = [], [], [[], []], [], [[], []]
        ref = best[0]
        for i, n in enumerate(sizes):
            if n not in b:
                continue
            pct, lo, hi = (v * scales[k] for v in pct_interval(b[n]))
            xs.append(i + (k - (len(reports) - 1) / 2) * width)
            heights.append(pct)
            err[0].append(pct - lo)
            err[1].append(hi - pct)
            if n in ref and pct_interval(ref[n]):
                rp, rlo, rhi = (v * scales[0] for v in pct_interval(ref[n]))
                rel.append((xs[-1], pct / rp, lo / rhi, hi / rlo))
        top.bar(xs, heights, width, yerr=err, capsize=2, label=rep.name)
        if k > 0 and rel:
            bottom.errorbar([r[0] for r in rel], [r[1] for r in rel],
                            yerr=[[r[1] - r[2] for r in rel], [r[3] - r[1] for r in rel]],
                            fmt="o", ms=4, capsize=3, color=f"C{k}", label=f"{rep.label} / A")
    top.set_yscale("log")
    top.set_ylabel(f"best candidate, % of {share}")
    top.set_title(f"Best candidate per size, {type_} {mode}: % of each report's {share} (bars: 95% interval)",
                  fontsize=10)
    top.grid(True, axis="y", alpha=0.3)
    top.legend(fontsize=8)
    bottom.axhline(1.0, color="k", lw=0.8)
    bottom.set_ylabel("that share, relative to A")
    bottom.grid(True, axis="y", alpha=0.3)
    if len(reports) > 1:
        bottom.legend(fontsize=8)
    bottom.set_xticks(range(len(sizes)))
    bottom.set_xticklabels([size_label(n) for n in sizes], rotation=45)
    bottom.set_xlabel("n")
    out.save(fig, f"compare_{type_}_{mode}")


# ---- gate ----


def gate_rows(rows, only):
    """The rows the gate looks at: each group's tie group and the libraries (default)."""
    if only == "all":
        return [r for r in rows if timed(r)]
    if only == "baselines":
        return [r for r in rows if timed(r) and r["kind"] == "baseline"]
    return [r for r in rows if timed(r) and (r.get("tied_best") == "1" or r["variant"] in LIBRARIES)]


def gate_points(order, baseline, cur, x_of, offset, threshold):
    """(x, ratio, lo, hi, variant) per timed row of one current report."""
    pts = []
    for k in order:
        r = cur.get(k)
        if r is None or not timed(r):
            continue
        b = baseline[k]
        ratio = num(r, "median_us") / num(b, "median_us")
        lo = (num(r, "ci_lo_us") or num(r, "median_us")) / (num(b, "ci_hi_us") or num(b, "median_us"))
        hi = (num(r, "ci_hi_us") or num(r, "median_us")) / (num(b, "ci_lo_us") or num(b, "median_us"))
        pts.append((x_of[k] + offset, ratio, lo, hi, k[0]))
    return pts


def plot_gate_panel(ax, order, baseline, currents, threshold, args, legend):
    """One (type, mode): the rows of each n spread across one unit of width,
    so sizes with few rows stay as readable as those with many. Returns how
    many points have their interval beyond the threshold."""
    beyond = 0
    blocks = []
    for k in order:
        if not blocks or blocks[-1][0] != k[2]:
            blocks.append((k[2], []))
        blocks[-1][1].append(k)
    x_of = {}
    for b, (_, keys) in enumerate(blocks):
        for j, k in enumerate(keys):
            x_of[k] = b - 0.4 + 0.8 * (j + 0.5) / len(keys)
    for c, (path, cur) in enumerate(currents):
        offset = (c - (len(currents) - 1) / 2) * 0.8 / max(1, len(order)) * len(blocks) / 2
        pts = gate_points(order, baseline, cur, x_of, offset, threshold)
        slow = [p for p in pts if p[2] > 1 + threshold]
        fast = [p for p in pts if p[3] < 1 - threshold]
        rest = [p for p in pts if p not in slow and p not in fast]
        name = os.path.basename(path)
        for group, color, label in ((rest, f"C{c}", name),
                                    (slow, "tab:red", f"{name}: interval above +{args.threshold:g}%"),
                                    (fast, "tab:green", f"{name}: interval below -{args.threshold:g}%")):
            if group:
                handle = ax.errorbar([p[0] for p in group], [p[1] for p in group],
                                     yerr=[[p[1] - p[2] for p in group], [p[3] - p[1] for p in group]],
                                     fmt="o", ms=3, lw=0.8, capsize=1.5, color=color)
                legend.setdefault(label, handle)
        beyond += len(slow) + len(fast)
        for p in slow + fast:  # the libraries by name; kernel ids are too long to print beside a point
            if p[4] in LIBRARIES:
                ax.annotate(LIBRARIES[p[4]], (p[0], p[1]), xytext=(4, 0), textcoords="offset points",
                            fontsize=6, va="center")
    ax.axhline(1.0, color="k", lw=0.8)
    for y in (1 + threshold, 1 - threshold):
        legend.setdefault(f"±{args.threshold:g}% threshold", ax.axhline(y, color="tab:red", lw=0.8, ls="--"))
    for b in range(1, len(blocks)):
        ax.axvline(b - 0.5, color="gray", lw=0.4, alpha=0.5)
    ax.set_xticks(range(len(blocks)))
    ax.set_xticklabels([size_label(n) for n, _ in blocks], fontsize=7)
    ax.tick_params(axis="y", labelsize=7)
    ax.set_xlim(-0.5, len(blocks) - 0.5)
    ax.grid(True, axis="y", alpha=0.3)
    return beyond


def cmd_gate(args, out):
    base_rows = read_rows(args.baseline)
    key = lambda r: (r["variant"], r["type"], int(r["n"]), r["mode"])  # noqa: E731
    baseline = {}
    for r in base_rows:
        baseline.setdefault(key(r), r)
    threshold = args.threshold / 100.0
    chosen = {key(r) for r in gate_rows(base_rows, args.only) if args.mode in (None, r["mode"])}
    currents = [(path, {key(r): r for r in read_rows(path)}) for path in args.current]
    for _, cur in currents:
        chosen |= {k for k, r in cur.items() if k in baseline and r in gate_rows([r], args.only)
                   and args.mode in (None, r["mode"])}
    # Rows timed in the baseline and held by a current report: the ones with a ratio.
    rows = [k for k in chosen if k in baseline and timed(baseline[k]) and any(k in cur for _, cur in currents)]
    if not rows:
        raise InputError("no rows to plot: the baseline and current reports share no timed row")
    # One panel per (type, mode): a full report's 100-odd (type, n, mode)
    # groups on one axis print their labels over each other.
    types = sorted({k[1] for k in rows}, key=type_key)
    modes = sorted({k[3] for k in rows})
    fig, axs = plt.subplots(len(types), len(modes), figsize=(7.5 * len(modes), 2.6 * len(types) + 1.2),
                            squeeze=False)
    legend = {}
    for i, type_ in enumerate(types):
        for j, mode in enumerate(modes):
            ax = axs[i][j]
            order = sorted((k for k in rows if k[1] == type_ and k[3] == mode), key=lambda k: (k[2], k[0]))
            if not order:
                ax.set_title(f"{type_} {mode}: no rows", fontsize=8)
                ax.set_axis_off()
                continue
            beyond = plot_gate_panel(ax, order, baseline, currents, threshold, args, legend)
            ax.set_title(f"{type_} {mode}: {len(order)} rows, {beyond} intervals beyond ±{args.threshold:g}%",
                         fontsize=8)
            if j == 0:
                ax.set_ylabel("current / baseline", fontsize=8)
            if i == len(types) - 1:
                ax.set_xlabel("n", fontsize=8)
    fig.suptitle(f"Per-row ratio of the median against {os.path.basename(args.baseline)} (95% interval), "
                 f"rows: {args.only}, {len(rows)} in all", fontsize=10)
    fig.legend(list(legend.values()), list(legend.keys()), fontsize=7, loc="lower center",
               ncol=min(4, len(legend)), bbox_to_anchor=(0.5, -0.02))
    fig.tight_layout(rect=(0, 0.04, 1, 0.97))
    out.save(fig, "gate")


# ---- report ----


def cmd_report(args, out):
    folder = args.dir
    path = next((os.path.join(folder, f) for f in ("sweep.csv", "sweep.csv.gz") if os.path.exists(os.path.join(folder, f))),
                None)
    if path is None:
        raise InputError(f"'{folder}' holds no sweep.csv")
    rows = read_rows(path)
    out.dir = args.out or folder
    for report in split_reports(rows):
        for mode, type_ in modes_and_types(report.rows, None, None):
            plot_bandwidth(report, mode, type_, ["finish", "vec"], out, f"bandwidth_{type_}_{mode}", False)
            sizes = sorted({int(r["n"]) for r in select(report.rows, mode, type_) if timed(r)
                            and r["kind"] == "candidate"})
            if sizes:
                plot_heatmap(report, mode, type_, sizes[-1], "block", "items", out,
                             f"heatmap_block_items_{type_}_{mode}_n{sizes[-1]}")


# ---- command line ----


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--out", default=None, help="folder for the plots (default: . ; report: the report folder)")
        p.add_argument("--format", default="png", help="png, svg or png,svg (default png)")
        return p

    p = common(sub.add_parser("bandwidth", help="GB/s against n per variant family"))
    p.add_argument("csv", nargs="+")
    p.add_argument("--mode", help="cold or hot (default: every mode)")
    p.add_argument("--type", help="element type (default: every type)")
    p.add_argument("--family", default="finish,vec", help="axes that name a family (default finish,vec)")
    p.add_argument("--linear", action="store_true", help="linear GB/s axis (default log)")

    p = common(sub.add_parser("heatmap", help="best median per pair of axis values at one n"))
    p.add_argument("csv", nargs="+")
    p.add_argument("--n", help="size, e.g. 2^28 (default: the largest)")
    p.add_argument("--mode")
    p.add_argument("--type")
    p.add_argument("--x", default="block", help=f"axis across: {', '.join(AXES)} (default block)")
    p.add_argument("--y", default="items", help="axis up (default items)")

    p = common(sub.add_parser("compare", help="best %% of peak per size, per report"))
    p.add_argument("csv", nargs="+")
    p.add_argument("--mode")
    p.add_argument("--type")

    p = common(sub.add_parser("gate", help="per-row current / baseline ratios with their intervals"))
    p.add_argument("baseline")
    p.add_argument("current", nargs="+")
    p.add_argument("--threshold", type=float, default=5.0, help="percent (default 5)")
    p.add_argument("--only", choices=["best", "baselines", "all"], default="best",
                   help="best: each group's tie group and cuBLAS/CUB (default); baselines; all")
    p.add_argument("--mode", help="only this mode (default: every mode)")

    p = common(sub.add_parser("report", help="the standard plots of a report folder, written into it"))
    p.add_argument("dir")

    args = parser.parse_args(argv)
    if args.command != "report" and args.out is None:
        args.out = "."
    try:
        out = Output(args)
        import_matplotlib()
        {"bandwidth": cmd_bandwidth, "heatmap": cmd_heatmap, "compare": cmd_compare, "gate": cmd_gate,
         "report": cmd_report}[args.command](args, out)
    except InputError as e:
        print(f"plot.py: {e}", file=sys.stderr)
        return 2
    for path in out.written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
