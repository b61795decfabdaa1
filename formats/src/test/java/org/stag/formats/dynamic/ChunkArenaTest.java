package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ChunkArena} against a model of its slots: exact runs (bump allocation) and power-of-two runs,
 * freed in random order, with exact runs cut into power-of-two pieces for the free lists. No slot is handed
 * out twice, {@link ChunkArena#liveSlots} counts what is held, and the free lists hold every freed slot once.
 */
class ChunkArenaTest {
    /** Model: owner run id per slot (0: free or never handed out), the live runs, and the arena's top. */
    private static final class Model {
        int[] owner = new int[1024];
        final IntArrayList runOff = new IntArrayList();
        final IntArrayList runCap = new IntArrayList();
        final IntArrayList runId = new IntArrayList();
        int nextId = 1;
        int end = 1;
        long live;

        void take(int off, int cap, String what) {
            assertTrue(off >= 1, what + ": offset " + off);
            if (off + cap > owner.length) {
                owner = Arrays.copyOf(owner, Math.max(2 * owner.length, off + cap));
            }
            for (int i = off; i < off + cap; i++) {
                if (owner[i] != 0) {
                    throw new AssertionError(what + ": slot " + i + " of run [" + off + ", " + (off + cap)
                            + ") is held by run " + owner[i]);
                }
                owner[i] = nextId;
            }
            runOff.add(off);
            runCap.add(cap);
            runId.add(nextId++);
            end = Math.max(end, off + cap);
            live += cap;
        }

        void release(int k) {
            int off = runOff.getInt(k);
            int cap = runCap.getInt(k);
            for (int i = off; i < off + cap; i++) {
                owner[i] = 0;
            }
            live -= cap;
            int last = runOff.size() - 1;
            runOff.set(k, runOff.getInt(last));
            runCap.set(k, runCap.getInt(last));
            runId.set(k, runId.getInt(last));
            runOff.removeInt(last);
            runCap.removeInt(last);
            runId.removeInt(last);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3, 4})
    void randomExactAndPowerOfTwoRunsNeverOverlapAndAreAllAccounted(int seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ChunkArena a = new ChunkArena(ValueMode.DOUBLE);
        Model m = new Model();
        int maxPiece = 1;
        for (int step = 0; step < 20_000; step++) {
            int op = rnd.nextInt(10);
            if (op < 3) {
                int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 300);
                int off = a.allocExact(n);
                assertEquals(m.end, off, "exact runs are bump-allocated at the top");
                m.take(off, n, "step " + step + " allocExact(" + n + ")");
                maxPiece = Math.max(maxPiece, Integer.highestOneBit(n));
            } else if (op < 6) {
                int cap = 1 << rnd.nextInt(9);
                m.take(a.alloc(cap), cap, "step " + step + " alloc(" + cap + ")");
                maxPiece = Math.max(maxPiece, cap);
            } else if (!m.runOff.isEmpty()) {
                int k = rnd.nextInt(m.runOff.size());
                a.free(m.runOff.getInt(k), m.runCap.getInt(k));
                m.release(k);
            }
            assertEquals(m.live, a.liveSlots(), "step " + step + ": live slots");
        }
        // A copy holds the same runs and free lists: it hands out the same offsets.
        ChunkArena c = a.copy();
        assertEquals(a.liveSlots(), c.liveSlots());
        for (int cap = 1; cap <= maxPiece; cap <<= 1) {
            int off = a.alloc(cap);
            assertEquals(off, c.alloc(cap), "copy's free list of class " + cap);
            m.take(off, cap, "alloc(" + cap + ") after the copy");
        }
        // Free every live run, then drain every free list: the pieces must tile [1, end) exactly.
        for (int k = m.runOff.size() - 1; k >= 0; k--) {
            a.free(m.runOff.getInt(k), m.runCap.getInt(k));
        }
        assertEquals(0, a.liveSlots(), "everything freed");
        int end = m.end;
        boolean[] seen = new boolean[end];
        long covered = 0;
        for (int cap = 1; cap <= Math.max(maxPiece, 512); cap <<= 1) {
            for (;;) {
                int off = a.alloc(cap);
                if (off >= end) {
                    break;   // the class's list is empty: this one was bump-allocated
                }
                for (int i = off; i < off + cap; i++) {
                    assertTrue(i < end && !seen[i], "slot " + i + " in two free pieces or past the top");
                    seen[i] = true;
                }
                covered += cap;
            }
        }
        assertEquals(end - 1, covered, "free lists hold every slot below the top once");
    }

    @Test
    void exactRunsLieBackToBackAndSplitIntoPowerOfTwoPiecesWhenFreed() {
        ChunkArena a = new ChunkArena(ValueMode.NONE);
        int r1 = a.allocExact(5);
        int r2 = a.allocExact(3);
        int r3 = a.allocExact(12);
        assertEquals(1, r1);
        assertEquals(6, r2);
        assertEquals(9, r3);
        assertEquals(20, a.liveSlots());
        a.free(r3, 12);   // pieces 8 at 9, 4 at 17
        assertEquals(8, a.liveSlots());
        assertEquals(9, a.alloc(8));
        assertEquals(17, a.alloc(4));
        assertEquals(20, a.liveSlots());
        a.free(r1, 5);    // pieces 4 at 1, 1 at 5
        assertEquals(5, a.alloc(1));
        assertEquals(1, a.alloc(4));
        assertEquals(21, a.alloc(2), "no piece of 2 was freed: bump allocation");
        assertEquals(22, a.liveSlots());
    }

    @Test
    void rejectsEmptyAndMalformedRuns() {
        ChunkArena a = new ChunkArena(ValueMode.NONE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.allocExact(0));
        assertTrue(e.getMessage().contains("at least one slot"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.allocExact(-3));
        e = assertThrows(IllegalArgumentException.class, () -> a.free(1, 0));
        assertTrue(e.getMessage().contains("at least 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.alloc(6));
        assertEquals(0, a.liveSlots(), "nothing handed out by the refused calls");
    }
}
