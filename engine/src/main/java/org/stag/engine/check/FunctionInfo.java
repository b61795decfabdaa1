package org.stag.engine.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.engine.front.FunctionDecl;

/**
 * A function's checked signature and variables.
 *
 * @param variables inputs, outputs and locals (declared or inferred from their definition) by name
 */
public record FunctionInfo(FunctionDecl decl, List<Symbol> inputs, List<Symbol> outputs,
                           Map<String, Symbol> variables) {

    /** Copies the collections, keeping the order of {@code variables}. */
    public FunctionInfo {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
    }

    /** The function's name. */
    public String name() {
        return decl.name();
    }
}
