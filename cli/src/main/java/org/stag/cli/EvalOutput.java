package org.stag.cli;

import java.io.PrintWriter;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;

/**
 * How {@code eval} writes Main's result ({@code --output-format}). A scalar is its value; a tensor is its
 * stored entries that differ from the fill value, with 1-based coordinates as in Matrix Market:
 * <ul>
 *   <li>{@code text}: Matrix Market coordinate text (a vector as an N x 1 matrix), the default;</li>
 *   <li>{@code tsv}: one line per entry, coordinates then the value, tab-separated;</li>
 *   <li>{@code csv}: the same with commas, after a header ({@code row,column,NAME} or {@code index,NAME});</li>
 *   <li>{@code json}: one object, {@code {"output":NAME,"type":TYPE,"dimensions":[..],"entries":[[i,j,v],..]}}
 *       or {@code {"output":NAME,"type":TYPE,"value":v}}; a non-finite real is {@code null}.</li>
 * </ul>
 */
final class EvalOutput {
    private EvalOutput() {
    }

    static void write(Symbol result, Object value, ResultFormat format, PrintWriter out) {
        if (format == ResultFormat.TEXT) {
            if (result.isTensor()) {
                TensorFiles.writeMatrixMarket((Tensor) value, result.tensor(), result.name(), out);
            } else {
                out.println(TensorFiles.scalar(value));
            }
        } else if (!result.isTensor()) {
            scalar(result, value, format, out);
        } else {
            tensor(result, (Tensor) value, format, out);
        }
        out.flush();
    }

    private static void scalar(Symbol result, Object value, ResultFormat format, PrintWriter out) {
        switch (format) {
            case TSV -> out.println(TensorFiles.scalar(value));
            case CSV -> {
                out.println(result.name());
                out.println(TensorFiles.scalar(value));
            }
            default -> out.println("{\"output\":" + Json.string(result.name()) + ",\"type\":"
                    + Json.string(result.type().toString()) + ",\"value\":" + Json.value(value) + "}");
        }
    }

    private static void tensor(Symbol result, Tensor t, ResultFormat format, PrintWriter out) {
        VarType.Tensor type = result.tensor();
        ScalarType elem = type.elem();
        boolean json = format == ResultFormat.JSON;
        char sep = format == ResultFormat.CSV ? ',' : '\t';
        if (format == ResultFormat.CSV) {
            StringBuilder header = new StringBuilder();
            String[] names = t.order() == 1 ? new String[] {"index"} : t.order() == 2 ? new String[] {"row", "column"}
                    : null;
            for (int d = 0; d < t.order(); d++) {
                header.append(names != null ? names[d] : "i" + (d + 1)).append(',');
            }
            out.println(header.append(result.name()));
        }
        if (json) {
            StringBuilder dims = new StringBuilder();
            for (int d = 0; d < t.order(); d++) {
                dims.append(d == 0 ? "" : ",").append(t.dimension(d));
            }
            out.print("{\"output\":" + Json.string(result.name()) + ",\"type\":" + Json.string(type.toString())
                    + ",\"dimensions\":[" + dims + "],\"entries\":[");
        }
        StringBuilder line = new StringBuilder();
        TensorCursor c = t.cursor();
        boolean first = true;
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            line.setLength(0);
            if (json) {
                line.append(first ? "[" : ",\n[");
            }
            for (int d = 0; d < t.order(); d++) {
                line.append(c.coordinate(d) + 1).append(json ? ',' : sep);
            }
            if (elem == ScalarType.BOOL) {
                line.append(json ? String.valueOf(c.booleanValue()) : c.booleanValue() ? "1" : "0");
            } else if (elem.isIntegral()) {
                line.append(c.longValue());
            } else if (json) {
                line.append(Json.number(c.doubleValue()));
            } else {
                line.append(elem == ScalarType.FLOAT ? TensorFiles.number((float) c.doubleValue())
                        : TensorFiles.number(c.doubleValue()));
            }
            if (json) {
                line.append(']');
                out.print(line);
            } else {
                out.println(line);
            }
            first = false;
        }
        if (json) {
            out.println("]}");
        }
    }
}
