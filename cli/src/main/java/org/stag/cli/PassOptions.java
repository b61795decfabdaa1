package org.stag.cli;

import java.util.ArrayList;
import java.util.List;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --no-pass NAME}, for commands that plan and compile programs: switches a compiler pass off (for
 * differential runs and for measuring what a pass buys) through {@link Passes#PROPERTY}, which the planner and
 * the runtime both read.
 */
final class PassOptions {
    /** The property's value when the process started: what a command without {@code --no-pass} restores. */
    private static final String INITIAL = System.getProperty(Passes.PROPERTY, "");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--no-pass", paramLabel = "NAME",
            description = "Switch a compiler pass off: fusion, in-place, alias, cse, active-set or canonical (repeatable, or comma-separated).")
    List<String> off = new ArrayList<>();

    /** Sets the passes of everything planned or run from now on in this process. */
    void apply() {
        List<String> names = new ArrayList<>();
        for (String list : off) {
            for (String n : list.split(",")) {
                if (n.isBlank()) {
                    continue;
                }
                try {
                    names.add(Pass.byId(n).id());
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--no-pass: " + e.getMessage());
                }
            }
        }
        System.setProperty(Passes.PROPERTY, names.isEmpty() ? INITIAL : String.join(",", names));
    }
}
