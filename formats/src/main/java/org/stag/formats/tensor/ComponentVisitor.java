package org.stag.formats.tensor;

/** Receives the stored components of a tensor; the cursor passed is the same object every time. */
@FunctionalInterface
public interface ComponentVisitor {
    /** Called once per stored component, in level order; read coordinates and value from {@code c}. */
    void visit(TensorCursor c);
}
