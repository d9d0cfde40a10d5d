#!/usr/bin/env python3
"""docs/cli.md names exactly the options each command's --help lists.

Usage: cli_doc.py DOTSWEEP SOURCE_ROOT

Each "## dotsweep A, dotsweep B" section of docs/cli.md documents those
commands ("[sweep]" is also `dotsweep` alone). Every option their --help
lists must be named in the section, and every option the section names
must be one of theirs: so an option added, renamed or removed in the code
fails here until the page says so. The check is run first on two edited
copies of the page (one option left out, one invented), which it must
fail, so a parser that finds nothing cannot pass.
"""
import re
import subprocess
import sys

OPTION = re.compile(r"--[a-z][a-z0-9-]*")
# CLI11 prints an option's names first on its line, two spaces in, comma
# joined ("-o,--out TEXT", "--no-isolate{false}"); its
# description follows, or starts the next line when the names are long.
HELP_NAMES = re.compile(r"^ {1,4}(-[^ ]*)")
IGNORED = {"--help", "--version"}


def help_options(dotsweep, command):
    args = [dotsweep] + ([command] if command else []) + ["--help"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args[1:])} exited {done.returncode}: {done.stderr.strip()}")
    names = set()
    for line in done.stdout.splitlines():
        match = HELP_NAMES.match(line)
        if match:
            names.update(OPTION.findall(match.group(1)))
    return names - IGNORED


def doc_sections(text):
    """{commands named in a '## dotsweep ...' heading: the section's options}."""
    sections = {}
    for block in re.split(r"^## ", text, flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        if not heading.startswith("dotsweep"):
            continue
        commands = tuple(re.findall(r"dotsweep \[?([a-z]+)\]?", heading))
        sections[commands] = set(OPTION.findall(body)) - IGNORED
    return sections


def mismatches(text, helps):
    found = []
    sections = doc_sections(text)
    documented = {c for commands in sections for c in commands}
    for command in helps:
        if command and command not in documented:
            found.append(f"dotsweep {command} has no '## dotsweep {command}' section")
    for commands, named in sections.items():
        listed = set()
        for command in commands:
            if command not in helps:
                found.append(f"docs/cli.md has a section for '{command}', which is no command")
                continue
            listed |= helps[command]
            if command == "sweep":
                listed |= helps[""]  # `dotsweep` alone takes the sweep's options
        for option in sorted(listed - named):
            found.append(f"{', '.join(commands)}: --help lists {option}, docs/cli.md does not name it there")
        for option in sorted(named - listed):
            found.append(f"{', '.join(commands)}: docs/cli.md names {option}, no --help of these lists it")
    return found


def main():
    dotsweep, root = sys.argv[1], sys.argv[2]
    commands = ["", "sweep", "list", "info", "report", "merge", "compare", "gate", "fleet", "ab", "export",
                "distributed"]
    helps = {command: help_options(dotsweep, command) for command in commands}
    if len(helps["sweep"]) < 20 or not helps["gate"]:
        sys.exit(f"FAIL: read too few options from --help: {sorted(helps['sweep'])}")
    with open(f"{root}/docs/cli.md", encoding="utf-8") as page:
        text = page.read()

    failures = 0
    left_out = re.sub(r"--kernels-b\b", "", text)
    invented = text.replace("## dotsweep compare\n", "## dotsweep compare\n\n`--no-such-option`\n", 1)
    for name, edited in (("one option left out", left_out), ("one option invented", invented)):
        if not mismatches(edited, helps):
            print(f"FAIL: a page with {name} passes the check")
            failures += 1
    for line in mismatches(text, helps):
        print(f"FAIL: {line}")
        failures += 1
    if failures:
        sys.exit(1)
    print(f"docs/cli.md names the options of {len(commands) - 1} commands, as their --help lists them")


if __name__ == "__main__":
    main()
