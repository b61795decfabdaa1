package org.stag.formats.dynamic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.stag.formats.dynamic.impl.BlistFormat;
import org.stag.formats.dynamic.impl.BstFormat;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.RbtreeFormat;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.dynamic.impl.TtreeFormat;
import org.stag.formats.dynamic.impl.VblistFormat;
import org.stag.formats.dynamic.impl.VctreeFormat;
import org.stag.formats.schema.Schema;

/** The dynamic level formats stag ships, by the name used in format strings: the one place to register a new format. */
public final class BuiltinFormats {
    private static final Map<String, Supplier<DynamicFormat>> FORMATS = new LinkedHashMap<>();

    static {
        FORMATS.put("list", ListFormat::new);
        for (String variant : new String[] {"blist", "blist-gaps", "blist-fixed", "blist-unsorted"}) {
            FORMATS.put(variant, () -> BlistFormat.builtin(variant));
        }
        FORMATS.put("vblist", VblistFormat::new);
        FORMATS.put("ttree", TtreeFormat::new);
        FORMATS.put("btree", BtreeFormat::new);
        FORMATS.put("bst", BstFormat::new);
        FORMATS.put("rbtree", RbtreeFormat::new);
        FORMATS.put("ctree", CtreeFormat::new);
        FORMATS.put("vctree", VctreeFormat::new);
    }

    /** The same implementations over a schema of the same shape, e.g. a user's B-tree of another order. */
    private static final Map<String, Function<Schema, DynamicFormat>> OVER_SCHEMA = new LinkedHashMap<>();

    static {
        OVER_SCHEMA.put("list", ListFormat::new);
        for (String variant : new String[] {"blist", "blist-gaps", "blist-fixed", "blist-unsorted"}) {
            OVER_SCHEMA.put(variant, BlistFormat::new);
        }
        OVER_SCHEMA.put("vblist", s -> new VblistFormat(s, VblistFormat.DEFAULT_MAX_BLOCK));
        OVER_SCHEMA.put("ttree", TtreeFormat::new);
        OVER_SCHEMA.put("btree", BtreeFormat::new);
        OVER_SCHEMA.put("bst", BstFormat::new);
        OVER_SCHEMA.put("rbtree", RbtreeFormat::new);
        OVER_SCHEMA.put("ctree", s -> new CtreeFormat(s, CtreeFormat.DEFAULT_EXPECTED_CHUNK));
        OVER_SCHEMA.put("vctree", s -> new VctreeFormat(s, CtreeFormat.DEFAULT_EXPECTED_CHUNK));
    }

    private BuiltinFormats() {
    }

    /**
     * The implementation of shipped format {@code name} over {@code schema}, which must have the shipped
     * schema's shape (node types, fields, seq) with other size bounds.
     *
     * @throws IllegalArgumentException if {@code name} is unknown or the implementation refuses the bounds
     */
    public static DynamicFormat overSchema(String name, Schema schema) {
        Function<Schema, DynamicFormat> f = OVER_SCHEMA.get(name);
        if (f == null) {
            throw new IllegalArgumentException("unknown dynamic format '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return f.apply(schema);
    }

    /** Whether {@code name} is a shipped dynamic format. */
    public static boolean isKnown(String name) {
        return FORMATS.containsKey(name);
    }

    /** A new instance of format {@code name}. */
    public static DynamicFormat byName(String name) {
        Supplier<DynamicFormat> s = FORMATS.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown dynamic format '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return s.get();
    }

    /** Names of the shipped dynamic formats. */
    public static List<String> names() {
        return List.copyOf(FORMATS.keySet());
    }
}
