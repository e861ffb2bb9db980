package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import org.junit.jupiter.api.Test;

import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which broker a scenario with or without a slow link gets, without starting one: brokers that only remember how they were asked for. */
class BrokerPoolTest {

    /** A broker of a mode and size; it has link listeners when it was started for a link. */
    private record FakeBroker(String mode, int brokers, boolean link, List<String> closed) implements KafkaBroker {
        @Override
        public String bootstrapServers() {
            return "127.0.0.1:9092";
        }

        @Override
        public Map<String, Object> connectionProperties() {
            return Map.of();
        }

        @Override
        public BrokerInfo info() {
            return new BrokerInfo(mode, null, null, null, null, "test", brokers);
        }

        @Override
        public Optional<String> failure() {
            return Optional.empty();
        }

        @Override
        public Optional<LinkPorts> linkPorts() {
            return link ? Optional.of(new LinkPorts(List.of(new LinkPorts.Node(1, 1, 2)))) : Optional.empty();
        }

        @Override
        public void close() {
            closed.add(mode + "/" + brokers + (link ? "/link" : ""));
        }
    }

    private final List<String> started = new ArrayList<>();
    private final List<String> closed = new ArrayList<>();
    private final PrintStream console = new PrintStream(new ByteArrayOutputStream());

    private BrokerPool pool(BrokerMode mode) {
        Properties properties = new Properties();
        properties.setProperty("perf.broker", mode.label());
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(properties));
        return new BrokerPool((brokers, link) -> {
            String startedMode = link ? "process" : mode.label();
            started.add(startedMode + "/" + brokers + (link ? "/link" : ""));
            return new FakeBroker(startedMode, brokers, link || mode == BrokerMode.PROCESS, closed);
        }, settings, console);
    }

    @Test
    void aLinkScenarioGetsProcessBrokersOnceAndTheNextScenarioGoesBackToTheAskedForMode() {
        BrokerPool pool = pool(BrokerMode.CONTAINER);
        pool.current();
        KafkaBroker linked = pool.forScenario(1, true);
        assertSame(linked, pool.forScenario(1, true), "a second link scenario of the same size keeps it");
        assertEquals("container", pool.forScenario(1, false).info().mode(), "back to containers after the link's scenarios");
        assertEquals(List.of("container/1", "process/1/link", "container/1"), started);
        assertEquals(List.of("container/1", "process/1/link"), closed);
    }

    @Test
    void aLinkScenarioOfAnotherSizeStartsItsClusterOnceAndProcessModeNeedsNoRestart() {
        BrokerPool containers = pool(BrokerMode.CONTAINER);
        containers.current();
        containers.forScenario(3, true);
        assertEquals(List.of("container/1", "process/3/link"), started, "one start for the link's cluster, not two");

        started.clear();
        BrokerPool processes = pool(BrokerMode.PROCESS);
        KafkaBroker first = processes.current();
        assertSame(first, processes.forScenario(1, true), "a process broker has its link listeners already");
        assertSame(first, processes.forScenario(1, false));
        assertEquals(List.of("process/1"), started);
    }

    @Test
    void anExternalClusterHasNoLinkToPutInFrontAndNoTargetToStart() {
        BrokerPool pool = new BrokerPool((brokers, link) -> new FakeBroker("external", 3, false, closed), null, console);
        pool.current();
        assertTrue(assertThrows(BrokerUnavailableException.class, () -> pool.forScenario(1, true)).getMessage()
                .contains("an external cluster's network is its own"));
        assertTrue(assertThrows(BrokerUnavailableException.class, () -> pool.startAnother(1)).getMessage()
                .contains("a mirror scenario starts its target cluster"));
    }
}
