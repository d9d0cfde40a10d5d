#!/usr/bin/env bash
# tools/space_slice.py: the per-type slices of the default space (what
# tools/compute_sanitize.sh sweeps) hold exactly the default space's
# configurations, each in one slice; a type the space lacks is refused.
#   space_slice.sh DOTSWEEP SOURCE_ROOT
set -euo pipefail
dotsweep=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ids() { "$dotsweep" list --space "$1" | grep -v '^#' | sort; }
ids "$root/variants/default.toml" >"$work/whole"
: >"$work/slices"
for type in f32 f64 f16 bf16; do
  python3 "$root/tools/space_slice.py" "$root/variants/default.toml" "$type" >"$work/$type.toml"
  ids "$work/$type.toml" >"$work/$type.ids"
  if grep -v "^$type\." "$work/$type.ids" | grep -q .; then
    echo "FAIL: the $type slice holds another type's configuration"; exit 1
  fi
  cat "$work/$type.ids" >>"$work/slices"
done
sort "$work/slices" -o "$work/slices"
[[ -s $work/whole ]] || { echo "FAIL: the default space lists nothing"; exit 1; }
if ! diff -q "$work/whole" "$work/slices" >/dev/null; then
  echo "FAIL: the slices differ from the default space:"; diff "$work/whole" "$work/slices" | head; exit 1
fi
if python3 "$root/tools/space_slice.py" "$root/variants/default.toml" f8 >/dev/null 2>&1; then
  echo "FAIL: a type the space lacks was sliced"; exit 1
fi
echo "PASS: $(wc -l <"$work/whole") configurations, each in exactly one type slice"
