#!/usr/bin/env python3
"""Mutants of the verdict code: each breaks one rule of which configurations
a device can run, the correctness checks, a row's interval, stopping rule
and throttle and capping checks, bandwidth, the ranks, tie groups and
margins the reports name, partial groups, rows whose samples split, where
the GPU pays off against the CPU, shards and their merge, what a resumed
sweep keeps, the tuned table export writes, the --sizes and --devices
lists, compare, the gate, its noise floor and input checks, ab or the
fleet (often at an edge: > for >=, one bound for the other), and the unit
tests must fail on it. A mutant that survives is a rule no test holds.
The list is tests/mutants/verdict.toml.

Each mutant is built apart from the tree: its broken source goes to a
temporary folder, is compiled with the build's own command for that file
(compile_commands.json), and the unit-test executable is linked again with
that object ahead of the static libraries (the linker then takes no member
of the original). The unit tests run until their first failure. A mutant
of the command line (src/cli) names the CLI tests that must catch it
(cli_tests): dotsweep is linked the same way, and those tests run with it
(their command lines from meson-info) before the unit tests, which run
only when they pass. Mutants of
a header are the exception: they go into the tree, ninja rebuilds what
includes it, and the source is put back (always, also when interrupted).
Mutants run side by side, one per core; the working tree is untouched but
for the header mutants, which run last, one at a time.

Prints one line per mutant and exits 1 when any survived or could not be
built, 2 when a mutant's line is no longer in its file (the code moved:
update tests/mutants/verdict.toml).

    tools/verdict_mutants.py [--build build] [--only SUBSTRING] [--list] [--jobs N]

Needs a configured and built BUILD (unit_tests and src/cli/dotsweep).
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

try:
    import tomllib  # Python 3.11+
except ImportError:  # older Pythons: the same parser from PyPI
    import tomli as tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent

MUTANTS_FILE = ROOT / "tests" / "mutants" / "verdict.toml"


def load_mutants(path):
    """(what, file, text, broken[, CLI tests]) per [[mutant]] of the list."""
    data = tomllib.loads(path.read_text())
    return [(m["what"], m["file"], m["text"], m["broken"], *([tuple(m["cli_tests"])] if "cli_tests" in m else []))
            for m in data["mutant"]]


def first_failure(output):
    """The first doctest case that failed (a case may also print messages
    and pass), else a CLI test's first FAIL line, else the last line of the output."""
    for block in output.split("=" * 79):
        case = re.search(r"TEST CASE:\s+(.+)", block)
        if case and re.search(r"\b(ERROR|FATAL ERROR|TEST CASE FAILED)\b", block):
            return case.group(1).strip()
    for line in output.splitlines():
        if line.startswith("FAIL: "):
            return line.strip()
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def first_compile_error(output):
    """The compiler's first error line, else the last line of the output."""
    for line in output.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


UNIT = "tests/unit/unit_tests"
CLI = "src/cli/dotsweep"


class Build:
    """What the build folder says about how it compiles and links."""

    def __init__(self, build):
        self.dir = build
        entries = json.loads((build / "compile_commands.json").read_text())
        # source (absolute) -> (command words, output object), for the objects the two executables link
        self.compiles = {}
        for e in entries:
            source = (pathlib.Path(e["directory"]) / e["file"]).resolve()
            words = shlex.split(e["command"]) if "command" in e else e["arguments"]
            self.compiles.setdefault(str(source), []).append((words, e.get("output") or words[words.index("-o") + 1]))
        self.links = {target: self._link_words(target) for target in (UNIT, CLI)}

    def _link_words(self, target):
        commands = subprocess.run(["ninja", "-C", str(self.dir), "-t", "commands", target],
                                  capture_output=True, text=True, check=True).stdout.strip().splitlines()
        return shlex.split(commands[-1])

    def object_in(self, source, target):
        """The build's compile of `source` whose object `target` links: directly, or through one of its archives."""
        link = self.links[target]
        archives = [w for w in link if w.endswith(".a")]
        for words, output in self.compiles.get(str(source), []):
            if output in link or any(output.startswith(a + ".p/") for a in archives):
                return words, output
        return None

    def compile(self, words, output, mutated, original, obj):
        """The build's command for `original`, on the mutated copy, into obj (no dependency file)."""
        out = []
        skip = 0
        for i, w in enumerate(words):
            if skip:
                skip -= 1
                continue
            if w in ("-MD", "-MMD"):
                continue
            if w in ("-MQ", "-MT", "-MF"):
                skip = 1
                continue
            if w == "-o":
                out += ["-o", str(obj)]
                skip = 1
                continue
            if w == "-c":
                out += ["-c", str(mutated)]
                skip = 1
                continue
            if w.startswith("-O"):
                # Unoptimized: the mutant's behaviour is the same, and its
                # object compiles in a third of the release build's time.
                w = "-O0"
            out.append(w)
        # Quoted includes next to the original file still resolve.
        out[1:1] = ["-iquote", str(original.parent)]
        return subprocess.run(out, cwd=self.dir, capture_output=True, text=True)

    def link(self, target, output, obj, exe):
        """The build's link of `target` with obj in place of (or ahead of the archive holding) `output`."""
        words = list(self.links[target])
        words[words.index("-o") + 1] = str(exe)
        if output in words:
            words[words.index(output)] = str(obj)
        else:
            first_archive = next(i for i, w in enumerate(words) if w.endswith(".a"))
            words.insert(first_archive, str(obj))
        return subprocess.run(words, cwd=self.dir, capture_output=True, text=True)


