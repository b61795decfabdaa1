package org.stag.engine.loopir;

/** A static level's cursor whose state is one position variable, advanced by {@code step}. */
class SimpleCursor implements LevelCode.Cursor {
    private final Ex valid;
    private final Ex crd;
    private final Ex pos;
    private final Ex step;

    SimpleCursor(Ex valid, Ex crd, Ex pos, Ex step) {
        this.valid = valid;
        this.crd = crd;
        this.pos = pos;
        this.step = step;
    }

    @Override
    public Ex valid() {
        return valid;
    }

    @Override
    public Ex crd() {
        return crd;
    }

    @Override
    public Ex pos() {
        return pos;
    }

    @Override
    public Ex val() {
        throw new UnsupportedOperationException("static levels hold positions");
    }

    @Override
    public void advance(Block out) {
        out.eval(step);
    }
}
