package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.stag.engine.jit.KernelStore;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --cache-dir DIR} and {@code --no-cache}, for commands that compile kernels: where compiled kernel
 * classes are kept between runs ({@link KernelStore}).
 */
final class KernelCacheOptions {
    /** Overrides the default directory (tests point it into {@code target/}, away from the user's home). */
    static final String DIR_PROPERTY = "stag.cache.dir";

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Keep compiled kernels in DIR (default: $XDG_CACHE_HOME/stag, else ~/.cache/stag).")
    Path dir;

    @Option(names = "--no-cache", description = "Compile every kernel; neither read nor write the kernel cache.")
    boolean off;

    /** Makes kernels compiled from now on in this process use the chosen cache, or none. */
    void apply() {
        if (off) {
            KernelStore.setDefault(null);
            return;
        }
        Path d = dir;
        if (d == null) {
            String p = System.getProperty(DIR_PROPERTY);
            d = p != null && !p.isBlank() ? Path.of(p) : KernelStore.defaultDirectory();
        }
        KernelStore current = KernelStore.getDefault();
        if (current != null && current.directory().equals(d)) {
            return; // Keep its warned-once state across commands run in one process.
        }
        PrintWriter err = spec.commandLine().getErr();
        KernelStore.setDefault(new KernelStore(d, line -> {
            err.println(line);
            err.flush();
        }));
    }
}
