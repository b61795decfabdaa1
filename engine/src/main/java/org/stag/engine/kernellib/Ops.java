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
}
