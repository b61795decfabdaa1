package org.stag.engine.jit;

import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.formats.tensor.Format;

/**
 * Everything a kernel is compiled from: the definition of a checked program, the formats and value reads of its
 * tensors, the values of its uniform conditions and the kernel passes. {@link DefinitionCompiler#compile(CompileRequest)}
 * compiles it; two compilers given equal requests generate the same source, so another JVM that has the program
 * compiles (or finds in the kernel cache) the very kernel {@link CompiledDefinition#request()} came from.
 *
 * @param formats the format of every tensor read and of the target, by name
 * @param reads   how each tensor's values are read, by name ({@link ValueRead#declared} for one not in it)
 * @param uniform the value of each of {@link org.stag.engine.cin.KernelSpec#uniformConditions}
 * @param inPlace the input whose buffer the kernel may write into, or null
 */
public record CompileRequest(CheckedProgram program, Definition definition, Map<String, Format> formats,
                             Map<String, ValueRead> reads, Map<Expr.IfElse, Boolean> uniform, String inPlace,
                             boolean cse, boolean activeSet, boolean canonical) {
    /** Copies the maps. */
    public CompileRequest {
        formats = Map.copyOf(formats);
        reads = Map.copyOf(reads);
        uniform = java.util.Collections.unmodifiableMap(new java.util.IdentityHashMap<>(uniform));
    }
}
