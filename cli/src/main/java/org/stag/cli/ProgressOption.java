package org.stag.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --progress} / {@code --no-progress}, for commands that load graphs or run loops. */
final class ProgressOption {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--progress", negatable = true,
            description = "Show progress on stderr, one updating line: bytes read while loading, iterations of"
                    + " loops (default: only when stderr is a terminal).")
    Boolean progress;

    /** A progress line on this command's stderr, or {@link Progress#OFF}; started (file reads are reported). */
    Progress start() {
        boolean on = progress != null ? progress : Progress.stderrIsTerminal();
        return (on ? new Progress(spec.commandLine().getErr()) : Progress.OFF).start();
    }
}
