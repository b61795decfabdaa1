package org.stag.algorithms.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Descriptor;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.graph.Csr;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * The binding convention of {@link AlgorithmRunner}: checks what a program declares against what the run was
 * asked and the graph, and works out every parameter's value (as text, for the runtime) and the sources. All in
 * one pass before anything is built, so that a bad setting is refused before the graph's tensors are.
 *
 * @param given   the parameters' values, by name, as the runtime takes them
 * @param sources the internal ids bound to {@code sources}, or null when the program declares none
 * @param inputs  the program's input tensors, by name, in declaration order
 * @param chosen  the source chosen because none was given ({@link DefaultSource}), else null
 */
record Binding(Map<String, String> given, int[] sources, Map<String, Symbol> inputs, DefaultSource chosen) {
    /** The inputs the convention binds: name, element type, order, fill value and what it is. */
    private record Convention(String name, ScalarType elem, int order, Constant fill, String what) {
        String type() {
            return elem.keyword() + (order == 2 ? "[N][N]" : name.equals("sources") ? "[K]" : "[N]")
                    + (fill.equals(Constant.zero(elem)) ? "" : " fill " + fill);
        }
    }

    private static final List<Convention> INPUTS = List.of(
            new Convention("A", ScalarType.BOOL, 2, Constant.ofBool(false), "the out-edge pattern"),
            new Convention("AT", ScalarType.BOOL, 2, Constant.ofBool(false), "the in-edge pattern"),
            new Convention("W", ScalarType.DOUBLE, 2, Constant.ofReal(ScalarType.DOUBLE, Double.POSITIVE_INFINITY),
                    "the edge weights"),
            new Convention("id", ScalarType.LONG, 1, Constant.zero(ScalarType.LONG), "the input's vertex ids"),
            new Convention("sources", ScalarType.INT, 1, Constant.zero(ScalarType.INT),
                    "the internal ids of the sources"));

    /** Parameters the graph or the options set, which {@code --param} may not. */
    private static final Map<String, String> SET_ELSEWHERE = Map.of(
            "N", "it is the number of vertices of the graph",
            "M", "it is the number of stored edges of the graph",
            "K", "it is the number of sources; give them with --sources",
            "source", "give the source with --source ID, in the input's numbering",
            "directed", "it is whether the graph is directed");

    /** Names of the inputs the convention binds. */
    static Set<String> inputNames() {
        Set<String> out = new LinkedHashSet<>();
        INPUTS.forEach(c -> out.add(c.name()));
        return out;
    }

    /**
     * Binds {@code p} for a run on {@code g} (of {@code n} vertices: a later version of {@code g} may have grown)
     * and {@code m} stored edges) as {@code s} asks; the inputs of {@code extra} are bound by the caller.
     *
     * @param algorithm the shipped algorithm {@code p} is or computes (its LDBC settings, weight check and graph
     *                  defaults apply), or null for a user's program
     * @throws BadInputException for settings that do not fit the program or the graph
     * @throws IllegalArgumentException when {@code extra} names a tensor that is not an input of {@code p}
     */
    static Binding of(CheckedProgram p, Algorithm algorithm, Graph g, int n, long m, RunSettings s,
                      Map<String, Tensor> extra) {
        String file = p.source().name();
        String graphName = s.graphName() != null ? s.graphName() : g.source();
        Map<String, Symbol> params = new LinkedHashMap<>();
        p.parameters().forEach(sym -> params.put(sym.name(), sym));
        Map<String, Symbol> inputs = new LinkedHashMap<>();
        p.inputs().forEach(sym -> inputs.put(sym.name(), sym));
        for (Symbol in : inputs.values()) {
            if (!extra.containsKey(in.name())) {
                checkInput(file, in);
            }
        }
        for (String name : extra.keySet()) {
            if (!inputs.containsKey(name)) {
                throw new IllegalArgumentException("'" + name + "' is not an input tensor of " + file);
            }
        }
        // The one rule for settings the program does not take (OptionRule), before anything else is checked.
        OptionRule.check(OptionRule.given(s), Map.of(algorithm != null && p == algorithm.program() ? algorithm.id()
                : file, OptionRule.taken(p)), file);
        Map<String, String> given = new LinkedHashMap<>();   // parameter values as text, for the runtime

        s.params().forEach((name, value) -> {
            String why = SET_ELSEWHERE.get(name);
            if (why != null && params.containsKey(name)) {
                throw new BadInputException("--param " + name + ": " + why);
            }
        });

        // What the algorithm asks of the graph before anything runs: its weights, and defaults from the graph.
        if (algorithm != null) {
            graphFacts(algorithm.descriptor(), g, params, s, given);
        }

        if (params.containsKey("N")) {
            given.put("N", Integer.toString(n));
        }
        if (params.containsKey("M")) {
            given.put("M", Long.toString(m));
        }
        if (params.containsKey("directed")) {
            given.put("directed", Boolean.toString(g.directed()));
        }

        // The source: --source, else the LDBC root, else the program's default, else the vertex with the most
        // out-edges.
        Long sourceId = s.source();
        if (sourceId == null && algorithm != null) {
            sourceId = s.ldbc().source(algorithm).orElse(null);
        }
        DefaultSource chosen = null;
        if (params.containsKey("source")) {
            if (sourceId != null) {
                given.put("source", Integer.toString(vertex(g, n, graphName, sourceId)));
            } else if (p.defaultValue("source").isEmpty()) {
                chosen = DefaultSource.of(g, graphName);
                given.put("source", Integer.toString(chosen.vertex()));
            }
        }

        int[] sources = sources(inputs, params, g, n, graphName, s, given);

        setting(given, params, s, "iterations", s.iterations(),
                algorithm == null ? null : s.ldbc().iterations(algorithm).orElse(null));
        setting(given, params, s, "damping", s.damping(),
                algorithm == null ? null : s.ldbc().damping(algorithm).orElse(null));
        setting(given, params, s, "seed", s.seed(), null);
        setting(given, params, s, "k", s.k(), null);
        given.putAll(s.params());
        return new Binding(given, sources, inputs, chosen);
    }

