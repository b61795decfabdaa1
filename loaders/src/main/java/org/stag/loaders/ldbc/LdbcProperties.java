package org.stag.loaders.ldbc;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.HeaderReader;

/**
 * An LDBC Graphalytics {@code .properties} file: {@code key = value} lines and {@code #} comments. Kept with
 * line numbers so that a bad value can be pointed at.
 */
public final class LdbcProperties {
    private final String file;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, Integer> lineOf = new LinkedHashMap<>();

    private LdbcProperties(String file) {
        this.file = file;
    }

    /** Reads {@code path}. */
    public static LdbcProperties read(Path path) {
        LdbcProperties p = new LdbcProperties(path.toString());
        List<String> lines = LdbcGraphFiles.lines(path);
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("!")) {
                continue;
            }
            int eq = t.indexOf('=');
            if (eq < 0) {
                eq = t.indexOf(':');
            }
            if (eq <= 0) {
                throw new BadInputException(p.file, i + 1, "expected 'key = value', found " + HeaderReader.quote(t));
            }
            String key = t.substring(0, eq).strip();
            p.values.put(key, t.substring(eq + 1).strip());
            p.lineOf.put(key, i + 1);
        }
        return p;
    }

    /** The value of {@code key}, or {@code null}. */
    public String get(String key) {
        return values.get(key);
    }

    /** A {@code true}/{@code false} value, or {@code null} when absent. */
    public Boolean getBoolean(String key) {
        String v = values.get(key);
        if (v == null) {
            return null;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new BadInputException(file, lineOf.get(key), key + " must be true or false, found " + HeaderReader.quote(v));
        };
    }

    /** A whole-number value, or {@code null} when absent. */
    public Long getLong(String key) {
        String v = values.get(key);
        if (v == null) {
            return null;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new BadInputException(file, lineOf.get(key), key + " must be a whole number, found " + HeaderReader.quote(v));
        }
    }

    /** A numeric value, or {@code null} when absent. */
    public Double getDouble(String key) {
        String v = values.get(key);
        if (v == null) {
            return null;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new BadInputException(file, lineOf.get(key), key + " must be a number, found " + HeaderReader.quote(v));
        }
    }

    /** A refusal of {@code key}'s value, naming its line. */
    BadInputException bad(String key, String cause) {
        Integer line = lineOf.get(key);
        return new BadInputException(file, line == null ? 0 : line, cause);
    }

    /** The line of {@code key}, or 0 when absent. */
    public int lineOf(String key) {
        Integer line = lineOf.get(key);
        return line == null ? 0 : line;
    }

    /** The file name. */
    public String file() {
        return file;
    }
}
