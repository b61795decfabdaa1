package org.stag.formats.dynamic.impl;

/**
 * The hash rule of a C-tree: which coordinates are heads, and the treap priority of a head. Both come from
 * one 64-bit hash, the SplitMix64 finaliser (Stafford's mix 13) of the coordinate: a bijection, so no two
 * coordinates share a priority and the tree's shape is a function of the set of heads alone.
 *
 * <p>A coordinate is a head iff the hash's top 32 bits are below {@code ceil(2^32 / b)}: probability
 * {@code 1/b}, the same as Aspen's {@code hash mod b == 0}, without a division and for any {@code b}.
 * Among heads the hash is still uniformly spread (the low bits are untouched by the test), so it serves as
 * an independent random priority.
 */
final class CtreeHash {
    private CtreeHash() {
    }

    /** The SplitMix64 finaliser of {@code c} (as an unsigned 32-bit value) plus the golden gamma. */
    static long mix(int c) {
        long z = (c & 0xFFFF_FFFFL) + 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** The head test's bound for expected chunk size {@code b}: heads have {@code mix(c) >>> 32} below it. */
    static long threshold(int b) {
        if (b < 1) {
            throw new IllegalArgumentException("expected chunk size must be at least 1, got " + b);
        }
        return ((1L << 32) + b - 1) / b;
    }

    /** Whether a coordinate with hash {@code mix} is a head under {@code threshold}. */
    static boolean isHead(long mix, long threshold) {
        return (mix >>> 32) < threshold;
    }

    /** Whether {@code c} is a head under {@code threshold}. */
    static boolean isHead(int c, long threshold) {
        return (mix(c) >>> 32) < threshold;
    }

    /** Treap priority of head {@code c}: parents have larger priorities than their children. */
    static long priority(int c) {
        return mix(c);
    }
}
