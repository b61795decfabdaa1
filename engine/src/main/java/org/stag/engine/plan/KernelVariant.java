package org.stag.engine.plan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Printer;
import org.stag.formats.tensor.Format;

/**
 * One kernel of a definition: the format of every tensor it reads and of its target, how each operand's
 * values are read, and the value of each of its uniform {@code ifelse} conditions (in the order of
 * {@link org.stag.engine.cin.KernelSpec#uniformConditions}).
 *
 * @param function   the function the definition is in
 * @param definition the statement
 * @param formats    operand formats (in reading order), then the target's
 * @param reads      how each operand's values are read
 * @param conditions the uniform conditions
 * @param values     the value of each condition
 * @param inPlace    the input whose buffer the result may overwrite ({@link org.stag.engine.pass.InPlace}), or null
 */
public record KernelVariant(String function, Definition definition, Map<String, Format> formats,
                            Map<String, ValueRead> reads, List<Expr.IfElse> conditions, List<Boolean> values,
                            String inPlace) {
    public KernelVariant {
        formats = Map.copyOf(formats);
        reads = Map.copyOf(reads);
        conditions = List.copyOf(conditions);
        values = List.copyOf(values);
    }

    /** The condition values as the compiler takes them. */
    public Map<Expr.IfElse, Boolean> uniform() {
        Map<Expr.IfElse, Boolean> m = new IdentityHashMap<>();
        for (int k = 0; k < conditions.size(); k++) {
            m.put(conditions.get(k), values.get(k));
        }
        return m;
    }

    /** The tuple this variant is for: what a running step compares (see {@link #key(Map, Map, List)}). */
    public String key() {
        return key(formats, reads, values);
    }

    /** The tuple of formats, reads and condition values, independent of map order. */
    public static String key(Map<String, Format> formats, Map<String, ValueRead> reads, List<Boolean> values) {
        List<String> parts = new ArrayList<>();
        formats.forEach((n, f) -> parts.add(n + "=" + f + (reads.containsKey(n) ? " values " + reads.get(n) : "")));
        parts.sort(null);
        return String.join("; ", parts) + " | " + values;
    }

    /** {@code A = dense,compressed; x = dense; pull > 0 = true}. */
    public String tuple() {
        List<String> parts = new ArrayList<>();
        formats.forEach((n, f) -> {
            ValueRead r = reads.get(n);
            parts.add(n + "=" + f + (r != null && r.isConstant() ? " (" + r + ")" : ""));
        });
        parts.sort(null);
        for (int k = 0; k < conditions.size(); k++) {
            parts.add(Printer.print(conditions.get(k).condition()) + "=" + values.get(k));
        }
        if (inPlace != null) {
            parts.add("in place of " + inPlace);
        }
        return String.join(" ", parts);
    }
}
