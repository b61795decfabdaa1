package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.stag.loaders.fetch.DatasetCache;
import org.stag.loaders.fetch.DatasetEntry;
import org.stag.loaders.fetch.DatasetManifest;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stag fetch NAME...}: downloads graphs of the dataset manifest into the cache, checks each against its
 * pinned size and digest, unpacks it, and prints the path of each graph file.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = {"Download graphs by name into the dataset cache, verified.",
            "Prints the path of each graph file. A download is checked against the size and",
            "digest that datasets-scripts/manifest.tsv pins; one that differs is deleted.",
            "An interrupted download resumes where it stopped. Every --graph takes the same",
            "names, e.g. stag run bfs --graph suitesparse:SNAP/amazon0312."})
final class FetchCommand implements Callable<Integer> {
    @Parameters(paramLabel = "NAME", arity = "0..*",
            description = "A graph of the manifest: suitesparse:GROUP/NAME, or GROUP/NAME or NAME where only one fits.")
    List<String> names;

    @Option(names = "--cache", paramLabel = "DIR",
            description = {"The dataset cache (default: $STAG_DATASETS if set,", "else ~/.cache/stag/datasets)."})
    Path cache;

    @Option(names = "--list", description = "List the manifest's graphs: name, size in bytes, digest algorithm.")
    boolean list;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DatasetManifest manifest = DatasetManifest.load();
        if (list) {
            for (DatasetEntry e : manifest.entries()) {
                out.println(e.name() + "\t" + e.bytes() + "\t" + e.digest().display());
            }
            return Stag.OK;
        }
        if (names == null || names.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give a NAME to fetch, or --list");
        }
        PrintWriter err = spec.commandLine().getErr();
        DatasetCache c = new DatasetCache(DatasetCache.directory(cache), note -> {
            err.println("stag: " + note);
            err.flush();
        });
        for (String name : names) {
            out.println(c.fetch(manifest.find(name)));
            out.flush();
        }
        return Stag.OK;
    }
}
