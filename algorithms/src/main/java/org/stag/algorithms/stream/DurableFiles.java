package org.stag.algorithms.stream;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Files that are whole or absent: each is written under a temporary name in its own directory, forced to the
 * disk, and renamed over its final name (an atomic rename), and the directory is forced so that the rename
 * survives a power loss. A process killed at any point leaves the old file or the new one, never a torn one;
 * what it leaves is a hidden temporary file ({@code .tmp-PID-N-NAME}), which {@link #isTemporary} tells apart.
 */
public final class DurableFiles {
    /** What the temporary names start with. */
    static final String TEMP_PREFIX = ".tmp-";
    private static final AtomicLong COUNTER = new AtomicLong();

    private DurableFiles() {
    }

    /** What writes the content into the temporary file (whose name ends as the target's: same extension). */
    @FunctionalInterface
    public interface Content {
        void writeTo(Path temp) throws IOException;
    }

    /**
     * Writes {@code target} whole or not at all. A target that exists and is not a regular file (a device, a
     * pipe) is written in place: it cannot be renamed over.
     */
    public static void replace(Path target, Content content) throws IOException {
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            content.writeTo(target);
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        Path temp = dir.resolve(TEMP_PREFIX + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + "-"
                + target.getFileName());
        try {
            content.writeTo(temp);
            force(temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        forceDirectory(dir);
    }

    /** Whether {@code name} is one of the temporary files {@link #replace} writes. */
    public static boolean isTemporary(String name) {
        return name.startsWith(TEMP_PREFIX);
    }

    /**
     * Removes from {@code dir} the temporary files of processes that are gone (killed while writing); a directory
     * that cannot be listed is left alone.
     */
    public static void removeLeftovers(Path dir) {
        try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(dir, TEMP_PREFIX + "*")) {
            for (Path f : ds) {
                String rest = f.getFileName().toString().substring(TEMP_PREFIX.length());
                int dash = rest.indexOf('-');
                long pid = dash > 0 ? parse(rest.substring(0, dash)) : -1;
                if (pid > 0 && pid != ProcessHandle.current().pid()
                        && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            // Leftovers are hidden and harmless: they stay.
        }
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Forces {@code file}'s content and size to the disk. */
    static void force(Path file) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.force(true);
        }
    }

    /** Forces a directory's entries (a rename, a new file) to the disk, where the file system allows it. */
    static void forceDirectory(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException e) {
            // Some file systems cannot open a directory for this; the rename is atomic all the same.
        }
    }
}
