package org.stag.loaders.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The digests a manifest row may pin. SHA-256 is the one to use; MD5 is accepted for a file whose only published
 * digest is MD5, since an MD5 from the publisher still catches a truncated or corrupted download.
 */
public enum DigestAlgorithm {
    /** SHA-256, 64 hex digits. */
    SHA256("sha256", "SHA-256", 64),
    /** MD5, 32 hex digits. */
    MD5("md5", "MD5", 32);

    private final String label;
    private final String jca;
    private final int hexDigits;

    DigestAlgorithm(String label, String jca, int hexDigits) {
        this.label = label;
        this.jca = jca;
        this.hexDigits = hexDigits;
    }

    /** The algorithm a manifest names ({@code sha256} or {@code md5}), or {@code null}. */
    public static DigestAlgorithm byLabel(String label) {
        for (DigestAlgorithm a : values()) {
            if (a.label.equals(label)) {
                return a;
            }
        }
        return null;
    }

    /** The name used in messages: SHA-256 or MD5. */
    public String display() {
        return jca;
    }

    /** The number of hex digits of a digest. */
    public int hexDigits() {
        return hexDigits;
    }

    /** The digest of {@code file}, lower-case hex. */
    public String of(Path file) throws IOException {
        MessageDigest md = newDigest();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance(jca);
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256 and MD5 (MessageDigest's Javadoc).
            throw new IllegalStateException(jca + " is missing from this JVM", e);
        }
    }
}