def cli_test_commands(build, names, dotsweep):
    """meson's command lines of the named tests, with dotsweep in place of the build's."""
    tests = {t["name"]: t for t in json.loads((build / "meson-info" / "intro-tests.json").read_text())}
    built = str((build / CLI).resolve())
    runs = []
    for name in names:
        t = tests[name]
        cmd = [str(dotsweep) if (w == CLI or os.path.normpath(os.path.join(build, w)) == built) else w
               for w in t["cmd"]]
        env = dict(os.environ, **(t.get("env") or {}))
        runs.append((name, cmd, t.get("workdir") or str(build), env, t.get("timeout") or 30))
    return runs


def run_unit(exe, source):
    """The unit tests until their first failure (the rest add nothing), those of
    the mutated file's own test files first (tests/unit/test_<stem>*.cpp):
    they kill most mutants in a fraction of the whole suite's time."""
    own = [str(exe), "--abort-after=1", f"--source-file=*test_{pathlib.Path(source).stem}*"]
    run = subprocess.run(own, capture_output=True, text=True, cwd=ROOT)
    if run.returncode != 0:
        return run
    return subprocess.run([str(exe), "--abort-after=1"], capture_output=True, text=True, cwd=ROOT)


def apart(build, mutant, work):
    """Builds and runs one mutant outside the tree; (verdict, detail)."""
    what, path, before, after, *cli = mutant
    cli_tests = cli[0] if cli else ()
    source = (ROOT / path).resolve()
    mutated = work / source.name
    mutated.write_text(source.read_text().replace(before, after))
    # The unit tests when they link the file; dotsweep too when CLI tests are named.
    targets = [t for t in (UNIT, CLI) if (t == UNIT or cli_tests) and build.object_in(source, t)]
    if not targets:
        return "NOT BUILT", f"neither {UNIT} nor {CLI} links {path} (compile_commands.json)"
    words, output = build.object_in(source, targets[0])
    obj = work / (source.name + ".o")
    done = build.compile(words, output, mutated, source, obj)
    if done.returncode != 0:
        return "NOT BUILT", first_compile_error(done.stdout + done.stderr)
    exes = {}
    for target in targets:
        exes[target] = work / pathlib.Path(target).name
        done = build.link(target, build.object_in(source, target)[1], obj, exes[target])
        if done.returncode != 0:
            return "NOT BUILT", first_compile_error(done.stdout + done.stderr)
    # The CLI tests a mutant names first: they were chosen to kill it, and
    # the whole unit suite, which a mutant of the command line passes, is the
    # slower half of its cost.
    if CLI in exes:
        for name, cmd, cwd, env, timeout in cli_test_commands(build.dir, cli_tests, exes[CLI]):
            try:
                run = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout * 4)
            except subprocess.TimeoutExpired:
                return "killed", f"FAIL: {name} (timed out)"
            if run.returncode not in (0, 77):
                return "killed", f"FAIL: {name}"
    if UNIT in exes:
        run = run_unit(exes[UNIT], path)
        if run.returncode != 0:
            return "killed", first_failure(run.stdout + run.stderr)
    return "SURVIVED", ""


