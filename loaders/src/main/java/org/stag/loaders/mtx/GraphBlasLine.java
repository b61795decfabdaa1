package org.stag.loaders.mtx;

import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.text.HeaderReader;

/**
 * A {@code %%GraphBLAS} line of a Matrix Market header, read as LAGraph's reader reads it: {@code %%GraphBLAS
 * type T} declares the value type; any other {@code %%GraphBLAS} line is a comment (LAGraph writes none, and
 * ignores them). The older form without the word {@code type} ({@code %%GraphBLAS GrB_INT8}, as earlier LAGraph
 * versions wrote it) is still honoured when its word is a type's name.
 */
final class GraphBlasLine {
    private GraphBlasLine() {
    }

    /**
     * The type the line declares, or {@code null} when it is a comment.
     *
     * @param text the line, starting with {@code %%GraphBLAS}
     */
    static GraphBlasType parse(String text, String file, long line) {
        String[] words = text.trim().split("[ \t]+");
        boolean typeWord = words.length > 1 && words[1].equalsIgnoreCase("type");
        if (!typeWord) {
            if (words.length == 3 && words[2].equalsIgnoreCase("complex") && known(words[1]) != null) {
                throw new BadInputException(file, line, "complex matrices are unsupported (%%GraphBLAS "
                        + HeaderReader.quote(words[1] + " " + words[2]) + ")");
            }
            return words.length == 2 ? known(words[1]) : null;
        }
        if (words.length < 3) {
            throw new BadInputException(file, line, "the %%GraphBLAS type line names no type (expected e.g. '%%GraphBLAS type int8_t')");
        }
        String rest = words.length > 3 ? words[3].toLowerCase(Locale.ROOT) : "";
        String name = words[2].toLowerCase(Locale.ROOT);
        if (rest.equals("complex") || name.equals("gxb_fc32") || name.equals("gxb_fc64")) {
            throw new BadInputException(file, line, "complex matrices are unsupported (%%GraphBLAS type " + HeaderReader.quote(words[2]) + ")");
        }
        GraphBlasType t = known(name);
        if (t == null) {
            throw new BadInputException(file, line, "unknown %%GraphBLAS type " + HeaderReader.quote(words[2])
                    + " (expected bool, int8_t ... int64_t, uint8_t ... uint64_t, float or double)");
        }
        if (words.length > 3) {
            throw new BadInputException(file, line, "unexpected " + HeaderReader.quote(words[3]) + " after the %%GraphBLAS type");
        }
        return t;
    }

    /** The type a word names ({@code int8_t}, {@code int8}, {@code GrB_INT8}, {@code float}, ...), or {@code null}. */
    static GraphBlasType known(String word) {
        String name = word.toLowerCase(Locale.ROOT);
        if (name.startsWith("grb_")) {
            name = name.substring(4);
        }
        if (name.endsWith("_t")) {
            name = name.substring(0, name.length() - 2);
        }
        for (GraphBlasType t : GraphBlasType.values()) {
            if (t.shortName().equals(name) || t.cName().equals(name)) {
                return t;
            }
        }
        return null;
    }
}
