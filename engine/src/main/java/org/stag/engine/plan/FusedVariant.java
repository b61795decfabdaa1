package org.stag.engine.plan;

import java.util.List;
import java.util.Map;
import org.stag.engine.front.Definition;
import org.stag.formats.tensor.Format;

/**
 * Consecutive definitions run as one fused pass, over the declared formats of what they read and define.
 *
 * @param function    the function the definitions are in
 * @param definitions the group, in order
 * @param formats     the declared format of every tensor read or defined
 */
public record FusedVariant(String function, List<Definition> definitions, Map<String, Format> formats) {
    public FusedVariant {
        definitions = List.copyOf(definitions);
        formats = Map.copyOf(formats);
    }
}
