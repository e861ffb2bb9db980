package dev.kafkaperfgate.internal.link;

import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.LinkFigures;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scenario's {@code network} block on a process broker: Toxiproxy in front of the broker's link
 * listener, the link measured as the clients see it, and a link that is not what was asked for refused.
 */
// Slow tier: builds Toxiproxy's server once and measures a 30 ms link (about 40 s).
@SlowTier
class SlowLinkTest {

    private static ProcessBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = ProcessBroker.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS), "test");
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Timeout(120)
    void theClientsSeeTheConfiguredRoundTripAndBandwidth() throws Exception {
        NetworkSpec spec = new NetworkSpec(Duration.ofMillis(30), 20_000_000);
        try (SlowLink link = SlowLink.open(broker, spec, "clients-brokers", null, System.out)) {
            LinkFigures figures = link.figures();
            assertTrue(Math.abs(figures.measuredRttMs() - 30) <= 6, figures.line());
            assertTrue(Math.abs(figures.measuredBitsPerSecond() / 20e6 - 1) <= 0.25, figures.line());
            KafkaBroker behind = link.broker(broker);
            assertEquals(figures, behind.info().link(), "the result file's broker block carries the link's figures");
            assertTrue(behind.bootstrapServers().startsWith("127.0.0.1:") && !behind.bootstrapServers().equals(broker.bootstrapServers()));

            // A produce request's ack crosses the link both ways: it cannot be faster than the round trip.
            try (GateTopics topics = new GateTopics(broker)) {
                assertAckCrossesTheLink(behind, topics.create("link-ack", 1, (short) 1, Map.of()));
            }
        }
    }

    private static void assertAckCrossesTheLink(KafkaBroker behind, String topic) throws Exception {
        {
            Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, behind.bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG, "1", ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
            try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
                producer.send(new ProducerRecord<>(topic, new byte[100])).get(30, TimeUnit.SECONDS); // connects
                long start = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, new byte[100])).get(30, TimeUnit.SECONDS);
                double ackMs = (System.nanoTime() - start) / 1e6;
                assertTrue(ackMs >= 29, "an ack through a 30 ms link took " + ackMs + " ms");
            }
        }
    }

    @Test
    @Timeout(120)
    void aLinkWhoseMeasuredRoundTripIsOffIsRefused() throws Exception {
        try (SlowLink link = SlowLink.open(broker, new NetworkSpec(Duration.ofMillis(30), 0), "clients-brokers", null, System.out)) {
            // Something else on the path adds 40 ms each way: the link is no longer the one the scenario claims.
            for (Proxy proxy : link.proxies()) {
                proxy.toxics().latency("stray", ToxicDirection.DOWNSTREAM, 40);
            }
            LinkMismatchException refused = assertThrows(LinkMismatchException.class, link::verify);
            assertTrue(refused.getMessage().contains("measured a round trip of") && refused.getMessage().contains("30 ms was asked"),
                    refused.getMessage());
        }
    }

    @Test
    void figuresOutsideTheToleranceNameTheProblem() {
        assertTrue(new LinkFigures("clients-brokers", 30, 33.0, 0, 0).problem().isEmpty(), "3 ms off is within ±6 ms (20 %)");
        assertTrue(new LinkFigures("clients-brokers", 30, 37.5, 0, 0).problem().orElseThrow().contains("37.5 ms"));
        assertTrue(new LinkFigures("clients-brokers", 10, 14.0, 0, 0).problem().isEmpty(), "the floor is ±5 ms");
        assertTrue(new LinkFigures("x", 30, 30, 100_000_000, 70_000_000).problem().orElseThrow().contains("70.00 Mbit/s"));
        assertTrue(new LinkFigures("x", 30, 30, 100_000_000, 80_000_000).problem().isEmpty());
    }
}
