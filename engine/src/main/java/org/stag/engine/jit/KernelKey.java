package org.stag.engine.jit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What a compiled kernel depends on: the canonical text of the kernel (the caller canonicalises, so equal
 * kernels written differently share an entry), the format of each operand, the value type of each operand,
 * and the code generator's version (so a changed generator never reuses stale classes).
 */
public record KernelKey(String kernel, List<String> formats, List<String> types, String generatorVersion) {

    /** Copies the lists, so a key cannot change while it is in a map; nulls are rejected. */
    public KernelKey {
        Objects.requireNonNull(kernel, "kernel");
        formats = List.copyOf(formats);
        types = List.copyOf(types);
        Objects.requireNonNull(generatorVersion, "generatorVersion");
    }

    /**
     * 16 hex digits of a SHA-256 over all fields, stable across runs and JVMs: use it in generated class
     * names so {@code --emit-java} output of different kernels never collides and reruns overwrite.
     */
    public String digest() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            update(md, kernel);
            // Length-prefixed fields and list sizes, so ("a,b") and ("a","b") hash differently.
            md.update(intBytes(formats.size()));
            formats.forEach(f -> update(md, f));
            md.update(intBytes(types.size()));
            types.forEach(t -> update(md, t));
            update(md, generatorVersion);
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** {@code prefix + "_" + digest()}, a class name for this kernel. */
    public String className(String prefix) {
        return prefix + "_" + digest();
    }

    private static void update(MessageDigest md, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        md.update(intBytes(b.length));
        md.update(b);
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