    /** Checks the weights {@code d} needs, and sets the defaults it computes from the graph that were not given. */
    private static void graphFacts(Descriptor d, Graph g, Map<String, Symbol> params, RunSettings s,
                                   Map<String, String> given) {
        boolean defaults = d.graphDefaults().keySet().stream().anyMatch(params::containsKey);
        if (!d.weights().read() && !defaults) {
            return;
        }
        if (g.wide() || !g.holdsEdges()) {
            // Rows in blocks, or held only in a structure: the Csr view does not reach them; SSSP's check and delta
            // run block by block, or read what the straight load gathered.
            WideWeights.Facts facts = WideWeights.checked(g);
            d.graphDefaults().keySet().forEach(name -> {
                if (!params.containsKey(name)) {
                    return;
                }
                if (!name.equals("delta")) {
                    if (!s.params().containsKey(name)) {
                        throw new BadInputException(d.id() + ": give --param " + name + " for a graph of "
                                + g.numEntries() + " entries (its default is computed from an array view)");
                    }
                } else if (!s.params().containsKey(name)) {
                    given.put(name, Double.toString(facts.delta()));
                } else {
                    String why = Sssp.refuseDelta(s.params().get(name), facts.maxWeight());
                    if (why != null) {
                        throw new BadInputException("--param " + name + "=" + s.params().get(name) + ": " + why);
                    }
                }
            });
            return;
        }
        Csr csr = Csr.of(g);   // out-edges only: the view builds no transpose for this
        try {
            d.weights().check(csr);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(d.id() + ": " + e.getMessage());
        }
        d.graphDefaults().forEach((name, value) -> {
            if (params.containsKey(name) && !s.params().containsKey(name)) {
                given.put(name, value.value(csr));
            } else if (params.containsKey(name)) {
                String why = value.refuse(s.params().get(name), csr);
                if (why != null) {
                    throw new BadInputException("--param " + name + "=" + s.params().get(name) + ": " + why);
                }
            }
        });
    }

    /** Betweenness sources: {@code --sources}, else every vertex; null when the program declares none. */
    private static int[] sources(Map<String, Symbol> inputs, Map<String, Symbol> params, Graph g, int n,
                                 String graphName, RunSettings s, Map<String, String> given) {
        if (!inputs.containsKey("sources")) {
            return null;   // OptionRule refused --sources already
        }
        long[] ids = s.sources();
        int[] sources;
        if (ids == null) {
            sources = new int[n];
            for (int v = 0; v < n; v++) {
                sources[v] = v;
            }
        } else {
            sources = new int[ids.length];
            for (int k = 0; k < ids.length; k++) {
                sources[k] = vertex(g, n, graphName, ids[k]);
            }
        }
        if (params.containsKey("K")) {
            given.put("K", Integer.toString(sources.length));
        }
        return sources;
    }

    /** An input the convention binds, declared with the type it binds. */
    private static void checkInput(String file, Symbol in) {
        VarType.Tensor t = in.tensor();
        List<String> known = new ArrayList<>();
        for (Convention c : INPUTS) {
            known.add(c.name() + " (" + c.what() + ")");
            if (c.name().equals(in.name())) {
                if (t.elem() != c.elem() || t.order() != c.order() || !t.fill().equals(c.fill())) {
                    throw new BadInputException(file, in.declared().line(), "input tensor '" + in.name()
                            + "' is declared " + t + ", but stag run binds " + in.name() + " as " + c.type()
                            + ", " + c.what());
                }
                return;
            }
        }
        throw new BadInputException(file, in.declared().line(), "input tensor '" + in.name()
                + "': stag run binds only " + String.join(", ", known));
    }

    /**
     * {@code --iterations}, {@code --damping}, {@code --seed} or {@code --k} ({@code option}), else the LDBC value, for a program that
     * declares the parameter; a {@code --param} of the same name overrides the LDBC value but not the option.
     */
    private static void setting(Map<String, String> given, Map<String, Symbol> params, RunSettings s,
                                String name, Object option, Object ldbc) {
        if (!params.containsKey(name)) {
            return;   // OptionRule refused the option already
        }
        if (option != null && s.params().containsKey(name)) {
            throw new BadInputException("--param " + name + " and --" + name + " both set " + name);
        }
        Object v = option != null ? option : s.params().containsKey(name) ? null : ldbc;
        if (v != null) {
            given.put(name, v.toString());
        }
    }

    /** The internal id of source vertex {@code id} (input's numbering) in a graph of {@code n} vertices. */
    private static int vertex(Graph g, int n, String graphName, long id) {
        int v = g.ids().internal(id, n);
        if (v < 0) {
            throw new BadInputException("source " + id + " is not a vertex of " + graphName);
        }
        return v;
    }

    /** The first output of a user's Main that is a vector: the per-vertex result. */
    static String vertexOutput(CheckedProgram p) {
        List<String> scalars = new ArrayList<>();
        for (Symbol s : p.main().outputs()) {
            if (s.isTensor() && s.tensor().order() == 1) {
                return s.name();
            }
            scalars.add(s.name() + " (" + s.type() + ")");
        }
        throw new BadInputException(p.source().name(), p.main().decl().pos().line(), "Main has no per-vertex output"
                + " (a tensor of one dimension), only " + String.join(", ", scalars)
                + "; stag run writes one value per vertex");
    }
}
