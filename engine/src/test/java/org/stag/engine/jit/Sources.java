package org.stag.engine.jit;

import org.stag.engine.javagen.GeneratedSource;

/** Hand-written "generated" sources for the tests. */
final class Sources {
    static final String PACKAGE = "org.stag.gen.test";

    private Sources() {
    }

    /** A public class {@code name} in the test package whose body is {@code body}; imports come first. */
    static GeneratedSource unit(String name, String imports, String body) {
        return unit(name, imports, "", body);
    }

    /** As above, with {@code header} (say {@code implements X}) after the class name. */
    static GeneratedSource unit(String name, String imports, String header, String body) {
        return new GeneratedSource(PACKAGE, name, "package " + PACKAGE + ";\n" + imports + "\npublic class " + name
                + " " + header + " {\n" + body + "\n}\n");
    }

    static GeneratedSource unit(String name, String body) {
        return unit(name, "", body);
    }

    /** A CSR matrix with rows {@code {0: 1.0@0, 2.0@2}, {1: empty}, {2: 3.0@1, 4.0@2}}. */
    static final int[] POS = {0, 2, 2, 4};
    static final int[] CRD = {0, 2, 1, 2};
    static final double[] VALS = {1.0, 2.0, 3.0, 4.0};
}