def in_tree(build, mutant, meson):
    """A header's mutant: edit, rebuild with ninja, run, put the source back."""
    what, path, before, after, *cli = mutant
    cli_tests = cli[0] if cli else ()
    targets = ["unit_tests"] + (["src/cli/dotsweep"] if cli_tests else [])
    source = ROOT / path
    original = source.read_text()
    try:
        source.write_text(original.replace(before, after))
        built = subprocess.run([meson, "compile", "-C", str(build.dir), *targets], capture_output=True, text=True)
        if built.returncode != 0:
            return "NOT BUILT", first_compile_error(built.stdout + built.stderr)
        run = run_unit(build.dir / UNIT, path)
        if run.returncode == 0 and cli_tests:
            run = subprocess.run([meson, "test", "-C", str(build.dir), "--no-rebuild", "--print-errorlogs", *cli_tests],
                                 capture_output=True, text=True)
    finally:
        source.write_text(original)
    if run.returncode == 0:
        return "SURVIVED", ""
    return "killed", first_failure(run.stdout + run.stderr)


def report(what, verdict, detail):
    if verdict == "killed":
        print(f"killed     {what}\n           by: {detail}")
    elif verdict == "NOT BUILT":
        print(f"NOT BUILT  {what}\n           {detail}")
    else:
        print(f"SURVIVED   {what}")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build")
    parser.add_argument("--only", default="", help="run the mutants whose description holds this text")
    parser.add_argument("--list", action="store_true",
                        help="print the mutants and exit (2 when one's text is not in its file exactly once)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants built and run at once")
    args = parser.parse_args()
    build_dir = (ROOT / args.build).resolve()  # an absolute --build stays as given
    meson = ROOT / ".venv" / "bin" / "meson"
    meson = str(meson) if meson.exists() else "meson"
    chosen = [m for m in load_mutants(MUTANTS_FILE) if args.only in m[0]]
    if not chosen:
        print(f"verdict_mutants: no mutant's description holds '{args.only}' (--list shows them)", file=sys.stderr)
        return 2
    # --list checks the list too: the test suite runs it, so a change that
    # moves a mutant's text fails there, not only in the mutants' own step.
    for what, path, before, *_ in chosen:
        if (ROOT / path).read_text().count(before) != 1:
            print(f"verdict_mutants: '{before}' is not in {path} exactly once ({what}): update the list",
                  file=sys.stderr)
            return 2
    if args.list:
        for what, path, *_ in chosen:
            print(f"{path}: {what}")
        return 0
    if args.jobs < 1:
        print("verdict_mutants: --jobs must be at least 1", file=sys.stderr)
        return 2
    # A CI job stopped by its time limit gets SIGTERM: unwind, so a header's source is put back.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # The tree's build first: the mutants link against its libraries.
    built = subprocess.run([meson, "compile", "-C", str(build_dir), "unit_tests", "src/cli/dotsweep"],
                           capture_output=True, text=True)
    if built.returncode != 0:
        print(f"verdict_mutants: the build in {build_dir} fails before any mutant:\n{built.stdout}{built.stderr}",
              file=sys.stderr)
        return 1
    build = Build(build_dir)
    headers = [m for m in chosen if not m[1].endswith((".cpp", ".cc"))]
    sources = [m for m in chosen if m[1].endswith((".cpp", ".cc"))]
    survived = 0
    work_root = pathlib.Path(tempfile.mkdtemp(prefix="dotsweep-mutants-"))
    try:
        def one(index_mutant):
            index, mutant = index_mutant
            work = work_root / str(index)
            work.mkdir()
            try:
                return apart(build, mutant, work)
            finally:
                shutil.rmtree(work, ignore_errors=True)

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            # In list order, each as soon as it and every one before it are done.
            for mutant, (verdict, detail) in zip(sources, pool.map(one, enumerate(sources))):
                report(mutant[0], verdict, detail)
                survived += verdict != "killed"
        for mutant in headers:
            verdict, detail = in_tree(build, mutant, meson)
            report(mutant[0], verdict, detail)
            survived += verdict != "killed"
    finally:
        shutil.rmtree(work_root, ignore_errors=True)
        if headers:  # leave the build as the source is
            subprocess.run([meson, "compile", "-C", str(build_dir), "unit_tests", "src/cli/dotsweep"],
                           capture_output=True)
    print(f"verdict_mutants: {len(chosen) - survived} of {len(chosen)} killed")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
