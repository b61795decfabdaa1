package org.stag.spark.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.program.KernelExecutor;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Tensor;
import org.stag.spark.graph.GraphBlock;
import org.stag.spark.graph.PartitionedGraph;

/**
 * Runs a program's kernels that read the partitioned graph in its partitions: one Spark job per kernel run, one
 * task per row block, the block's tensors cached in the executors across iterations. The program itself (its star
 * loops, stop conditions, FormatRules, scalars and every kernel over vertex vectors) runs on the driver as in a
 * single JVM; {@code A}, {@code AT} and {@code W} are bound there as the graph's stand-ins. A kernel's shape
 * ({@link KernelShape}) says how the blocks' results combine; the driver's vectors travel as {@link Shipping} says.
 * A sparse matrix computed row by row from the blocks (CDLP's votes, LCC's neighbourhoods) stays in the
 * partitions as a cached RDD of its own, with a stand-in on the driver. Not thread-safe: one program at a time.
 */
public final class SparkKernels implements KernelExecutor, AutoCloseable {
    /**
     * Below this many bytes a driver's tensor travels inside the tasks instead of as a broadcast (a broadcast costs
     * a round of block-manager messages); the system property {@code stag.spark.inlineBytes} sets another bound.
     */
    static final long INLINE_BYTES = 1 << 20;

    private final JavaSparkContext sc;
    private final PartitionedGraph graph;
    private final Shipping shipping;
    private final Map<Tensor, Role> stubs = new IdentityHashMap<>();
    private final Map<Tensor, Derived> derived = new IdentityHashMap<>();
    private final Map<CompiledDefinition, Prepared> prepared = new IdentityHashMap<>();
    private final Map<String, JavaRDD<Tensor>> ghosts = new HashMap<>();
    private final Map<Role, List<int[]>> columns = new HashMap<>();
    private final SparkStats stats = new SparkStats();
    private final Shipments shipments;
    private Faults faults;

    /** A partitioned matrix a kernel left in the partitions, with the broadcasts its lineage reads. */
    private record Derived(JavaRDD<Tensor> rdd, List<Broadcast<Shipped>> broadcasts) {
        void drop() {
            rdd.unpersist(false);
            broadcasts.forEach(b -> b.unpersist(false));
        }
    }

    /** A kernel with its shape and ticket, for the slot roles it was analysed with. */
    private record Prepared(Role[] roles, KernelShape shape, KernelTicket ticket, int inPlace) {
    }

    /** Kernels over {@code graph}'s blocks, in {@code sc}. */
    public SparkKernels(JavaSparkContext sc, PartitionedGraph graph, Shipping shipping) {
        this.sc = sc;
        this.graph = graph;
        this.shipping = shipping;
        // Read at each run, so that one JVM can compare settings side by side.
        this.shipments = new Shipments(sc, Long.getLong("stag.spark.inlineBytes", INLINE_BYTES),
                !"false".equals(System.getProperty("stag.spark.deltas")), stats);
        stubs.put(graph.standIn().a(), Role.A);
        stubs.put(graph.standIn().w(), Role.W);
        stubs.putIfAbsent(graph.atStandIn(), Role.AT);
    }

    /** Injects {@code f} (tests of fault tolerance); null for none. */
    public SparkKernels faults(Faults f) {
        this.faults = f;
        return this;
    }

    /** What has been sent to the partitions so far. */
    public SparkStats stats() {
        return stats;
    }

    @Override
    public boolean holds(Tensor t) {
        return stubs.containsKey(t) || derived.containsKey(t);
    }

