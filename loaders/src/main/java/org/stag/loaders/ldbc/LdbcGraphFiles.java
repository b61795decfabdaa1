package org.stag.loaders.ldbc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.HeaderReader;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;

/**
 * The files of one LDBC graph and what its {@code .properties} file says about it.
 *
 * @param directed {@code null} when no properties file says
 * @param weighted {@code null} when no properties file says
 */
public record LdbcGraphFiles(String name, Path vertexFile, Path edgeFile, Path propertiesFile, Boolean directed,
                             Boolean weighted, LdbcProperties properties) {

    /** Finds the sibling files of {@code path}, which names any one of them. */
    public static LdbcGraphFiles locate(Path path) {
        String fileName = path.getFileName().toString();
        String base = InputFiles.baseName(path);
        String name = base.substring(0, base.lastIndexOf('.'));
        // Keep the user's spelling of the name (baseName lower-cases).
        String spelled = fileName.substring(0, name.length());
        // Siblings are named relative to the path as the user wrote it, so messages show familiar names.
        Path props = path.resolveSibling(spelled + ".properties");
        LdbcProperties properties = null;
        Path vertex = sibling(path, spelled + ".v");
        Path edge = sibling(path, spelled + ".e");
        Boolean directed = null;
        Boolean weighted = null;
        if (Files.exists(props)) {
            properties = LdbcProperties.read(props);
            String prefix = "graph." + spelled + ".";
            String vf = properties.get(prefix + "vertex-file");
            String ef = properties.get(prefix + "edge-file");
            if (vf != null) {
                vertex = path.resolveSibling(vf);
            }
            if (ef != null) {
                edge = path.resolveSibling(ef);
            }
            directed = properties.getBoolean(prefix + "directed");
            weighted = edgeWeight(properties, prefix);
        }
        if (!Files.exists(edge)) {
            throw new BadInputException(edge.toString(), 0, "no such file (the edge file of LDBC graph '" + spelled + "')");
        }
        return new LdbcGraphFiles(spelled, vertex, edge, Files.exists(props) ? props : null, directed, weighted, properties);
    }

    /**
     * Whether the edges carry the weight: their one property is named {@code weight} and has a numeric type.
     * Edge lines hold {@code src dst} and the properties in order, and stag reads one property; more than one,
     * or a type that is not a number, is refused rather than read as something else.
     */
    private static Boolean edgeWeight(LdbcProperties properties, String prefix) {
        String names = properties.get(prefix + "edge-properties.names");
        String types = properties.get(prefix + "edge-properties.types");
        if (names == null || names.isBlank()) {
            if (types != null && !types.isBlank()) {
                throw properties.bad(prefix + "edge-properties.types", "edge property types " + HeaderReader.quote(types)
                        + " without edge-properties.names");
            }
            return properties.get(prefix + "directed") != null ? false : null;
        }
        List<String> list = List.of(names.strip().toLowerCase(Locale.ROOT).split("\\s*,\\s*"));
        if (list.size() > 1) {
            throw properties.bad(prefix + "edge-properties.names", list.size() + " edge properties (" + names.strip()
                    + "); stag reads at most one, the weight, as the third column of each edge line");
        }
        if (types != null) {
            List<String> typeList = List.of(types.strip().toLowerCase(Locale.ROOT).split("\\s*,\\s*"));
            String type = typeList.get(0);
            if (typeList.size() != list.size()) {
                throw properties.bad(prefix + "edge-properties.types", typeList.size() + " edge property types for "
                        + list.size() + " name");
            }
            if (!List.of("int", "integer", "long", "real", "double", "float").contains(type)) {
                throw properties.bad(prefix + "edge-properties.types", "edge property " + HeaderReader.quote(list.get(0))
                        + " has type " + HeaderReader.quote(type) + "; stag reads numeric edge properties only (int or real)");
            }
        }
        return list.get(0).equals("weight");
    }

    private static Path sibling(Path path, String name) {
        Path plain = path.resolveSibling(name);
        Path gz = path.resolveSibling(name + ".gz");
        return !Files.exists(plain) && Files.exists(gz) ? gz : plain;
    }

    /** Reads a properties file keeping line numbers for messages. */
    static List<String> lines(Path p) {
        try {
            // Byte for byte, like java.util.Properties: a stray byte is then a bad key or value named by its
            // line, not an undecodable file.
            return Files.readAllLines(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new BadInputException(p.toString(), 0, "cannot read: " + IoCause.of(e));
        }
    }
}
