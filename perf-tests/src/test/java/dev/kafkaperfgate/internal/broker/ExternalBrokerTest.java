package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The external mode against a cluster the gate did not start (here a process broker standing in
 * for a shared cluster, with another team's topic on it).
 */
class ExternalBrokerTest {

    private static final String SECRET = "kpg-canary-secret-5d41402a";
    private static final String OTHER_TEAMS_TOPIC = "payments.orders.v1";

    private static KafkaBroker cluster;

    @TempDir
    Path temp;

    @BeforeAll
    static void startSharedCluster() throws Exception {
        cluster = ProcessBroker.start(BrokerSettings.fromSystemProperties(), "stand-in for a shared cluster");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(OTHER_TEAMS_TOPIC, 1, (short) 1))).all().get();
        }
    }

    @AfterAll
    static void stopSharedCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Timeout(180)
    void producesThroughTheClientSettingsAndNeverShowsTheirSecrets() throws IOException {
        Path clientProperties = temp.resolve("client.properties");
        // Valid client settings holding a secret; PLAINTEXT, so the SASL settings are carried but not used.
        Files.writeString(clientProperties, String.join("\n",
                "security.protocol=PLAINTEXT",
                "sasl.mechanism=PLAIN",
                "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
                        + "username=\"svc-perf\" password=\"" + SECRET + "\";",
                "client.dns.lookup=use_all_dns_ips", ""));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        // The broker's JMX as a team gives it: here the stand-in's own connector URL (its local management agent).
        java.util.Properties properties = new java.util.Properties();
        properties.putAll(System.getProperties());
        properties.setProperty(dev.kafkaperfgate.internal.settings.GateProperties.EXTERNAL_JMX, localConnector(((ProcessBroker) cluster).pid()));
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(properties)).withExternal(cluster.bootstrapServers(), clientProperties);

        try (KafkaBroker broker = BrokerSelector.start(settings, out); GateTopics topics = new GateTopics(broker)) {
            assertTrue(broker.connectionProperties().get("sasl.jaas.config").toString().contains(SECRET),
                    "the clients get the settings");
            String topic = topics.create("external", 1, (short) 1, Map.of());
            ProduceScenario scenario = ProduceScenario.builder("external-contract")
                    .recordSize(256)
                    .recordsPerTrial(10_000)
                    .trials(1)
                    .producerProperty("delivery.timeout.ms", "20000").producerProperty("request.timeout.ms", "10000")
                    .warmup(WarmupPolicy.NONE)
                    .build();
            BrokerJmx jmx = broker.jmx().orElseThrow(() -> new AssertionError("perf.external.jmx is read"));
            BrokerJmx.Snapshot before = jmx.snapshot();
            ProduceResult result = new ProduceWorkload(broker, out).run(scenario, topic);
            assertEquals(10_000, result.trials().stream().mapToLong(TrialFigures::records).sum());
            assertEquals(10_000, RecordsOnTopic.consumeAll(broker, topic, Duration.ofSeconds(60)));
            assertEquals(10_000, jmx.snapshot().since(before).get("messages-in"), 0.0, "the external broker's own count");

            String everythingShown = console.toString(StandardCharsets.UTF_8) + ResultFile.toJson(result)
                    + broker.info() + broker;
            assertFalse(everythingShown.contains(SECRET), "a credential leaked:\n" + everythingShown);
            assertFalse(everythingShown.contains("svc-perf"), "a user name leaked");
            assertEquals("external", result.broker().mode());
        }
    }

    @Test
    @Timeout(120)
    void createsOnlyUnderItsPrefixAndDeletesOnlyWhatItCreated() throws Exception {
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withExternal(cluster.bootstrapServers(), null);
        String created;
        try (KafkaBroker broker = BrokerSelector.start(settings, System.out); GateTopics topics = new GateTopics(broker)) {
            created = topics.create("mine", 1, (short) 1, Map.of());
            assertTrue(created.startsWith(topics.prefix()) && topics.prefix().startsWith("kpg-"), created);
            // A topic under the same prefix that this instance did not create: not ours to delete.
            try (Admin admin = admin()) {
                admin.createTopics(List.of(new NewTopic(topics.prefix() + "someone-elses", 1, (short) 1))).all().get();
            }
        }
        try (Admin admin = admin()) {
            Set<String> names = admin.listTopics().names().get();
            assertFalse(names.contains(created), "the gate's own topic was not deleted");
            assertTrue(names.contains(OTHER_TEAMS_TOPIC), "another team's topic was touched");
            assertTrue(names.stream().anyMatch(name -> name.endsWith("someone-elses")), "a topic the gate did not create was deleted");
        }
    }

    @Test
    @Timeout(60)
    void anUnreachableClusterIsReportedInOneMessageWithinTheBound() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withExternal("127.0.0.1:" + closedPort, null);
        long start = System.nanoTime();
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                () -> BrokerSelector.start(settings, System.out));
        assertTrue(error.getMessage().startsWith("external cluster at 127.0.0.1:" + closedPort + " did not answer within 15 s"),
                error.getMessage());
        assertTrue(error.getMessage().contains("-Dperf.external.bootstrap.servers"), error.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(25).toNanos(), "the bound was not held");
    }

    @Test
    void aClientPropertiesFileWithATypoIsRejectedNamingTheKeyButNoValue() throws IOException {
        Path clientProperties = temp.resolve("typo.properties");
        Files.writeString(clientProperties, "security.protocol=PLAINTEXT\nsasl.jass.config=" + SECRET + "\n");
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withExternal(cluster.bootstrapServers(), clientProperties);
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                () -> BrokerSelector.start(settings, System.out));
        assertTrue(error.getMessage().contains("sasl.jass.config") && error.getMessage().contains(clientProperties.toString()),
                error.getMessage());
        assertFalse(error.getMessage().contains(SECRET));
    }

    private static Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    /** A JVM's JMX connector URL, as an operator would read it off the broker (here: its local management agent). */
    private static String localConnector(long pid) throws IOException {
        try {
            com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(String.valueOf(pid));
            try {
                return vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
        } catch (com.sun.tools.attach.AttachNotSupportedException e) {
            throw new IOException(e);
        }
    }
}
