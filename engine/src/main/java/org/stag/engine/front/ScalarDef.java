package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/**
 * {@code Def NAME(a T, b T) -> T [algebra] = body}: a scalar function of two arguments, usable in expressions
 * ({@code NAME(x, y)}) and, when its algebra allows, as a reduction operator ({@code | j:(NAME, init)}).
 *
 * @param algebra the declared properties, in source order
 * @param body    an expression over the two parameters
 */
public record ScalarDef(SourcePos pos, String name, List<Param> params, ScalarType result, SourcePos resultPos,
                        List<Algebra> algebra, Expr body) implements Item {

    /** One declared property: {@code commutative}, {@code associative}, {@code idempotent}, or {@code identity v} / {@code annihilator v}. */
    public record Algebra(SourcePos pos, String word, Expr value) implements Node {
        /** The words that may follow the result type. */
        public static final List<String> WORDS = List.of("commutative", "associative", "idempotent", "identity",
                "annihilator");

        /** Whether {@code word} takes a value. */
        public static boolean takesValue(String word) {
            return word.equals("identity") || word.equals("annihilator");
        }

        /** Checks the parts; {@code value} is null for the words that take none. */
        public Algebra {
            Objects.requireNonNull(pos, "pos");
            Objects.requireNonNull(word, "word");
        }
    }

    /** Copies the lists. */
    public ScalarDef {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
        params = List.copyOf(params);
        Objects.requireNonNull(result, "result");
        algebra = List.copyOf(algebra);
        Objects.requireNonNull(body, "body");
    }
}
