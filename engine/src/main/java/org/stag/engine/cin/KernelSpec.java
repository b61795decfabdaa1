package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.ops.Constant;
import org.stag.engine.check.DefinitionInfo;
import org.stag.engine.check.Symbol;
import org.stag.engine.check.VarType;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Reduction;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;
import org.stag.formats.tensor.Format;

/**
 * One definition specialised to the formats of its tensors, the environment of its concrete index notation
 * ({@link Concretize} builds the statement tree from it): the target, the right-hand side as a typed
 * {@link IndexExpr} (a decided uniform {@code ifelse}, the same for the whole definition, decided per run and
 * compiled per value, is its taken branch), every tensor access with the index of each of its levels (in the
 * format's level order), the reductions grouped into accumulators with typed initial values, and the scalars
 * the kernel reads. The passes' decisions are not here: they rewrite the tree ({@code pass.KernelPasses}).
 */
public final class KernelSpec {
    /**
     * A tensor the kernel reads: its name, format, element type, fill value and sizes as written, and how its
     * values are read.
     */
    public record Operand(String name, Format format, ScalarType elem, Constant fill, List<String> sizes, ValueRead read) {
    }

    /**
     * One read {@code A[i][j]} ({@link IndexExpr.Read}): {@code levelIndex.get(k)} is the typed index expression of
     * level {@code k} and {@code levelVar.get(k)} its index variable, or null when the coordinate is computed.
     */
    public record Access(int id, Operand tensor, List<IndexExpr> levelIndex, List<String> levelVar) {
        /** Copies the lists (a level variable may be null). */
        public Access {
            levelIndex = List.copyOf(levelIndex);
            levelVar = Collections.unmodifiableList(new ArrayList<>(levelVar));
        }

        /** Number of levels. */
        public int levels() {
            return levelIndex.size();
        }
    }

    /**
     * Reductions that share one accumulator: consecutive reductions with the same operator where every inner
     * one starts from the operator's identity, so their loops may be ordered freely among themselves.
     *
     * @param level 0 for the innermost group
     * @param vars  the reduced index variables, innermost reduction first
     */
    public record Group(int level, Operator op, IndexExpr init, ScalarType type, List<String> vars) {
    }

    private final CheckedProgram program;
    private final Definition definition;
    private final DefinitionInfo info;
    private final Symbol target;
    private final Format targetFormat;
    private final Map<String, Operand> operands = new LinkedHashMap<>();
    private final List<Access> accesses = new ArrayList<>();
    private final Map<String, ScalarType> scalars = new LinkedHashMap<>();
    private final List<Group> groups = new ArrayList<>();
    private final Map<Expr.IfElse, Boolean> uniform;
    private final Map<String, Format> formats;
    private final IndexExpr rhs;
    private final List<IndexExpr> inits = new ArrayList<>();
    private final Map<Operator, IndexExpr> defBodies = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, ValueRead> reads;
    /** The index of each slot level read (DIA's diagonals, ELL's slots), with its extent ({@link #isSlotExtent}). */
    private final Map<String, String> slotVars = new LinkedHashMap<>();
    /** The accesses' extents and the slot levels' ({@link #extents}). */
    private final Map<String, String> extents = new LinkedHashMap<>();

    /**
     * @param formats the format of every tensor the definition reads and of its target (by name)
     * @param uniform the value of each index-free {@code ifelse} condition ({@link #uniformConditions})
     */
    public KernelSpec(CheckedProgram program, Definition d, Map<String, Format> formats, Map<Expr.IfElse, Boolean> uniform) {
        this(program, d, formats, Map.of(), uniform);
    }

    /**
     * @param formats the format of every tensor the definition reads and of its target (by name)
     * @param reads   how the values of a tensor read are read, by name; {@link ValueRead#declared} for a name
     *                not in it
     * @param uniform the value of each index-free {@code ifelse} condition ({@link #uniformConditions})
     */
    public KernelSpec(CheckedProgram program, Definition d, Map<String, Format> formats, Map<String, ValueRead> reads,
                      Map<Expr.IfElse, Boolean> uniform) {
        this.reads = reads;
        this.program = program;
        this.definition = d;
        this.info = program.definition(d);
        this.target = info.target();
        this.uniform = new IdentityHashMap<>(uniform);
        this.targetFormat = target.isTensor() ? formatOf(formats, target.name(), target.tensor()) : null;
        this.formats = formats;
        ExprBuilder builder = new ExprBuilder(program, this, this.uniform);
        this.rhs = builder.build(d.value());
        int slotsInValue = slotVars.size();
        for (Reduction r : d.reductions()) {
            inits.add(builder.build(r.init()));
        }
        if (slotVars.size() > slotsInValue) {
            throw new IteratorConversion(slotTensor(slotVars.keySet().stream().skip(slotsInValue).findFirst().orElseThrow()),
                    "a reduction's initial value reads a tensor with a slot level");
        }
        extents.putAll(info.extents());
        extents.putAll(slotVars);
        for (String size : info.extents().values()) {
            addSize(size);
        }
        if (target.isTensor()) {
            target.tensor().sizes().forEach(this::addSize);
        }
        buildGroups();
        SlotLevels.reduce(this, groups, slotVars.keySet());
    }

