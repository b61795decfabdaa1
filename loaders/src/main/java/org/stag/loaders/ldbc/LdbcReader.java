package org.stag.loaders.ldbc;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeList;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.text.ByteScanner;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.HeaderReader;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.text.ParallelParser;

/**
 * Reads an LDBC Graphalytics graph: {@code NAME.v} (one vertex id per line, arbitrary 64-bit integers),
 * {@code NAME.e} ({@code src dst [weight]}) and, when present, {@code NAME.properties}, which says whether
 * the graph is directed and whether edges carry a weight. Internal ids follow the order of the vertex file.
 */
public final class LdbcReader {
    private LdbcReader() {
    }

    /** Reads the graph that {@code path} (its {@code .properties}, {@code .v} or {@code .e} file) belongs to. */
    public static EdgeList read(Path path, LoadOptions options) {
        LdbcGraphFiles files = LdbcGraphFiles.locate(path);
        if (files.propertiesFile() != null && files.directed() == null && options.directed() == null) {
            throw new BadInputException(files.propertiesFile().toString(), 0, "no graph." + files.name()
                    + ".directed line: an LDBC properties file says whether the graph is directed (add 'graph."
                    + files.name() + ".directed = true' or false, or give --directed or --undirected)");
        }
        boolean directed = options.directed() != null ? options.directed()
                : files.directed() != null ? files.directed() : true;
        boolean weighted = options.weighted() != null ? options.weighted()
                : files.weighted() != null ? files.weighted() : false;
        VertexTable table = readVertices(files.vertexFile());
        String vname = files.vertexFile().getFileName().toString();
        EntryParser parser = entryParser(table.map, vname, weighted);
        Path edgePath = files.edgeFile();
        String efile = edgePath.toString();
        ParallelParser pp = new ParallelParser(efile, parser, options.threads());
        ParallelParser.Result r;
        try (InputStream in = InputFiles.open(edgePath)) {
            r = pp.parse(in, 1);
        } catch (IOException e) {
            throw new BadInputException(efile, 0, "cannot read: " + IoCause.of(e));
        }
        int n = table.ids.length;
        ValueKind kind = !weighted ? ValueKind.PATTERN : r.allIntegral ? ValueKind.INTEGER : ValueKind.REAL;
        EdgeList edges = new EdgeList(efile, n, n, r.src, r.dst, r.weights, r.size,
                directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, kind, VertexIds.explicit(table.ids, table.map),
                k -> pp.locate(() -> InputFiles.open(edgePath), 1, k));
        return directed ? edges : edges.withOneEdgePerPair();
    }

    /** How the lines of an LDBC edge file are read, ids looked up in {@code map} (from file {@code table}). */
    public static EntryParser entryParser(Long2IntOpenHashMap map, String table, boolean weighted) {
        return EntryParser.builder()
                .comments('#', '#')
                .mapped(map, table)
                .values(weighted ? EntryParser.Values.REAL : EntryParser.Values.NONE)
                .valueName("weight")
                .fieldNames("source vertex", "target vertex")
                .tooManyHint(weighted ? "" : "; use --weighted to read a third column as the weight")
                .build();
    }

    /** Vertex ids in file order and their inverse. */
    record VertexTable(long[] ids, Long2IntOpenHashMap map) {
    }

    static VertexTable readVertices(Path vertexFile) {
        String file = vertexFile.toString();
        if (!Files.exists(vertexFile)) {
            throw new BadInputException(file, 0, "no such file (the vertex file of an LDBC graph)");
        }
        LongArrayList ids = new LongArrayList();
        Long2IntOpenHashMap map = new Long2IntOpenHashMap();
        map.defaultReturnValue(-1);
        ByteScanner num = new ByteScanner();
        try (InputStream in = InputFiles.open(vertexFile)) {
            HeaderReader lines = new HeaderReader(in, file);
            String text;
            while ((text = lines.next()) != null) {
                String t = text.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                byte[] b = t.getBytes(StandardCharsets.ISO_8859_1);
                int q = num.parseLong(b, 0, b.length);
                if (q < 0) {
                    throw new BadInputException(file, lines.line(), num.failure != null ? num.failure
                            : "expected a vertex id, found " + ByteScanner.token(b, 0, b.length));
                }
                if (q != b.length) {
                    throw new BadInputException(file, lines.line(), "unexpected "
                            + ByteScanner.token(b, ByteScanner.skipBlanks(b, q, b.length), b.length)
                            + " after the vertex id (a vertex file holds one id per line)");
                }
                long id = num.longValue;
                int previous = map.putIfAbsent(id, ids.size());
                if (previous >= 0) {
                    throw new BadInputException(file, lines.line(), "vertex " + id + " is listed twice");
                }
                ids.add(id);
                if (ids.size() == Integer.MAX_VALUE - 8) {
                    throw new BadInputException(file, lines.line(), "too many vertices");
                }
            }
            if (!lines.sawAnything()) {
                throw new BadInputException(file, 1, "empty file (no vertices)");
            }
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + IoCause.of(e));
        }
        return new VertexTable(ids.toLongArray(), map);
    }
}
