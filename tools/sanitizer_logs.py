#!/usr/bin/env python3
"""Sorts the log files ASan/UBSan wrote (log_path=DIR/...) into three kinds.

  sanitizer_logs.py DIR

- not started: a process under an address-space limit (cli_errors.sh probes
  with `ulimit -v`) could not reserve ASan's shadow memory and stopped before
  main. No code of ours ran, so there is nothing to judge.
- tool crash: LeakSanitizer's stop-the-world tracer died at exit ("Tracer
  caught signal 11 ... LeakSanitizer has encountered a fatal error") with no
  report before it. The leak check did not run; nothing was found. This is a
  known intermittent failure of the tracer on CI machines, so the caller runs
  the suite again rather than calling it a finding or ignoring it.
- finding: anything else, an ASan, UBSan or leak report.

Prints one line per log that is not "not started" and a summary; exits
0 when nothing but "not started" logs exist, 1 when any finding exists,
3 when the only other logs are tool crashes (run again).
"""
import pathlib
import sys

NOT_STARTED = ("ReserveShadowMemoryRange failed",
               "failed to allocate 0x")
TRACER_CRASH = ("Tracer caught signal", "LeakSanitizer has encountered a fatal error")
# The hint lines LSan prints after the crash; they are part of the crash.
CRASH_HINTS = ("HINT: For debugging, try setting environment variable LSAN_OPTIONS",
               "HINT: LeakSanitizer does not work under ptrace")


def kind(text):
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and all(any(mark in line for mark in NOT_STARTED) for line in lines):
        return "not started"
    if lines and all(any(mark in line for mark in TRACER_CRASH + CRASH_HINTS) for line in lines) \
            and any(TRACER_CRASH[1] in line for line in lines):
        return "tool crash"
    return "finding"


def main(argv):
    if len(argv) != 2:
        print("usage: sanitizer_logs.py DIR", file=sys.stderr)
        return 2
    directory = pathlib.Path(argv[1])
    if not directory.is_dir():
        print(f"sanitizer_logs: {directory} is not a folder", file=sys.stderr)
        return 2
    counts = {"not started": 0, "tool crash": 0, "finding": 0}
    for path in sorted(directory.iterdir()):
        text = path.read_text(errors="replace")
        found = kind(text)
        counts[found] += 1
        if found == "tool crash":
            print(f"--- {path} (the leak checker crashed; not a finding)")
            print(text, end="" if text.endswith("\n") else "\n")
        elif found == "finding":
            print(f"--- {path}")
            print(text, end="" if text.endswith("\n") else "\n")
    print(f"sanitizer logs: {counts['finding']} with findings, {counts['tool crash']} leak-checker crashes, "
          f"{counts['not started']} processes that could not reserve ASan's shadow memory (not findings)")
    if counts["finding"]:
        return 1
    return 3 if counts["tool crash"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