    /**
     * The index of the slot level {@code level} of access {@code access}: a name no program can spell, reduced with
     * the innermost reduction ({@link SlotLevels}); its extent is the dimension the level code unpacks.
     */
    String slotVar(int access, int level) {
        String v = "$s" + access;
        slotVars.put(v, "$a" + access + "l" + level);
        return v;
    }

    /** Whether {@code v} is the index of a slot level. */
    public boolean isSlotVar(String v) {
        return slotVars.containsKey(v);
    }

    /** Whether an extent is a slot level's: {@code $aIlK}, the dimension of level K of access I. */
    public static boolean isSlotExtent(String extent) {
        return extent.charAt(0) == '$';
    }

    /** The tensor whose slot level {@code v} indexes. */
    String slotTensor(String v) {
        return accesses.get(Integer.parseInt(v.substring(2))).tensor().name();
    }

    private void addSize(String size) {
        if (!Character.isDigit(size.charAt(0))) {
            scalars.putIfAbsent(size, ScalarType.INT);
        }
    }

    private static Format formatOf(Map<String, Format> formats, String name, VarType.Tensor t) {
        Format f = formats.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no format given for tensor " + name);
        }
        if (f.order() != t.order()) {
            throw new IllegalArgumentException("tensor " + name + " has " + t.order() + " dimensions, format " + f
                    + " has " + f.order());
        }
        return f;
    }

    /** The operand named {@code name} of type {@code t}, made on its first read ({@link ExprBuilder}). */
    Operand operand(String name, VarType.Tensor t) {
        return operands.computeIfAbsent(name, n -> operand(n, formatOf(formats, n, t), t));
    }

    /** Reserves the next access id (an access takes its id before the reads in its indices). */
    int reserveAccess() {
        accesses.add(null);
        return accesses.size() - 1;
    }

    void setAccess(Access a) {
        accesses.set(a.id(), a);
    }

    void addScalar(String name, ScalarType t) {
        scalars.putIfAbsent(name, t);
    }

    private Operand operand(String name, Format f, VarType.Tensor t) {
        ValueRead r = reads.get(name);
        if (r == null) {
            r = ValueRead.declared(f, t.elem());
        } else if (r.isConstant() && r.constant().type() != t.elem()) {
            throw new IllegalArgumentException("tensor " + name + " is declared " + t + ", but its constant values are "
                    + r.constant().type().keyword());
        }
        return new Operand(name, f, t.elem(), t.fill(), t.sizes(), r);
    }

    private void buildGroups() {
        List<Reduction> rs = definition.reductions();
        Symbolic sym = new Symbolic(this, Set.of());
        int start = 0;
        while (start < rs.size()) {
            int end = start;
            Operator op = program.operator(rs.get(start).op());
            // Consecutive reductions with one operator merge into one loop group when the order of the values
            // does not matter and the inner one starts from the identity.
            while (end + 1 < rs.size() && program.operator(rs.get(end + 1).op()) == op && op.commutative()
                    && sym.eval(inits.get(end)).sameAs(Sym.identity(op, ExprTypes.accumulator(program, definition, end)))) {
                end++;
            }
            List<String> vars = new ArrayList<>();
            for (int r = start; r <= end; r++) {
                vars.add(rs.get(r).index().name());
            }
            groups.add(new Group(groups.size(), op, inits.get(end), ExprTypes.accumulator(program, definition, end), vars));
            start = end + 1;
        }
    }

    /**
     * The {@code ifelse} conditions of {@code d} that read no index variable and no tensor: the same for every
     * entry, so the runtime evaluates them once per run and the compiler specialises on their values.
     */
    public static List<Expr.IfElse> uniformConditions(CheckedProgram p, Definition d) {
        List<Expr.IfElse> out = new ArrayList<>();
        findUniform(p, d.value(), out);
        return out;
    }

    private static void findUniform(CheckedProgram p, Expr e, List<Expr.IfElse> out) {
        if (e instanceof Expr.IfElse i) {
            if (indexFree(p, i.condition())) {
                out.add(i);
            } else {
                findUniform(p, i.condition(), out);
            }
            findUniform(p, i.then(), out);
            findUniform(p, i.otherwise(), out);
        } else if (e instanceof Expr.Access a) {
            a.indices().forEach(x -> findUniform(p, x, out));
        } else if (e instanceof Expr.Unary u) {
            findUniform(p, u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            findUniform(p, b.left(), out);
            findUniform(p, b.right(), out);
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(x -> findUniform(p, x, out));
        } else if (e instanceof Expr.Convert c) {
            findUniform(p, c.value(), out);
        }
    }

    /** Whether {@code e} reads only scalar variables and literals. */
    public static boolean indexFree(CheckedProgram p, Expr e) {
        if (e instanceof Expr.Access || e instanceof Expr.OutputRef || e instanceof Expr.Fill) {
            return false;
        }
        if (e instanceof Expr.Name n) {
            return p.symbolOf(n).isPresent();
        }
        if (e instanceof Expr.Unary u) {
            return indexFree(p, u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return indexFree(p, b.left()) && indexFree(p, b.right());
        }
        if (e instanceof Expr.IfElse i) {
            return indexFree(p, i.condition()) && indexFree(p, i.then()) && indexFree(p, i.otherwise());
        }
        if (e instanceof Expr.BuiltinCall c) {
            return c.args().stream().allMatch(x -> indexFree(p, x));
        }
        if (e instanceof Expr.Convert c) {
            return indexFree(p, c.value());
        }
        return true;
    }

    public CheckedProgram program() {
        return program;
    }

    public Definition definition() {
        return definition;
    }

    public DefinitionInfo info() {
        return info;
    }

    /** The variable defined. */
    public Symbol target() {
        return target;
    }

    /** The target's format, or null for a scalar. */
    public Format targetFormat() {
        return targetFormat;
    }

    /** The target's element type (after the reductions, values are converted to it). */
    public ScalarType targetType() {
        return target.type().elem();
    }

    /** The target's fill value, or the zero of its type for a scalar. */
    public Constant targetFill() {
        return target.isTensor() ? target.tensor().fill() : Constant.zero(targetType());
    }

    /** The tensors read, by name, in order of first read. */
    public Map<String, Operand> operands() {
        return Collections.unmodifiableMap(operands);
    }

    /** Every access, in order of appearance (value first, then initial values). */
    public List<Access> accesses() {
        return Collections.unmodifiableList(accesses);
    }

    /** The right-hand side as a typed expression (decided uniform conditions replaced by their taken branch). */
    public IndexExpr rhs() {
        return rhs;
    }

    /**
     * The body of a {@code Def} operator as a typed expression, its two parameters {@link IndexExpr.ScalarVar}s
     * of their names (the lowering binds them to the arguments' code).
     */
    public IndexExpr defBody(Operator op) {
        return defBodies.computeIfAbsent(op, o -> {
            java.util.Set<String> names = new java.util.HashSet<>();
            o.def().params().forEach(x -> names.add(x.name()));
            return new ExprBuilder(program, this, Map.of(), names).build(o.def().body());
        });
    }

    /** The loop order the definition declares ({@code Ord}), outermost first, or empty when the compiler chooses. */
    public List<String> declaredOrder() {
        return info.loopOrder();
    }

    /** An error in the definition, at its position. */
    public org.stag.engine.front.ProgramException error(String message) {
        return new org.stag.engine.front.ProgramException(program.source(), definition.pos(), message);
    }

    /** The definition as written, for comments and messages. */
    public String text() {
        return org.stag.engine.front.Printer.statement(definition).trim();
    }

    /** Scalar variables and size parameters the kernel reads, with their types. */
    public Map<String, ScalarType> scalars() {
        return Collections.unmodifiableMap(scalars);
    }

    /** The reduction groups, innermost first. */
    public List<Group> groups() {
        return Collections.unmodifiableList(groups);
    }

    /** The group reducing {@code var}, or null for a free index. */
    public Group groupOf(String var) {
        for (Group g : groups) {
            if (g.vars().contains(var)) {
                return g;
            }
        }
        return null;
    }

    /** The free index variables, in target order. */
    public List<String> free() {
        return info.free();
    }

    /** All index variables with the size each ranges over (a slot level's index: {@link #isSlotExtent}). */
    public Map<String, String> extents() {
        return Collections.unmodifiableMap(extents);
    }

    /** Every index variable, free first, slot levels' last. */
    public Set<String> indexVars() {
        return new LinkedHashSet<>(extents.keySet());
    }
}
