package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.newObject;
import static org.stag.engine.loopir.Exprs.nil;
import static org.stag.engine.loopir.Exprs.staticField;
import static org.stag.engine.loopir.Exprs.shl;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;
import static org.stag.engine.loopir.schema.SchemaTypes.ARENA;
import static org.stag.engine.loopir.schema.SchemaTypes.DYNAMIC_LEVEL;
import static org.stag.engine.loopir.schema.SchemaTypes.LAYOUT;
import static org.stag.engine.loopir.schema.SchemaTypes.NODE_ORDER;
import static org.stag.engine.loopir.schema.SchemaTypes.NODE_POOL;
import static org.stag.engine.loopir.schema.SchemaTypes.NODE_STORE;
import static org.stag.engine.loopir.schema.SchemaTypes.wsInts;

import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;

/**
 * The arrays of a dynamic level in generated code ({@link SchemaModel}): declared once per run, and loaded per
 * shard when a parent of another shard is entered.
 */
final class ShardArrays {
    private ShardArrays() {
    }

    /**
     * Declares the level, its roots, every array a traversal reads (loaded per shard by {@link #enter}) and
     * the stacks (see the class comment).
     */
    static void unpack(SchemaModel m, Block out, Ex level) {
        String p = m.p;
        String what = switch (m.mode) {
            case DOUBLE -> "values";
            case POSITION -> "positions";
            case NONE -> "coordinates only";
        };
        out.comment(p + ": dynamic level " + m.schema.name() + " (" + what + ")");
        Ex lvl = local(p + "_lvl", DYNAMIC_LEVEL);
        out.var(DYNAMIC_LEVEL, p + "_lvl", cast(DYNAMIC_LEVEL, level));
        JavaType.Ref modes = JavaType.ref("org.stag.formats.dynamic.ValueMode");
        out.ifThen(ne(call(lvl, "mode", modes), staticField(modes, m.mode.name(), modes))).raise(newObject(
                JavaType.ref("IllegalStateException"), str(p + ": level " + m.schema.name() + " was compiled for " + what)));
        out.var(INTS, p + "_roots", call(lvl, "roots", INTS));
        // The arrays are those of one shard at a time: declared empty here, (re)loaded by enter().
        out.var(INT, p + "_bits", call(lvl, "shardBits", INT));
        out.var(INT, p + "_shard", lit(-1));
        out.var(NODE_STORE, p + "_store", nil(NODE_STORE));
        for (SchemaModel.TypeInfo ti : m.types.values()) {
            if (ti.fields.isEmpty()) {
                continue;
            }
            out.var(NODE_POOL, ti.pool, nil(NODE_POOL));
            for (SchemaModel.FieldInfo f : ti.fields.values()) {
                out.var(INTS, f.arr(), nil(INTS));
                if (f.carried() != null) {
                    out.var(m.carriedType().array(), f.carried(), nil(m.carriedType().array()));
                }
            }
        }
        if (m.coded) {
            out.var(ARENA, p + "_arena", nil(ARENA));
            out.var(JavaType.BYTES, p + "_abytes", nil(JavaType.BYTES));
        } else if (m.arena) {
            out.var(ARENA, p + "_arena", nil(ARENA));
            out.var(INTS, p + "_acrd", nil(INTS));
            if (m.carries) {
                out.var(m.carriedType().array(), p + (m.doubles ? "_aval" : "_apos"), nil(m.carriedType().array()));
            }
        }
        if (m.order != null) {
            out.var(NODE_ORDER, p + "_order", nil(NODE_ORDER));
            out.var(INTS, p + "_ostart", nil(INTS));
            out.var(INTS, p + "_onodes", nil(INTS));
            out.var(INT, p + "_obase", lit(0));
            if (m.rootRun != null) {
                out.var(INTS, p + "_orows", nil(INTS));
            }
            if (m.headTriples()) {
                out.var(INTS, p + "_oheads", nil(INTS));
            }
        }
        if (m.dfsStack) {
            out.var(INTS, p + "_stk", wsInts(p + "_stk"));
            if (m.kinds.size() > 1) {
                out.var(INTS, p + "_kstk", wsInts(p + "_kstk"));
            }
        }
        if (m.machineStack) {
            out.var(INTS, p + "_hs", wsInts(p + "_hs"));
            out.var(INTS, p + "_ps", wsInts(p + "_ps"));
            if (m.machineIndexStack) {
                out.var(INTS, p + "_is", wsInts(p + "_is"));
            }
        }
    }

    /**
     * Code run before entering parent {@code parent}'s structure (an int expression without side effects):
     * when the parent lives in another shard than the one whose arrays are loaded, loads that shard's. One
     * compare per parent entered; a loop over the parents of one shard loads once.
     */
    static void enter(SchemaModel m, Block out, Ex parent) {
        String p = m.p;
        Ex shard = ushr(parent, m.own("bits"));
        Ex store = local(p + "_store", NODE_STORE);
        Block b = out.ifThen(ne(shard, m.own("shard")));
        b.assign(m.own("shard"), shard);
        b.assign(store, call(local(p + "_lvl", DYNAMIC_LEVEL), "store", NODE_STORE, m.own("shard")));
        for (SchemaModel.TypeInfo ti : m.types.values()) {
            if (ti.fields.isEmpty()) {
                continue;
            }
            Ex pool = local(ti.pool, NODE_POOL);
            b.assign(pool, call(store, "pool", NODE_POOL, str(ti.type.name())));
            for (SchemaModel.FieldInfo f : ti.fields.values()) {
                Ex layout = call(pool, "layout", LAYOUT, str(f.field().name()));
                b.assign(SchemaModel.arr(f), call(pool, "ints", INTS, layout));
                if (f.carried() != null) {
                    b.assign(local(f.carried(), m.carriedType().array()), call(pool, m.doubles ? "values" : "positions",
                            m.carriedType().array(), layout));
                }
            }
        }
        if (m.order != null) {
            // The shard's in-order node index: made by the first visit after the shard changed, then shared.
            Ex order = local(p + "_order", NODE_ORDER);
            b.assign(order, call(local(p + "_lvl", DYNAMIC_LEVEL), "nodeOrder", NODE_ORDER, m.own("shard")));
            b.assign(m.ownInts("ostart"), call(order, "start", INTS));
            b.assign(m.ownInts("onodes"), call(order, "nodes", INTS));
            b.assign(m.own("obase"), shl(m.own("shard"), m.own("bits")));
            if (m.rootRun != null) {
                b.assign(m.ownInts("orows"), call(order, "rows", INTS));
            }
            if (m.headTriples()) {
                b.assign(m.ownInts("oheads"), call(order, "heads", INTS));
            }
        }
        if (m.coded) {
            Ex ar = local(p + "_arena", ARENA);
            b.assign(ar, call(store, "arena", ARENA));
            b.assign(m.ownBytes(), call(ar, "bytes", JavaType.BYTES));
        } else if (m.arena) {
            Ex ar = local(p + "_arena", ARENA);
            b.assign(ar, call(store, "arena", ARENA));
            b.assign(m.ownInts("acrd"), call(ar, "crd", INTS));
            if (m.carries) {
                b.assign(local(p + (m.doubles ? "_aval" : "_apos"), m.carriedType().array()), call(ar, m.doubles ? "val" : "pos",
                        m.carriedType().array()));
            }
        }
    }
}
