package org.stag.formats.tensor;

import java.io.File;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.schema.Schemas;

/**
 * Reads format strings such as {@code dense,compressed}, {@code compressed(nonunique),singleton} (COO),
 * {@code dense,compressed;order=1,0} (CSC), {@code dense,range,offset} (DIA) or {@code dense,dense,singleton}
 * (ELL). Case and whitespace between tokens do not matter.
 *
 * <pre>
 * format   = level { "," level } [ ";" "order" "=" INT { "," INT } ]
 * level    = NAME [ "(" MODIFIER { "," MODIFIER } ")" ]
 * NAME     = dense | range | compressed | singleton | offset | hashed | bitmap
 *          | a shipped schema name with a registered implementation (list, blist, blist-gaps, ctree, …)
 *          | FILE: a node schema file, a token ending in .schema or holding a path separator
 * MODIFIER = full | nonfull | ordered | unordered | unique | nonunique | compact | noncompact
 *                                                                        (static levels only)
 * </pre>
 *
 * A modifier declares a property the level type may have or not ([Chou 2018], Table 1), e.g.
 * {@code compressed(nonunique)} or {@code dense(unordered)}; declaring a property the type always has,
 * or never has, away is redundant and accepted; claiming one it can never have, or denying one it always
 * has, is an error. A dynamic level's properties come from its schema, so it takes no modifiers. The
 * {@code order} option gives the mode order: level {@code k} stores mode {@code order[k]}; without it level
 * {@code k} stores mode {@code k}; in a format with a slot level (DIA, ELL: {@link Format}) it lists the modes of
 * the levels below it. {@link Format#toString()} writes this syntax back.
 *
 * <p>A schema file is loaded with {@link Schemas#load(Path)} and implemented by
 * {@link DynamicFormats#forSchema}; its syntax and validation errors propagate as the
 * {@link org.stag.formats.schema.SchemaException} ({@code FILE:LINE:COLUMN: reason}).
 */
public final class FormatParser {
    private static final Map<String, Modifier> MODIFIERS = Map.of(
            "full", new Modifier(Property.FULL, true), "nonfull", new Modifier(Property.FULL, false),
            "ordered", new Modifier(Property.ORDERED, true), "unordered", new Modifier(Property.ORDERED, false),
            "unique", new Modifier(Property.UNIQUE, true), "nonunique", new Modifier(Property.UNIQUE, false),
            "compact", new Modifier(Property.COMPACT, true), "noncompact", new Modifier(Property.COMPACT, false));

    private final String text;
    private final DynamicFormatRegistry registry;
    private int at;

    private FormatParser(String text, DynamicFormatRegistry registry) {
        this.text = text;
        this.registry = registry;
    }

    /** Parses {@code text} with the dynamic formats of {@link DynamicFormats#builtin()}. */
    public static Format parse(String text) {
        return parse(text, DynamicFormats.builtin());
    }

    /**
     * Parses {@code text}, looking dynamic level names up in {@code registry}.
     *
     * @throws FormatException on the first problem, with its column
     */
    public static Format parse(String text, DynamicFormatRegistry registry) {
        return new FormatParser(text, registry).format();
    }

    /** The static level names, in the order error messages list them. */
    public static List<String> staticNames() {
        List<String> names = new ArrayList<>();
        for (LevelType t : LevelType.values()) {
            names.add(t.formatName());
        }
        return names;
    }

    private record Modifier(Property property, boolean held) {
    }

    private Format format() {
        skipSpace();
        if (at == text.length()) {
            throw error(at, "empty format; write its levels, e.g. dense,compressed");
        }
        List<LevelFormat> levels = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        do {
            skipSpace();
            columns.add(at);
            levels.add(level());
            skipSpace();
        } while (accept(','));
        int[] order = null;
        int orderAt = -1;
        while (accept(';')) {
            skipSpace();
            int keyAt = at;
            String key = word();
            if (!key.equals("order")) {
                throw error(keyAt, key.isEmpty() ? "expected an option after ';', e.g. order=1,0"
                        : "unknown option '" + key + "'; known options: order");
            }
            if (order != null) {
                throw error(keyAt, "the mode order is given twice");
            }
            skipSpace();
            expect('=', "'=' after order");
            orderAt = at;
            order = integers();
        }
        skipSpace();
        if (at < text.length()) {
            throw error(at, "unexpected '" + text.charAt(at) + "'; levels are separated by ',' and options start with ';'");
        }
        for (int k = 0; k < levels.size(); k++) {
            String problem = Format.placementProblem(levels, k);
            if (problem != null) {
                throw error(columns.get(k), problem);
            }
        }
        if (order == null) {
            return Format.of(levels.toArray(new LevelFormat[0]));
        }
        try {
            return new Format(levels, order);
        } catch (IllegalArgumentException e) {
            throw error(orderAt, e.getMessage());
        }
    }

