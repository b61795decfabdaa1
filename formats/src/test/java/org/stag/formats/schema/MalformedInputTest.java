package org.stag.formats.schema;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Damaged schemas fail cleanly: deleting any one character or any one word of a shipped schema gives
 * either a valid schema or a one-line {@link SchemaException} with a position inside the text, never
 * another exception.
 */
class MalformedInputTest {

    private static final Pattern LOCATION = Pattern.compile("^m\\.schema:(\\d+):(\\d+): [^\\n]+$");

    static List<String> builtinNames() {
        return Schemas.builtinNames();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = Schemas.class.getResourceAsStream(name + ".schema")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void parseCleanly(String text) {
        try {
            Schema.parse("m.schema", text);
        } catch (SchemaException e) {
            Matcher m = LOCATION.matcher(e.getMessage());
            assertTrue(m.matches(), e.getMessage());
            int line = Integer.parseInt(m.group(1));
            assertTrue(line >= 1 && line <= text.split("\n", -1).length, e.getMessage());
            assertTrue(Integer.parseInt(m.group(2)) >= 1, e.getMessage());
        } catch (RuntimeException e) {
            fail("crashed with " + e + " on:\n" + text, e);
        }
    }

    @ParameterizedTest
    @MethodSource("builtinNames")
    void deletingAnyCharacterFailsCleanly(String name) throws IOException {
        String text = resource(name);
        for (int i = 0; i < text.length(); i++) {
            parseCleanly(text.substring(0, i) + text.substring(i + 1));
        }
    }

    @ParameterizedTest
    @MethodSource("builtinNames")
    void deletingAnyWordFailsCleanly(String name) throws IOException {
        String text = resource(name);
        Matcher word = Pattern.compile("[A-Za-z_0-9]+|[^\\sA-Za-z_0-9]").matcher(text);
        while (word.find()) {
            parseCleanly(text.substring(0, word.start()) + text.substring(word.end()));
        }
    }
}
