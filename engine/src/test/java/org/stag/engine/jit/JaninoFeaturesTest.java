package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.stag.engine.javagen.GeneratedSource;

/**
 * What generated kernels need from Janino, one test per item of {@code engine/docs/janino.md}. Tests of
 * things Janino rejects assert the rejection, so an upgrade that adds them shows up here.
 */
class JaninoFeaturesTest {
    private static final KernelCompiler COMPILER = new KernelCompiler();

    static Class<?> compile(GeneratedSource s) {
        return COMPILER.compile(s);
    }

    static Object call(Class<?> c, String name, Object... args) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw new AssertionError("generated " + name + " threw", e.getCause());
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        throw new AssertionError("no public method " + name + " in " + c);
    }

    static final String SPMV_BODY = """
                public static void spmv(int[] pos, int[] crd, double[] vals, double[] x, double[] y) {
                    int n = pos.length - 1;
                    for (int i = 0; i < n; i++) {
                        double acc = 0.0;
                        for (int p = pos[i], end = pos[i + 1]; p < end; p++) {
                            acc += vals[p] * x[crd[p]];
                        }
                        y[i] = acc;
                    }
                }
            """;

    @Test
    void staticMethodsOverPrimitiveArraysSpmv() {
        Class<?> c = compile(Sources.unit("Spmv", SPMV_BODY));
        double[] y = new double[3];
        call(c, "spmv", Sources.POS, Sources.CRD, Sources.VALS, new double[] {1, 10, 100}, y);
        assertArrayEquals(new double[] {201.0, 0.0, 430.0}, y);
    }

    @Test
    void longDoubleBooleanArraysAndCasts() {
        Class<?> c = compile(Sources.unit("Mixed", """
                public static long mixed(long[] a, boolean[] keep, double[] out) {
                    long s = 0L;
                    for (int i = 0; i < a.length; i++) {
                        if (keep[i] && !(a[i] < 0)) {
                            s += a[i];
                            out[i] = (double) a[i] / 2;
                        } else {
                            out[i] = Double.NaN;
                        }
                    }
                    keep[0] ^= true;
                    return s + (int) 2.9 + (s >>> 63);
                }
                """));
        long[] a = {4, -3, 6};
        boolean[] keep = {true, true, false};
        double[] out = new double[3];
        assertEquals(6L, call(c, "mixed", a, keep, out));
        assertEquals(2.0, out[0]);
        assertTrue(Double.isNaN(out[1]) && Double.isNaN(out[2]));
        assertFalse(keep[0]);
    }

    @Test
    void labeledBreakAndContinue() {
        // First row (in order) whose entries are all positive and that has one >= limit; -1 if none.
        Class<?> c = compile(Sources.unit("Labels", """
                public static int find(int[] pos, double[] vals, double limit) {
                    int found = -1;
                    rows:
                    for (int i = 0; i + 1 < pos.length; i++) {
                        boolean big = false;
                        for (int p = pos[i]; p < pos[i + 1]; p++) {
                            if (vals[p] <= 0) continue rows;
                            if (vals[p] >= limit) big = true;
                        }
                        if (big) { found = i; break rows; }
                    }
                    return found;
                }
                """));
        int[] pos = {0, 2, 4, 6};
        double[] vals = {-1, 9, 1, 2, 5, 9};
        assertEquals(2, call(c, "find", pos, vals, 3.0));
        assertEquals(-1, call(c, "find", pos, vals, 10.0));
    }

    @Test
    void nestedClassesWithPrivateMembers() {
        Class<?> c = compile(Sources.unit("Nested", """
                static final class Stack {
                    private int[] items = new int[2];
                    private int size;
                    void push(int v) {
                        if (size == items.length) items = java.util.Arrays.copyOf(items, 2 * size);
                        items[size++] = v;
                    }
                    int pop() { return items[--size]; }
                }
                final class Counter { int n; }
                public static int run(int n) {
                    Stack s = new Stack();
                    for (int i = 0; i < n; i++) s.push(i);
                    int sum = 0;
                    while (s.size > 0) sum += s.pop();
                    Nested outer = new Nested();
                    Counter k = outer.new Counter();
                    k.n = sum;
                    return k.n;
                }
                """));
        assertEquals(45, call(c, "run", 10));
    }

    @Test
    void implementsAnInterfaceOfOurs() {
        GeneratedSource typed = Sources.unit("TypedSpmv", "import org.stag.engine.jit.SpmvKernel;",
                "implements SpmvKernel", SPMV_BODY.replace("public static void spmv", "public void spmv"));
        SpmvKernel k = (SpmvKernel) newInstance(compile(typed));
        double[] y = new double[3];
        k.spmv(Sources.POS, Sources.CRD, Sources.VALS, new double[] {1, 1, 1}, y);
        assertArrayEquals(new double[] {3.0, 0.0, 7.0}, y);

        GeneratedSource untyped = Sources.unit("UntypedSum", "import org.stag.engine.jit.Kernel;",
                "implements Kernel", """
                public void run(Object[] operands) {
                    // Cast once at entry; the loop sees a double[].
                    double[] v = (double[]) operands[0];
                    double[] out = (double[]) operands[1];
                    double s = 0;
                    for (int i = 0; i < v.length; i++) s += v[i];
                    out[0] = s;
                }
                """);
        double[] out = new double[1];
        ((Kernel) newInstance(compile(untyped))).run(new Object[] {new double[] {1, 2, 3.5}, out});
        assertEquals(6.5, out[0]);
    }

    static Object newInstance(Class<?> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static final String PARALLEL_BODY = """
            static final int CHUNK = 4;

            /** Sums vals in fixed chunks of CHUNK, then adds the chunk sums in chunk order. */
            static final class Chunks extends RecursiveAction {
                private static final long serialVersionUID = 1L;
                final double[] vals; final double[] partial; final int lo; final int hi;
                Chunks(double[] vals, double[] partial, int lo, int hi) {
                    this.vals = vals; this.partial = partial; this.lo = lo; this.hi = hi;
                }
                protected void compute() {
                    if (hi - lo == 1) {
                        int from = lo * CHUNK, to = Math.min(vals.length, from + CHUNK);
                        double s = 0;
                        for (int p = from; p < to; p++) s += vals[p];
                        partial[lo] = s;
                        return;
                    }
                    int mid = (lo + hi) >>> 1;
                    invokeAll(new Chunks(vals, partial, lo, mid), new Chunks(vals, partial, mid, hi));
                }
            }

            public static double sum(ForkJoinPool pool, double[] vals) {
                int chunks = Math.max(1, (vals.length + CHUNK - 1) / CHUNK);
                double[] partial = new double[chunks];
                pool.invoke(new Chunks(vals, partial, 0, chunks));
                double s = 0;
                for (int c = 0; c < chunks; c++) s += partial[c];
                return s;
            }
            """;

    @Test
    void recursiveActionWithFixedChunkingIsThreadCountIndependent() {
        Class<?> c = compile(Sources.unit("ParallelSum",
                "import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.RecursiveAction;",
                PARALLEL_BODY));
        double[] vals = new double[1001];
        for (int i = 0; i < vals.length; i++) {
            vals[i] = 1.0 / (i + 1) * (i % 3 == 0 ? -1e8 : 1);
        }
        double expected = 0;
        for (int ch = 0; ch * 4 < vals.length; ch++) {
            double s = 0;
            for (int p = ch * 4; p < Math.min(vals.length, ch * 4 + 4); p++) {
                s += vals[p];
            }
            expected += s;
        }
        for (int threads : new int[] {1, 2, 4}) {
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                assertEquals(expected, (double) call(c, "sum", pool, vals), "threads=" + threads);
            } finally {
                pool.shutdown();
            }
        }
    }

    static final String SCATTER_BODY = """
            /** y[crd[p]] += vals[p] over all p, split over threads by blocks of p. */
            public static void scatter(final int[] crd, final double[] vals, final double[] y, int threads) throws InterruptedException {
                Thread[] ts = new Thread[threads];
                for (int t = 0; t < threads; t++) {
                    final int lo = (int) ((long) crd.length * t / threads);
                    final int hi = (int) ((long) crd.length * (t + 1) / threads);
                    ts[t] = new Thread(new Runnable() {
                        public void run() {
                            for (int p = lo; p < hi; p++) Atomics.add(y, crd[p], vals[p]);
                        }
                    });
                    ts[t].start();
                }
                for (int t = 0; t < threads; t++) ts[t].join();
            }

            /** The same through an AtomicLongArray of double bits, with a compare-and-set loop. */
            public static void scatterBits(final int[] crd, final double[] vals, final AtomicLongArray y, int threads)
                    throws InterruptedException {
                Thread[] ts = new Thread[threads];
                for (int t = 0; t < threads; t++) {
                    final int lo = (int) ((long) crd.length * t / threads);
                    final int hi = (int) ((long) crd.length * (t + 1) / threads);
                    ts[t] = new Thread(new Runnable() {
                        public void run() {
                            for (int p = lo; p < hi; p++) {
                                int i = crd[p];
                                long cur;
                                do {
                                    cur = y.get(i);
                                } while (!y.compareAndSet(i, cur,
                                        Double.doubleToRawLongBits(Double.longBitsToDouble(cur) + vals[p])));
                            }
                        }
                    });
                    ts[t].start();
                }
                for (int t = 0; t < threads; t++) ts[t].join();
            }
            """;

    @Test
    void atomicScatterAddViaAtomicsAndAtomicLongArray() {
        Class<?> c = compile(Sources.unit("Scatter",
                "import org.stag.engine.jit.Atomics;\nimport java.util.concurrent.atomic.AtomicLongArray;",
                SCATTER_BODY));
        // Large enough that the threads overlap: a plain y[i] += v loses updates in most runs at this size
        // (checked by hand), and three rounds make a pass with non-atomic adds very unlikely.
        int n = 4_000_000;
        int[] crd = new int[n];
        double[] vals = new double[n];
        for (int p = 0; p < n; p++) {
            crd[p] = p % 7;
            vals[p] = 1.0; // integers: every summation order gives the exact count, so only lost updates show
        }
        for (int round = 0; round < 3; round++) {
            double[] y = new double[7];
            call(c, "scatter", crd, vals, y, 4);
            java.util.concurrent.atomic.AtomicLongArray bits = new java.util.concurrent.atomic.AtomicLongArray(7);
            call(c, "scatterBits", crd, vals, bits, 4);
            for (int i = 0; i < 7; i++) {
                double expected = (n - i + 6) / 7;
                assertEquals(expected, y[i], "Atomics row " + i);
                assertEquals(expected, Double.longBitsToDouble(bits.get(i)), "AtomicLongArray row " + i);
            }
        }
    }

    @Test
    void mathMinMaxInfinityAndSwitch() {
        Class<?> c = compile(Sources.unit("MinMax", """
                public static double reduce(int op, double[] v) {
                    double acc;
                    switch (op) {
                        case 0: acc = Double.POSITIVE_INFINITY; break;
                        case 1: acc = Double.NEGATIVE_INFINITY; break;
                        default: acc = 0.0;
                    }
                    for (int i = 0; i < v.length; i++) {
                        switch (op) {
                            case 0: acc = Math.min(acc, v[i]); break;
                            case 1: acc = Math.max(acc, v[i]); break;
                            case 2:
                            case 3: acc += v[i]; break;
                            default: throw new IllegalArgumentException("op " + op);
                        }
                    }
                    return acc;
                }
                """));
        double[] v = {3, -2, 7};
        assertEquals(-2.0, call(c, "reduce", 0, v));
        assertEquals(7.0, call(c, "reduce", 1, v));
        assertEquals(8.0, call(c, "reduce", 3, v));
        assertEquals(Double.POSITIVE_INFINITY, call(c, "reduce", 0, new double[0]));
    }

    /** Compiles a one-method class whose {@code f()} body is {@code body}; returns f's result. */
    static Object eval(String name, String imports, String body) {
        return call(compile(Sources.unit(name, imports, "public static Object f() {\n" + body + "\n}")), "f");
    }

    static void assertRejected(String name, String imports, String body) {
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> eval(name, imports, body));
        assertTrue(e.getMessage().contains(Sources.PACKAGE + "." + name), e.getMessage());
    }

    @Test
    void languageFeaturesThatWork() {
        assertEquals(6, eval("EnhancedFor", "", "int s = 0; for (int v : new int[] {1, 2, 3}) s += v; return s;"));
        assertEquals(3, eval("Varargs", "", "return count(1, 2, 3); } static int count(int... a) { return a.length;"));
        assertEquals("b", eval("StringSwitch", "",
                "String s = \"y\"; switch (s) { case \"x\": return \"a\"; case \"y\": return \"b\"; default: return \"c\"; }"));
        assertEquals(2, eval("Ternary", "", "int a = 3; return a > 2 ? 2 : 1;"));
        assertEquals(5, eval("GenericsUse", "import java.util.*;",
                "List<Integer> l = new ArrayList<>(); l.add(5); int v = (Integer) l.get(0); return v;"));
        assertEquals("hi\n", eval("TextBlock", "", "return \"\"\"\n  hi\n  \"\"\";"));
        assertEquals(2, eval("EnumSwitch", "", "E e = E.B; switch (e) { case A: return 1; default: return 2; } }"
                + " enum E { A, B } static void g() {"));
        assertEquals(2, eval("StaticImport", "import static java.lang.Math.max;", "return max(1, 2);"));
    }

    @Test
    void assertionsCompile() {
        // Whether they fire depends on -ea for the generated class's loader; compiling is what we need.
        Class<?> c = compile(Sources.unit("Asserts", "public static int f(int x) { assert x >= 0 : x; return x; }"));
        assertEquals(1, call(c, "f", 1));
    }

    @Test
    void languageFeaturesThatDoNot() {
        assertRejected("Lambda", "", "Runnable r = () -> { }; return r;");
        assertRejected("MethodRef", "import java.util.function.*;", "IntBinaryOperator op = Math::max; return op;");
        // Type arguments are parsed and erased: a generic result needs an explicit cast.
        assertRejected("GenericResult", "import java.util.*;",
                "List<Integer> l = new ArrayList<>(); l.add(5); int v = l.get(0); return v;");
        assertRejected("EffectivelyFinal", "", "int k = 5; Runnable r = new Runnable() { public void run() {"
                + " if (k < 0) throw new IllegalStateException(); } }; return r;");
        assertRejected("Var", "", "var x = 3; return x;");
        assertRejected("SwitchArrow", "", "int k = 2; switch (k) { case 1 -> { return 1; } default -> { return 2; } }");
        assertRejected("InstanceofPattern", "", "Object o = \"s\"; if (o instanceof String s) return s; return o;");
        assertRejected("MultiCatch", "", "try { return Integer.parseInt(\"x\"); }"
                + " catch (NumberFormatException | ArithmeticException e) { return -1; }");
        assertRejected("LocalClass", "", "class L { int v = 3; } return new L().v;");
        assertRejected("DefaultMethod", "", "return null; } interface I { default int g() { return 7; } } static void h() {");
    }

    @Test
    void directVarHandleCallsCompileButFailAtRunTime() {
        // Janino compiles a signature-polymorphic call as a plain varargs call, so the VarHandle sees
        // (Object[])Object and throws: generated code must call Atomics instead.
        Class<?> c = compile(Sources.unit("DirectVarHandle", "import java.lang.invoke.*;", """
                public static Object f() {
                    VarHandle h = MethodHandles.arrayElementVarHandle(double[].class);
                    double[] a = new double[1];
                    h.getAndAdd(a, 0, 1.0);
                    return a[0];
                }
                """));
        AssertionError e = assertThrows(AssertionError.class, () -> call(c, "f"));
        assertTrue(e.getCause() instanceof java.lang.invoke.WrongMethodTypeException, String.valueOf(e.getCause()));
    }

    @Test
    void stackTracesNameGeneratedLines() {
        GeneratedSource s = Sources.unit("Throws", """
                public static int f(int[] a) {
                    int s = 0;
                    for (int i = 0; i <= a.length; i++) {
                        s += a[i];
                    }
                    return s;
                }
                """);
        // Line 7: the package line, an empty imports line and the class line come before the body.
        assertEquals("s += a[i];", s.line(7).strip());
        Class<?> c = compile(s);
        try {
            c.getMethod("f", int[].class).invoke(null, (Object) new int[2]);
            fail("expected an ArrayIndexOutOfBoundsException");
        } catch (InvocationTargetException e) {
            StackTraceElement top = e.getCause().getStackTrace()[0];
            assertEquals(s.qualifiedName(), top.getClassName());
            assertEquals("Throws.java", top.getFileName());
            assertEquals(7, top.getLineNumber());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
