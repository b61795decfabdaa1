package org.stag.engine.program;

import org.stag.engine.front.ScalarType;
import org.stag.engine.front.SourcePos;
import org.stag.formats.tensor.Tensor;

/**
 * The leaves of the scalar evaluator's trees ({@link ScalarNode}): constants, variables, {@code #k} references, the
 * arguments of a two-argument function (a {@code Def}'s body), tensor elements at computed coordinates, and
 * conversions between types.
 */
final class ScalarLeaves {
    private ScalarLeaves() {
    }

    static final class ConstL extends ScalarNode {
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

    static final class ConstD extends ScalarNode {
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

    static final class VarL extends ScalarNode {
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

    static final class VarD extends ScalarNode {
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

    static final class RefL extends ScalarNode {
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

    static final class RefD extends ScalarNode {
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

    static final class Convert extends ScalarNode {
        private final ScalarNode x;
        private final boolean fromLong;

        Convert(ScalarNode x, ScalarType to) {
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

    /** Argument {@code k} of a two-argument function (slot {@code k} of its {@link Env}), held as a long. */
    static final class ArgL extends ScalarNode {
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

    /** Argument {@code k} of a two-argument function (slot {@code k} of its {@link Env}), held as a double. */
    static final class ArgD extends ScalarNode {
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
    static final class Read extends ScalarNode {
        private final String what;
        private final SourcePos pos;
        private final int ref;
        private final boolean positional;
        private final ScalarNode[] idx;
        private final int[] coords;

        Read(ScalarType elem, String what, SourcePos pos, int ref, boolean positional, ScalarNode[] idx) {
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
                    throw new CoordinateOutOfRange(pos, "coordinate " + c + " of " + what + " (mode " + (m + 1)
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
