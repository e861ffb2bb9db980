package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;

/** Run in a forked JVM by the tests: starts a process broker, says where it is, and waits to be killed. */
public final class OrphanedBrokerMain {

    private OrphanedBrokerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcessBroker broker = ProcessBroker.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS), "test");
        System.out.println("broker-pid=" + broker.pid() + " data-dir=" + broker.dataDir());
        System.out.flush();
        Thread.sleep(120_000);
    }
}
