#!/usr/bin/env python3
"""Writes one element type's slice of a space file: the same space with its
type axis cut to that type and only that type's [[include]] entries, so the
slices of every type together hold exactly the space's configurations
(tests/cli/space_slice.sh checks it against `dotsweep list`). Used to run a
long job (compute-sanitizer over the default space) in parts.

    tools/space_slice.py SPACE.toml TYPE >SLICE.toml
"""
import sys
import tomllib


def value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise SystemExit(f"space_slice: cannot write {v!r}")


def table(pairs):
    return "".join(f"{k} = {value(v)}\n" for k, v in pairs.items())


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: space_slice.py SPACE.toml TYPE")
    path, kind = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        space = tomllib.load(f)
    types = space.get("axes", {}).get("type", [])
    if kind not in types:
        raise SystemExit(f"space_slice: {path} has no type {kind!r} under [axes] (it has {types})")
    unknown = set(space) - {"name", "description", "axes", "exclude", "include"}
    if unknown:
        raise SystemExit(f"space_slice: {path}: keys this script does not know: {sorted(unknown)}")
    if any("type" not in entry for entry in space.get("include", [])):
        raise SystemExit(f"space_slice: {path}: an [[include]] without a type cannot be sliced by type")
    out = [f'name = {value(space.get("name", "space") + "-" + kind)}\n']
    if "description" in space:
        out.append(f'description = {value(space["description"] + " (" + kind + " slice)")}\n')
    axes = dict(space["axes"])
    axes["type"] = [kind]
    out.append("\n[axes]\n" + table(axes))
    for entry in space.get("exclude", []):
        out.append("\n[[exclude]]\n" + table(entry))
    for entry in space.get("include", []):
        if entry["type"] == kind:
            out.append("\n[[include]]\n" + table(entry))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
