package org.stag.engine.loopir.schema;

import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.Exprs;
import org.stag.engine.loopir.JavaType;

/** The reference types and the workspace that the code of dynamic levels names. */
final class SchemaTypes {
    private SchemaTypes() {
    }

    static final JavaType.Ref DYNAMIC_LEVEL = JavaType.ref("org.stag.formats.level.DynamicLevel");
    static final JavaType.Ref NODE_STORE = JavaType.ref("org.stag.formats.dynamic.NodeStore");
    static final JavaType.Ref NODE_POOL = JavaType.ref("org.stag.formats.dynamic.NodePool");
    static final JavaType.Ref NODE_ORDER = JavaType.ref("org.stag.formats.dynamic.NodeOrder");
    static final JavaType.Ref LAYOUT = JavaType.ref("org.stag.formats.dynamic.FieldLayout");
    static final JavaType.Ref ARENA = JavaType.ref("org.stag.formats.dynamic.ChunkArena");
    static final JavaType.Ref MATH = JavaType.ref("Math");
    static final JavaType.Ref ARRAYS = JavaType.ref("java.util.Arrays");
    static final JavaType.Ref SORTS = JavaType.ref("org.stag.engine.kernellib.Sorts");
    /** {@code ws}, the workspace in scope where a level is unpacked and visited. */
    static final Ex WS = Exprs.local("ws", JavaType.ref("org.stag.engine.kernellib.Workspace"));

    /** {@code ws.ints("name", 64)}: an int stack kept by the workspace. */
    static Ex wsInts(String name) {
        return Exprs.call(WS, "ints", JavaType.INTS, Exprs.str(name), Exprs.lit(64));
    }
}
