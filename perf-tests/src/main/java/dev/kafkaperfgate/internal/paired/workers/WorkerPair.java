package dev.kafkaperfgate.internal.paired.workers;

import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.environment.SideUsers;

import java.io.PrintStream;

/**
 * The base's and the head's worker JVMs, which can be replaced by fresh ones.
 *
 * <p>Why fresh ones: two JVMs running the same code on the same machine do not run it alike.
 * The JIT's inlining and escape-analysis decisions, and so throughput, CPU and allocation per
 * record, differ by a few percent from one JVM start to the next and then stay put (JMH forks for
 * this reason). Measured here on an A/A run with the broker and both workers pinned, where the
 * blocks barely vary, the same build on both sides differed by −2.3% to +5.0% in throughput and
 * −3.7% to −1.5% in allocation per record, significantly, with no change at all. Blocks within
 * one pair of JVMs cannot see that offset, so the confirmation of a flagged regression is measured
 * on a new pair: a real regression is in every JVM, an unlucky pair of JVMs is not.
 *
 * <pre>{@code
 * try (WorkerPair workers = WorkerPair.start(baseClasspath, headClasspath, JvmFlags.of(Defaults.WORKER_JVM_FLAGS), null, System.out)) {
 *     workers.base().call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN);
 *     workers.restart();   // new JVMs for both sides, cold: the next scenario takes the full warm-up
 * }
 * }</pre>
 */
public final class WorkerPair implements AutoCloseable {

    private final String baseClasspath;
    private final String headClasspath;
    private final JvmFlags jvmFlags;
    private final CpuSet cpus;
    private final SideUsers users;
    private final PrintStream console;
    private WorkerProcess base;
    private WorkerProcess head;
    /** How many times both JVMs were started: 1 for the first pair. */
    private int generation;

    private WorkerPair(String baseClasspath, String headClasspath, JvmFlags jvmFlags, CpuSet cpus, SideUsers users, PrintStream console) {
        this.baseClasspath = baseClasspath;
        this.headClasspath = headClasspath;
        this.jvmFlags = jvmFlags;
        this.cpus = cpus;
        this.users = users;
        this.console = console;
    }

    /**
     * @param cpus the CPUs both workers run on ({@code perf.client.cpus}), or {@code null} for any
     * @throws WorkerException when a JVM cannot be started; none is left running
     */
    public static WorkerPair start(String baseClasspath, String headClasspath, JvmFlags jvmFlags, CpuSet cpus, PrintStream console) {
        return start(baseClasspath, headClasspath, jvmFlags, cpus, SideUsers.none(), console);
    }

    /**
     * @param users the users the sides' JVMs run as ({@link SideUsers#none()}: this JVM's own)
     * @throws WorkerException when a JVM cannot be started; none is left running
     */
    public static WorkerPair start(String baseClasspath, String headClasspath, JvmFlags jvmFlags, CpuSet cpus, SideUsers users,
                                   PrintStream console) {
        WorkerPair pair = new WorkerPair(baseClasspath, headClasspath, jvmFlags, cpus, users, console);
        pair.startBoth();
        return pair;
    }

    /** The base's test classpath, as its worker runs it. */
    public String baseClasspath() {
        return baseClasspath;
    }

    /** The head's test classpath, as its worker runs it. */
    public String headClasspath() {
        return headClasspath;
    }

    public WorkerProcess base() {
        return base;
    }

    public WorkerProcess head() {
        return head;
    }

    public WorkerProcess of(Side side) {
        return side == Side.BASE ? base : head;
    }

    /** 1 for the JVMs started first, one more for each {@link #restart()}. */
    public int generation() {
        return generation;
    }

    /** Stops both workers and starts new JVMs on the same classpaths. */
    public void restart() {
        close();
        startBoth();
        console.println("[kafka-perf-gate] paired: fresh worker JVMs for both sides (pair " + generation + ")");
    }

    private void startBoth() {
        base = WorkerProcess.start(Side.BASE, baseClasspath, jvmFlags, cpus, users, console);
        try {
            head = WorkerProcess.start(Side.HEAD, headClasspath, jvmFlags, cpus, users, console);
        } catch (RuntimeException e) {
            base.close();
            throw e;
        }
        generation++;
    }

    @Override
    public void close() {
        try {
            if (head != null) {
                head.close();
            }
        } finally {
            if (base != null) {
                base.close();
            }
        }
    }
}