    @Override
    public Tensor run(CompiledDefinition k, Frame f, Tensor reuse) {
        long t0 = System.nanoTime();
        Role[] roles = new Role[f.tensors.length];
        for (int s = 0; s < roles.length; s++) {
            Role r = stubs.get(f.tensors[s]);
            roles[s] = r != null ? r : derived.containsKey(f.tensors[s]) ? Role.DERIVED : Role.LOCAL;
        }
        Prepared p = prepared.get(k);
        if (p == null || !java.util.Arrays.equals(p.roles, roles)) {
            KernelShape shape = KernelShape.of(k, roles);
            String self = k.request().inPlace();
            int inPlace = self == null ? -1 : k.plan().tensors().indexOf(self);
            p = new Prepared(roles, shape, KernelTicket.of(k), inPlace >= 0 && shape.roles[inPlace] == Role.LOCAL ? inPlace : -1);
            prepared.put(k, p);
        }
        KernelShape shape = p.shape;
        stats.runs++;
        // The tasks' inputs: blocks, zipped with the partitioned matrices and ghost rows the kernel reads.
        JavaRDD<TaskInput> inputs = graph.blocks().map(TaskInput::new);
        int[] index = new int[roles.length];
        int d = 0;
        int g = 0;
        for (int s = 0; s < roles.length; s++) {
            if (shape.roles[s] == Role.DERIVED) {
                index[s] = d++;
                inputs = zip(inputs, derived.get(f.tensors[s]).rdd, false);
            } else if (shape.roles[s] == Role.GHOST) {
                index[s] = g++;
                inputs = zip(inputs, ghost(f, shape, s, k), true);
            }
        }
        Shipment[] shipped = null;
        List<Broadcast<Shipped>> owned = shape.result == KernelShape.Result.MATRIX ? new ArrayList<>() : null;
        if (shipping == Shipping.BROADCAST || !anyLocal(shape)) {
            shipped = new Shipment[roles.length];
            for (int s = 0; s < roles.length; s++) {
                if (shape.roles[s] == Role.LOCAL) {
                    shipped[s] = shipments.ship(k, s, f.tensors[s], graph.rows().count(), owned);
                }
            }
        } else {
            inputs = zipPayload(inputs, payloads(f, shape));
        }
        stats.shipNanos += System.nanoTime() - t0;
        KernelTask task = new KernelTask(p.ticket, shape, index, shipped, f,
                Combine.identityLong(shape.op, shape.accType), Combine.identityDouble(shape.op, shape.accType), p.inPlace,
                stats.runs, faults);
        try {
            return collect(k, shape, inputs, task, f, reuse, owned);
        } catch (Exception e) {
            throw TaskFailures.unwrap(e);
        } finally {
            shipments.afterRun();
            stats.nanos += System.nanoTime() - t0;
        }
    }

    /** Runs the job and puts the blocks' results together; a matrix result stays in the partitions. */
    private Tensor collect(CompiledDefinition k, KernelShape shape, JavaRDD<TaskInput> inputs, KernelTask task, Frame f,
                           Tensor reuse, List<Broadcast<Shipped>> owned) {
        if (shape.result == KernelShape.Result.MATRIX) {
            JavaRDD<Tensor> m = inputs.map(task::compute);
            m.persist(StorageLevel.MEMORY_ONLY());
            long j0 = System.nanoTime();
            m.count();
            stats.jobNanos += System.nanoTime() - j0;
            Tensor stub = k.sparseResult(f, new CooBuffer[] {k.newEntries()}, 1, reuse);
            Derived old = reuse == null ? null : derived.remove(reuse);
            if (old != null) {
                old.drop();
            }
            derived.put(stub, new Derived(m, owned));
            return stub;
        }
        long j0 = System.nanoTime();
        List<PartResult> parts = new ArrayList<>(inputs.map(task::part).collect());
        stats.jobNanos += System.nanoTime() - j0;
        parts.sort(java.util.Comparator.comparingInt(x -> x.block));
        for (PartResult r : parts) {
            stats.resultBytes += r.bytes();
        }
        return switch (shape.result) {
            case SCALAR -> {
                Combine.scalar(shape, parts, f);
                yield null;
            }
            case DENSE -> Combine.dense(k, shape, parts, f, reuse);
            case SPARSE_VECTOR -> Combine.sparse(k, shape, parts, f, reuse);
            case MATRIX -> throw new IllegalStateException();
        };
    }

    private static boolean anyLocal(KernelShape shape) {
        for (Role r : shape.roles) {
            if (r == Role.LOCAL) {
                return true;
            }
        }
        return false;
    }

