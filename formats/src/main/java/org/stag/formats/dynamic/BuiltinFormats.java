package org.stag.formats.dynamic;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.stag.formats.dynamic.impl.BlistFormat;
import org.stag.formats.dynamic.impl.BstFormat;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.RbtreeFormat;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.dynamic.impl.TtreeFormat;
import org.stag.formats.dynamic.impl.VblistFormat;

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
    }

    private BuiltinFormats() {
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
