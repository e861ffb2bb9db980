package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.container.ContainerBroker;
import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BrokerSettingsTest {

    @Test
    void defaultsAreAutoModeAndTheApacheImage() {
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(new Properties()));
        assertEquals(BrokerMode.AUTO, settings.mode());
        assertEquals("apache/kafka:4.3.1", settings.image());
        assertEquals(90, settings.startupTimeout().toSeconds());
        assertNull(settings.cpus());
    }

    @Test
    void anExternalClustersJmxIsHostPortsOrConnectorUrlsAndAnythingElseNamesTheProperty() {
        assertEquals(java.util.List.of(), BrokerSettings.from(GateSettings.of(new Properties())).externalJmx());
        assertEquals(java.util.List.of("kafka-1:9999", "service:jmx:rmi:///jndi/rmi://kafka-2:9999/jmxrmi"),
                BrokerSettings.from(GateSettings.of(properties("perf.external.jmx", "kafka-1:9999, service:jmx:rmi:///jndi/rmi://kafka-2:9999/jmxrmi"))).externalJmx());
        assertEquals("-Dperf.external.jmx=kafka-1: each broker's JMX must be host:port or a service:jmx: URL, got 'kafka-1'",
                assertThrows(IllegalArgumentException.class, () -> BrokerSettings.from(GateSettings.of(properties("perf.external.jmx", "kafka-1")))).getMessage());
    }

    @Test
    void anUnknownModeNamesTheChoices() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> BrokerSettings.from(GateSettings.of(properties("perf.broker", "docker"))));
        assertEquals("unknown broker mode 'docker' in -Dperf.broker: use one of auto|container|process|external", error.getMessage());
    }

    @Test
    void aMistypedPropertyStopsTheRun() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> BrokerSettings.from(GateSettings.of(properties("perf.broker.imgae", "x"))));
        assertTrue(error.getMessage().startsWith("unknown property perf.broker.imgae (did you mean perf.broker.image?); the gate knows: perf.broker, perf.broker.image"),
                error.getMessage());
    }

    @Test
    void badValuesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> BrokerSettings.from(GateSettings.of(properties("perf.broker.startup.timeout", "soon"))));
        assertThrows(IllegalArgumentException.class, () -> BrokerSettings.from(GateSettings.of(properties("perf.broker.startup.timeout", "0"))));
        IllegalArgumentException cpus = assertThrows(IllegalArgumentException.class,
                () -> BrokerSettings.from(GateSettings.of(properties("perf.broker.cpus", "first"))));
        assertTrue(cpus.getMessage().startsWith("-Dperf.broker.cpus: not a CPU list: 'first'"), cpus.getMessage());
    }

    @Test
    void cpuListsInTasksetFormAreAccepted() {
        assertEquals("0-1", BrokerSettings.from(GateSettings.of(properties("perf.broker.cpus", "0-1"))).cpus().cpus());
        assertEquals("0,2", BrokerSettings.from(GateSettings.of(properties("perf.broker.cpus", " 0,2 "))).cpus().cpus());
    }

    @Test
    void jvmFlagsSplitIntoHeapAndTheRestAsKafkaScriptsTakeThem() {
        dev.kafkaperfgate.internal.settings.machine.JvmFlags flags = dev.kafkaperfgate.internal.settings.machine.JvmFlags.of("-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=20");
        assertEquals("-Xms1g -Xmx1g", ContainerBroker.flags(flags, true));
        assertEquals("-XX:+UseG1GC -XX:MaxGCPauseMillis=20", ContainerBroker.flags(flags, false));
    }

    private static Properties properties(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }
}
