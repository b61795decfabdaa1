package org.stag.formats.dynamic.walk;

import java.util.List;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Supertype;

/**
 * Handles of children typed by a supertype (e.g. a B-tree child is an internal node or a leaf) carry the
 * concrete subtype in their low bits: {@code handle = (index << bits) | subtype}, where {@code subtype} is
 * the position of the concrete type in {@link Supertype#subtypes()} and {@code bits} is just enough for
 * that many subtypes. 0 is still null because indices start at 1. Generated code decodes the same way.
 */
public final class SupertypeHandles {
    private final Supertype supertype;
    private final int bits;
    private final int mask;

    /** The encoding for supertype {@code name} of {@code schema}. */
    public SupertypeHandles(Schema schema, String name) {
        this.supertype = schema.supertype(name).orElseThrow(() -> new IllegalArgumentException("no supertype " + name));
        int k = supertype.subtypes().size();
        this.bits = k <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(k - 1);
        this.mask = (1 << bits) - 1;
    }

    /** Tag bits used. */
    public int bits() {
        return bits;
    }

    /** The subtype names, in tag order. */
    public List<String> subtypes() {
        return supertype.subtypes();
    }

    /** The tag of concrete type {@code name}. */
    public int tagOf(String name) {
        int t = supertype.subtypes().indexOf(name);
        if (t < 0) {
            throw new IllegalArgumentException(name + " is not a subtype of " + supertype.name());
        }
        return t;
    }

    /** Encodes pool index {@code index} of subtype {@code tag}. */
    public int encode(int index, int tag) {
        return index == 0 ? 0 : (index << bits) | tag;
    }

    /** The pool index of a handle. */
    public int index(int handle) {
        return handle >>> bits;
    }

    /** The subtype tag of a (non-null) handle. */
    public int tag(int handle) {
        return handle & mask;
    }
}
