package org.stag.algorithms.incremental;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.IncrementalProgram;
import org.stag.algorithms.catalog.IncrementalProgram.Relaxation;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.catalog.Weights;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.VertexValues;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.cin.ValueRead;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.BadInputException;

/**
 * Keeps the last result of one algorithm and brings it up to date after batches of edge updates, by the
 * incremental program its descriptor names ({@link IncrementalProgram}: {@code bfs-incremental.stag},
 * {@code sssp-incremental.stag}, {@code wcc-incremental.stag}, {@code pagerank-incremental.stag}) where the
 * batches allow, else by a full run of the shipped program. Each {@link Outcome} says which, and why. By the
 * program's {@link Relaxation}:
 * <ul>
 *   <li>depths, distances (BFS, SSSP): the inserted (for distances also reweighted) edges are relaxed from the
 *       previous result. A deleted or heavier edge forces a full run only when it was on a shortest path
 *       ({@link Invalidation}).</li>
 *   <li>components (WCC): inserted edges lower labels from the previous components; any deletion forces a full
 *       run.</li>
 *   <li>warm start (PageRank): iterated from the previous ranks after any change until within the program's
 *       {@code tolerance} (L1) of the fixed point; the first run starts from 1/N. With a fixed iteration
 *       count ({@link RunSettings#iterations}) every run is full, as {@code stag run} computes it.</li>
 *   <li>no incremental program (CDLP, LCC, BC): full runs.</li>
 * </ul>
 * Vertices added by a batch enter the previous result at the program's fill value (unreached, infinitely far,
 * their own component, rank 0). Not thread-safe: one update at a time.
 *
 * <p><b>Who owns the results.</b> The result an {@link Outcome} holds belongs to the caller until the next
 * {@link #update} or {@link #full} of this object, and only until then: an incremental update takes the
 * previous result over ({@link AlgorithmRunner.Prepared#give}) and brings it up to date in place, so its first
 * round costs the vertices it improves instead of a new array of N entries. The values a caller reads from an
 * earlier outcome after the next call are unspecified; a caller that keeps results across updates copies
 * them first ({@code values().longs().clone()}, {@code doubles().clone()}). An update that fails leaves no
 * last result: the next update runs in full.
 *
 * <pre>{@code
 * Incremental bfs = Incremental.of(Algorithm.BFS, new RunSettings().format("dense,ctree").source(1L), runner);
 * bfs.update(graph, 0, List.of());                       // a full run
 * graph.insertBatch(...);                                // version 1, with its EdgeChanges c1
 * Incremental.Outcome o = bfs.update(graph, 1, List.of(c1));
 * }</pre>
 */
public final class Incremental {
    private final Algorithm algorithm;
    private final RunSettings settings;
    private final AlgorithmRunner runner;
    /** How the incremental program carries the previous result over, or null for full runs only. */
    private final Relaxation relaxation;
    /** The incremental program, or null for full runs only. */
    private final CheckedProgram program;
    private final RunSettings programSettings;
    private AlgorithmRunner.Result last;
    private long lastVersion;
    /** Why there is no last result after a failed update, or null. */
    private String failed;
    /** The incremental program prepared on the graph tensors {@code preparedGraph} of {@code preparedVertices}. */
    private AlgorithmRunner.Prepared prepared;
    private List<Tensor> preparedGraph;
    private int preparedVertices;

    /**
     * What one update produced.
     *
     * @param result      the result for the version asked
     * @param incremental whether it came from the previous result (else from a full run)
     * @param reason      why it was computed as it was, one line
     * @param nanos       the update's time, preparation included
     */
    public record Outcome(AlgorithmRunner.Result result, boolean incremental, String reason, long nanos) {
    }

    private Incremental(Algorithm algorithm, RunSettings settings, AlgorithmRunner runner) {
        this.algorithm = algorithm;
        this.settings = settings;
        this.runner = runner;
        IncrementalProgram p = algorithm.descriptor().incremental().orElse(null);
        // A fixed count from the previous values would not give what the same count from scratch gives.
        boolean fixed = p != null && p.relaxation() == Relaxation.WARM_START && settings.iterations() != null;
        this.relaxation = p == null || fixed ? null : p.relaxation();
        this.program = relaxation == null ? null : Programs.of(p);
        this.programSettings = program == null ? null : programSettings(program, algorithm, settings);
    }

    /**
     * Keeps {@code a}'s result for runs with settings {@code s} (their format is the graph's), compiled by
     * {@code runner}.
     */
    public static Incremental of(Algorithm a, RunSettings s, AlgorithmRunner runner) {
        return new Incremental(a, s, runner);
    }

