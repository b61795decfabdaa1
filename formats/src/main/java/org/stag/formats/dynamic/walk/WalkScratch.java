package org.stag.formats.dynamic.walk;

import java.util.Arrays;

/**
 * One thread's working memory for {@link SchemaWalk}: the machine's frames, a stack of nodes, the value a
 * lookup found, and the arrays of the store being read, per field, fetched once per read ({@link #unpack}).
 * Grown on demand and kept.
 */
final class WalkScratch {
    private static final ThreadLocal<WalkScratch> MINE = ThreadLocal.withInitial(WalkScratch::new);

    /** Frames of the traversal machine, four ints each: node type, node, step, position in an interleaved loop. */
    int[] frames = new int[4 * 64];
    int[] nodes = new int[64];
    /** What a lookup found: the value of the element ({@link WalkSlots#FOUND}). */
    double value;
    /** Per field of the store being read: its int array, and for elements its coordinates, values, positions. */
    int[][] ints = new int[0][];
    int[][] crd = new int[0][];
    double[][] dv = new double[0][];
    int[][] pv = new int[0][];

    /** This thread's scratch. */
    static WalkScratch get() {
        return MINE.get();
    }

    /**
     * Points the scratch at every array the walk of {@code t} reads in {@code a}: the walk then reads
     * {@code ints[f][h]} rather than going through the pool at every node. A read allocates nothing, so no
     * array is replaced during it; {@link #release} drops the references afterwards, so that a thread's scratch
     * never keeps a dropped store's arrays alive.
     */
    void unpack(WalkTables t, WalkArrays a) {
        int nf = t.read.length;
        if (ints.length < nf) {
            ints = new int[nf][];
            crd = new int[nf][];
            dv = new double[nf][];
            pv = new int[nf][];
        }
        for (int f = 0; f < nf; f++) {
            if (!t.read[f]) {
                continue;
            }
            ints[f] = a.ints(f);
            if (t.element[f]) {
                boolean arena = t.inArena[f];
                crd[f] = arena ? a.arenaCoordinates() : ints[f];
                dv[f] = arena ? a.arenaValues() : a.values(f);
                pv[f] = arena ? a.arenaPositions() : a.positions(f);
            }
        }
    }

    void release() {
        Arrays.fill(ints, null);
        Arrays.fill(crd, null);
        Arrays.fill(dv, null);
        Arrays.fill(pv, null);
    }

    /** The frames, with room for one at {@code o}. */
    int[] framesFor(int o) {
        if (o + 4 > frames.length) {
            frames = Arrays.copyOf(frames, 2 * frames.length);
        }
        return frames;
    }

    /** The node stack, with room for one at {@code sp}. */
    int[] nodesFor(int sp) {
        if (sp == nodes.length) {
            nodes = Arrays.copyOf(nodes, 2 * sp);
        }
        return nodes;
    }
}
