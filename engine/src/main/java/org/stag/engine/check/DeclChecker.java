package org.stag.engine.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.Dimension;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Format;
import org.stag.engine.front.Ident;
import org.stag.engine.front.Printer;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Size;
import org.stag.engine.front.Trees;
import org.stag.engine.front.TypeRef;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Constant;

/** Turns written types into {@link VarType}s: level formats, dimension sizes and fill values. */
final class DeclChecker {
    private final Reporter report;
    private final LevelCatalog levels;

    DeclChecker(Reporter report, LevelCatalog levels) {
        this.report = report;
        this.levels = levels;
    }

    /** The type written as {@code t}; dimension sizes must be {@code int} parameters among {@code globals}. */
    VarType type(TypeRef t, Map<String, Symbol> globals) {
        if (t instanceof TypeRef.Scalar s) {
            return new VarType.Scalar(s.elem());
        }
        TypeRef.Tensor tt = (TypeRef.Tensor) t;
        List<String> lv = new ArrayList<>();
        List<String> sizes = new ArrayList<>();
        for (Dimension d : tt.dims()) {
            lv.add(level(d.level()));
            sizes.add(size(d.size(), globals));
        }
        Constant fill = tt.fill().isPresent() ? fill(tt.fill().get(), tt.elem()) : Constant.zero(tt.elem());
        return new VarType.Tensor(tt.elem(), lv, sizes, fill);
    }

    /** The level names of {@code f}, each checked against the catalog. */
    List<String> format(Format f) {
        List<String> out = new ArrayList<>();
        for (Ident l : f.levels()) {
            out.add(level(l));
        }
        return out;
    }

    private String level(Ident l) {
        if (!levels.isKnown(l.name())) {
            throw report.at(l.pos(), "unknown level format '" + l.name() + "' (known: "
                    + String.join(", ", levels.names()) + ")");
        }
        return l.name();
    }

    private String size(Size s, Map<String, Symbol> globals) {
        if (s instanceof Size.Fixed f) {
            if (f.value() < 1) {
                throw report.at(f.pos(), "a dimension size must be positive, not " + f.value());
            }
            return s.text();
        }
        Size.Named n = (Size.Named) s;
        Symbol sym = globals.get(n.name());
        if (sym == null) {
            throw report.at(n.pos(), "unknown dimension size '" + n.name() + "'; sizes are global int parameters"
                    + " declared above their use ('" + n.name() + " int')");
        }
        if (sym.isTensor() || sym.type().elem() != ScalarType.INT) {
            throw report.at(n.pos(), "'" + n.name() + "' is " + sym.type() + "; a dimension size must be an int"
                    + " parameter");
        }
        return n.name();
    }

    private static String article(ScalarType t) {
        return (t == ScalarType.INT ? "an " : "a ") + t;
    }

    /** The fill value {@code e} (a literal, possibly negated) as a constant of type {@code elem}. */
    private Constant fill(Expr e, ScalarType elem) {
        return literal(e, elem, "fill value", "the tensor holds int values");
    }

    /**
     * {@code e} (a literal, possibly negated) as a constant of type {@code elem}; messages call it {@code what}
     * ({@code fill value}, {@code identity}).
     */
    Constant literal(Expr e, ScalarType elem, String what, String intHolder) {
        boolean negative = e instanceof Expr.Unary u && u.op() == UnaryOp.NEG;
        Expr lit = negative ? ((Expr.Unary) e).operand() : e;
        String text = (negative ? "-" : "") + Printer.print(lit);
        if (lit instanceof Expr.BoolLiteral b && !negative) {
            if (elem != ScalarType.BOOL) {
                throw report.at(e.pos(), what + " " + text + " is not " + article(elem));
            }
            return Constant.ofBool(b.value());
        }
        if (lit instanceof Expr.IntLiteral i) {
            long v = negative ? -i.value() : i.value();
            if (elem == ScalarType.INT && i.longSuffix()) {
                throw report.at(e.pos(), what + " " + text + " is a long; " + intHolder);
            }
            if (elem == ScalarType.INT && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) {
                throw report.at(e.pos(), what + " " + text + " does not fit an int");
            }
            if (elem.isIntegral()) {
                return Constant.ofInteger(elem, v);
            }
            if (elem.isFloating()) {
                return Constant.ofReal(elem, v);
            }
            throw report.at(e.pos(), what + " " + text + " is not a bool (use false or true)");
        }
        if (lit instanceof Expr.FloatLiteral f) {
            if (!elem.isFloating()) {
                throw report.at(e.pos(), what + " " + text + " is not " + article(elem));
            }
            return Constant.ofReal(elem, negative ? -f.value() : f.value());
        }
        throw report.at(Trees.start(e), (what.matches("[aeiou].*") ? "an " : "a ") + what + " is a literal such as 0, false, inf or -1");
    }
}