    /**
     * The result for version {@code version} of {@code now}, from the previous one and {@code since}, the
     * changes of every batch after it in order; the first call (or changes that do not continue the last
     * result's version) runs in full. The previous outcome's values may be overwritten by this call (see
     * "Who owns the results" above).
     *
     * @throws BadInputException for a negative weight among the changes when the algorithm is SSSP
     */
    public Outcome update(GraphTensor now, long version, List<EdgeChanges> since) {
        long t0 = System.nanoTime();
        if (algorithm.weights() == Weights.NON_NEGATIVE) {
            checkWeights(algorithm, now, since);
        }
        if (last == null) {
            return full(now, version, failed != null ? failed : "first run", t0);
        }
        if (relaxation == null) {
            return full(now, version, algorithm.descriptor().incremental().isPresent()
                    ? "fixed iteration count: a warm start would change the result" : "no incremental program", t0);
        }
        String gap = gap(now, version, since);
        if (gap != null) {
            return full(now, version, gap, t0);
        }
        if (since.isEmpty()) {
            return new Outcome(last, true, "no change since version " + lastVersion, System.nanoTime() - t0);
        }
        if (relaxation == Relaxation.WARM_START) {
            double[] prev = last.values().doubles();
            AlgorithmRunner.Result r = runProgram(now, Inputs.previous(prev, now.numVertices(), 0.0, 0.0), null);
            return done(r, version, true, "warm start from the ranks of version " + lastVersion + ", " + r.iterations()
                    + " steps to tolerance", t0);
        }
        VertexValues prev = last.values();
        String blocker = Invalidation.check(relaxation, prev.longs(), prev.doubles(), since, now.directed());
        if (blocker != null) {
            return full(now, version, blocker, t0);
        }
        Inputs.Edges batch = Inputs.edges(relaxation, since, now.directed());
        int n = now.numVertices();
        Tensor previous = relaxation == Relaxation.COMPONENTS ? Inputs.previousComponents(prev.longs(), n, now.id())
                : prev.integral() ? Inputs.previous(prev.longs(), n, Long.MAX_VALUE)
                : Inputs.previous(prev.doubles(), n, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
        AlgorithmRunner.Result r = runProgram(now, previous, batch.tensor(relaxation, n));
        return done(r, version, true, changes(since) + " since version " + lastVersion + ": relaxed from "
                + batch.size() + " edge" + (batch.size() == 1 ? "" : "s") + ", " + r.iterations() + " rounds", t0);
    }

    /** The result for version {@code version} of {@code now} computed from scratch; it becomes the last result. */
    public Outcome full(GraphTensor now, long version) {
        return full(now, version, "asked", System.nanoTime());
    }

    /** The algorithm whose result this keeps. */
    public Algorithm algorithm() {
        return algorithm;
    }

    private Outcome full(GraphTensor now, long version, String why, long t0) {
        AlgorithmRunner.Result r;
        if (relaxation == Relaxation.WARM_START) {
            // The warm-start program from 1/N: the same tolerance as every later warm start.
            double[] uniform = new double[now.numVertices()];
            Arrays.fill(uniform, 1.0 / uniform.length);
            r = runProgram(now, Inputs.previous(uniform, uniform.length, 0.0, 0.0), null);
        } else {
            r = runner.prepare(algorithm.program(), algorithm, now, settings).run(false);
        }
        return done(r, version, false, why + ": full run", t0);
    }

    private Outcome done(AlgorithmRunner.Result r, long version, boolean incremental, String why, long t0) {
        last = r;
        failed = null;
        lastVersion = version;
        return new Outcome(r, incremental, why, System.nanoTime() - t0);
    }

    /** Runs the incremental program on {@code now} with {@code prev} (and the batch {@code B}, unless null). */
    private AlgorithmRunner.Result runProgram(GraphTensor now, Tensor prev, Tensor batch) {
        List<Tensor> graph = graphInputs(now);
        if (prepared != null && preparedVertices == now.numVertices() && planned(graph, preparedGraph)) {
            // The same N and graph tensors of the formats and value reads the plan was made for (the same
            // tensors changed in place, or a later snapshot's): rebound, not planned and prepared again.
            List<String> names = graphInputNames();
            for (int k = 0; k < graph.size(); k++) {
                if (graph.get(k) != preparedGraph.get(k)) {
                    prepared.rebind(names.get(k), graph.get(k));
                }
            }
            preparedGraph = graph;
            if (batch != null) {
                prepared.rebind("B", batch);
            }
        } else {
            Map<String, Tensor> extra = batch == null ? Map.of("prev", prev) : Map.of("prev", prev, "B", batch);
            prepared = runner.prepare(program, null, now, programSettings, extra);
            preparedGraph = graph;
            preparedVertices = now.numVertices();
        }
        // The previous result is the update's to overwrite: its first round updates it in place.
        prepared.give("prev", prev);
        AlgorithmRunner.Result r;
        try {
            r = prepared.run(false);
        } catch (RuntimeException e) {
            // The last result may be half overwritten: the next update runs in full.
            last = null;
            failed = "the update from version " + lastVersion + " failed";
            throw e;
        }
        // Reported as the algorithm it keeps up to date.
        return new AlgorithmRunner.Result(algorithm, r.program(), r.format(), r.values(), r.edges(), r.scalar(), r.scalars(),
                r.parameters(), r.buildSeconds(), r.compileSeconds(), r.runSeconds(), r.iterations(), r.kernelRuns(),
                r.graphBytes(), r.inEdges());
    }

    /** The graph tensors the incremental program reads, as {@code now} holds them, in {@link #graphInputNames} order. */
    private List<Tensor> graphInputs(GraphTensor now) {
        List<Tensor> out = new ArrayList<>();
        for (String name : graphInputNames()) {
            out.add(switch (name) {
                case "A" -> now.a();
                case "AT" -> now.at();
                case "W" -> now.w();
                default -> now.id();
            });
        }
        return out;
    }

    /** The names of the program's inputs that come from the graph. */
    private List<String> graphInputNames() {
        List<String> out = new ArrayList<>();
        for (Symbol in : program.inputs()) {
            if (List.of("A", "AT", "W", "id").contains(in.name())) {
                out.add(in.name());
            }
        }
        return out;
    }

    /**
     * Whether graph tensors {@code a} can stand where the plan was made with {@code b}: each of the same format
     * and value read (the plan's kernels are specialised to both), and the same ones shared (A may be AT).
     */
    private static boolean planned(List<Tensor> a, List<Tensor> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int k = 0; k < a.size(); k++) {
            Tensor x = a.get(k);
            Tensor y = b.get(k);
            if (x != y && (!x.format().equals(y.format()) || !ValueRead.of(x).equals(ValueRead.of(y)))) {
                return false;
            }
            for (int l = 0; l < k; l++) {
                if ((x == a.get(l)) != (y == b.get(l))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Why {@code since} does not continue the last result, or null when it does. */
    private String gap(GraphTensor now, long version, List<EdgeChanges> since) {
        if (version - lastVersion != since.size()) {
            return since.size() + " batches of changes given for versions " + lastVersion + " to " + version;
        }
        int n = last.values().size();
        if (!since.isEmpty() && since.get(0).verticesBefore() != n) {
            return "the changes start from " + since.get(0).verticesBefore() + " vertices, the result of version "
                    + lastVersion + " has " + n;
        }
        int after = since.isEmpty() ? n : since.get(since.size() - 1).verticesAfter();
        if (after != now.numVertices()) {
            return "the changes do not end at the graph's " + now.numVertices() + " vertices";
        }
        return null;
    }

    /** "12 inserted, 3 deleted, 2 reweighted edges", the counts that are not 0. */
    private static String changes(List<EdgeChanges> since) {
        long ins = 0;
        long upd = 0;
        long del = 0;
        for (EdgeChanges c : since) {
            ins += c.inserted();
            upd += c.updated();
            del += c.deleted();
        }
        StringBuilder b = new StringBuilder();
        for (String part : new String[] {ins > 0 ? ins + " inserted" : "", upd > 0 ? upd + " reweighted" : "",
                del > 0 ? del + " deleted (none on a shortest path)" : ""}) {
            if (!part.isEmpty()) {
                b.append(b.length() == 0 ? "" : ", ").append(part);
            }
        }
        return b.length() == 0 ? "no edge changed" : b.append(" edges").toString();
    }

    /**
     * An algorithm that needs non-negative weights (SSSP) refuses negative ones, as {@code stag run} does: the
     * batches' new weights are checked here.
     */
    private static void checkWeights(Algorithm a, GraphTensor now, List<EdgeChanges> since) {
        for (EdgeChanges c : since) {
            checkWeights(a, now, c.insertedSrc(), c.insertedDst(), c.insertedWeight());
            checkWeights(a, now, c.updatedSrc(), c.updatedDst(), c.newWeight());
        }
    }

    private static void checkWeights(Algorithm a, GraphTensor now, int[] src, int[] dst, double[] w) {
        for (int k = 0; k < w.length; k++) {
            if (!(w[k] >= 0.0)) {
                throw new BadInputException(a.id() + ": negative weight " + w[k] + " on edge "
                        + now.graph().ids().external(src[k]) + " -> " + now.graph().ids().external(dst[k])
                        + "; shortest paths need finite non-negative weights");
            }
        }
    }

    /**
     * The settings of the incremental program: the graph format, threads and limits of {@code s}, and of its
     * parameters those the program declares (PageRank's damping and tolerance); a setting it declares comes from
     * {@code s}, else from the graph's LDBC parameters, unless a {@code --param} gives it.
     */
    private static RunSettings programSettings(CheckedProgram p, Algorithm a, RunSettings s) {
        RunSettings out = new RunSettings().format(s.format()).threads(s.threads()).maxIterations(s.maxIterations())
                .explain(s.explain()).onIteration(s.iterationListener()).graphName(s.graphName());
        for (Symbol param : p.parameters()) {
            String value = s.params().get(param.name());
            if (value != null) {
                out.param(param.name(), value);
            }
        }
        if (Algorithm.declares(p, Setting.DAMPING.parameter()) && !s.params().containsKey(Setting.DAMPING.parameter())) {
            Double d = s.damping() != null ? s.damping() : s.ldbc().damping(a).orElse(null);
            if (d != null) {
                out.damping(d);
            }
        }
        return out;
    }
}
