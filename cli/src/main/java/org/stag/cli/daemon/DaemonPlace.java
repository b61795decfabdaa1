package org.stag.cli.daemon;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the daemon of a run lives: a socket in the user's own directory (mode 0700), named by a hash of everything a
 * run's meaning depends on besides its arguments: the jar (path, size, time), the JVM, the working directory and
 * the environment stag reads. Runs that differ in any of these get different daemons, so a daemon's run is a plain
 * run's.
 */
final class DaemonPlace {
    /** Longest socket path the kernel takes (sun_path is 108 bytes with its terminating zero). */
    private static final int MAX_SOCKET_PATH = 100;

    final Path dir;
    final String key;
    final Path socket;

    private DaemonPlace(Path dir, String key) {
        this.dir = dir;
        this.key = key;
        this.socket = dir.resolve(new StringBuilder("d-").append(hash(key)).append(".sock").toString());
    }

    /** This process's place: its class path, JVM, working directory and environment. */
    static DaemonPlace current() {
        return new DaemonPlace(directory(System.getenv()), key(System.getenv()));
    }

    /** The place's socket path, or null when it is too long for a Unix socket. */
    Path socketOrNull() {
        return socket.toString().length() > MAX_SOCKET_PATH ? null : socket;
    }

    /**
     * The user's directory for daemons: {@code STAG_DAEMON_DIR}, else {@code $XDG_RUNTIME_DIR/stag}, else
     * {@code stag/daemon} in the user's cache directory.
     */
    static Path directory(Map<String, String> env) {
        String own = env.get("STAG_DAEMON_DIR");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank()) {
            return Path.of(runtime, "stag");
        }
        String cache = env.get("XDG_CACHE_HOME");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("stag").resolve("daemon");
    }

    /** Creates the directory, readable by its user only. */
    void createDirectory() throws IOException {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }

    /** Everything a daemon's runs depend on besides their arguments, as text (the daemon compares it whole). */
    static String key(Map<String, String> env) {
        StringBuilder k = new StringBuilder();
        String cp = System.getProperty("java.class.path");
        k.append("cp=").append(cp).append('\n');
        for (String part : cp.split(File.pathSeparator)) {
            File f = new File(part);
            k.append(f.length()).append(' ').append(f.lastModified()).append('\n');
        }
        k.append("java=").append(System.getProperty("java.home")).append(' ')
                .append(System.getProperty("java.vm.version")).append('\n');
        k.append("cwd=").append(System.getProperty("user.dir")).append('\n');
        Map<String, String> sorted = new TreeMap<>(env);
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            String name = e.getKey();
            boolean relevant = name.startsWith("STAG_") && !name.equals("STAG_DAEMON") && !name.equals("STAG_CDS")
                    || name.equals("HOME") || name.startsWith("XDG_") || name.equals("TMPDIR") || name.equals("TZ")
                    || name.equals("LANG") || name.startsWith("LC_");
            if (relevant) {
                k.append(name).append('=').append(e.getValue()).append('\n');
            }
        }
        return k.toString();
    }

    /** Two independent 64-bit FNV-1a hashes in hex: a file name, not a security measure (the daemon checks the key). */
    static String hash(String s) {
        long a = 0xcbf29ce484222325L;
        long b = 0x84222325cbf29ce4L;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            a = (a ^ c) * 0x100000001b3L;
            b = (b ^ (c * 31 + i)) * 0x100000001b3L;
        }
        return new StringBuilder(32).append(Long.toHexString(a)).append(Long.toHexString(b)).toString();
    }
}
