package org.stag.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RandomSources;
import org.stag.cli.bench.GapPeer;
import org.stag.cli.bench.GapPlan;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code stag bench}'s peer and its sources: {@code --peer gap=DIR}, {@code --peer-args KERNEL=ARGS},
 * {@code --sources K} and {@code --seed S}. With a peer, the algorithms that take a source run from K random
 * vertices with out-edges (default 8), the same for stag and GAP; {@code --source ID} overrides them.
 */
final class PeerOptions {
    /** Random sources with a peer when {@code --sources} is not given. */
    static final int DEFAULT_SOURCES = 8;

    @Option(names = "--peer", paramLabel = "gap=DIR",
            description = "Also run GAP's binaries from DIR, a gapbs checkout built with make, with GAP's own"
                    + " benchmark/bench.mk arguments, from the same sources as stag.")
    String peer;

    @Option(names = "--peer-args", paramLabel = "KERNEL=ARGS",
            description = "GAP's arguments for KERNEL (bfs, pr, cc, sssp, bc, tc) in place of bench.mk's, besides -f,"
                    + " -s, -r and -n (repeatable), e.g. sssp='-d 4'; stag's sssp takes the same -d.")
    List<String> peerArgs = new ArrayList<>();

    @Option(names = "--sources", paramLabel = "K",
            description = "Run the algorithms that take a source from K random vertices with out-edges, 1..1000"
                    + " (default with --peer: " + DEFAULT_SOURCES + "); --source overrides.")
    Integer sources;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of the random sources (default: GAP's, " + RandomSources.DEFAULT_SEED + ").")
    Long seed;

    /** How many random sources: 0 for one (--source, or the vertex with the most out-edges). */
    int randomSources(CommandLine cl, Long source) {
        if (sources != null) {
            Ranges.atLeast(cl, "--sources", sources, 1);
            if (sources > 1000) {
                throw new CommandLine.ParameterException(cl, "--sources must be at most 1000, got " + sources);
            }
            if (source != null) {
                throw new CommandLine.ParameterException(cl, "--sources " + sources + " and --source " + source
                        + ": give one fixed source or a number of random ones");
            }
        }
        if (seed != null && sources == null && peer == null) {
            throw new CommandLine.ParameterException(cl, "--seed draws random sources: give --sources K or --peer");
        }
        if (source != null) {
            return 0;
        }
        return sources != null ? sources : peer != null ? DEFAULT_SOURCES : 0;
    }

    long seed() {
        return seed == null ? RandomSources.DEFAULT_SEED : seed;
    }

    /** GAP's binaries, checked for {@code algs}; null without {@code --peer}. */
    GapPeer gap(CommandLine cl, List<Algorithm> algs) {
        if (peer == null) {
            if (!peerArgs.isEmpty()) {
                throw new CommandLine.ParameterException(cl, "--peer-args needs --peer gap=DIR");
            }
            return null;
        }
        int eq = peer.indexOf('=');
        if (eq < 0 || !peer.substring(0, eq).strip().equals("gap") || peer.substring(eq + 1).isBlank()) {
            throw new CommandLine.ParameterException(cl, "--peer '" + peer + "': expected gap=DIR, the directory"
                    + " of a gapbs checkout built with make");
        }
        GapPeer gap = new GapPeer(Path.of(peer.substring(eq + 1).strip()));
        String missing = gap.missing(algs).orElse(null);
        if (missing != null) {
            throw new CommandLine.ParameterException(cl, missing);
        }
        return gap;
    }

    /** {@code --peer-args}, by kernel, for the GAP kernels of {@code algs}. */
    Map<String, List<String>> gapArgs(CommandLine cl, List<Algorithm> algs) {
        Set<String> kernels = new LinkedHashSet<>();
        algs.forEach(a -> GapPeer.kernel(a).ifPresent(kernels::add));
        try {
            return GapPlan.overrides(peerArgs, kernels);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }
}