    /** Per block, the entries of each local tensor it needs ({@link Shipping#NEEDED}). */
    private List<Shipped[]> payloads(Frame f, KernelShape shape) {
        int p = graph.rows().count();
        List<Shipped[]> out = new ArrayList<>();
        for (int b = 0; b < p; b++) {
            Shipped[] ship = new Shipped[shape.roles.length];
            for (int s = 0; s < ship.length; s++) {
                if (shape.roles[s] != Role.LOCAL) {
                    continue;
                }
                Tensor t = f.tensors[s];
                ship[s] = switch (shape.needs[s]) {
                    case SLICE -> Shipped.of(t, null, graph.rows().lo(b), graph.rows().hi(b));
                    case COLUMNS -> Shipped.dense(t) ? Shipped.of(t, columns(shape, s, b), 0, Integer.MAX_VALUE)
                            : Shipped.of(t);
                    case WHOLE -> Shipped.of(t);
                };
                stats.shippedBytes += ship[s].bytes();
            }
            out.add(ship);
        }
        return out;
    }

    /** The columns of block {@code b}'s rows of every matrix whose columns slot {@code s} is read at, ascending. */
    private int[] columns(KernelShape shape, int s, int b) {
        int[] out = new int[0];
        for (int src : shape.columnsOf[s]) {
            int[] c = columns(shape.roles[src]).get(b);
            out = out.length == 0 ? c : java.util.stream.IntStream.concat(java.util.Arrays.stream(out),
                    java.util.Arrays.stream(c)).distinct().sorted().toArray();
        }
        return out;
    }

    /** The distinct columns of every block's rows of the graph tensor in {@code role}, fetched once. */
    private List<int[]> columns(Role role) {
        boolean in = role == Role.AT;
        return columns.computeIfAbsent(in ? Role.AT : Role.A, r -> graph.blocks().map(b -> b.columns(in)).collect());
    }

    /** The ghost rows slot {@code s} reads, shuffled in once per source matrix and kept while it lives. */
    private JavaRDD<Tensor> ghost(Frame f, KernelShape shape, int s, CompiledDefinition k) {
        int src = shape.ghostSource[s];
        Role target = shape.roles[s] == Role.GHOST ? stubs.get(f.tensors[s]) : shape.roles[s];
        if (target == null) {
            throw new UnsupportedOperationException("cannot read other rows of " + k.plan().tensors().get(s)
                    + " than the block's: it is not a graph tensor");
        }
        Role sourceRole = shape.roles[src];
        JavaRDD<Tensor> sourceRdd = sourceRole == Role.DERIVED ? derived.get(f.tensors[src]).rdd : null;
        String key = System.identityHashCode(f.tensors[src]) + "/" + sourceRole + "/" + target;
        return ghosts.computeIfAbsent(key, x -> GhostRows.build(graph, sourceRdd, sourceRole, target));
    }

    private static JavaRDD<TaskInput> zip(JavaRDD<TaskInput> in, JavaRDD<Tensor> other, boolean ghost) {
        return in.zipPartitions(other, (a, b) -> {
            List<TaskInput> out = new ArrayList<>(1);
            while (a.hasNext()) {
                TaskInput t = a.next();
                (ghost ? t.ghosts : t.derived).add(b.next());
                out.add(t);
            }
            return out.iterator();
        });
    }

    private JavaRDD<TaskInput> zipPayload(JavaRDD<TaskInput> in, List<Shipped[]> payloads) {
        JavaRDD<Shipped[]> p = sc.parallelize(payloads, payloads.size());
        return in.zipPartitions(p, (a, b) -> {
            List<TaskInput> out = new ArrayList<>(1);
            while (a.hasNext()) {
                TaskInput t = a.next();
                t.payload = b.next();
                out.add(t);
            }
            return out.iterator();
        });
    }

    /** Frees what the kernels left in the executors (partitioned matrices, ghost rows); the graph stays. */
    @Override
    public void close() {
        shipments.close();
        derived.values().forEach(Derived::drop);
        derived.clear();
        ghosts.values().forEach(r -> r.unpersist(false));
        ghosts.clear();
    }

    /** The graph the kernels read. */
    public PartitionedGraph graph() {
        return graph;
    }

    /** A block's tensor for {@code role} (for ghost rows). */
    static Tensor of(GraphBlock b, Role role) {
        return switch (role) {
            case A -> b.a();
            case AT -> b.at();
            case W -> b.w();
            default -> throw new IllegalArgumentException(role.toString());
        };
    }
}
