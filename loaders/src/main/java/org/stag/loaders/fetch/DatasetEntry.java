package org.stag.loaders.fetch;

import java.net.URI;

/**
 * One graph of the dataset manifest: where it is downloaded from, and the exact size and digest the download
 * must have.
 *
 * @param name      {@code scheme:GROUP/NAME}, for example {@code suitesparse:SNAP/amazon0312}; the scheme is the
 *                  collection
 * @param url       the download
 * @param bytes     the download's exact size
 * @param digest    the algorithm of {@code hash}
 * @param hash      the download's digest, lower-case hex
 * @param member    the graph file inside a {@code .tar.gz} download, or {@code null} when the download is the graph
 *                  file itself
 * @param source    where the size and the digest were published
 */
public record DatasetEntry(String name, URI url, long bytes, DigestAlgorithm digest, String hash, String member,
        String source) {
    /** The collection: the part of the name before the colon. */
    public String collection() {
        return name.substring(0, name.indexOf(':'));
    }

    /** The name without the collection, {@code GROUP/NAME}. */
    public String path() {
        return name.substring(name.indexOf(':') + 1);
    }

    /** The file name the download is stored under: the last segment of the URL's path. */
    public String fileName() {
        String p = url.getPath();
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
