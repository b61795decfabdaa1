package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.List;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;

/**
 * A kernel cannot read an operand with a slot level (DIA, ELL) level by level and needs it converted first
 * ([Chou 2018] §4.3's iterator conversion, as a stage before the kernel): where the operand does not drive the loops
 * below its slot level, the slot's index cannot be summed away ({@link SlotLevels}), as in {@code A + B}. The compiler
 * then compiles the kernel for the operand in {@link #target}'s format, and the run converts it before the loops.
 */
public final class IteratorConversion extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String operand;

    /** Operand {@code operand} needs converting, for {@code reason}. */
    public IteratorConversion(String operand, String reason) {
        super(operand + ": " + reason, null, false, false);
        this.operand = operand;
    }

    /** The tensor to convert. */
    public String operand() {
        return operand;
    }

    /**
     * The format {@code f} is converted into for a kernel that cannot read its slot level: the slot level dropped, a
     * range level dense, an offset and a singleton compressed, the other levels and the mode order kept. DIA and ELL
     * become CSR.
     */
    public static Format target(Format f) {
        List<LevelFormat> levels = new ArrayList<>();
        for (int k = f.slots(); k < f.depth(); k++) {
            LevelFormat l = f.level(k);
            if (l instanceof StaticLevelFormat s && s.type() == LevelType.RANGE) {
                levels.add(StaticLevelFormat.DENSE);
            } else if (l instanceof StaticLevelFormat s && (s.type() == LevelType.OFFSET || s.type() == LevelType.SINGLETON)) {
                levels.add(StaticLevelFormat.COMPRESSED);
            } else {
                levels.add(l);
            }
        }
        return new Format(levels, f.modeOrder());
    }
}
