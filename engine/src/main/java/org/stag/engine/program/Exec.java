package org.stag.engine.program;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.VarType;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Source;
import org.stag.engine.front.SourcePos;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * What every statement of a running program shares: the program, the kernel compiler, the worker threads,
 * the buffer pools, the explain sink, the iteration listener, the statistics and the current star-call
 * depth. Formats are interned here, so equal formats are one object and statements compare them by
 * identity on the hot path.
 */
final class Exec {
    final CheckedProgram program;
    final Source source;
    final DefinitionCompiler compiler;
    final ChunkRunner runner;
    final Consumer<String> explain;
    final IterationListener listener;
    final long maxIterations;
    final RunStats stats = new RunStats();
    /** Runs the kernels that read tensors held elsewhere, or null. */
    final KernelExecutor remote;
    /** The passes on, and the definitions the in-place pass lets write into an input's buffer. */
    final org.stag.engine.pass.Passes passes;
    final Map<org.stag.engine.front.Definition, String> inPlace;
    /** The definitions the pass-through pass binds to the tensor they read, with that tensor. */
    final Map<org.stag.engine.front.Definition, String> aliases;
    /** The plan's kernels, compiled before {@code Main} runs; set by {@link ProgramRunner}. */
    PlannedKernels planned;
    private final Map<VarType.Tensor, BufferPool> pools = new HashMap<>();
    private final Map<String, Format> formats = new HashMap<>();
    /** The format of every input tensor (the graph's), as given: what fused groups see them in. */
    final Map<String, Format> inputFormats = new HashMap<>();
    /** Indentation of explain lines: two levels per enclosing star call (its iterations, their kernels). */
    int depth;
    /** Star calls around the statement running now. */
    int nesting;

    Exec(CheckedProgram program, DefinitionCompiler compiler, RunOptions options) {
        this.program = program;
        this.source = program.source();
        this.compiler = compiler;
        this.runner = ChunkRunner.of(options.threads());
        this.explain = options.explain();
        this.listener = options.iterationListener();
        this.maxIterations = options.maxIterations();
        this.remote = options.executor();
        // A fused group runs as one kernel in one place; with tensors held elsewhere every definition runs as its
        // own kernel, so that those reading them run where they are and the others here.
        this.passes = options.executor() == null ? options.passes()
                : options.passes().without(org.stag.engine.pass.Pass.FUSION);
        this.inPlace = org.stag.engine.pass.InPlace.of(program, passes);
        this.aliases = org.stag.engine.pass.PassThrough.of(program, passes);
        options.inputs().forEach((name, t) -> inputFormats.put(name, t.format()));
    }

    /** The pool of dead dense buffers of tensor type {@code t}. */
    BufferPool pool(VarType.Tensor t) {
        return pools.computeIfAbsent(t, BufferPool::new);
    }

    /** The format with these levels, outermost first; one object per distinct format. */
    Format format(List<String> levels) {
        return formats.computeIfAbsent(String.join(",", levels), FormatParser::parse);
    }

    /** Whether a tensor of {@code f} is held elsewhere, so that its kernel runs through {@link #remote}. */
    boolean remote(org.stag.formats.tensor.Tensor[] operands) {
        if (remote == null) {
            return false;
        }
        for (org.stag.formats.tensor.Tensor t : operands) {
            if (t != null && remote.holds(t)) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code k} on {@code f} here or, when it reads a tensor held elsewhere, through {@link #remote}. */
    org.stag.formats.tensor.Tensor run(org.stag.engine.jit.CompiledDefinition k, org.stag.engine.kernellib.Frame f,
                                       org.stag.formats.tensor.Tensor reuse) {
        if (remote(f.tensors)) {
            return remote.run(k, f, reuse);
        }
        // A dead stand-in is no storage to assemble a result here into.
        return k.runWith(f, runner, reuse != null && remote != null && remote.holds(reuse) ? null : reuse);
    }

    /** Whether {@code --explain} is on. */
    boolean explaining() {
        return explain != null;
    }

    /** Writes one explain line, indented by the star-call depth. */
    void explain(String line) {
        explain.accept("  ".repeat(depth) + line);
    }

    /** A run-time error at {@code pos} of the program. */
    ProgramRunException error(SourcePos pos, String reason) {
        return new ProgramRunException(source, pos, reason);
    }

    /** A run-time error at {@code pos} caused by {@code cause}. */
    ProgramRunException error(SourcePos pos, String reason, Throwable cause) {
        return new ProgramRunException(source, pos, reason, cause);
    }
}
