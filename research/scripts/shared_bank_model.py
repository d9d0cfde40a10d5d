#!/usr/bin/env python3
"""Predicts the shared-memory bank conflicts of the tree layouts in
kernels/block_reduce.cuh, for comparison with the measured
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld counter.

Model: 32 banks of 4 bytes; a warp's 4-byte accesses form one request, its
8-byte accesses two (one per half-warp); a request costs one extra wavefront
per additional distinct 128-byte row that its busiest bank serves. Counts the
tree's two reads per step (the store repeats the second read's addresses), per
block. The layouts' access patterns mirror detail::tree_step and
detail::slot; keep them in step with the header.

  research/scripts/shared_bank_model.py       prints the table in docs/kernels.md
"""
import sys

LAYOUTS = ("interleaved_divergent", "interleaved_strided", "sequential", "padded")
BLOCKS = (32, 64, 256, 1024)


def slot(layout, i, size):
    row = 128 // size  # partials per row of 32 banks
    return i + i // row if layout == "padded" else i


def step_reads(layout, block):
    """Per step: (thread, partner index, own index) of every active thread."""
    active = block // 2
    while active > 0:
        s = block // (2 * active)
        reads = []
        for t in range(block):
            if layout == "sequential" and t < active:
                reads.append((t, t + active, t))
            elif layout == "interleaved_divergent" and t % (2 * s) == 0:
                reads.append((t, t + s, t))
            elif layout in ("interleaved_strided", "padded") and t < active:
                reads.append((t, 2 * s * t + s, 2 * s * t))
        yield reads
        active //= 2


def extra_wavefronts(addresses, size):
    banks = {}
    for index in addresses:
        byte = index * size
        banks.setdefault((byte // 4) % 32, set()).add(byte // 128)
    return max(len(rows) for rows in banks.values()) - 1


def conflicts(layout, block, size):
    lanes_per_request = 32 if size == 4 else 16
    total = 0
    for reads in step_reads(layout, block):
        for which in (1, 2):
            requests = {}
            for entry in reads:
                t = entry[0]
                requests.setdefault(t // lanes_per_request, []).append(slot(layout, entry[which], size))
            total += sum(extra_wavefronts(a, size) for a in requests.values())
    return total


def main():
    if len(sys.argv) > 1:
        sys.exit("usage: research/scripts/shared_bank_model.py")
    print("| Layout | float, Block " + " / ".join(map(str, BLOCKS)) + " | double, Block " +
          " / ".join(map(str, BLOCKS)) + " |")
    print("| --- | --- | --- |")
    for layout in LAYOUTS:
        cells = [" / ".join(str(conflicts(layout, b, size)) for b in BLOCKS) for size in (4, 8)]
        print(f"| {layout} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
