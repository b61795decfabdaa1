package org.stag.engine.jit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.stag.engine.javagen.GeneratedSource;

/**
 * Compiled kernel classes on disk, so a later process loads Janino's bytecode instead of compiling again.
 * An entry is one file named by a SHA-256 over the generated source, this store's format, the JDK's major
 * version and the build of stag's runtime (the jar the kernels link against, which also holds Janino): a
 * kernel generated differently, or a rebuilt runtime or compiler, never reuses old classes.
 *
 * <p>Safe to share between processes: an entry is written to a temp file in the same directory and renamed
 * over the old one, so readers see a whole entry or none, and concurrent writers of one key write the same
 * bytes. An entry ends with a SHA-256 of its contents; a truncated or corrupt one reads as absent (and is
 * rewritten by the next compile). If the directory cannot be written, {@code warn} gets one line, once, and
 * compiling goes on without storing.
 */
public final class KernelStore {
    /** Bumped when the entry layout changes. */
    private static final int MAGIC = 0x53544b31; // "STK1"
    private static final int DIGEST_BYTES = 32;

    /** What the bytecode depends on besides the source; computed once, it stats the runtime's jar. */
    private static final String SALT = "store " + MAGIC + "; jdk " + Runtime.version().feature() + "; runtime "
            + runtimeBuild();

    private static volatile KernelStore defaultStore;

    private final Path dir;
    private final Consumer<String> warn;
    private final AtomicBoolean writable = new AtomicBoolean(true);
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    /**
     * A store in {@code dir} (created on the first write). {@code warn} gets one line if the directory
     * cannot be written.
     */
    public KernelStore(Path dir, Consumer<String> warn) {
        this.dir = Objects.requireNonNull(dir, "dir");
        this.warn = Objects.requireNonNull(warn, "warn");
    }

    /**
     * The store {@link KernelCompiler}s made without an explicit one use; none (null) unless a command line
     * sets one. Read at every compile, so it can be set after compilers exist.
     */
    public static KernelStore getDefault() {
        return defaultStore;
    }

    /** Sets (or with null, clears) the default store. */
    public static void setDefault(KernelStore store) {
        defaultStore = store;
    }

    /**
     * {@code $XDG_CACHE_HOME/stag} if that variable is an absolute path, else {@code ~/.cache/stag}, as the
     * XDG base directory specification says.
     */
    public static Path defaultDirectory() {
        return defaultDirectory(System.getenv("XDG_CACHE_HOME"), System.getProperty("user.home"));
    }

    static Path defaultDirectory(String xdgCacheHome, String home) {
        Path base = xdgCacheHome != null && !xdgCacheHome.isEmpty() && Path.of(xdgCacheHome).isAbsolute()
                ? Path.of(xdgCacheHome) : Path.of(home, ".cache");
        return base.resolve("stag");
    }

    /** The directory entries live in. */
    public Path directory() {
        return dir;
    }

    /** Loads that found an entry. */
    public long hits() {
        return hits.sum();
    }

    /** Loads that found none, or a corrupt one. */
    public long misses() {
        return misses.sum();
    }

    /** The file that holds (or would hold) the classes of {@code source}. */
    public Path entry(GeneratedSource source) {
        return dir.resolve(key(source) + ".classes");
    }

    /**
     * The class files compiled from {@code source} (binary name to bytes), or null if there is no entry or
     * it is truncated or corrupt.
     */
    public Map<String, byte[]> load(GeneratedSource source) {
        Map<String, byte[]> classes = read(entry(source));
        (classes == null ? misses : hits).increment();
        return classes;
    }

    /** Counts a load whose classes the JVM then rejected as a miss, not a hit. */
    void rejected() {
        hits.decrement();
        misses.increment();
    }

    /**
     * Stores the class files compiled from {@code source}, replacing any entry. Never throws for I/O: the
     * first failure warns and turns storing off for this store.
     */
    public void save(GeneratedSource source, Map<String, byte[]> classes) {
        if (!writable.get()) {
            return;
        }
        Path target = entry(source);
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, ".tmp-", ".classes");
            Files.write(tmp, encode(classes));
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException | SecurityException e) {
            if (writable.compareAndSet(true, false)) {
                warn.accept("stag: warning: cannot write the kernel cache " + dir + " (" + e
                        + "); kernels are compiled without it");
            }
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // Only a leftover temp file; the warning has been given.
                }
            }
        }
    }

    private String key(GeneratedSource source) {
        MessageDigest md = sha256();
        md.update(SALT.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(source.qualifiedName().getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(source.text().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }

    static byte[] encode(Map<String, byte[]> classes) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            out.writeInt(classes.size());
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeInt(e.getValue().length);
                out.write(e.getValue());
            }
            out.flush();
            out.write(sha256().digest(bytes.toByteArray()));
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory", e);
        }
    }

    /** The entry in {@code file}, or null if it is missing, unreadable, truncated or fails its checksum. */
    static Map<String, byte[]> read(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | SecurityException e) {
            return null; // An unreadable entry is a miss; the rewrite will then warn if the directory is bad.
        }
        if (all.length < 8 + DIGEST_BYTES) {
            return null;
        }
        int body = all.length - DIGEST_BYTES;
        byte[] sum = sha256().digest(Arrays.copyOf(all, body));
        if (!Arrays.equals(sum, 0, DIGEST_BYTES, all, body, all.length)) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(all, 0, body))) {
            if (in.readInt() != MAGIC) {
                return null;
            }
            int n = in.readInt();
            if (n <= 0 || n > 10_000) {
                return null;
            }
            Map<String, byte[]> classes = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                int len = in.readInt();
                if (len < 0 || len > in.available()) {
                    return null;
                }
                classes.put(name, in.readNBytes(len));
            }
            return in.available() == 0 ? classes : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * The jar stag's runtime is loaded from, with its size and modification time, so a rebuilt jar (whose
     * classes the kernels link against) starts a fresh set of entries. Classes from a directory (tests, IDEs)
     * can change one by one with nothing to show it, so their entries are this process's only.
     */
    private static String runtimeBuild() {
        String process = "process " + ProcessHandle.current().pid() + " "
                + ProcessHandle.current().info().startInstant().map(Object::toString).orElse("");
        try {
            CodeSource cs = KernelStore.class.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null) {
                return process;
            }
            Path p = Path.of(cs.getLocation().toURI());
            return Files.isRegularFile(p) ? p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis()
                    : process;
        } catch (URISyntaxException | IOException | IllegalArgumentException | FileSystemNotFoundException
                | SecurityException e) {
            return process; // No file location (a custom loader): do not share entries.
        }
    }
}
