package dev.kafkaperfgate.internal.trogdor.fault;

import dev.kafkaperfgate.internal.trogdor.TrogdorCoordinator;
import dev.kafkaperfgate.internal.trogdor.TrogdorUnavailableException;
import dev.kafkaperfgate.internal.workload.fault.TimedFault;

import java.time.Duration;

/**
 * A fault task handed to Trogdor's coordinator, as a timed fault's carrier reports on it: done
 * (with its error, if any), what it says now, and stopped on request. Trogdor's stop of a fault
 * task ends the fault (SIGCONT, the DROP rules removed); a task already done stays as it was.
 */
final class TrogdorTask implements TimedFault.Scheduled {

    private static final Duration POLL = Duration.ofMillis(200);

    private final TrogdorCoordinator coordinator;
    private final String id;
    private final String what;

    /** @param what the fault, for messages: "Trogdor's ProcessStopFault on agent-1" */
    TrogdorTask(TrogdorCoordinator coordinator, String id, String what) {
        this.coordinator = coordinator;
        this.id = id;
        this.what = what;
    }

    @Override
    public void awaitDone(Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (true) {
            TrogdorCoordinator.Task task = coordinator.task(id);
            if (task.done()) {
                if (!task.error().isEmpty()) {
                    throw new TrogdorUnavailableException(what + " (task " + id + ") failed: " + task.error());
                }
                return;
            }
            if (System.nanoTime() >= deadline) {
                throw new TrogdorUnavailableException(what + " (task " + id + ") was not done " + bound.toSeconds()
                        + " s after the fault's end (state " + task.state() + ")");
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TrogdorUnavailableException("interrupted while waiting for " + what + " (task " + id + ")", e);
            }
        }
    }

    @Override
    public String describe() {
        try {
            TrogdorCoordinator.Task task = coordinator.task(id);
            return "task " + id + " " + task.state() + (task.status().isTextual() ? ": " + task.status().asText() : "")
                    + (task.error().isEmpty() ? "" : ", error " + task.error());
        } catch (TrogdorUnavailableException e) {
            return "task " + id + ": " + e.getMessage();
        }
    }

    @Override
    public void close() {
        coordinator.stop(id);
    }
}
