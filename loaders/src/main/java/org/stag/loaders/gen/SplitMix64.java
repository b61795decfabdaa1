package org.stag.loaders.gen;

/**
 * SplitMix64 (Steele, Lea and Flood 2014; the algorithm behind {@link java.util.SplittableRandom}). Our own
 * copy rather than {@code SplittableRandom} so that generated graphs depend on this code only, not on the
 * JDK's implementation, and stay identical across Java versions.
 *
 * <p>Not thread-safe: every block of work makes its own instance with {@link #forBlock}.
 */
final class SplitMix64 {
    /** The Weyl-sequence increment, 2^64 / golden ratio. */
    static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    static final long LOW32 = 0xFFFF_FFFFL;

    /** Stream tags: independent random streams for the different uses of one user seed. */
    static final long STREAM_KRON = 1;
    static final long STREAM_URAND = 2;
    static final long STREAM_GRID = 3;
    static final long STREAM_WEIGHTS = 4;
    static final long STREAM_PERMUTATION = 5;

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    /**
     * The generator for block {@code block} of stream {@code stream} under the user's {@code seed}. Each
     * argument goes through the mixer, so neighbouring seeds and blocks start far apart in the 2^64 cycle.
     */
    static SplitMix64 forBlock(long seed, long stream, long block) {
        return new SplitMix64(mixSeed(seed, stream, block));
    }

    /** Hashes (seed, stream, index) to a 64-bit starting state. */
    static long mixSeed(long seed, long stream, long index) {
        long h = mix64(seed);
        h = mix64(h ^ stream * GOLDEN_GAMMA);
        return mix64(h + (index + 1) * GOLDEN_GAMMA);
    }

    /** Stafford's "variant 13" 64-bit finaliser, as in SplitMix64. A bijection on longs. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The next 64 uniformly random bits. */
    long nextLong() {
        return mix64(state += GOLDEN_GAMMA);
    }

    /**
     * A uniform int in {@code [0, bound)}, {@code 0 < bound <= 2^31 - 1}, without bias (Lemire's
     * multiply-and-reject on 32 random bits; a retry is needed with probability below {@code bound / 2^32}).
     */
    int nextInt(int bound) {
        long m = (nextLong() >>> 32) * bound;
        long low = m & LOW32;
        if (low < bound) {
            long threshold = (1L << 32) % bound;
            while (low < threshold) {
                m = (nextLong() >>> 32) * bound;
                low = m & LOW32;
            }
        }
        return (int) (m >>> 32);
    }
}
