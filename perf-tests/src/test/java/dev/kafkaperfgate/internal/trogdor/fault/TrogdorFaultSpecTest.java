package dev.kafkaperfgate.internal.trogdor.fault;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The fault specs the gate hands Trogdor's coordinator, read back by Trogdor's own spec classes as the coordinator reads them. */
class TrogdorFaultSpecTest {

    @Test
    void aPauseIsTrogdorsOwnProcessStopFaultSpecForOneAgentAndOneJvmName() throws Exception {
        ObjectNode spec = TrogdorPause.spec("agent-1", "/tmp/kpg-broker-1/node-2/server.properties", 1_764_130_000_000L,
                Duration.ofSeconds(12));
        // Read back into Trogdor's own spec classes (their Jackson annotations pick the class), as its coordinator reads it.
        org.apache.kafka.trogdor.task.TaskSpec read = new com.fasterxml.jackson.databind.ObjectMapper()
                .readValue(spec.toString(), org.apache.kafka.trogdor.task.TaskSpec.class);
        org.apache.kafka.trogdor.fault.ProcessStopFaultSpec fault = (org.apache.kafka.trogdor.fault.ProcessStopFaultSpec) read;
        assertEquals(1_764_130_000_000L, fault.startMs());
        assertEquals(12_000, fault.durationMs());
        assertEquals(java.util.Set.of("agent-1"), fault.nodeNames());
        assertEquals("/tmp/kpg-broker-1/node-2/server.properties", fault.javaProcessName());
    }

    @Test
    void aPartitionIsTrogdorsOwnNetworkPartitionFaultSpecWithTheBrokerAloneOnOneSide() throws Exception {
        ObjectNode spec = TrogdorPartition.spec("broker-2", List.of("broker-1", "broker-2", "broker-3"), 1_764_130_000_000L,
                Duration.ofSeconds(15));
        org.apache.kafka.trogdor.task.TaskSpec read = new com.fasterxml.jackson.databind.ObjectMapper()
                .readValue(spec.toString(), org.apache.kafka.trogdor.task.TaskSpec.class);
        org.apache.kafka.trogdor.fault.NetworkPartitionFaultSpec fault = (org.apache.kafka.trogdor.fault.NetworkPartitionFaultSpec) read;
        assertEquals(1_764_130_000_000L, fault.startMs());
        assertEquals(15_000, fault.durationMs());
        assertEquals(List.of(List.of("broker-2"), List.of("broker-1", "broker-3")), fault.partitions());
        assertEquals("no Trogdor agent broker-4 among [broker-1, broker-2, broker-3]", assertThrows(IllegalArgumentException.class,
                () -> TrogdorPartition.spec("broker-4", List.of("broker-1", "broker-2", "broker-3"), 0, Duration.ofSeconds(1))).getMessage());
    }
}
