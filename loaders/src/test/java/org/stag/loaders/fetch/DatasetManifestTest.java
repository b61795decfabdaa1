package org.stag.loaders.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.loaders.BadInputException;

/** The repository's dataset manifest is well formed, and a malformed one is refused with its line. */
class DatasetManifestTest {
    private static final Path MANIFEST = Path.of("..", "datasets-scripts", "manifest.tsv");
    private static final String HEADER = "name\turl\tbytes\talgorithm\thash\tmember\tsource\n";
    private static final String SHA = "ab".repeat(32);

    @Test
    void theRealManifestParsesAndEveryRowIsPinned() throws IOException {
        List<DatasetEntry> rows = DatasetManifest.read(MANIFEST).entries();
        assertTrue(rows.size() >= 19, "rows: " + rows.size());
        Set<String> names = new HashSet<>();
        String readme = Files.readString(Path.of("..", "datasets-scripts", "README.md"));
        for (DatasetEntry e : rows) {
            assertTrue(names.add(e.name()), "listed twice: " + e.name());
            assertTrue(e.url().toString().startsWith("https://"), e.name());
            assertTrue(e.bytes() > 0, e.name());
            assertEquals(e.digest().hexDigits(), e.hash().length(), e.name());
            assertEquals("suitesparse", e.collection(), e.name());
            String base = e.path().substring(e.path().indexOf('/') + 1);
            assertEquals("https://sparse.tamu.edu/MM/" + e.path() + ".tar.gz", e.url().toString(), e.name());
            assertEquals(base + "/" + base + ".mtx", e.member(), e.name());
            for (String source : e.source().split(",")) {
                assertTrue(readme.contains("`" + source + "`"), e.name() + ": source " + source
                        + " is not described in datasets-scripts/README.md");
            }
        }
    }

    @Test
    void theJarCarriesTheSameManifest() {
        assertEquals(DatasetManifest.read(MANIFEST).entries(), DatasetManifest.bundled().entries());
    }

    @Test
    void aNameFindsItsRowByFullNameGroupAndNameOrNameAlone() {
        DatasetManifest m = DatasetManifest.read(MANIFEST);
        DatasetEntry e = m.find("suitesparse:SNAP/amazon0312");
        assertEquals(e, m.find("SNAP/amazon0312"));
        assertEquals(e, m.find("amazon0312"));
        BadInputException unknown = assertThrows(BadInputException.class, () -> m.find("suitesparse:SNAP/no-such"));
        assertEquals("suitesparse:SNAP/no-such: not in the dataset manifest, so there is no pinned size and digest"
                + " to check it against ('stag fetch --list' names the graphs it has)", unknown.getMessage());
    }

    @Test
    void aNameThatFitsTwoRowsIsRefused() throws IOException {
        DatasetManifest m = parse(row("suitesparse:A/g") + row("suitesparse:B/g"));
        BadInputException e = assertThrows(BadInputException.class, () -> m.find("g"));
        assertEquals("g: names 2 graphs of the dataset manifest: suitesparse:A/g, suitesparse:B/g", e.getMessage());
    }

    @Test
    void malformedRowsAreRefusedWithTheirLine() {
        assertRefused(row("suitesparse:A/g") + row("suitesparse:A/g"), "t.tsv:3: 'suitesparse:A/g' is listed twice");
        assertRefused("suitesparse:A/g\thttps://h/g.tar.gz\t10\tsha256\n", "t.tsv:2: expected 7 tab-separated"
                + " fields, found 4");
        assertRefused(row("suitesparse:A/g").replace(SHA, "abc"), "t.tsv:2: sha256 'abc' is not 64 lower-case hex"
                + " digits");
        assertRefused(row("suitesparse:A/g").replace("sha256", "sha1"), "t.tsv:2: algorithm 'sha1' is neither"
                + " sha256 nor md5");
        assertRefused(row("suitesparse:A/g").replace("\t10\t", "\t-5\t"), "t.tsv:2: bytes '-5' is not a positive"
                + " size");
        assertRefused(row("A/g"), "t.tsv:2: name 'A/g' is not scheme:GROUP/NAME");
        assertRefused(row("suitesparse:A/g").replace("https://h/", "ftp://h/"), "t.tsv:2: url 'ftp://h/g.tar.gz'"
                + " is not an http(s) URL of a file");
        assertRefused(row("suitesparse:A/g").replace("g/g.mtx", "../g.mtx"), "t.tsv:2: member '../g.mtx' must be"
                + " a relative path inside a .tar.gz download");
        BadInputException noHeader = assertThrows(BadInputException.class,
                () -> DatasetManifest.parse(new StringReader(row("suitesparse:A/g")), "t.tsv"));
        assertTrue(noHeader.getMessage().startsWith("t.tsv:1: expected the header"), noHeader.getMessage());
    }

    @Test
    void md5IsAcceptedWithItsLength() throws IOException {
        DatasetEntry e = parse(row("suitesparse:A/g").replace("sha256\t" + SHA, "md5\t" + "cd".repeat(16)))
                .find("suitesparse:A/g");
        assertEquals(DigestAlgorithm.MD5, e.digest());
    }

    private static String row(String name) {
        return name + "\thttps://h/g.tar.gz\t10\tsha256\t" + SHA + "\tg/g.mtx\tsomewhere\n";
    }

    private static DatasetManifest parse(String rows) throws IOException {
        return DatasetManifest.parse(new StringReader("# comment\n" + HEADER + rows), "t.tsv");
    }

    private static void assertRefused(String rows, String message) {
        BadInputException e = assertThrows(BadInputException.class,
                () -> DatasetManifest.parse(new StringReader(HEADER + rows), "t.tsv"));
        assertEquals(message, e.getMessage());
    }
}
