package org.stag.engine.program;

import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.stag.formats.tensor.Tensor;

/**
 * How to run a program: worker threads, parameter values as the command line gives them
 * ({@code --param name=value}, parsed per the parameter's type), the input tensors by name, and where
 * {@code --explain} output goes. A mutable builder; {@link ProgramRunner} copies what it needs.
 *
 * <pre>{@code
 * RunOptions o = new RunOptions().threads(4).param("iterations", "20").input("A", a).input("AT", at)
 *         .explain(System.err);
 * }</pre>
 */
public final class RunOptions {
    /** The default limit of {@link #maxIterations}: far more than any real convergence needs. */
    public static final long DEFAULT_MAX_ITERATIONS = 1_000_000;

    private int threads = 1;
    private long maxIterations = DEFAULT_MAX_ITERATIONS;
    private final Map<String, String> params = new LinkedHashMap<>();
    private final Map<String, Tensor> inputs = new LinkedHashMap<>();
    private Consumer<String> explain;
    private IterationListener listener;
    private org.stag.engine.pass.Passes passes = org.stag.engine.pass.Passes.fromSystem();
    private KernelExecutor executor;

    /** Defaults: one thread, no parameters, no inputs, no explanation. */
    public RunOptions() {
    }

    /** Worker threads for kernels (at least 1; 1 runs everything on the calling thread). */
    public RunOptions threads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + n);
        }
        this.threads = n;
        return this;
    }

    /**
     * The most iterations a star call with a stop condition may run (at least 1); one that has not met its
     * condition by then fails with a {@link ProgramRunException} naming it. Star calls with a count are not
     * limited: the program states how many iterations they run.
     */
    public RunOptions maxIterations(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("the iteration limit must be at least 1, not " + n);
        }
        this.maxIterations = n;
        return this;
    }

    /** Sets parameter {@code name} from text, as {@code --param name=value} does; checked when the run starts. */
    public RunOptions param(String name, String value) {
        params.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Sets several parameters from text. */
    public RunOptions params(Map<String, String> values) {
        values.forEach(this::param);
        return this;
    }

    /** Binds input tensor {@code name} (a global tensor of the program, such as the graph). */
    public RunOptions input(String name, Tensor t) {
        inputs.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(t, "tensor"));
        return this;
    }

    /** Sends {@code --explain} lines to {@code out}. */
    public RunOptions explain(PrintStream out) {
        Objects.requireNonNull(out, "out");
        return explain(out::println);
    }

    /** Sends {@code --explain} lines, one per call, to {@code sink}; null turns explaining off. */
    public RunOptions explain(Consumer<String> sink) {
        this.explain = sink;
        return this;
    }

    /** Calls {@code l} after every run of a star call's function; null for none. */
    public RunOptions onIteration(IterationListener l) {
        this.listener = l;
        return this;
    }

    /**
     * The compiler passes to apply (default: all but those the system property
     * {@value org.stag.engine.pass.Passes#PROPERTY} names when these options are made).
     */
    public RunOptions passes(org.stag.engine.pass.Passes p) {
        this.passes = Objects.requireNonNull(p, "passes");
        return this;
    }

    /**
     * Runs the kernels that read tensors held elsewhere (inputs bound as the executor's stand-ins) through
     * {@code e}; null (the default) runs every kernel here.
     */
    public RunOptions executor(KernelExecutor e) {
        this.executor = e;
        return this;
    }

    /** The executor of kernels over tensors held elsewhere, or null. */
    public KernelExecutor executor() {
        return executor;
    }

    /** The compiler passes on. */
    public org.stag.engine.pass.Passes passes() {
        return passes;
    }

    /** The number of worker threads. */
    public int threads() {
        return threads;
    }

    /** The limit on the iterations of a star call with a stop condition. */
    public long maxIterations() {
        return maxIterations;
    }

    /** Parameter values as text, by name. */
    public Map<String, String> params() {
        return Collections.unmodifiableMap(params);
    }

    /** Input tensors by name. */
    public Map<String, Tensor> inputs() {
        return Collections.unmodifiableMap(inputs);
    }

    /** The explain sink, or null. */
    public Consumer<String> explain() {
        return explain;
    }

    /** The iteration listener, or null. */
    public IterationListener iterationListener() {
        return listener;
    }
}
