package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.postInc;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.engine.javagen.JavaPrinter;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.jit.KernelCompiler;
import org.stag.engine.loopir.LevelCode;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.level.Level;

/**
 * Wraps the code a {@link SchemaLevelCode} emits into a small class of static methods, each taking the level
 * and a {@link Workspace} (the names generated code expects: {@code lvl}, {@code ws}), compiles it with Janino
 * and calls it. Every method unpacks once and then visits all rows, as a kernel does.
 *
 * <ul>
 *   <li>{@code unordered}, {@code inorder}: visit every row, recording (row, coordinate, value or position).</li>
 *   <li>{@code cursor}: the same by draining a cursor per row.</li>
 *   <li>{@code firstK}, {@code firstKInOrder}: visits that {@code break label} after {@code k} elements of each row.</li>
 *   <li>{@code locate}: looks up (row, coordinate) queries.</li>
 * </ul>
 */
final class SchemaKernels {
    private static final Ex LVL = local("lvl", JavaType.ref("org.stag.formats.level.Level"));

    static final String PACKAGE = "org.stag.gen.schematest";
    private static final KernelCompiler COMPILER = new KernelCompiler();
    private static int classes;

    final String source;
    /** The emitted visit, cursor and search code alone (no unpack): what runs per row or per query. */
    final String perRowCode;
    private final Class<?> cls;

    SchemaKernels(SchemaLevelCode code) {
        StringBuilder rows = new StringBuilder();
        StringBuilder src = new StringBuilder();
        String name;
        synchronized (SchemaKernels.class) {
            name = "SchemaLevel" + (++classes);
        }
        src.append("package ").append(PACKAGE).append(";\n\npublic class ").append(name).append(" {\n");
        for (boolean inOrder : new boolean[] {false, true}) {
            src.append(visit(code, inOrder ? "inorder" : "unordered", inOrder, false, rows));
            src.append(visit(code, inOrder ? "firstKInOrder" : "firstK", inOrder, true, rows));
        }
        src.append(cursor(code, rows));
        src.append(locate(code, rows));
        src.append("}\n");
        this.source = src.toString();
        this.perRowCode = rows.toString();
        this.cls = COMPILER.compile(new GeneratedSource(PACKAGE, name, source));
    }

    private static String header(String method, String extra) {
        return "    public static int " + method + "(org.stag.formats.level.Level lvl, org.stag.engine.kernellib.Workspace ws, "
                + extra + ") {\n";
    }

    private static String record(LevelCode code, String c, String v) {
        return "outP[n] = p; outC[n] = " + c + "; outV[n] = " + v + "; n++";
    }

    private static String visit(SchemaLevelCode code, String method, boolean inOrder, boolean firstK, StringBuilder rows) {
        Block b = new Block();
        code.unpack(b, LVL);
        b.line("int n = 0");
        Block loop = b.forLoop(null, JavaType.INT, "p", lit(0), lt(intVar("p"), intVar("rows")), postInc(intVar("p")));
        if (firstK) {
            loop.line("int cnt = 0");
        }
        Block visit = new Block();
        String v = code.holdsValues() ? "val" : "pos";
        LevelCode.Binding bind = code.holdsValues() ? new LevelCode.Binding("crd", null, "val")
                : new LevelCode.Binding("crd", "pos", null);
        code.iterate(visit, intVar("p"), bind, inOrder, "row", body -> {
            body.line(record(code, "crd", v));
            if (firstK) {
                body.line("cnt++");
                body.line("if (cnt == k) { break row; }");
            }
        });
        rows.append(JavaPrinter.print(visit));
        loop.append(visit);
        b.line("return n");
        StringBuilder s = new StringBuilder(header(method, "int rows, int k, int[] outP, int[] outC, double[] outV"));
        JavaPrinter.print(b, 2, s);
        return s.append("    }\n").toString();
    }

    private static String cursor(SchemaLevelCode code, StringBuilder rows) {
        Block b = new Block();
        code.unpack(b, LVL);
        b.line("int n = 0");
        Block loop = b.forLoop(null, JavaType.INT, "p", lit(0), lt(intVar("p"), intVar("rows")), postInc(intVar("p")));
        Block c = new Block();
        LevelCode.Cursor cur = code.cursor(c, intVar("p"), "it");
        Block w = c.whileLoop(null, cur.valid());
        w.line(record(code, JavaPrinter.expr(cur.crd()), JavaPrinter.expr(code.holdsValues() ? cur.val() : cur.pos())));
        cur.advance(w);
        rows.append(JavaPrinter.print(c));
        loop.append(c);
        b.line("return n");
        StringBuilder s = new StringBuilder(header("cursor", "int rows, int k, int[] outP, int[] outC, double[] outV"));
        JavaPrinter.print(b, 2, s);
        return s.append("    }\n").toString();
    }

    private static String locate(SchemaLevelCode code, StringBuilder rows) {
        Block b = new Block();
        code.unpack(b, LVL);
        Block loop = b.forLoop(null, JavaType.INT, "q", lit(0), lt(intVar("q"), intVar("m")), postInc(intVar("q")));
        Block l = new Block();
        LevelCode.Binding bind = code.holdsValues() ? new LevelCode.Binding(null, null, "found")
                : new LevelCode.Binding(null, "found", null);
        code.locate(l, load(local("qp", JavaType.INTS), intVar("q")), load(local("qc", JavaType.INTS), intVar("q")), bind);
        l.line("out[q] = found");
        rows.append(JavaPrinter.print(l));
        loop.append(l);
        b.line("return m");
        StringBuilder s = new StringBuilder(header("locate", "int m, int[] qp, int[] qc, double[] out"));
        JavaPrinter.print(b, 2, s);
        return s.append("    }\n").toString();
    }

    /** Visits every row (k ignored unless a first-k method): returns the number of records written. */
    int visit(String method, Level level, Workspace ws, int rows, int k, int[] outP, int[] outC, double[] outV) {
        return (int) call(method, new Class<?>[] {Level.class, Workspace.class, int.class, int.class, int[].class,
            int[].class, double[].class}, level, ws, rows, k, outP, outC, outV);
    }

    /** Locates {@code (qp[q], qc[q])} for {@code q < m} into {@code out}. */
    void locate(Level level, Workspace ws, int m, int[] qp, int[] qc, double[] out) {
        call("locate", new Class<?>[] {Level.class, Workspace.class, int.class, int[].class, int[].class,
            double[].class}, level, ws, m, qp, qc, out);
    }

    private Object call(String method, Class<?>[] types, Object... args) {
        try {
            Method mth = cls.getMethod(method, types);
            return mth.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw new AssertionError("generated " + method + " threw " + e.getCause() + "\n" + source, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
