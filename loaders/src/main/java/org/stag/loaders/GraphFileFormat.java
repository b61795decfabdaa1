package org.stag.loaders;

import java.nio.file.Path;
import java.util.Locale;

/** The graph file formats stag reads, told apart by file name (a trailing {@code .gz} is ignored). */
public enum GraphFileFormat {
    /** Matrix Market exchange format, {@code .mtx}. */
    MATRIX_MARKET("mtx", ".mtx"),
    /** GAP edge list, {@code .el}: {@code src dst} per line, 0-based ids. */
    EDGE_LIST("el", ".el"),
    /** GAP weighted edge list, {@code .wel}: {@code src dst weight}. */
    WEIGHTED_EDGE_LIST("wel", ".wel"),
    /** SNAP edge list, {@code .txt}/{@code .snap}/{@code .edges}/{@code .tsv}: {@code #} comments, tab or space. */
    SNAP("snap", ".txt", ".snap", ".edges", ".tsv"),
    /** LDBC Graphalytics {@code NAME.v} + {@code NAME.e} (+ {@code NAME.properties}). */
    LDBC("ldbc", ".properties", ".v", ".e"),
    /** stag's binary graph file, {@code .stagb} (see {@code docs/binary-format.md}). */
    BINARY("stagb", ".stagb");

    private final String shortName;
    private final String[] extensions;

    GraphFileFormat(String shortName, String... extensions) {
        this.shortName = shortName;
        this.extensions = extensions;
    }

    /** The name used on the command line ({@code --input-format}). */
    public String shortName() {
        return shortName;
    }

    /** Tells the format from the file name. */
    public static GraphFileFormat of(Path path) {
        String name = baseName(path);
        for (GraphFileFormat f : values()) {
            for (String ext : f.extensions) {
                if (name.endsWith(ext)) {
                    return f;
                }
            }
        }
        throw new BadInputException(path.toString(), 0, "unknown graph file type (expected .mtx, .el, .wel, "
                + ".txt/.snap/.edges/.tsv, or LDBC .properties/.v/.e, optionally gzipped; stag binary .stagb; "
                + "or name it with --input-format)");
    }

    /** The file name without a trailing {@code .gz}, lower-cased, for telling formats apart. */
    public static String baseName(Path path) {
        String name = path.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
    }

    /** Parses a short name such as {@code mtx} or {@code ldbc}. */
    public static GraphFileFormat parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (GraphFileFormat f : values()) {
            if (f.shortName.equals(t)) {
                return f;
            }
        }
        throw new BadInputException("unknown input format '" + text + "' (expected mtx, el, wel, snap, ldbc or stagb)");
    }
}
