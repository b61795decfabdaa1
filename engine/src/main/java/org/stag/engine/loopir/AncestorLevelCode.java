package org.stag.engine.loopir;

import java.util.function.Consumer;
import org.stag.formats.level.StaticLevelFormat;

/**
 * What DIA's range and offset level codes share: ordered, neither full nor holding values, and read only under a
 * {@link LevelCode.Parent}, whose ancestors' coordinates (the diagonal, the row) their bounds and columns are
 * computed from; a bare parent position is refused.
 */
abstract class AncestorLevelCode implements LevelCode {
    final StaticLevelFormat format;
    final String p;

    AncestorLevelCode(StaticLevelFormat format, String prefix) {
        this.format = format;
        this.p = prefix;
    }

    @Override
    public final String prefix() {
        return p;
    }

    @Override
    public final StaticLevelFormat format() {
        return format;
    }

    @Override
    public final boolean ordered() {
        return true;
    }

    @Override
    public final boolean full() {
        return false;
    }

    @Override
    public final boolean holdsValues() {
        return false;
    }

    private IllegalStateException needsAncestors() {
        return new IllegalStateException(p + ": a " + format.name() + " level reads its ancestors' coordinates (Parent)");
    }

    @Override
    public final void iterate(Block out, Ex parent, Binding b, boolean inOrder, String label, Consumer<Block> body) {
        throw needsAncestors();
    }

    @Override
    public final Cursor cursor(Block out, Ex parent, String name) {
        throw needsAncestors();
    }

    @Override
    public final void locate(Block out, Ex parent, Ex crd, Binding b) {
        throw needsAncestors();
    }
}
