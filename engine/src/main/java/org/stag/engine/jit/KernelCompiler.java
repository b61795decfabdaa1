package org.stag.engine.jit;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.commons.compiler.Location;
import org.codehaus.janino.SimpleCompiler;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.javagen.SourceEmitter;

/**
 * Compiles one {@link GeneratedSource} with Janino into a class in its own class loader, whose parent (by
 * default the loader of this class) sees stag's runtime: formats, pools, {@link Kernel}, {@link Atomics}.
 * A loader per class lets a kernel be unloaded once its cache entry is dropped, and lets two kernels use
 * the same class name. Thread-safe: compilations share no Janino state.
 *
 * <p>Classes carry source file and line numbers, so a stack trace through a kernel names the generated
 * line. With {@link #SOURCE_DIR_PROPERTY} (or a {@code sourceDir}) every source is written there first and
 * compiled under that path, so debuggers and stack traces lead to a real file; local variable tables are
 * added when Janino's own {@code org.codehaus.janino.source_debugging.enable} is {@code true}.
 *
 * <p>With a {@link KernelStore} (the one given, else {@link KernelStore#getDefault()} at each compile) the
 * bytecode of every compiled source is stored, and a source found in the store is loaded without Janino.
 * A source directory turns the store off, so that debug information names the written files.
 */
public final class KernelCompiler {
    /** System property naming a directory to write every generated source to before compiling it. */
    public static final String SOURCE_DIR_PROPERTY = "stag.jit.sourceDir";

    /** Janino's own switch for full debugging information (its constant moved between 3.x releases). */
    private static final String JANINO_SOURCE_DEBUGGING = "org.codehaus.janino.source_debugging.enable";

    private final ClassLoader parent;
    private final Path sourceDir;
    private final KernelStore store;
    private final boolean defaultStore;
    private Path failureDir;

    /** Parent loader: this class's; source directory from {@link #SOURCE_DIR_PROPERTY}, if set. */
    public KernelCompiler() {
        this(KernelCompiler.class.getClassLoader(), sourceDirFromProperty());
    }

    /**
     * Compiles into children of {@code parent}. If {@code sourceDir} is not null every source is written
     * under it before compiling; otherwise only sources that fail are written, to a fresh temp directory.
     */
    public KernelCompiler(ClassLoader parent, Path sourceDir) {
        this(parent, sourceDir, null, true);
    }

    /** As {@link #KernelCompiler(ClassLoader, Path)}, storing classes in {@code store} (none if null). */
    public KernelCompiler(ClassLoader parent, Path sourceDir, KernelStore store) {
        this(parent, sourceDir, store, false);
    }

    private KernelCompiler(ClassLoader parent, Path sourceDir, KernelStore store, boolean defaultStore) {
        this.parent = Objects.requireNonNull(parent, "parent");
        this.sourceDir = sourceDir;
        this.store = store;
        this.defaultStore = defaultStore;
    }

    private static Path sourceDirFromProperty() {
        String dir = System.getProperty(SOURCE_DIR_PROPERTY);
        return dir == null || dir.isBlank() ? null : Path.of(dir);
    }

    /**
     * Compiles {@code source} and returns its public class, loaded and initialised (so bytecode the JVM
     * rejects fails here, with the source at hand, rather than at the first call).
     *
     * @throws KernelCompileException if Janino rejects the source, it does not declare the class it names,
     *     or the JVM rejects the bytecode
     */
    public Class<?> compile(GeneratedSource source) {
        KernelStore s = sourceDir != null ? null : defaultStore ? KernelStore.getDefault() : store;
        if (s != null) {
            Map<String, byte[]> stored = s.load(source);
            if (stored != null) {
                Class<?> c = define(source, stored);
                if (c != null) {
                    return c;
                }
                s.rejected(); // Compiled again below, and the entry rewritten.
            }
        }
        Path written = null;
        String fileName = source.relativePath().toString();
        if (sourceDir != null) {
            try {
                written = new SourceEmitter(sourceDir).emit(source);
                fileName = written.toAbsolutePath().toString();
            } catch (IOException e) {
                // Debugging aid only: compile anyway, the stack traces then name the relative path.
                written = null;
            }
        }
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.setParentClassLoader(parent);
        compiler.setDebuggingInformation(true, true,
                Boolean.getBoolean(JANINO_SOURCE_DEBUGGING));
        try {
            compiler.cook(fileName, new StringReader(source.text()));
        } catch (CompileException e) {
            throw failure(source, written, e.getLocation(), e.getMessage(), e);
        } catch (IOException e) {
            throw failure(source, written, null, "reading the source: " + e, e);
        } catch (RuntimeException e) {
            // Janino's InternalCompilerException and friends: a Janino limit or bug, still our source's fault.
            throw failure(source, written, null, "Janino failed: " + e, e);
        }
        Class<?> c;
        try {
            c = Class.forName(source.qualifiedName(), true, compiler.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw failure(source, written, null, "the source does not declare class " + source.qualifiedName(), e);
        } catch (LinkageError e) {
            throw failure(source, written, null, "the JVM rejects the bytecode: " + e, e);
        }
        if (s != null) {
            s.save(source, compiler.getBytecodes());
        }
        return c;
    }

    /** The class of {@code source} from stored class files, or null if they do not define a loadable one. */
    private Class<?> define(GeneratedSource source, Map<String, byte[]> classes) {
        try {
            return Class.forName(source.qualifiedName(), true, new StoredClassLoader(parent, classes));
        } catch (ClassNotFoundException | LinkageError e) {
            // A stale or damaged entry that passed the checksum: compile instead.
            return null;
        }
    }

    /** Defines classes from stored class files on demand, one loader per kernel like Janino's. */
    private static final class StoredClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        StoredClassLoader(ClassLoader parent, Map<String, byte[]> classes) {
            super(parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = classes.get(name);
            if (b == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, b, 0, b.length);
        }
    }

    private KernelCompileException failure(GeneratedSource source, Path written, Location loc, String detail,
            Throwable cause) {
        int line = loc == null ? 0 : loc.getLineNumber();
        int column = loc == null ? 0 : loc.getColumnNumber();
        Path file = written;
        String writeProblem = null;
        if (file == null) {
            try {
                file = new SourceEmitter(failureDir()).emit(source);
            } catch (IOException e) {
                writeProblem = e.getMessage();
            }
        }
        StringBuilder msg = new StringBuilder();
        msg.append("internal error: generated class ").append(source.qualifiedName())
                .append(" does not compile: ").append(detail.replace('\n', ' '));
        if (line > 0) {
            String text = source.line(line);
            String gutter = line + " | ";
            msg.append('\n').append(gutter).append(text).append('\n');
            msg.append(" ".repeat(gutter.length()));
            for (int i = 0; i < column - 1 && i < text.length(); i++) {
                msg.append(text.charAt(i) == '\t' ? '\t' : ' ');
            }
            msg.append('^');
        }
        if (file != null) {
            msg.append("\nfull source: ").append(file.toAbsolutePath());
        } else {
            // Never lose the source: if it cannot go to a file it goes into the message.
            msg.append("\n(could not write the source: ").append(writeProblem).append(")\n").append(source.text());
        }
        return new KernelCompileException(msg.toString(), source.qualifiedName(), line, column, file, cause);
    }

    private synchronized Path failureDir() throws IOException {
        if (failureDir == null) {
            failureDir = sourceDir != null ? sourceDir : Files.createTempDirectory("stag-jit-");
        }
        return failureDir;
    }
}
