package org.stag.spark.exec;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.FunctionDecl;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.front.Stmt;
import org.stag.engine.jit.CompileRequest;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.ops.Constant;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.dynamic.ValueMode;

/**
 * A kernel as it travels to the executors: the program's text and the definition's position, and the formats,
 * value reads, uniform conditions and passes it was compiled for ({@link CompileRequest}). An executor compiles it
 * with the same compiler into the same generated source, which its kernel cache (in memory, and on disk at
 * {@code stag.cache.dir} or {@code ~/.cache/stag}) already holds after the first task; the generated class's name,
 * a hash of its key, is checked against the driver's.
 */
public final class KernelTicket implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String programName;
    private final String programText;
    private final int line;
    private final int column;
    private final Map<String, String> formats;
    private final Map<String, String> reads;
    private final List<Boolean> uniform;
    private final String inPlace;
    private final boolean cse;
    private final boolean activeSet;
    private final boolean canonical;
    private final String className;
    private final String key;

    private static final Map<String, CheckedProgram> PROGRAMS = new ConcurrentHashMap<>();
    private static final Map<String, CompiledDefinition> KERNELS = new ConcurrentHashMap<>();
    private static volatile DefinitionCompiler compiler;

    /** The ticket of {@code k}, compiled on the driver. */
    public static KernelTicket of(CompiledDefinition k) {
        return new KernelTicket(k.request(), k.plan().source().qualifiedName());
    }

    private KernelTicket(CompileRequest r, String className) {
        this.programName = r.program().source().name();
        this.programText = r.program().source().text();
        this.line = r.definition().pos().line();
        this.column = r.definition().pos().column();
        this.formats = new LinkedHashMap<>();
        r.formats().forEach((n, f) -> formats.put(n, f.toString()));
        this.reads = new LinkedHashMap<>();
        r.reads().forEach((n, v) -> reads.put(n, encode(v)));
        this.uniform = new ArrayList<>();
        for (Expr.IfElse i : KernelSpec.uniformConditions(r.program(), r.definition())) {
            uniform.add(r.uniform().get(i));
        }
        this.inPlace = r.inPlace();
        this.cse = r.cse();
        this.activeSet = r.activeSet();
        this.canonical = r.canonical();
        this.className = className;
        this.key = programName + "#" + programText.hashCode() + "@" + line + ":" + column + " " + formats + " " + reads
                + " " + uniform + " " + inPlace + " " + cse + activeSet + canonical;
    }

    /** The generated class the driver runs. */
    public String className() {
        return className;
    }

    /**
     * The compiled kernel in this JVM: compiled on first use (the kernel cache makes that a load), then kept.
     *
     * @throws IllegalStateException when the kernel compiled here is not the driver's (a different stag build)
     */
    public CompiledDefinition kernel() {
        CompiledDefinition k = KERNELS.get(key);
        if (k != null) {
            return k;
        }
        CheckedProgram p = PROGRAMS.computeIfAbsent(programName + "#" + programText,
                t -> new Checker().check(new Source(programName, programText)));
        Definition d = find(p);
        Map<String, Format> f = new LinkedHashMap<>();
        formats.forEach((n, text) -> f.put(n, FormatParser.parse(text)));
        Map<String, ValueRead> r = new LinkedHashMap<>();
        reads.forEach((n, text) -> r.put(n, decode(text)));
        Map<Expr.IfElse, Boolean> u = new java.util.IdentityHashMap<>();
        List<Expr.IfElse> conditions = KernelSpec.uniformConditions(p, d);
        for (int k2 = 0; k2 < conditions.size(); k2++) {
            if (uniform.get(k2) != null) {
                u.put(conditions.get(k2), uniform.get(k2));
            }
        }
        k = compiler().compile(new CompileRequest(p, d, f, r, u, inPlace, cse, activeSet, canonical));
        if (!k.plan().source().qualifiedName().equals(className)) {
            throw new IllegalStateException("internal error: the executor compiled " + k.plan().source().qualifiedName()
                    + " for the driver's " + className + " (are driver and executors the same stag build?)");
        }
        KERNELS.putIfAbsent(key, k);
        return KERNELS.get(key);
    }

    private static DefinitionCompiler compiler() {
        if (compiler == null) {
            synchronized (KernelTicket.class) {
                if (compiler == null) {
                    compiler = new DefinitionCompiler();
                }
            }
        }
        return compiler;
    }

    private Definition find(CheckedProgram p) {
        for (var f : p.functions().values()) {
            Definition d = find(f.decl());
            if (d != null) {
                return d;
            }
        }
        throw new IllegalStateException("internal error: no definition at line " + line + " of " + programName);
    }

    private Definition find(FunctionDecl f) {
        for (Stmt s : f.body()) {
            if (s instanceof Definition d && d.pos().line() == line && d.pos().column() == column) {
                return d;
            }
        }
        return null;
    }

    private static String encode(ValueRead v) {
        Constant c = v.constant();
        return v.kind().name() + " " + v.lastLevel().name() + (c == null ? "" : " " + c.type().name() + " " + c.bool() + " " + c.integer()
                + " " + Double.doubleToRawLongBits(c.real()));
    }

    private static ValueRead decode(String text) {
        String[] p = text.split(" ");
        Constant c = null;
        if (p.length > 2) {
            ScalarType t = ScalarType.valueOf(p[2]);
            c = switch (t) {
                case BOOL -> Constant.ofBool(Boolean.parseBoolean(p[3]));
                case INT, LONG -> Constant.ofInteger(t, Long.parseLong(p[4]));
                case FLOAT, DOUBLE -> Constant.ofReal(t, Double.longBitsToDouble(Long.parseLong(p[5])));
            };
        }
        return new ValueRead(ValueRead.Kind.valueOf(p[0]), ValueMode.valueOf(p[1]), c);
    }
}
