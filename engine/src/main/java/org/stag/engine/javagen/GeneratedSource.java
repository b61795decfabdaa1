package org.stag.engine.javagen;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One generated compilation unit: a public class {@code simpleName} in package {@code packageName}, with
 * its complete source text. Names are checked to be plain Java identifiers because they become class
 * names and file paths ({@link #relativePath()}), so a bad name must not escape an output directory.
 */
public record GeneratedSource(String packageName, String simpleName, String text) {

    /** Checks that the package is a dotted identifier (not empty) and the class name an identifier. */
    public GeneratedSource {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(simpleName, "simpleName");
        Objects.requireNonNull(text, "text");
        if (packageName.isEmpty()) {
            throw new IllegalArgumentException("generated classes must be in a package");
        }
        for (String part : packageName.split("\\.", -1)) {
            requireIdentifier(part, "package name '" + packageName + "'");
        }
        requireIdentifier(simpleName, "class name");
    }

    private static void requireIdentifier(String s, String what) {
        boolean ok = !s.isEmpty() && Character.isJavaIdentifierStart(s.charAt(0));
        for (int i = 1; ok && i < s.length(); i++) {
            ok = Character.isJavaIdentifierPart(s.charAt(i));
        }
        if (!ok) {
            throw new IllegalArgumentException("not a Java identifier in " + what + ": '" + s + "'");
        }
    }

    /** {@code packageName.simpleName}, the name to load the class by. */
    public String qualifiedName() {
        return packageName + "." + simpleName;
    }

    /** {@code org/stag/gen/Foo.java}: where the source goes under a source root. */
    public Path relativePath() {
        return Path.of(packageName.replace('.', '/'), simpleName + ".java");
    }

    /** The 1-based {@code line} of the text, or "" if there is no such line. */
    public String line(int line) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        return line >= 1 && line <= lines.length ? lines[line - 1] : "";
    }
}
