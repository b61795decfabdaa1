package org.stag.engine.cin;

import java.util.List;
import java.util.Set;

/** Questions about typed expressions that the passes and the lowering share. */
public final class IndexExprs {
    private IndexExprs() {
    }

    /** Whether {@code e} reads only scalar variables and literals (no tensor, no index variable). */
    public static boolean indexFree(IndexExpr e) {
        if (e instanceof IndexExpr.Read || e instanceof IndexExpr.IndexVar || e instanceof IndexExpr.Temp
                || e instanceof IndexExpr.Target) {
            return false;
        }
        for (IndexExpr k : e.children()) {
            if (!indexFree(k)) {
                return false;
            }
        }
        return true;
    }

    /** Appends the reads of {@code e} (including those in indices), in order of appearance. */
    public static void reads(IndexExpr e, List<IndexExpr.Read> out) {
        if (e instanceof IndexExpr.Read r) {
            out.add(r);
        }
        for (IndexExpr k : e.children()) {
            reads(k, out);
        }
    }

    /** Adds the ids of the accesses {@code e} reads. */
    public static void accessIds(IndexExpr e, Set<Integer> out) {
        if (e instanceof IndexExpr.Read r) {
            out.add(r.access().id());
        }
        for (IndexExpr k : e.children()) {
            accessIds(k, out);
        }
    }

    /** Adds the index variables {@code e} reads (in indices too). */
    public static void indexVars(IndexExpr e, Set<String> out) {
        if (e instanceof IndexExpr.IndexVar v) {
            out.add(v.name());
        }
        for (IndexExpr k : e.children()) {
            indexVars(k, out);
        }
    }

    /** Whether every index variable {@code e} reads is in {@code bound}. */
    public static boolean varsBound(IndexExpr e, Set<String> bound) {
        if (e instanceof IndexExpr.IndexVar v) {
            return bound.contains(v.name());
        }
        for (IndexExpr k : e.children()) {
            if (!varsBound(k, bound)) {
                return false;
            }
        }
        return true;
    }
}
