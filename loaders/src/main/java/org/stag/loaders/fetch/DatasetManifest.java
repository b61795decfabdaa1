package org.stag.loaders.fetch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.stag.loaders.BadInputException;

/**
 * The graphs stag fetches by name, with their pinned sizes and digests: {@code datasets-scripts/manifest.tsv},
 * bundled in this jar. A test or a user points elsewhere with the system property {@value #PROPERTY} or the
 * environment variable {@value #ENV}.
 */
public final class DatasetManifest {
    /** System property naming a manifest file to read instead of the bundled one. */
    public static final String PROPERTY = "stag.datasets.manifest";
    /** Environment variable naming a manifest file to read instead of the bundled one. */
    public static final String ENV = "STAG_DATASETS_MANIFEST";
    /** The bundled manifest, a copy of {@code datasets-scripts/manifest.tsv} made by the build. */
    static final String RESOURCE = "manifest.tsv";

    private static final String HEADER = "name\turl\tbytes\talgorithm\thash\tmember\tsource";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]+:[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");
    private static final Pattern HEX = Pattern.compile("[0-9a-f]+");

    private final Map<String, DatasetEntry> entries;

    private DatasetManifest(Map<String, DatasetEntry> entries) {
        this.entries = entries;
    }

    /** The manifest in effect: the file {@value #PROPERTY} or {@value #ENV} names, else the bundled one. */
    public static DatasetManifest load() {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isEmpty()) {
            file = System.getenv(ENV);
        }
        if (file != null && !file.isEmpty()) {
            return read(Path.of(file));
        }
        return bundled();
    }

    /** The manifest bundled in this jar. */
    public static DatasetManifest bundled() {
        InputStream in = DatasetManifest.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("the dataset manifest " + RESOURCE + " is missing from the jar");
        }
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return parse(r, "manifest.tsv");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a manifest file; a missing or malformed one is bad input. */
    public static DatasetManifest read(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(r, file.toString());
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read the dataset manifest: " + e.getMessage());
        }
    }

    /**
     * Parses a manifest: comment lines ({@code #}), the header line, then one tab-separated row per graph. Each
     * row is checked (a name {@code scheme:GROUP/NAME} given once, an http or https URL, a positive size, a known
     * algorithm with a digest of its length); the first bad one is reported with its line.
     */
    public static DatasetManifest parse(Reader reader, String origin) throws IOException {
        BufferedReader in = new BufferedReader(reader);
        Map<String, DatasetEntry> rows = new LinkedHashMap<>();
        boolean header = false;
        long lineNo = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.equals(HEADER)) {
                    throw new BadInputException(origin, lineNo, "expected the header '" + HEADER.replace("\t", " ")
                            + "' (tab-separated)");
                }
                header = true;
                continue;
            }
            DatasetEntry e = row(line, origin, lineNo);
            if (rows.putIfAbsent(e.name(), e) != null) {
                throw new BadInputException(origin, lineNo, "'" + e.name() + "' is listed twice");
            }
        }
        if (!header) {
            throw new BadInputException(origin, 0, "no header line '" + HEADER.replace("\t", " ") + "'");
        }
        return new DatasetManifest(rows);
    }

    private static DatasetEntry row(String line, String origin, long lineNo) {
        String[] f = line.split("\t", -1);
        if (f.length != 7) {
            throw new BadInputException(origin, lineNo, "expected 7 tab-separated fields, found " + f.length);
        }
        if (!NAME.matcher(f[0]).matches()) {
            throw new BadInputException(origin, lineNo, "name '" + f[0] + "' is not scheme:GROUP/NAME");
        }
        URI url;
        try {
            url = new URI(f[1]);
        } catch (URISyntaxException e) {
            throw new BadInputException(origin, lineNo, "url '" + f[1] + "' is not a URL");
        }
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null
                || url.getPath() == null || url.getPath().endsWith("/")) {
            throw new BadInputException(origin, lineNo, "url '" + f[1] + "' is not an http(s) URL of a file");
        }
        long bytes;
        try {
            bytes = Long.parseLong(f[2]);
        } catch (NumberFormatException e) {
            bytes = -1;
        }
        if (bytes <= 0) {
            throw new BadInputException(origin, lineNo, "bytes '" + f[2] + "' is not a positive size");
        }
        DigestAlgorithm algorithm = DigestAlgorithm.byLabel(f[3]);
        if (algorithm == null) {
            throw new BadInputException(origin, lineNo, "algorithm '" + f[3] + "' is neither sha256 nor md5");
        }
        if (f[4].length() != algorithm.hexDigits() || !HEX.matcher(f[4]).matches()) {
            throw new BadInputException(origin, lineNo, f[3] + " '" + f[4] + "' is not " + algorithm.hexDigits()
                    + " lower-case hex digits");
        }
        String member = f[5].equals("-") ? null : f[5];
        if (member != null && (member.startsWith("/") || member.contains("..") || !url.getPath().endsWith(".tar.gz"))) {
            throw new BadInputException(origin, lineNo, "member '" + f[5] + "' must be a relative path inside a"
                    + " .tar.gz download");
        }
        if (f[6].isBlank()) {
            throw new BadInputException(origin, lineNo, "no source for the size and the digest");
        }
        return new DatasetEntry(f[0], url, bytes, algorithm, f[4], member, f[6]);
    }

    /** The rows, in the manifest's order. */
    public List<DatasetEntry> entries() {
        return new ArrayList<>(entries.values());
    }

    /** Whether some row's name starts with {@code scheme:}. */
    public boolean hasCollection(String scheme) {
        return entries.values().stream().anyMatch(e -> e.collection().equals(scheme));
    }

    /**
     * The row {@code name} means: its full name ({@code suitesparse:SNAP/amazon0312}), or, when only one row
     * fits, its name without the scheme ({@code SNAP/amazon0312}) or its last part ({@code amazon0312}). A name
     * that fits none, or several, is bad input.
     */
    public DatasetEntry find(String name) {
        DatasetEntry exact = entries.get(name);
        if (exact != null) {
            return exact;
        }
        List<DatasetEntry> fits = new ArrayList<>();
        for (DatasetEntry e : entries.values()) {
            if (!name.contains(":") && (e.path().equals(name) || e.path().endsWith("/" + name))) {
                fits.add(e);
            }
        }
        if (fits.size() == 1) {
            return fits.get(0);
        }
        if (fits.isEmpty()) {
            throw new BadInputException(name, 0, "not in the dataset manifest, so there is no pinned size and"
                    + " digest to check it against ('stag fetch --list' names the graphs it has)");
        }
        throw new BadInputException(name, 0, "names " + fits.size() + " graphs of the dataset manifest: "
                + String.join(", ", fits.stream().map(DatasetEntry::name).toList()));
    }
}