    private LevelFormat level() {
        int nameAt = at;
        String file = fileToken();
        if (file != null) {
            return schemaFile(file, nameAt);
        }
        String name = word();
        if (name.isEmpty()) {
            throw error(nameAt, at == text.length() || text.charAt(at) == ',' || text.charAt(at) == ';'
                    ? "missing level format" : "unexpected '" + text.charAt(at) + "'; expected a level format");
        }
        skipSpace();
        List<String> mods = new ArrayList<>();
        List<Integer> modAt = new ArrayList<>();
        if (accept('(')) {
            do {
                skipSpace();
                modAt.add(at);
                String m = word();
                if (m.isEmpty()) {
                    throw error(at, "expected a modifier: one of " + String.join(", ", MODIFIERS.keySet().stream().sorted().toList()));
                }
                mods.add(m);
                skipSpace();
            } while (accept(','));
            expect(')', "')' to close the modifiers");
        }
        for (LevelType t : LevelType.values()) {
            if (t.formatName().equals(name)) {
                return staticLevel(t, mods, modAt);
            }
        }
        boolean shipped = Schemas.builtinNames().contains(name);
        if (shipped || registry.names().contains(name)) {
            if (!mods.isEmpty()) {
                throw error(modAt.get(0), "dynamic level '" + name + "' takes no modifiers: its properties come from its schema");
            }
            DynamicFormat f = registry.create(name).orElseThrow(() -> error(nameAt, "dynamic level format '" + name
                    + "' has a schema but no registered implementation yet; implemented: " + String.join(", ", registry.names())));
            return new DynamicLevelFormat(f);
        }
        StringJoiner known = new StringJoiner(", ");
        staticNames().forEach(known::add);
        Schemas.builtinNames().forEach(known::add);
        registry.names().stream().filter(n -> !Schemas.builtinNames().contains(n)).forEach(known::add);
        throw error(nameAt, "unknown level format '" + name + "'; known: " + known);
    }

    /**
     * The level token at {@code at} when it names a schema file (ends in {@code .schema} or holds a path
     * separator), consuming it; else null, consuming nothing. A file token runs to the next ',' or ';'.
     */
    private String fileToken() {
        int end = at;
        while (end < text.length() && text.charAt(end) != ',' && text.charAt(end) != ';') {
            end++;
        }
        String token = text.substring(at, end).strip();
        if (!token.endsWith(".schema") && token.indexOf('/') < 0 && token.indexOf(File.separatorChar) < 0) {
            return null;
        }
        at = end;
        return token;
    }

    private LevelFormat schemaFile(String file, int fileAt) {
        Path path;
        try {
            path = Path.of(file);
        } catch (InvalidPathException e) {
            throw error(fileAt, "'" + file + "' is not a valid file name: " + e.getReason());
        }
        org.stag.formats.schema.Schema schema;
        try {
            schema = Schemas.load(path);
        } catch (IOException e) {
            throw error(fileAt, "cannot read schema file '" + file + "': " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getClass().getSimpleName() + " " + e.getMessage()));
        }
        try {
            return new DynamicLevelFormat(DynamicFormats.forSchema(schema, file));
        } catch (IllegalArgumentException e) {
            throw error(fileAt, e.getMessage());
        }
    }

    private StaticLevelFormat staticLevel(LevelType type, List<String> mods, List<Integer> modAt) {
        Map<Property, Boolean> declared = new EnumMap<>(Property.class);
        StaticLevelFormat f = StaticLevelFormat.of(type);
        for (int i = 0; i < mods.size(); i++) {
            int col = modAt.get(i);
            Modifier m = MODIFIERS.get(mods.get(i));
            if (m == null) {
                throw error(col, "unknown modifier '" + mods.get(i) + "'; modifiers: "
                        + String.join(", ", MODIFIERS.keySet().stream().sorted().toList()));
            }
            Boolean before = declared.put(m.property(), m.held());
            if (before != null) {
                throw error(col, before == m.held() ? "modifier '" + mods.get(i) + "' is repeated"
                        : "modifier '" + mods.get(i) + "' contradicts an earlier one");
            }
            boolean fixed = type.fixedProperties().contains(m.property());
            boolean configurable = type.configurableProperties().contains(m.property());
            if (fixed && !m.held()) {
                throw error(col, type.formatName() + " levels are always " + mods.get(i).replaceFirst("^non|^un", ""));
            }
            if (!fixed && !configurable && m.held()) {
                throw error(col, type.formatName() + " levels cannot be " + mods.get(i) + " (Chou et al., Format Abstraction for Sparse Tensor Algebra Compilers, 2018, Table 1)");
            }
            if (configurable) {
                f = m.held() ? f.with(m.property()) : f.without(m.property());
            }
        }
        return f;
    }

    /** A name: letters, digits, '-' and '_', lower-cased. */
    private String word() {
        int start = at;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (!Character.isLetterOrDigit(c) && c != '-' && c != '_') {
                break;
            }
            at++;
        }
        return text.substring(start, at).toLowerCase(Locale.ROOT);
    }

    private int[] integers() {
        List<Integer> list = new ArrayList<>();
        do {
            skipSpace();
            int start = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
                at++;
            }
            if (start == at) {
                throw error(start, "expected a mode number");
            }
            try {
                list.add(Integer.parseInt(text.substring(start, at)));
            } catch (NumberFormatException e) {
                throw error(start, "mode number " + text.substring(start, at) + " is too large");
            }
            skipSpace();
        } while (accept(','));
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean accept(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c, String what) {
        skipSpace();
        if (!accept(c)) {
            throw error(at, "expected " + what + (at < text.length() ? ", found '" + text.charAt(at) + "'" : ", found the end"));
        }
    }

    private FormatException error(int index, String reason) {
        return new FormatException(text, index + 1, reason);
    }
}
