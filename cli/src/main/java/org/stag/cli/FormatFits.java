package org.stag.cli;

import org.stag.formats.level.Level;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import picocli.CommandLine;

/**
 * Refuses, as a usage error before anything is built, a {@code --format} whose levels cannot hold the graph: a
 * dense or bitmap level holds a position for every coordinate under every position of its parent, so
 * {@code dense,dense} on 65,536 vertices needs 2^32 positions, more than a Java array holds.
 */
final class FormatFits {
    private FormatFits() {
    }

    /** Throws a usage error naming the level and the count when {@code format} cannot hold {@code g}. */
    static void check(CommandLine cl, Format format, Graph g) {
        long parent = 1;
        long[] dims = {g.numRows(), g.numCols()};
        for (int k = 0; k < format.depth(); k++) {
            LevelFormat level = format.level(k);
            // A slot level (DIA's diagonals, ELL's slots) has fewer than rows + columns coordinates.
            long dim = format.isSlot(k) ? dims[0] + dims[1] : dims[format.modeOfLevel(k)];
            long positions;
            if (level instanceof StaticLevelFormat s && (s.type() == LevelType.DENSE || s.type() == LevelType.BITMAP
                    || s.type() == LevelType.RANGE)) {
                positions = parent * dim;
            } else if (format.slots() > 0 && level.is(org.stag.formats.level.Property.BRANCHLESS)) {
                // An offset level, or ELL's padded singleton: a position per parent position.
                positions = parent;
            } else {
                // Any other level has at most one position per stored entry (or per parent position and entry).
                positions = k == 0 ? Math.min(dim, Math.max(1, g.numEntries())) : g.numEntries();
            }
            // Past the array limit a compressed, vbyte or dynamic last level is held in row blocks (64-bit
            // positions); the graph tensor refuses, by name, the formats that cannot be.
            boolean blocked = (g.wide() || !g.holdsEdges()) && k > 0 && !(level instanceof StaticLevelFormat s2
                    && s2.type() != LevelType.COMPRESSED && s2.type() != LevelType.VBYTE);
            if (positions > Level.MAX_SIZE && !blocked) {
                throw new CommandLine.ParameterException(cl, "--format " + format + " cannot hold " + g.numVertices()
                        + " vertices: its level " + (k + 1) + " (" + level + ") would need " + positions
                        + " positions, more than " + Level.MAX_SIZE + " (choose a compressed or dynamic second level,"
                        + " e.g. dense,compressed)");
            }
            parent = positions;
        }
    }
}
