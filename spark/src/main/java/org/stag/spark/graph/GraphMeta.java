package org.stag.spark.graph;

import java.io.Serializable;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * What every block of a graph shares, small enough to ship with each task: the name messages use, the number of
 * vertices, whether entries are mirrored (undirected), their value kind, how the file's vertex ids map to rows
 * (from {@code idBase}) and how duplicates combine.
 *
 * @param pairs         whether a line and its mirror are one edge (an undirected edge list)
 * @param policyGiven   whether the user chose the duplicate policy (then mirrored lines combine by it too)
 */
public record GraphMeta(String source, int n, Symmetry symmetry, ValueKind valueKind, long idBase,
                        DuplicatePolicy policy, boolean policyGiven, boolean pairs) implements Serializable {
    /** Whether edges have a direction (entries are not mirrored). */
    public boolean directed() {
        return symmetry == Symmetry.GENERAL;
    }

    /** Whether entries carry weights. */
    public boolean weighted() {
        return valueKind != ValueKind.PATTERN;
    }

    /** The file's vertex ids: row {@code v} is id {@code idBase + v}. */
    public VertexIds ids() {
        return VertexIds.offset(idBase);
    }
}
