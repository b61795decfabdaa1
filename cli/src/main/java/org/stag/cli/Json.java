package org.stag.cli;

import java.util.List;
import java.util.Map;

/** Writes JSON text: strings, numbers, booleans, null, lists (arrays) and maps (objects). Enough for stag's outputs, no parser. */
final class Json {
    private Json() {
    }

    /** {@code v} as JSON: a Map as an object, a List as an array, a Number as a number (null when not finite), else a string. */
    static String value(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Boolean b) {
            return b.toString();
        }
        if (v instanceof Double || v instanceof Float) {
            return number(((Number) v).doubleValue());
        }
        if (v instanceof Number n) {
            return n.toString();
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder("{");
            m.forEach((k, x) -> {
                if (sb.length() > 1) {
                    sb.append(',');
                }
                sb.append(string(String.valueOf(k))).append(':').append(value(x));
            });
            return sb.append('}').toString();
        }
        if (v instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : list) {
                if (sb.length() > 1) {
                    sb.append(',');
                }
                sb.append(value(x));
            }
            return sb.append(']').toString();
        }
        return string(v.toString());
    }

    /** A real as a JSON number; JSON has no Infinity or NaN, so those are {@code null}. */
    static String number(double d) {
        return Double.isFinite(d) ? Double.toString(d) : "null";
    }

    /** A JSON string literal. */
    static String string(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
