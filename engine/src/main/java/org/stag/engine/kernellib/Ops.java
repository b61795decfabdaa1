package org.stag.engine.kernellib;

/** Built-in functions of the language that are not one Java operator, for generated code. */
public final class Ops {
    private Ops() {
    }

    /** {@code CHOOSE(a, b)}: {@code a} unless it is zero, else {@code b}. */
    public static double choose(double a, double b) {
        return a != 0 ? a : b;
    }

    /** {@code CHOOSE(a, b)} on floats. */
    public static float choose(float a, float b) {
        return a != 0 ? a : b;
    }

    /** {@code CHOOSE(a, b)} on longs. */
    public static long choose(long a, long b) {
        return a != 0 ? a : b;
    }

    /** {@code CHOOSE(a, b)} on ints. */
    public static int choose(int a, int b) {
        return a != 0 ? a : b;
    }

    /** {@code CHOOSE(a, b)} on bools. */
    public static boolean choose(boolean a, boolean b) {
        return a || b;
    }

    /**
     * {@code hash64(x, y)}: a 64-bit hash of the pair, splitmix64's finalizer (Steele, Lea and Flood 2014) applied to
     * {@code x}, then to that plus {@code y} and the golden-ratio increment. Pure and cheap (no allocation), so
     * generated loops call it per element; {@code hash64(x, y)} and {@code hash64(y, x)} differ.
     */
    public static long hash64(long x, long y) {
        return mix64(mix64(x) + y + 0x9E3779B97F4A7C15L);
    }

    /** splitmix64's finalizer: a bijection of longs whose output bits each depend on every input bit. */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
