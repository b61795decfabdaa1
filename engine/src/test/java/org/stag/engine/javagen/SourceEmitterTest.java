package org.stag.engine.javagen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceEmitterTest {
    @TempDir
    Path tmp;

    @Test
    void writesPackageTreeCreatingDirectories() throws IOException {
        Path root = tmp.resolve("out/java");
        SourceEmitter e = new SourceEmitter(root);
        GeneratedSource a = new GeneratedSource("org.stag.gen", "K_1", "class A {}\n");
        GeneratedSource b = new GeneratedSource("org.stag.gen.sub", "K_2", "class B {}\n");
        List<Path> files = e.emitAll(List.of(a, b));
        assertEquals(List.of(root.resolve("org/stag/gen/K_1.java"), root.resolve("org/stag/gen/sub/K_2.java")), files);
        assertEquals("class A {}\n", Files.readString(files.get(0)));
        assertEquals("class B {}\n", Files.readString(files.get(1)));
        // Re-emitting replaces the file.
        e.emit(new GeneratedSource("org.stag.gen", "K_1", "class A2 {}\n"));
        assertEquals("class A2 {}\n", Files.readString(files.get(0)));
    }

    @Test
    void aRootThatIsAFileIsAClearError() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        IOException e = assertThrows(IOException.class,
                () -> new SourceEmitter(file).emit(new GeneratedSource("p", "A", "")));
        assertEquals("cannot write generated Java to directory " + file + ": it exists and is not a directory",
                e.getMessage());
    }

    @Test
    void aRootUnderAFileIsAClearError() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        Path root = file.resolve("sub");
        IOException e = assertThrows(IOException.class,
                () -> new SourceEmitter(root).emit(new GeneratedSource("p", "A", "")));
        assertTrue(e.getMessage().startsWith("cannot write generated Java to directory " + root + ": "),
                e.getMessage());
    }

    @Test
    void aPackageDirectoryBlockedByAFileIsAClearError() throws IOException {
        Files.writeString(tmp.resolve("p"), "x");
        IOException e = assertThrows(IOException.class,
                () -> new SourceEmitter(tmp).emit(new GeneratedSource("p", "A", "")));
        assertTrue(e.getMessage().startsWith("cannot write generated Java to " + tmp.resolve("p/A.java") + ": "),
                e.getMessage());
    }
}
