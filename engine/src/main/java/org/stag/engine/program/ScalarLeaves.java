package org.stag.engine.program;

import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.engine.program.ScalarEval.Node;
import org.stag.formats.tensor.Tensor;

/**
 * The leaves of {@link ScalarEval}'s trees: constants, variables, {@code #k} references, a {@link ScalarFunction}'s
 * arguments, tensor elements at computed coordinates, and conversions between types. Operator nodes are in
 * {@link ScalarOps}.
 */
final class ScalarLeaves {
    private ScalarLeaves() {
    }

    static final class ConstL extends Node {
        private final long v;

        ConstL(ScalarType t, long v) {
            super(t);
            this.v = v;
        }

        @Override
        long l(Env env, Env refs) {
            return v;
        }
    }

    static final class ConstD extends Node {
        private final double v;

        ConstD(ScalarType t, double v) {
            super(t);
            this.v = v;
        }

        @Override
        double d(Env env, Env refs) {
            return v;
        }
    }

    static final class VarL extends Node {
        private final int ref;

        VarL(ScalarType t, int ref) {
            super(t);
            this.ref = ref;
        }

        @Override
        long l(Env env, Env refs) {
            return env.intAt(ref);
        }
    }

    static final class VarD extends Node {
        private final int ref;

        VarD(ScalarType t, int ref) {
            super(t);
            this.ref = ref;
        }

        @Override
        double d(Env env, Env refs) {
            return env.realAt(ref);
        }
    }

    static final class RefL extends Node {
        private final int k;

        RefL(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        long l(Env env, Env refs) {
            return refs.ints[k];
        }
    }

    static final class RefD extends Node {
        private final int k;

        RefD(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        double d(Env env, Env refs) {
            return refs.reals[k];
        }
    }

    static final class Convert extends Node {
        private final Node x;
        private final boolean fromLong;

        Convert(Node x, ScalarType to) {
            super(to);
            this.x = x;
            this.fromLong = Scalars.inLong(x.type);
        }

        @Override
        long l(Env env, Env refs) {
            return fromLong ? Scalars.longToLong(x.l(env, refs), type) : Scalars.realToLong(x.d(env, refs), type);
        }

        @Override
        double d(Env env, Env refs) {
            return fromLong ? Scalars.longToReal(x.l(env, refs), type) : Scalars.realToReal(x.d(env, refs), type);
        }
    }

    static final class ArgL extends Node {
        private final int k;

        ArgL(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        long l(Env env, Env refs) {
            return env.ints[k];
        }
    }

    /** Argument {@code k} of a {@link ScalarFunction}, held as a double. */
    static final class ArgD extends Node {
        private final int k;

        ArgD(ScalarType t, int k) {
            super(t);
            this.k = k;
        }

        @Override
        double d(Env env, Env refs) {
            return env.reals[k];
        }
    }

    /** One element of a tensor at computed coordinates, which must lie inside its dimensions. */
    static final class Read extends Node {
        private final String what;
        private final SourcePos pos;
        private final int ref;
        private final boolean positional;
        private final Node[] idx;
        private final int[] coords;

        Read(ScalarType elem, String what, SourcePos pos, int ref, boolean positional, Node[] idx) {
            super(elem);
            this.what = what;
            this.pos = pos;
            this.ref = ref;
            this.positional = positional;
            this.idx = idx;
            this.coords = new int[idx.length];
        }

        private Tensor locate(Env env, Env refs) {
            Tensor t = positional ? refs.tensors[ref] : env.tensor(ref);
            for (int m = 0; m < idx.length; m++) {
                long c = idx[m].l(env, refs);
                if (c < 0 || c >= t.dimension(m)) {
                    throw new ScalarEval.CoordinateOutOfRange(pos, "coordinate " + c + " of " + what + " (mode " + (m + 1)
                            + ") is out of range 0.." + (t.dimension(m) - 1));
                }
                coords[m] = (int) c;
            }
            return t;
        }

        @Override
        long l(Env env, Env refs) {
            Tensor t = locate(env, refs);
            return type == ScalarType.BOOL ? (t.getAsBoolean(coords) ? 1 : 0) : t.getAsLong(coords);
        }

        @Override
        double d(Env env, Env refs) {
            return locate(env, refs).getAsDouble(coords);
        }
    }

}
