package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Definition;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceCases;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

class SmokeTest {
    @Test
    void everyKernelOnDefaultFormats() {
        DefinitionCompiler dc = new DefinitionCompiler();
        StringBuilder fails = new StringBuilder();
        for (ReferenceCases.Case c : ReferenceCases.cases(42, 3)) {
            CheckedProgram p = c.kernel().check(Map.of());
            Definition d = (Definition) p.main().decl().body().get(0);
            Map<String, Format> formats = new HashMap<>();
            Map<String, Object> bind = new HashMap<>(c.parameters());
            for (ReferenceCases.Operand o : c.kernel().operands()) {
                List<String> lv = new java.util.ArrayList<>();
                for (int k = 0; k < o.sizes().size(); k++) {
                    lv.add(k == o.sizes().size() - 1 && o.density() < 1 ? "compressed" : "dense");
                }
                Format f = FormatParser.parse(String.join(",", lv));
                formats.put(o.name(), f);
                bind.put(o.name(), Tensors.store(c.inputs().get(o.name()), f));
            }
            org.stag.engine.check.Symbol target = p.definition(d).target();
            if (target.isTensor()) {
                formats.put("out", FormatParser.parse(String.join(",", target.tensor().levels())));
            }
            try {
                Object r = dc.compile(p, d, formats, Map.of()).run(bind, 1);
                Object actual = r instanceof Tensor t ? Tensors.read(t, target.type().elem(),
                        ((RefTensor) c.expected()).fill()) : r;
                if (!c.matches(actual)) {
                    fails.append(c).append(": expected ").append(c.expected()).append(" got ").append(actual).append('\n');
                }
            } catch (RuntimeException e) {
                fails.append(c).append(": ").append(e).append('\n');
            }
        }
        assertTrue(fails.length() == 0, fails.toString());
    }
}
