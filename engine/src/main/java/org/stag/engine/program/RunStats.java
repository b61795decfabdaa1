package org.stag.engine.program;

/**
 * What a {@link ProgramRunner} has done so far, over all its runs: kernels run, kernel variants bound
 * (one per definition and combination of operand formats and uniform condition values), star-call
 * iterations, FormatRule conversions in each direction, and dense result buffers created versus recycled.
 * Read it between runs; the runner updates it in place.
 */
public final class RunStats {
    long kernelRuns;
    long scalarRuns;
    long variants;
    long iterations;
    long conversionsTo;
    long conversionsFrom;
    long buffersCreated;
    long buffersReused;
    long inPlace;
    long activeSet;
    long aliases;
    long canonical;
    /** Class names of the kernels run, each added when a statement first runs it (off the hot path). */
    final java.util.Set<String> kernels = new java.util.LinkedHashSet<>();

    RunStats() {
    }

    /**
     * The qualified class names of every kernel run so far (fused passes included), in first-use order: the
     * set {@code stag compile} writes for the same program and formats.
     */
    public java.util.Set<String> kernels() {
        return java.util.Collections.unmodifiableSet(kernels);
    }

    /** Kernel runs (compiled definitions). */
    public long kernelRuns() {
        return kernelRuns;
    }

    /** Index-free scalar definitions evaluated without a kernel. */
    public long scalarRuns() {
        return scalarRuns;
    }

    /** Kernel variants bound: a definition compiled for one combination of formats and uniform values. */
    public long variants() {
        return variants;
    }

    /** Runs of star-call functions, over all star calls. */
    public long iterations() {
        return iterations;
    }

    /** FormatRule conversions to the rule's second format (its condition started to hold). */
    public long conversionsTo() {
        return conversionsTo;
    }

    /** FormatRule conversions back to the rule's first format (its condition stopped holding). */
    public long conversionsFrom() {
        return conversionsFrom;
    }

    /** Dense result buffers allocated. */
    public long buffersCreated() {
        return buffersCreated;
    }

    /** Dense results written into a recycled buffer. */
    public long buffersReused() {
        return buffersReused;
    }

    /** Dense results written into the buffer of an input that died with them (the in-place pass). */
    public long inPlace() {
        return inPlace;
    }

    /** In-place runs that visited only a sparse operand's stored coordinates (the active-set pass). */
    public long activeSet() {
        return activeSet;
    }

    /** Kernel variants that run a union loop as one loop per monomial ({@link org.stag.engine.pass.Canonical}). */
    public long canonical() {
        return canonical;
    }

    /** Definitions that bound their target to the tensor they pass through instead of running a kernel. */
    public long aliases() {
        return aliases;
    }

    @Override
    public String toString() {
        return "kernel runs " + kernelRuns + ", scalar runs " + scalarRuns + ", variants " + variants + ", iterations "
                + iterations + ", conversions " + conversionsTo + " to / " + conversionsFrom + " back, buffers "
                + buffersCreated + " created / " + buffersReused + " reused (" + inPlace + " in place, " + activeSet + " over an active set), pass-throughs "
                + aliases;
    }
}
