package org.stag.loaders;

import java.util.Arrays;

/**
 * The row merge of an undirected edge list read one edge per pair ({@link EdgeList#oneEdgePerPair()}). The
 * mirror of line {@code u v}, stored in row {@code v}, holds {@code ~u}: after sorting, the mirrors come first in
 * decreasing column order and the lines themselves after them in increasing order, each group in file order
 * within a column, so one merge from both ends tells a repeated line from a line and its mirror. Counts and
 * owner.conflicts go to the owning {@link MergeState}, whose policy and scratch owner.keys it uses.
 */
final class PairedRowMerge {
    private final MergeState owner;
    private int[] ints = new int[16];

    private static final int NO_MIRRORS = 0;
    private static final int SORTED_WITH_MIRRORS = 1;
    private static final int UNSORTED_WITH_MIRRORS = 2;

    PairedRowMerge(MergeState owner) {
        this.owner = owner;
    }

    /**
     * Merges row {@code r}, {@code [lo, hi)}, when it holds mirrors; returns the columns it keeps, or -1 for a row
     * without mirrors (the owner's plain sort and merge).
     */
    int row(int r, int[] col, double[] val, int lo, int hi) {
        int kind = pairedOrder(col, lo, hi);
        if (kind == SORTED_WITH_MIRRORS) {
            // A sorted file (GAP's converter writes its rows in order) needs no sort, as in a directed row.
            return pairedSorted(r, col, val, lo, hi);
        }
        if (kind == UNSORTED_WITH_MIRRORS) {
            // Lines and mirrors each in column order (a sorted file, written both ways or not): merge them.
            if (splitSorted(col, val, lo, hi)) {
                return mergeSplit(r, col, val, lo);
            }
            return val == null ? pairedPattern(r, col, lo, hi) : pairedValues(r, col, val, lo, hi);
        }
        return -1;
    }

    private int[] lineCol = new int[16];
    private int[] mirrorCol = new int[16];
    private int[] linePos = new int[16];
    private int[] mirrorPos = new int[16];
    private double[] lineVal = new double[16];
    private double[] mirrorVal = new double[16];
    private int lineCount;
    private int mirrorCount;

    /** Whether a paired row holds mirrors, and whether it is sorted by column when mirrors are read as columns. */
    static int pairedOrder(int[] col, int lo, int hi) {
        boolean mirrors = false;
        boolean sorted = true;
        int previous = Integer.MIN_VALUE;
        for (int p = lo; p < hi; p++) {
            int x = col[p];
            int c = x < 0 ? ~x : x;
            mirrors |= x < 0;
            sorted &= c >= previous;
            previous = c;
        }
        return !mirrors ? NO_MIRRORS : sorted ? SORTED_WITH_MIRRORS : UNSORTED_WITH_MIRRORS;
    }

    /** A paired row already in column order: each run of one column holds lines and mirrors in file order. */
    private int pairedSorted(int r, int[] col, double[] val, int lo, int hi) {
        int out = lo;
        int p = lo;
        while (p < hi) {
            int c = col[p] < 0 ? ~col[p] : col[p];
            int lines = 0;
            int mirrors = 0;
            double lineValue = 0;
            double mirrorValue = 0;
            double all = 0;
            for (; p < hi && (col[p] < 0 ? ~col[p] : col[p]) == c; p++) {
                boolean mirror = col[p] < 0;
                if (val != null) {
                    double x = val[p];
                    all = lines + mirrors == 0 ? x : owner.policy.combine(all, x);
                    if (mirror) {
                        mirrorValue = mirrors == 0 ? x : owner.policy.combine(mirrorValue, x);
                    } else {
                        lineValue = lines == 0 ? x : owner.policy.combine(lineValue, x);
                    }
                }
                if (mirror) {
                    mirrors++;
                } else {
                    lines++;
                }
            }
            double v = lines > 0 ? lineValue : mirrorValue;
            if (lines > 0) {
                owner.repeatedLines += lines - 1;
            }
            if (lines > 0 && mirrors > 0) {
                if (r < c) {
                    owner.mirroredPairs++;
                }
                if (owner.policyGiven) {
                    v = all;
                } else if (val != null && !MergeState.same(lineValue, mirrorValue) && r < c && owner.conflicts.size() < MergeState.MAX_CONFLICTS) {
                    owner.conflicts.add(((long) r << 32) | c);
                }
            }
            col[out] = c;
            if (val != null) {
                val[out] = v;
            }
            out++;
        }
        return out - lo;
    }

