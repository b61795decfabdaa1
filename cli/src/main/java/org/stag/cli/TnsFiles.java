package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.tns.CoordinateTensor;
import org.stag.loaders.tns.TnsReader;

/**
 * Tensors of any order in FROSTT's {@code .tns} text for {@code stag eval}: one entry per line, its 1-based
 * coordinates and its value ({@link TnsReader}); written the same way, entries equal to the fill value left out.
 */
final class TnsFiles {
    private TnsFiles() {
    }

    /** Whether {@code file} is a {@code .tns} file (by its name, gzipped or not). */
    static boolean isTns(Path file) {
        return org.stag.loaders.text.InputFiles.baseName(file).endsWith(".tns");
    }

    /**
     * The tensor of a {@code .tns} file, of type {@code type} in {@code format}; {@code sizes[m]} is the size the
     * program already knows for mode {@code m} (from another input or {@code --param}), or -1 to take the file's
     * largest coordinate.
     */
    static Tensor read(Path file, VarType.Tensor type, Format format, int[] sizes) {
        CoordinateTensor t = new TnsReader(file, type.order(), sizes).read();
        double[] v = t.values();
        int n = t.count();
        int[][] crd = new int[t.order()][];
        for (int m = 0; m < crd.length; m++) {
            crd[m] = java.util.Arrays.copyOf(t.coords()[m], n);
        }
        return TensorFiles.build(file, format, t.dims(), crd, TensorFiles.values(file, type, n, k -> v[k]));
    }

    /**
     * Writes {@code t} as {@code .tns} text: a comment naming it, then one line per entry that differs from the fill
     * value, 1-based coordinates and the value (read back exactly), in the tensor's level order.
     */
    static void write(Tensor t, VarType.Tensor type, String name, PrintWriter out) {
        ScalarType elem = type.elem();
        out.println("# " + name + " " + type + ", written by stag eval (1-based; entries not listed are " + type.fill() + ")");
        StringBuilder line = new StringBuilder();
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            line.setLength(0);
            for (int d = 0; d < t.order(); d++) {
                line.append(c.coordinate(d) + 1).append(' ');
            }
            if (elem == ScalarType.BOOL) {
                line.append(c.booleanValue() ? 1 : 0);
            } else if (elem.isIntegral()) {
                line.append(c.longValue());
            } else {
                line.append(elem == ScalarType.FLOAT ? TensorFiles.number((float) c.doubleValue())
                        : TensorFiles.number(c.doubleValue()));
            }
            out.println(line);
        }
        out.flush();
    }
}
