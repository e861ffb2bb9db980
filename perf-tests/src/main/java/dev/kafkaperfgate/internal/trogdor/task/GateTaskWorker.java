package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.ExternalBroker;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.consume.ConsumeWorkload;
import dev.kafkaperfgate.internal.workload.endtoend.EndToEndWorkload;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.apache.kafka.trogdor.common.Platform;
import org.apache.kafka.trogdor.task.TaskWorker;
import org.apache.kafka.trogdor.task.WorkerStatusTracker;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Runs one agent's share ({@link AgentTask}) on the agent: the gate's produce workload, its
 * end-to-end workload (the producer and a consumer reading the agent's own topic back, as Trogdor's
 * RoundTripWorkload does, timed by the agent's one clock), or reads of a pre-loaded topic by its
 * consume workload, in a thread of its own. While it runs, the task's status is its latest console line (the
 * coordinator shows it, the gate prints it as progress); when it ends, the status is the run's
 * figures ({@link AgentFigures}) and the task is done, or the task fails with the workload's message.
 */
public final class GateTaskWorker implements TaskWorker {

    private static final long STOP_WAIT_SECONDS = 30;

    private final String id;
    private final AgentTask task;
    private Thread thread;

    GateTaskWorker(String id, AgentTask task) {
        this.id = id;
        this.task = task;
    }

    @Override
    public void start(Platform platform, WorkerStatusTracker status, KafkaFutureImpl<String> haltFuture) {
        PrintStream console = new PrintStream(new StatusLines(status, System.out), true, StandardCharsets.UTF_8);
        thread = new Thread(() -> {
            KafkaBroker cluster = ExternalBroker.startedElsewhere(task.bootstrapServers(), "the cluster of trogdor task " + id);
            try {
                TrogdorStatus.update(status, switch (task.workload()) {
                    case END_TO_END -> AgentFigures.toStatus(new EndToEndWorkload(cluster, console, NanoClock.SYSTEM, null,
                            InjectedCost.NONE).run(task.share(), task.consumer(), task.topic()));
                    // Every agent reads the whole topic: a group of its own per agent and per task, never one another's.
                    case CONSUME -> AgentReads.toStatus(new ConsumeWorkload(cluster, console, NanoClock.SYSTEM, null, InjectedCost.NONE)
                            .withGroupPrefix(task.topic() + "-" + id).read(task.share(), task.consumer(), task.topic(),
                                    task.share().recordsPerTrial(), 0));
                    default -> AgentFigures.toStatus(new ProduceWorkload(cluster, console).run(task.share(), task.topic()));
                });
                haltFuture.complete("");
            } catch (RuntimeException | Error e) {
                haltFuture.complete(task.node() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            }
        }, "kpg-trogdor-" + id);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void stop(Platform platform) throws InterruptedException {
        if (thread != null && thread.isAlive()) {
            // Trogdor stops a task at its end time or on request: the producer's close follows the interrupt.
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(STOP_WAIT_SECONDS));
        }
    }

    /** Copies the workload's console to the agent's own output, and each whole line into the task's status. */
    private static final class StatusLines extends OutputStream {

        private final WorkerStatusTracker status;
        private final PrintStream out;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        StatusLines(WorkerStatusTracker status, PrintStream out) {
            this.status = status;
            this.out = out;
        }

        @Override
        public synchronized void write(int b) {
            out.write(b);
            if (b == '\n') {
                ObjectNode node = JsonNodeFactory.instance.objectNode();
                node.put("done", false);
                node.put("line", line.toString(StandardCharsets.UTF_8).strip());
                TrogdorStatus.update(status, node);
                line.reset();
            } else {
                line.write(b);
            }
        }

        @Override
        public void flush() {
            out.flush();
        }
    }
}
