package org.stag.engine.check;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.stag.engine.front.SourcePos;

/**
 * The names visible at one point: globals, a function's parameters and locals, and which of the function's
 * variables are defined so far (variables are immutable and defined in order, so reading one before its
 * definition is an error).
 */
final class Scope {
    private final Map<String, Symbol> globals;
    private final Map<String, String> unavailable;
    private final Set<String> functions;
    private final Map<String, Symbol> locals = new LinkedHashMap<>();
    private final Map<String, SourcePos> defined = new HashMap<>();
    private final Map<String, SourcePos> definedLater;
    private Set<String> beingDefined = Set.of();

    /**
     * @param unavailable  globals that exist but cannot be used here (in a parameter's default: tensors and
     *                     later parameters), each with the reason
     * @param definedLater where each of the function's variables is first defined, for the message
     */
    Scope(Map<String, Symbol> globals, Map<String, String> unavailable, Set<String> functions,
          Map<String, SourcePos> definedLater) {
        this.globals = globals;
        this.unavailable = unavailable;
        this.functions = functions;
        this.definedLater = definedLater;
    }

    /** The variable called {@code name}: a local or parameter of the function, else a global; or null. */
    Symbol lookup(String name) {
        Symbol s = locals.get(name);
        return s != null ? s : globals.get(name);
    }

    boolean isFunction(String name) {
        return functions.contains(name);
    }

    void declare(Symbol s) {
        locals.put(s.name(), s);
    }

    Map<String, Symbol> locals() {
        return locals;
    }

    /** Where {@code name} was defined, or null if it has not been yet. */
    SourcePos definedAt(String name) {
        return defined.get(name);
    }

    void define(String name, SourcePos pos) {
        defined.put(name, pos);
    }

    /** Marks the variables whose definition is being checked, so reading one gets a precise message. */
    void beginDefinition(Set<String> names) {
        beingDefined = names;
    }

    void endDefinition() {
        beingDefined = Set.of();
    }

    /** Why {@code s} cannot be read here, or null if it can. */
    String unreadable(Symbol s) {
        if (s.kind().isGlobal() || s.kind() == Symbol.Kind.ARGUMENT || defined.containsKey(s.name())) {
            return null;
        }
        if (beingDefined.contains(s.name())) {
            return ownDefinition(s.name());
        }
        SourcePos later = definedLater.get(s.name());
        return later != null ? "'" + s.name() + "' is used before its definition at " + later
                : "'" + s.name() + "' is read but never defined";
    }

    private static String ownDefinition(String name) {
        return "'" + name + "' is read in its own definition; variables are immutable, so define a new one";
    }

    /** Why an unknown {@code name} is unknown, if a better reason than "unknown" exists; else null. */
    String whyUnknown(String name) {
        if (functions.contains(name)) {
            return "'" + name + "' is a function, not a variable";
        }
        if (beingDefined.contains(name)) {
            return ownDefinition(name);
        }
        String reason = unavailable.get(name);
        if (reason != null) {
            return reason;
        }
        SourcePos def = definedLater.get(name);
        if (def != null) {
            return "'" + name + "' is used before its definition at " + def;
        }
        return null;
    }
}
