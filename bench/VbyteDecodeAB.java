import java.util.SplittableRandom;
import org.stag.formats.dynamic.ChunkCodes;
import org.stag.formats.level.VbyteCodes;

/**
 * A/B of byte-code decodes in one JVM, single thread: a PageRank-style pull ({@code acc += vals[c]} over every
 * row) of a random graph of 2^18 vertices with skewed degrees, in CSR ints and decoded from vbyte gaps by the
 * per-byte decode with a packed long (VbyteCodes.next before the word-wise change), a per-byte inline loop
 * (CodedRuns before it), ChunkCodes' word-wise decode, and a word-wise decode of two codes a read. The variants
 * run interleaved, 25 rounds; the medians of the last 20 are printed. Figures: bench/results/vbyte-kron.md.
 *
 * <pre>java -Xmx1g -cp cli/target/stag.jar bench/VbyteDecodeAB.java MEAN_DEGREE</pre>
 */
public class VbyteDecodeAB {
    static long oldNext(byte[] b, int at) {
        int x = b[at];
        if (x >= 0) return (long) x << 32 | (at + 1);
        int y = b[at + 1];
        if (y >= 0) return (long) ((x & 0x7f) | y << 7) << 32 | (at + 2);
        return oldLong(b, at + 2, (x & 0x7f) | (y & 0x7f) << 7);
    }
    static long oldLong(byte[] b, int at, int low) {
        int g = low, shift = 14, x;
        do { x = b[at++]; g |= (x & 0x7f) << shift; shift += 7; } while (x < 0);
        return (long) g << 32 | at;
    }
    public static void main(String[] a) {
        int n = 1 << 18; int deg = Integer.parseInt(a[0]);
        SplittableRandom r = new SplittableRandom(1);
        int[] pos = new int[n + 1]; int[] starts = new int[n + 1];
        int[][] rows = new int[n][];
        long m = 0;
        for (int i = 0; i < n; i++) {
            // skewed degrees, ids spread over [0, n)
            int d = (int) Math.min(4096, Math.max(1, (long) (deg * Math.pow(r.nextDouble(), -1.0) / 4)));
            rows[i] = r.ints(d, 0, n).distinct().sorted().toArray();
            m += rows[i].length;
        }
        int[] col = new int[(int) m];
        byte[] codes = new byte[(int) m * 5];
        int at = 0, k = 0;
        for (int i = 0; i < n; i++) {
            pos[i] = k; starts[i] = at;
            int prev = -1;
            for (int c : rows[i]) { col[k++] = c; at = VbyteCodes.put(codes, at, c - prev - 1); prev = c; }
        }
        pos[n] = k; starts[n] = at;
        codes = java.util.Arrays.copyOf(codes, at);
        System.out.printf("edges %d, %.2f B/edge%n", m, at / (double) m);
        double[] vals = new double[n]; for (int i = 0; i < n; i++) vals[i] = r.nextDouble();
        double[] out = new double[n];
        String[] names = {"csr", "old", "word", "loop", "pair"};
        long[][] t = new long[5][25];
        for (int round = 0; round < 25; round++) {
            for (int v = 0; v < 5; v++) {
                long s = System.nanoTime();
                for (int it = 0; it < 3; it++) {
                    if (v == 0) csr(pos, col, vals, out, n);
                    else if (v == 1) old(pos, starts, codes, vals, out, n);
                    else if (v == 2) word(pos, starts, codes, vals, out, n);
                    else if (v == 3) loop(pos, starts, codes, vals, out, n);
                    else pair(pos, starts, codes, vals, out, n);
                }
                t[v][round] = System.nanoTime() - s;
                if (out[n / 2] != 0 && Double.isNaN(out[7])) System.out.println();
            }
        }
        for (int v = 0; v < 5; v++) {
            long[] x = java.util.Arrays.copyOfRange(t[v], 5, 25); java.util.Arrays.sort(x);
            System.out.printf("%s median %.1f ms min %.1f ms%n", names[v], x[10] / 3e6, x[0] / 3e6);
        }
        long[] o = java.util.Arrays.copyOfRange(t[1], 5, 25), w = java.util.Arrays.copyOfRange(t[2], 5, 25), c = java.util.Arrays.copyOfRange(t[0], 5, 25);
        double[] ro = new double[20], rw = new double[20];
        for (int i = 0; i < 20; i++) { ro[i] = o[i] / (double) c[i]; rw[i] = w[i] / (double) c[i]; }
        java.util.Arrays.sort(ro); java.util.Arrays.sort(rw);
        System.out.printf("per-round median ratio: old/csr %.2f, word/csr %.2f%n", ro[10], rw[10]);
    }
    static void csr(int[] pos, int[] col, double[] v, double[] out, int n) {
        for (int i = 0; i < n; i++) { double acc = 0; for (int q = pos[i]; q < pos[i + 1]; q++) acc += v[col[q]]; out[i] = acc; }
    }
    static void old(int[] pos, int[] st, byte[] b, double[] v, double[] out, int n) {
        for (int i = 0; i < n; i++) { double acc = 0; int at = st[i], c = -1;
            for (int q = pos[i]; q < pos[i + 1]; q++) { long w = oldNext(b, at); at = (int) w; c += (int) (w >>> 32) + 1; acc += v[c]; }
            out[i] = acc; }
    }
    static void loop(int[] pos, int[] st, byte[] b, double[] v, double[] out, int n) {
        for (int i = 0; i < n; i++) { double acc = 0; int at = st[i], c = -1;
            for (int q = pos[i]; q < pos[i + 1]; q++) { int x = b[at++]; int d = x & 0x7f;
                if (x < 0) { int sh = 7; while (x < 0) { x = b[at++]; d |= (x & 0x7f) << sh; sh += 7; } }
                c += d + 1; acc += v[c]; }
            out[i] = acc; }
    }
    static final java.lang.invoke.VarHandle L = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    static long lw(byte[] b, int at) { if (at <= b.length - 8) return (long) L.get(b, at); long w = 0; for (int k = 0; at + k < b.length; k++) w |= (long) (b[at + k] & 0xff) << (8 * k); return w; }
    static void pair(int[] pos, int[] st, byte[] b, double[] v, double[] out, int n) {
        for (int i = 0; i < n; i++) { double acc = 0; int at = st[i], c = -1;
            int an = at + ChunkCodes.bytes(ChunkCodes.stop(ChunkCodes.word(b, at)));
            for (int q = pos[i]; q < pos[i + 1]; q++) {
                long W = lw(b, at); long m = ~W & 0x8080808080808080L;
                int s1 = Long.numberOfTrailingZeros(m); int s2 = Long.numberOfTrailingZeros(m & (m - 1));
                c += (s1 < 32 ? ChunkCodes.value((int) W, s1) : ChunkCodes.value5((int) W, b, at)) + 1;
                int nn = s2 < 64 ? at + (s2 >>> 3) + 1 : an + ChunkCodes.bytes(ChunkCodes.stop(ChunkCodes.word(b, an)));
                at = an; an = nn;
                acc += v[c]; }
            out[i] = acc; }
    }
    static void word(int[] pos, int[] st, byte[] b, double[] v, double[] out, int n) {
        for (int i = 0; i < n; i++) { double acc = 0; int at = st[i], c = -1;
            for (int q = pos[i]; q < pos[i + 1]; q++) { int w = ChunkCodes.word(b, at); int s = ChunkCodes.stop(w);
                c += (s < 32 ? ChunkCodes.value(w, s) : ChunkCodes.value5(w, b, at)) + 1; at += (s >>> 3) + 1; acc += v[c]; }
            out[i] = acc; }
    }
}
