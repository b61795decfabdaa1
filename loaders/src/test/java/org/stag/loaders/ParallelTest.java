package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Parallel}: every block runs once, both parts of {@code alongside} run, and failures come back unchanged. */
class ParallelTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void everyBlockRunsOnce(int threads) {
        for (int blocks : new int[] {0, 1, 2, 7, 1000}) {
            AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(1, blocks));
            Parallel.forEachBlock(threads, blocks, runs::incrementAndGet);
            for (int b = 0; b < blocks; b++) {
                assertEquals(1, runs.get(b), "block " + b + " of " + blocks);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aBlockFailureIsRethrownUnchangedAndStopsTheRest(int threads) {
        IllegalStateException boom = new IllegalStateException("block 3");
        AtomicInteger ran = new AtomicInteger();
        IllegalStateException got = assertThrows(IllegalStateException.class, () -> Parallel.forEachBlock(threads, 100_000, b -> {
            ran.incrementAndGet();
            if (b == 3) {
                throw boom;
            }
            if (b > 3) {
                // Later blocks take a millisecond each, so that the other thread cannot run them all while the
                // failing one is descheduled between its throw and the stop (all of them would take 100 s).
                LockSupport.parkNanos(1_000_000L);
            }
        }));
        assertSame(boom, got);
        assertTrue(ran.get() < 100_000, "blocks after the failure still ran: " + ran.get());
        AssertionError error = new AssertionError("an error");
        assertSame(error, assertThrows(AssertionError.class, () -> Parallel.forEachBlock(threads, 4, b -> {
            throw error;
        })));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void alongsideRunsBothPartsAndTheOtherOnItsOwnThread(int threads) {
        AtomicReference<Thread> caller = new AtomicReference<>();
        AtomicReference<Thread> other = new AtomicReference<>();
        Parallel.alongside(threads, () -> caller.set(Thread.currentThread()), () -> other.set(Thread.currentThread()));
        assertSame(Thread.currentThread(), caller.get());
        if (threads == 1) {
            assertSame(Thread.currentThread(), other.get());
        } else {
            assertNotEquals(Thread.currentThread(), other.get());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void alongsideRethrowsEitherPartsFailureAfterBothEnd(int threads) {
        IllegalArgumentException fromOther = new IllegalArgumentException("other");
        AtomicInteger callerDone = new AtomicInteger();
        assertSame(fromOther, assertThrows(IllegalArgumentException.class,
                () -> Parallel.alongside(threads, callerDone::incrementAndGet, () -> {
                    throw fromOther;
                })));
        assertEquals(1, callerDone.get());
        IllegalStateException fromCaller = new IllegalStateException("caller");
        AtomicInteger otherDone = new AtomicInteger();
        assertSame(fromCaller, assertThrows(IllegalStateException.class, () -> Parallel.alongside(threads, () -> {
            throw fromCaller;
        }, otherDone::incrementAndGet)));
        // The caller's failure is rethrown only once the other part has ended too (with one thread it never starts).
        assertEquals(threads == 1 ? 0 : 1, otherDone.get());
    }
}
