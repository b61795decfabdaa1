package org.stag.cli;

import java.io.IOException;
import java.io.Writer;
import org.stag.algorithms.run.EdgeValues;
import org.stag.algorithms.run.ScalarValue;
import org.stag.algorithms.run.VertexValues;

/**
 * How {@code run} writes its per-vertex result, a set of edges ({@link #write(EdgeValues, Writer)}) or one number
 * ({@link #write(ScalarValue, Writer)}) ({@code --output-format}). Vertices are in the input's numbering, in the
 * graph's order (in the order of the ids when they are a permutation of a dense range: a degree-ordered file writes
 * what the natural one does); reals as Java writes doubles ({@code Infinity} in text, tsv and csv).
 * <ul>
 *   <li>{@code text}: {@code vertex value} lines, space-separated (LDBC Graphalytics; the default);</li>
 *   <li>{@code tsv}: the same lines with a tab;</li>
 *   <li>{@code csv}: a header {@code vertex,NAME} (NAME the program's output), then {@code vertex,value} lines;</li>
 *   <li>{@code json}: one object {@code {"output":NAME,"values":[[vertex,value],...]}}; JSON has no
 *       Infinity or NaN, so a non-finite value (SSSP's unreachable vertices) is {@code null}.</li>
 *   <li>{@code parquet}: columns {@code vertex} and {@code value}, written by the Spark module ({@code --spark}).</li>
 * </ul>
 */
enum ResultFormat {
    TEXT, TSV, CSV, JSON, PARQUET;

    /** Writes {@code v} in this format. */
    void write(VertexValues v, Writer out) throws IOException {
        switch (this) {
            case TEXT -> v.write(out);
            case TSV, CSV -> {
                char sep = this == TSV ? '\t' : ',';
                if (this == CSV) {
                    out.write("vertex," + v.name() + "\n");
                }
                StringBuilder line = new StringBuilder(48);
                for (int k = 0; k < v.size(); k++) {
                    int u = v.ids().writeOrder(k);
                    line.setLength(0);
                    line.append(v.ids().external(u)).append(sep).append(v.text(u)).append('\n');
                    out.append(line);
                }
            }
            case JSON -> {
                out.write("{\"output\":" + Json.string(v.name()) + ",\"values\":[");
                StringBuilder item = new StringBuilder(48);
                for (int k = 0; k < v.size(); k++) {
                    int u = v.ids().writeOrder(k);
                    item.setLength(0);
                    item.append(k == 0 ? "[" : ",\n[").append(v.ids().external(u)).append(',')
                            .append(v.integral() ? Long.toString(v.longs()[u]) : Json.number(v.doubles()[u])).append(']');
                    out.append(item);
                }
                out.write("]}\n");
            }
            case PARQUET -> throw new IllegalStateException("Parquet is written by the Spark module");
        }
    }

    /**
     * Writes the set of edges {@code e} in this format: {@code source target} lines (text), the same with a tab
     * (tsv), a header {@code source,target} then {@code source,target} lines (csv), or one object
     * {@code {"output":NAME,"edges":[[source,target],...]}} (json).
     */
    void write(EdgeValues e, Writer out) throws IOException {
        switch (this) {
            case TEXT -> e.write(out, ' ');
            case TSV -> e.write(out, '\t');
            case CSV -> {
                out.write("source,target\n");
                e.write(out, ',');
            }
            case JSON -> {
                out.write("{\"output\":" + Json.string(e.name()) + ",\"edges\":[");
                for (int k = 0; k < e.size(); k++) {
                    out.append(k == 0 ? "[" : ",\n[").append(e.text(k, ',')).append(']');
                }
                out.write("]}\n");
            }
            case PARQUET -> throw new IllegalStateException("Parquet is written by the Spark module");
        }
    }

    /**
     * Writes the one number {@code s} in this format: {@code name value} (text), the same with a tab (tsv), a header
     * {@code output,value} then {@code name,value} (csv), or one object {@code {"output":NAME,"value":V}} (json).
     */
    void write(ScalarValue s, Writer out) throws IOException {
        switch (this) {
            case TEXT -> s.write(out);
            case TSV -> out.write(s.name() + "\t" + s.text() + "\n");
            case CSV -> out.write("output,value\n" + s.name() + "," + s.text() + "\n");
            case JSON -> out.write("{\"output\":" + Json.string(s.name()) + ",\"value\":"
                    + (s.integral() ? s.text() : Json.number(s.value().doubleValue())) + "}\n");
            case PARQUET -> throw new IllegalStateException("Parquet is written by the Spark module");
        }
    }
}
