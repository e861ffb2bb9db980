package dev.kafkaperfgate.internal.spec;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class ProduceScenarioTest {

    @Test
    void aBuilderFillsInTheDefaults() {
        ProduceScenario scenario = ProduceScenario.builder("producer-1k").recordsPerTrial(1000).build();
        assertEquals(1, scenario.partitions());
        assertEquals(3, scenario.trials());
        assertEquals(WarmupPolicy.DEFAULT, scenario.warmup());
        assertFalse(scenario.isRateLimited());
    }

    @Test
    void everyProblemIsListedInOneMessage() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ProduceScenario.builder("bad name")
                .recordsPerTrial(10).trialDuration(Duration.ofSeconds(1)).recordSize(0).trials(0)
                .producerProperty("linger.msec", "5").build());
        String message = error.getMessage();
        assertTrue(message.startsWith("scenario bad name: "), message);
        for (String expected : new String[] {"name 'bad name'", "exactly one of records per trial and trial duration",
                "record size", "trials must be at least 1", "'linger.msec' is not a ProducerConfig key"}) {
            assertTrue(message.contains(expected), "missing '" + expected + "' in: " + message);
        }
    }

    @Test
    void producerValuesAreCheckedByKafkasOwnConfigDef() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ProduceScenario.builder("x")
                .recordsPerTrial(10).producerProperty("acks", "2").producerProperty("compression.type", "brotli").build());
        assertTrue(error.getMessage().contains("producer property 'acks'"), error.getMessage());
        assertTrue(error.getMessage().contains("producer property 'compression.type'"), error.getMessage());
    }

    @Test
    void theHarnessOwnsTheAddressAndTheSerializers() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ProduceScenario.builder("x")
                .recordsPerTrial(10).producerProperty("bootstrap.servers", "elsewhere:9092").build());
        assertTrue(error.getMessage().contains("'bootstrap.servers' is set by the harness"), error.getMessage());
    }

    @Test
    void aRateMustBePositiveOrUnlimited() {
        assertThrows(IllegalArgumentException.class, () -> ProduceScenario.builder("x").recordsPerTrial(10).recordsPerSecond(0).build());
        assertTrue(ProduceScenario.builder("x").recordsPerTrial(10).recordsPerSecond(500).build().isRateLimited());
    }
}
