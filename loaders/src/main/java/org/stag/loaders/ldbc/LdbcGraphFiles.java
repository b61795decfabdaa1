package org.stag.loaders.ldbc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.stag.loaders.BadInputException;
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
            String names = properties.get(prefix + "edge-properties.names");
            if (names != null) {
                weighted = List.of(names.toLowerCase(Locale.ROOT).split("\\s*,\\s*")).contains("weight");
            } else if (properties.get(prefix + "directed") != null) {
                weighted = false;
            }
        }
        if (!Files.exists(edge)) {
            throw new BadInputException(edge.toString(), 0, "no such file (the edge file of LDBC graph '" + spelled + "')");
        }
        return new LdbcGraphFiles(spelled, vertex, edge, Files.exists(props) ? props : null, directed, weighted, properties);
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
