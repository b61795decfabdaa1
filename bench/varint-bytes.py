#!/usr/bin/env python3
"""Byte-code (varint) size of a .stagb graph's adjacency, per stored edge, as a difference-encoded level would hold it.

Each row's first neighbour is written as the zig-zag of (neighbour - row), each later one as the gap to the one
before (columns are sorted and distinct, so gaps are >= 1); every value takes 7 bits per byte. Offsets per row are
not counted (a level adds them the same way for any order). Usage: varint-bytes.py FILE.stagb...
Needs numpy; reads the columns section in blocks of rows.
"""
import struct
import sys

import numpy as np


def varint_bytes(values):
    v = values.astype(np.uint64)
    return int(v.size + np.count_nonzero(v >= 1 << 7) + np.count_nonzero(v >= 1 << 14)
               + np.count_nonzero(v >= 1 << 21) + np.count_nonzero(v >= 1 << 28))


def measure(path):
    with open(path, 'rb') as f:
        head = f.read(128)
        version = struct.unpack_from('<i', head, 8)[0]
        rows = struct.unpack_from('<q', head, 16)[0]
        entries = struct.unpack_from('<q', head, 32)[0]
        width = 8 if version == 3 else 4
        ptr = np.fromfile(f, dtype='<i8' if width == 8 else '<i4', count=rows + 1).astype(np.int64)
        columns_at = 128 + ((width * (rows + 1) + 7) & ~7)
        total = 0
        block = 1 << 16
        for lo in range(0, rows, block):
            hi = min(rows, lo + block)
            a, b = int(ptr[lo]), int(ptr[hi])
            if a == b:
                continue
            f.seek(columns_at + 4 * a)
            col = np.fromfile(f, dtype='<i4', count=b - a).astype(np.int64)
            row = np.repeat(np.arange(lo, hi, dtype=np.int64), np.diff(ptr[lo:hi + 1]))
            first = np.zeros(b - a, dtype=bool)
            starts = ptr[lo:hi] - a
            starts = starts[np.diff(ptr[lo:hi + 1]) > 0]
            first[starts] = True
            gap = np.empty_like(col)
            gap[1:] = col[1:] - col[:-1]
            d = col - row
            zig = np.where(d >= 0, 2 * d, -2 * d - 1)
            gap[first] = zig[first]
            total += varint_bytes(gap)
    return rows, entries, total


if __name__ == '__main__':
    for p in sys.argv[1:]:
        n, m, b = measure(p)
        print(f"{p}\tvertices {n}\tstored-edges {m}\tvarint-bytes {b}\tbytes-per-edge {b / m:.3f}")
