package dev.kafkaperfgate.internal.metrics;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JVM's own accounting, split by thread: the producer's I/O thread's bytes counted apart, by its Kafka name. */
@Tag("unit")
class CostMeterTest {

    private static volatile Object sink;

    @Test
    void theProducersIoThreadsBytesAreCountedApartFromTheCallers() throws Exception {
        // Both threads must be alive at both snapshots: park them between two latches.
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(2);
        java.util.concurrent.CountDownLatch measured = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(2);
        Thread io = worker("kafka-producer-network-thread | producer-7", 8 << 20, started, go, done, measured);
        Thread caller = worker("the caller", 2 << 20, started, go, done, measured);
        started.await();
        CostMeter.Snapshot before = CostMeter.snapshot(Map.of(), CostMeter.Traffic.PRODUCER);
        go.countDown();
        done.await();
        ClientCost cost = CostMeter.between(before, CostMeter.snapshot(Map.of(), CostMeter.Traffic.PRODUCER), 1024);
        measured.countDown();
        io.join();
        caller.join();
        assertEquals(8 << 10, cost.ioAllocBytesPerRecord(), (8 << 10) * 0.02, cost.toString());
        assertTrue(cost.allocBytesPerRecord() >= cost.ioAllocBytesPerRecord() + (2 << 10) * 0.98, cost.toString());
    }

    private static Thread worker(String name, long bytes, java.util.concurrent.CountDownLatch started, java.util.concurrent.CountDownLatch go,
                                 java.util.concurrent.CountDownLatch done, java.util.concurrent.CountDownLatch measured) {
        Thread thread = new Thread(() -> {
            started.countDown();
            try {
                go.await();
                for (long spent = 0; spent < bytes; spent += 1024) {
                    sink = new byte[1024 - 16];
                }
                done.countDown();
                measured.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        thread.start();
        return thread;
    }
}
