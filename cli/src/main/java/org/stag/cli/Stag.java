package org.stag.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import org.stag.formats.schema.SchemaException;
import org.stag.loaders.BadInputException;

/** The {@code stag} command: graph analytics on dynamic sparse tensors. */
@Command(name = "stag",
        mixinStandardHelpOptions = true,
        versionProvider = Stag.Version.class,
        description = "Graph analytics on dynamic sparse tensors.",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Exit status: 0 ok, 2 bad input or usage, 3 out of memory, 1 internal error;",
                "130 or 143 when stopped by SIGINT or SIGTERM.",
                "Run 'stag COMMAND --help' for a command's options."})
public final class Stag implements Runnable {
    /** Exit status for success. */
    public static final int OK = Exit.OK;
    /** Exit status for bad input files, bad arguments and usage errors. */
    public static final int BAD_INPUT = Exit.BAD_INPUT;
    /** Exit status for a failure of stag itself. */
    public static final int INTERNAL = Exit.INTERNAL;
    /** Exit status when the JVM ran out of heap, in any thread. */
    public static final int OUT_OF_MEMORY = Exit.OUT_OF_MEMORY;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    public static void main(String[] args) {
        // A worker thread's failure normally reaches the thread that waits for it; this catches the rest.
        Thread.setDefaultUncaughtExceptionHandler(Stag::uncaught);
        ExitDeadline.install(args);
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        ExitDeadline.commandEnded();
        System.exit(code);
    }

    /** Runs the command line with the given streams and returns the exit status. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Stag());
        addCommands(cl, args.length > 0 ? args[0] : "");
        // After the commands: the bundle goes to every command added so far.
        cl.setResourceBundle(HelpText.bundle());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // Help wraps at 80 columns whatever the terminal; the descriptions are written for that width.
        cl.setUsageHelpWidth(80);
        cl.setUsageHelpAutoWidth(false);
        cl.setParameterExceptionHandler((ex, a) -> {
            if (ex.getCause() instanceof BadInputException || ex.getCause() instanceof SchemaException) {
                // A value a converter read and refused (a --format naming no level format): bad input, one line.
                return Exit.report(ex.getCause(), err);
            }
            String command = ex.getCommandLine().getCommandName();
            err.println("stag: " + usageMessage(ex) + " (see '"
                    + ("stag".equals(command) ? "stag" : "stag " + command) + " --help')");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> Exit.report(ex, err));
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli passes Errors through its execution exception handler uncaught.
            return Exit.report(e, err);
        }
    }

    /** The commands, in the order help lists them; suppliers so that only the one run is built. */
    private static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("info", InfoCommand::new);
        m.put("convert", ConvertCommand::new);
        m.put("generate", GenerateCommand::new);
        m.put("compile", CompileCommand::new);
        m.put("eval", EvalCommand::new);
        m.put("run", RunCommand::new);
        m.put("compare", CompareCommand::new);
        m.put("stream", StreamCommand::new);
        m.put("bench", BenchCommand::new);
        m.put("fetch", FetchCommand::new);
        m.put("help", CommandLine.HelpCommand::new);
        return m;
    }

    /**
     * Adds the command named {@code first}, or all of them when it names none (help, usage errors,
     * suggestions). Picocli reflects over every option of every command it is given, a third of a small
     * run's start-up; a run needs the model of its own command only.
     */
    static void addCommands(CommandLine cl, String first) {
        Supplier<Object> only = "help".equals(first) ? null : COMMANDS.get(first);
        if (only != null) {
            cl.addSubcommand(only.get());
            return;
        }
        COMMANDS.values().forEach(c -> cl.addSubcommand(c.get()));
    }

    /**
     * The last resort for a thread that dies of an exception nobody waits for: one line on stderr, then the
     * process ends at once with the status {@link #report} gives (the main thread may be blocked forever).
     */
    static void uncaught(Thread t, Throwable e) {
        PrintWriter err = new PrintWriter(System.err, true);
        int code = Exit.report(e, err);
        err.flush();
        Runtime.getRuntime().halt(code);
    }




    /** Picocli's message in stag's voice: an unknown command named as such, lower-case start, one line. */
    private static String usageMessage(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof FormatOptions.UsageError u) {
            return Exit.oneLine(u.getMessage());
        }
        CommandLine where = ex.getCommandLine();
        if (ex instanceof CommandLine.UnmatchedArgumentException un && where.getParent() == null
                && !un.getUnmatched().isEmpty() && !un.getUnmatched().get(0).startsWith("-")) {
            String known = String.join(", ", where.getSubcommands().keySet());
            String guess = un.getSuggestions().isEmpty() ? "" : "; did you mean '" + un.getSuggestions().get(0) + "'?";
            return "unknown command '" + un.getUnmatched().get(0) + "' (expected " + known + ")" + guess;
        }
        String m = Exit.oneLine(ex.getMessage());
        if (m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1))) {
            m = Character.toLowerCase(m.charAt(0)) + m.substring(1);
        }
        return m;
    }

    /** {@code stag -V}: the version Maven wrote into {@code version.properties} (the project's, one definition). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"stag " + version(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }

        /** The project's version, e.g. {@code 0.1.0-SNAPSHOT}. */
        static String version() {
            java.util.Properties p = new java.util.Properties();
            try (java.io.InputStream in = Stag.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from the build");
                }
                p.load(in);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return p.getProperty("version");
        }
    }

    /** Prints one line for a failure and chooses the exit status ({@link Exit#report}). */
    static int report(Throwable ex, PrintWriter err) {
        return Exit.report(ex, err);
    }

    /** The line for an {@link OutOfMemoryError} ({@link Exit#outOfMemory}). */
    static String outOfMemory(Throwable e, long maxHeapBytes, long physicalBytes) {
        return Exit.outOfMemory(e, maxHeapBytes, physicalBytes);
    }
}
