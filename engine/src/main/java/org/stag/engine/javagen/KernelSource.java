package org.stag.engine.javagen;

import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.LoweredFusion;
import org.stag.engine.loopir.LoweredKernel;

/**
 * Prints lowered kernels as Java classes implementing {@code org.stag.engine.kernellib.KernelBody}: a public
 * no-argument constructor and the {@code prepare}, {@code run} and {@code finish} methods, whose bodies are the
 * loop IR printed by {@link JavaPrinter}. Printing only: every decision was taken by the lowering.
 */
public final class KernelSource {
    private static final String FRAME = "org.stag.engine.kernellib.Frame";

    private KernelSource() {
    }

    /** The class {@code pkg.className} of {@code k} and its calling convention. */
    public static KernelPlan kernel(LoweredKernel k, String pkg, String className) {
        GeneratedSource src = source(pkg, className, k.description(), k.prepare(), k.run(), k.finish());
        return new KernelPlan(src, k.tensors(), k.intScalars(), k.realScalars(),
                KernelPlan.ResultKind.valueOf(k.result().name()), k.chunkExtent(), k.loopOrder(), k.scatter(),
                k.gathered(), k.notes());
    }

    /** The class {@code pkg.className} of the fused group {@code k} and its calling convention. */
    public static FusedPlan fused(LoweredFusion k, String pkg, String className) {
        GeneratedSource src = source(pkg, className, k.description(), new Block(), k.run(), k.finish());
        return new FusedPlan(src, k.tensors(), k.intScalars(), k.realScalars(), k.extent(), k.targets(), k.unstored(),
                k.cin());
    }

    /** A kernel class with the class comment {@code description} and the three method bodies. */
    public static GeneratedSource source(String pkg, String className, String description, Block prepare, Block run,
                                         Block finish) {
        StringBuilder src = new StringBuilder();
        src.append("package ").append(pkg).append(";\n\n");
        src.append("/** ").append(description).append(" */\n");
        src.append("public final class ").append(className).append(" implements org.stag.engine.kernellib.KernelBody {\n");
        src.append("    public ").append(className).append("() {\n    }\n\n");
        src.append("    public void prepare(").append(FRAME).append(" f) {\n");
        JavaPrinter.print(prepare, 2, src);
        src.append("    }\n\n");
        src.append("    public void run(").append(FRAME).append(" f, int chunk, int lo, int hi, org.stag.engine.kernellib.Workspace ws) {\n");
        JavaPrinter.print(run, 2, src);
        src.append("    }\n\n");
        src.append("    public void finish(").append(FRAME).append(" f, int chunks) {\n");
        JavaPrinter.print(finish, 2, src);
        src.append("    }\n}\n");
        return new GeneratedSource(pkg, className, src.toString());
    }
}