    /**
     * Copies the lines and the mirrors of a row apart, each in file order, and says whether both are in
     * column order (then a merge replaces the sort).
     */
    private boolean splitSorted(int[] col, double[] val, int lo, int hi) {
        int len = hi - lo;
        if (lineCol.length < len) {
            int cap = Math.max(len, lineCol.length * 2);
            lineCol = new int[cap];
            mirrorCol = new int[cap];
            linePos = new int[cap];
            mirrorPos = new int[cap];
            lineVal = new double[cap];
            mirrorVal = new double[cap];
        }
        int nl = 0;
        int nm = 0;
        boolean sorted = true;
        for (int p = lo; p < hi; p++) {
            int x = col[p];
            if (x >= 0) {
                sorted &= nl == 0 || x >= lineCol[nl - 1];
                lineCol[nl] = x;
                linePos[nl] = p;
                if (val != null) {
                    lineVal[nl] = val[p];
                }
                nl++;
            } else {
                int c = ~x;
                sorted &= nm == 0 || c >= mirrorCol[nm - 1];
                mirrorCol[nm] = c;
                mirrorPos[nm] = p;
                if (val != null) {
                    mirrorVal[nm] = val[p];
                }
                nm++;
            }
            if (!sorted) {
                return false;
            }
        }
        lineCount = nl;
        mirrorCount = nm;
        return true;
    }

    /** Merges the lines and mirrors {@link #splitSorted} set apart back into the row, by column. */
    private int mergeSplit(int r, int[] col, double[] val, int lo) {
        int i = 0;
        int j = 0;
        int out = lo;
        while (i < lineCount || j < mirrorCount) {
            int c = Math.min(i < lineCount ? lineCol[i] : Integer.MAX_VALUE, j < mirrorCount ? mirrorCol[j] : Integer.MAX_VALUE);
            int i0 = i;
            int j0 = j;
            while (i < lineCount && lineCol[i] == c) {
                i++;
            }
            while (j < mirrorCount && mirrorCol[j] == c) {
                j++;
            }
            if (i > i0) {
                owner.repeatedLines += i - i0 - 1;
            }
            double v = 0;
            if (val != null) {
                double lv = i > i0 ? combine(lineVal, i0, i) : 0;
                double mv = j > j0 ? combine(mirrorVal, j0, j) : 0;
                v = i > i0 ? lv : mv;
                if (i > i0 && j > j0) {
                    if (owner.policyGiven) {
                        v = combineByPosition(i0, i, j0, j);
                    } else if (!MergeState.same(lv, mv) && r < c && owner.conflicts.size() < MergeState.MAX_CONFLICTS) {
                        owner.conflicts.add(((long) r << 32) | c);
                    }
                }
            }
            if (i > i0 && j > j0 && r < c) {
                owner.mirroredPairs++;
            }
            col[out] = c;
            if (val != null) {
                val[out] = v;
            }
            out++;
        }
        return out - lo;
    }

    private double combine(double[] values, int from, int to) {
        double v = values[from];
        for (int k = from + 1; k < to; k++) {
            v = owner.policy.combine(v, values[k]);
        }
        return v;
    }

    /** The policy over a run of lines and a run of mirrors together, in file order (row positions). */
    private double combineByPosition(int i, int iEnd, int j, int jEnd) {
        double v = 0;
        boolean first = true;
        while (i < iEnd || j < jEnd) {
            double x;
            if (j >= jEnd || i < iEnd && linePos[i] < mirrorPos[j]) {
                x = lineVal[i++];
            } else {
                x = mirrorVal[j++];
            }
            v = first ? x : owner.policy.combine(v, x);
            first = false;
        }
        return v;
    }

