package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.engine.javagen.GeneratedSource;

class KernelCompilerTest {
    private final KernelCompiler compiler = new KernelCompiler();

    @Test
    void generatedClassesSeeStagRuntimeClasses() throws Exception {
        Class<?> c = compiler.compile(Sources.unit("SeesFormats", "import org.stag.formats.dynamic.ValueMode;",
                "public static String f() { return ValueMode.DOUBLE.name(); }"));
        assertEquals("DOUBLE", c.getMethod("f").invoke(null));
        assertEquals(Sources.PACKAGE + ".SeesFormats", c.getName());
    }

    @Test
    void eachCompilationHasItsOwnLoader() {
        GeneratedSource s = Sources.unit("Twice", "public static int f() { return 1; }");
        Class<?> a = compiler.compile(s);
        Class<?> b = compiler.compile(s);
        assertNotSame(a, b);
        assertNotSame(a.getClassLoader(), b.getClassLoader());
        assertSame(KernelCompiler.class.getClassLoader(), a.getClassLoader().getParent());
    }

    static final String BROKEN = """
            package org.stag.gen.test;

            public class Broken {
                public static double f(double[] x) {
                    double s = 0;
                    for (int i = 0; i < x.length; i++) {
                        s += x[i] * undefinedScale;
                    }
                    return s;
                }
            }
            """;

    @Test
    void compileErrorsNameClassLineColumnAndKeepTheSource() throws IOException {
        GeneratedSource s = new GeneratedSource("org.stag.gen.test", "Broken", BROKEN);
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> compiler.compile(s));
        String m = e.getMessage();
        assertTrue(m.startsWith("internal error: generated class org.stag.gen.test.Broken does not compile"), m);
        assertEquals(7, e.line(), m);
        assertEquals(Sources.PACKAGE + ".Broken", e.className());
        assertTrue(e.column() > 0, m);
        assertTrue(m.contains("Line 7, Column " + e.column()), m);
        assertTrue(m.contains("undefinedScale"), m);
        assertTrue(m.contains("7 |             s += x[i] * undefinedScale;"), m);
        Path file = e.sourceFile();
        assertNotNull(file, m);
        assertTrue(m.contains(file.toAbsolutePath().toString()), m);
        assertTrue(file.endsWith(Path.of("org/stag/gen/test/Broken.java")), file.toString());
        assertEquals(BROKEN, Files.readString(file));
    }

    @Test
    void syntaxErrorsToo() {
        GeneratedSource s = Sources.unit("Syntax", "public static int f() { return 1 +; }");
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> compiler.compile(s));
        assertEquals(4, e.line(), e.getMessage());
        assertTrue(Files.exists(e.sourceFile()));
    }

    @Test
    void aSourceThatDeclaresAnotherClassIsAnInternalError() {
        GeneratedSource s = new GeneratedSource("org.stag.gen.test", "Expected",
                "package org.stag.gen.test; public class Other { }");
        KernelCompileException e = assertThrows(KernelCompileException.class, () -> compiler.compile(s));
        assertTrue(e.getMessage().contains("does not declare class org.stag.gen.test.Expected"), e.getMessage());
        assertTrue(Files.exists(e.sourceFile()));
    }

    @Test
    void aSourceDirectoryGetsEverySourceAndStackTracesNameIt(@TempDir Path dir) throws Exception {
        KernelCompiler keeping = new KernelCompiler(KernelCompiler.class.getClassLoader(), dir);
        GeneratedSource s = Sources.unit("Kept", "public static int f(int[] a) {\nreturn a[5];\n}");
        Class<?> c = keeping.compile(s);
        Path file = dir.resolve("org/stag/gen/test/Kept.java");
        assertEquals(s.text(), Files.readString(file));
        Throwable t = assertThrows(java.lang.reflect.InvocationTargetException.class,
                () -> c.getMethod("f", int[].class).invoke(null, (Object) new int[1])).getCause();
        assertEquals(5, t.getStackTrace()[0].getLineNumber());
        assertEquals("Kept.java", t.getStackTrace()[0].getFileName());
    }

    @Test
    void badNamesAreRejectedBeforeTouchingFiles() {
        assertThrows(IllegalArgumentException.class, () -> new GeneratedSource("org..x", "A", ""));
        assertThrows(IllegalArgumentException.class, () -> new GeneratedSource("", "A", ""));
        assertThrows(IllegalArgumentException.class, () -> new GeneratedSource("org.x", "../A", ""));
        assertEquals(Path.of("org/x/A.java"), new GeneratedSource("org.x", "A", "").relativePath());
    }
}
