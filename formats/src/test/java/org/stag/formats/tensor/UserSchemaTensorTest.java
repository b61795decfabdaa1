package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.schema.SchemaException;

/** Format strings that name schema files, and tensors stored in them. */
class UserSchemaTensorTest {
    private static String file(String name) {
        try {
            return Path.of(UserSchemaTensorTest.class.getResource("/schemas/" + name).toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource schemas/" + name + " is missing", e);
        }
    }

    @Test
    void aSchemaFileIsALevel() {
        Format f = FormatParser.parse("dense, " + file("blist5.schema"));
        DynamicLevelFormat d = assertInstanceOf(DynamicLevelFormat.class, f.levels().get(1));
        // Named by its path, so the format string reads back and kernels cached by it are never shared
        // with another schema of the same name.
        assertEquals(file("blist5.schema"), d.name());
        assertInstanceOf(GenericFormat.class, d.format());
        assertEquals("dense," + file("blist5.schema"), f.toString());
        assertEquals(f, FormatParser.parse(f.toString()));
    }

    @Test
    void tensorsConvertToAndFromCsrThroughUserSchemas() {
        SplittableRandom rnd = new SplittableRandom(8);
        Model m = Model.random(Format.csr(), new int[] {500, 2000}, ValueType.DOUBLE, false, 10_000, rnd);
        Tensor csr = m.build();
        for (String s : new String[] {"dense," + file("blist5.schema"), "dense," + file("blocktree4.schema"),
            "dense," + file("stack.schema"), file("bst-plain.schema") + "," + file("blist5.schema")}) {
            Tensor t = csr.convert(FormatParser.parse(s));
            m.verify(t, false, s);
            m.verify(t.convert(Format.csr()), false, s + " -> csr");
        }
    }

    @Test
    void schemaErrorsKeepTheirFileLineAndColumn() {
        String broken = file("broken.schema");
        SchemaException e = assertThrows(SchemaException.class, () -> FormatParser.parse("dense," + broken));
        assertEquals(broken + ":5:3: seq does not name child field 'n'", e.getMessage());
    }

    @Test
    void unreadableAndUnbuildableSchemaFilesAreFormatErrors() {
        FormatException missing = assertThrows(FormatException.class, () -> FormatParser.parse("dense,no/such.schema"));
        assertEquals(7, missing.column());
        assertTrue(missing.reason().startsWith("cannot read schema file 'no/such.schema': NoSuchFileException"), missing.reason());
        FormatException btree = assertThrows(FormatException.class, () -> FormatParser.parse("dense," + file("btree8.schema")));
        assertTrue(btree.reason().startsWith("schema btree8: the generic format cannot build it"), btree.reason());
    }
}