    /** A paired row without values: one column per distinct neighbour, whichever way the lines wrote it. */
    private int pairedPattern(int r, int[] col, int lo, int hi) {
        int len = hi - lo;
        if (ints.length < len) {
            ints = new int[Math.max(len, ints.length * 2)];
        }
        System.arraycopy(col, lo, ints, 0, len);
        Arrays.sort(ints, 0, len);
        int neg = firstNonNegative(ints, len);
        int mEnd = neg;
        int d = neg;
        int out = lo;
        while (mEnd > 0 || d < len) {
            int cm = mEnd > 0 ? ~ints[mEnd - 1] : Integer.MAX_VALUE;
            int cd = d < len ? ints[d] : Integer.MAX_VALUE;
            int c = Math.min(cm, cd);
            if (cm == c) {
                while (mEnd > 0 && ~ints[mEnd - 1] == c) {
                    mEnd--;
                }
            }
            if (cd == c) {
                int dStart = d;
                while (d < len && ints[d] == c) {
                    d++;
                }
                owner.repeatedLines += d - dStart - 1;
                if (cm == c && r < c) {
                    owner.mirroredPairs++;
                }
            }
            col[out++] = c;
        }
        return out - lo;
    }

    private static int firstNonNegative(int[] a, int len) {
        int i = 0;
        while (i < len && a[i] < 0) {
            i++;
        }
        return i;
    }

    /** A paired row with values: see the class comment. */
    private int pairedValues(int r, int[] col, double[] val, int lo, int hi) {
        int len = hi - lo;
        owner.loadKeys(col, val, lo, hi);
        int neg = 0;
        while (neg < len && owner.keys[neg] < 0) {
            neg++;
        }
        int mEnd = neg;
        int d = neg;
        int out = lo;
        while (mEnd > 0 || d < len) {
            int cm = mEnd > 0 ? ~(int) (owner.keys[mEnd - 1] >> 32) : Integer.MAX_VALUE;
            int cd = d < len ? (int) (owner.keys[d] >> 32) : Integer.MAX_VALUE;
            int c = Math.min(cm, cd);
            int mStart = mEnd;
            if (cm == c) {
                while (mStart > 0 && ~(int) (owner.keys[mStart - 1] >> 32) == c) {
                    mStart--;
                }
            }
            int dStart = d;
            int dEnd = d;
            if (cd == c) {
                while (dEnd < len && (int) (owner.keys[dEnd] >> 32) == c) {
                    dEnd++;
                }
                owner.repeatedLines += dEnd - dStart - 1;
            }
            double v;
            if (mStart == mEnd) {
                v = owner.combine(dStart, dEnd);
            } else if (dStart == dEnd) {
                v = owner.combine(mStart, mEnd);
            } else {
                if (r < c) {
                    owner.mirroredPairs++;
                }
                if (owner.policyGiven) {
                    v = combineInFileOrder(dStart, dEnd, mStart, mEnd);
                } else {
                    v = owner.combine(dStart, dEnd);
                    double mv = owner.combine(mStart, mEnd);
                    if (!MergeState.same(v, mv) && r < c && owner.conflicts.size() < MergeState.MAX_CONFLICTS) {
                        owner.conflicts.add(((long) r << 32) | c);
                    }
                }
            }
            col[out] = c;
            val[out] = v;
            out++;
            mEnd = mStart;
            d = dEnd;
        }
        return out - lo;
    }

    /** The policy applied to two runs of owner.keys together, interleaved back into file order. */
    private double combineInFileOrder(int a, int aEnd, int b, int bEnd) {
        double v = 0;
        boolean first = true;
        while (a < aEnd || b < bEnd) {
            int pa = a < aEnd ? (int) owner.keys[a] : Integer.MAX_VALUE;
            int pb = b < bEnd ? (int) owner.keys[b] : Integer.MAX_VALUE;
            int p;
            if (pa < pb) {
                p = pa;
                a++;
            } else {
                p = pb;
                b++;
            }
            v = first ? owner.values[p] : owner.policy.combine(v, owner.values[p]);
            first = false;
        }
        return v;
    }
}
