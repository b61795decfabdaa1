package org.stag.algorithms.catalog;

/**
 * A setting a run takes from outside its program (the command line, an LDBC {@code .properties} file, a
 * harness): bound to the program's parameter or input of the same name when the program declares one. Its
 * default is the program's own ({@code iterations int = 10}), or the graph's ({@link Descriptor#graphDefaults()}).
 */
public enum Setting {
    /** The source vertex ({@code source int}), given in the input's numbering. */
    SOURCE("source"),
    /** The sources ({@code sources int[K]}), given in the input's numbering; every vertex by default. */
    SOURCES("sources"),
    /** A fixed iteration count ({@code iterations int}). */
    ITERATIONS("iterations"),
    /** PageRank's damping factor ({@code damping double}). */
    DAMPING("damping"),
    /** The seed of a randomised algorithm ({@code seed long}): the same seed gives the same result. */
    SEED("seed"),
    /** k-truss's k ({@code k int}): every edge kept is in at least k - 2 triangles of the kept edges. */
    K("k");

    private final String parameter;

    Setting(String parameter) {
        this.parameter = parameter;
    }

    /** The name of the parameter or input the setting binds. */
    public String parameter() {
        return parameter;
    }

    /** How a command line and messages name it, e.g. {@code --source}. */
    public String option() {
        return "--" + parameter;
    }
}
