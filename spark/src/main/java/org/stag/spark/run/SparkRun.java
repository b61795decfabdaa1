package org.stag.spark.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.BadInputException;
import org.stag.spark.exec.Faults;
import org.stag.spark.exec.Shipping;
import org.stag.spark.exec.SparkKernels;
import org.stag.spark.exec.SparkStats;
import org.stag.spark.graph.PartitionedGraph;

/**
 * Runs a stag program on a partitioned graph: binds it by {@code stag run}'s convention ({@link AlgorithmRunner},
 * with the graph's stand-ins for {@code A}, {@code AT} and {@code W}), runs {@code Main} on the driver and its
 * graph kernels in the partitions ({@link SparkKernels}), and returns {@code stag run}'s result. What needs the
 * edges before the run (SSSP's check of the weights and its default bucket width) is computed in the partitions.
 */
public final class SparkRun {
    private final DefinitionCompiler compiler;

    /** A runner with a compiler of its own. */
    public SparkRun() {
        this(new DefinitionCompiler());
    }

    /** A runner compiling with {@code compiler} (share one to reuse kernels across runs). */
    public SparkRun(DefinitionCompiler compiler) {
        this.compiler = compiler;
    }

    /** What a run gives: {@code stag run}'s result and what went to the partitions. */
    public record Outcome(AlgorithmRunner.Result result, SparkStats stats) {
    }

    /**
     * Runs {@code p} (the shipped {@code algorithm}, or null for a user's program) on {@code graph}.
     *
     * @param faults a fault to inject (tests), or null
     * @throws BadInputException for settings that do not fit the program or the graph
     * @throws org.stag.engine.program.ProgramRunException when the program fails, or a kernel cannot run on row
     *                                                     blocks (naming the definition)
     */
    public Outcome run(CheckedProgram p, Algorithm algorithm, PartitionedGraph graph, RunSettings s, Shipping shipping,
                       Faults faults) {
        try (SparkKernels kernels = new SparkKernels(
                org.apache.spark.api.java.JavaSparkContext.fromSparkContext(graph.blocks().context()), graph, shipping)) {
            kernels.faults(faults);
            if (algorithm == Algorithm.SSSP) {
                Weights.check(graph, s, p);
            }
            s.executor(kernels);
            Map<String, Tensor> extra = new LinkedHashMap<>();
            List<String> inputs = p.inputs().stream().map(Symbol::name).toList();
            // The in-edges' stand-in is a tensor of its own (an empty graph's transpose would be its out-structure).
            if (inputs.contains("AT")) {
                extra.put("AT", graph.atStandIn());
            }
            AlgorithmRunner.Prepared prepared = new AlgorithmRunner(compiler).prepare(p, algorithm, graph.standIn(), s, extra);
            AlgorithmRunner.Result r = prepared.run(false);
            return new Outcome(r, kernels.stats());
        } catch (UnsupportedOperationException e) {
            throw new BadInputException(e.getMessage());
        } finally {
            s.executor(null);
        }
    }
}
